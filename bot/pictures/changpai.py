"""川牌's pictures: hands by kind, red then black, melds, the dead cards."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from bot.pictures.scenes import Scenes
from bot.pictures.source import Count, Group, Item, Picture, Pile, Row
from games.base import Result


class Changpai(Scenes):
    game_id = "changpai"
    face = "strip"
    on_by_default = True
    palette = ("66", "14", "23")
    golden_deal = (4, 24)

    def all_pieces(self) -> list[str]:
        from bot.presenters.changpai import ORDER
        return list(ORDER)

    def _kinds(self, codes: Sequence[str], mark: str = "", marked: str | None = None
               ) -> list[Group]:
        """Cards by kind in the table order (天 地 人 和 …), each kind a group,
        as the text counts them (人牌×2)."""
        from bot.presenters.changpai import ORDER
        out = []
        left_to_mark = marked
        for code in sorted(Counter(codes), key=ORDER.index):
            n = codes.count(code)
            pieces = []
            for _k in range(n):
                m = mark if code == left_to_mark else ""
                if m:
                    left_to_mark = None
                pieces.append(self.piece(code, mark=m))
            out.append(Group(tuple(pieces)))
        return out

    def _melds(self, melds: list[dict[str, Any]]) -> list[Group]:
        from bot.presenters.changpai import paired
        return [self.group(paired(m["cards"])) for m in melds]

    def hand(self, view: Mapping[str, Any], seat: int) -> Picture:
        from bot.presenters.changpai import RED
        hand = list(view["hand"])
        drawn = view.get("drawn") if seat in view["to_act"] else None
        red = [c for c in hand if c in RED]
        black = [c for c in hand if c not in RED]
        blocks: list[Any] = []
        for part in (red, black):
            if part:
                blocks.append(Row(tuple(self._kinds(part, "new", drawn))))
        me = view["players"][seat]
        if me["melds"]:
            blocks.append(Row((*self._melds(me["melds"]), Count(me["tuo"])), small=True))
        return Picture(self.game_id, "hand", tuple(blocks))

    def table(self, public: Mapping[str, Any]) -> Picture:
        n = len(public["players"])
        dealer = public["dealer"]
        blocks: list[Any] = []
        offer = public.get("offer")
        if offer:
            blocks.append(Row((self.group([offer["card"]], mark="new"),)))
        to_act = set(public["to_act"])
        for i in range(n):
            s = (dealer + i) % n
            p = public["players"][s]
            items: list[Item] = [Pile("strip", p["count"]), *self._melds(p["melds"])]
            if p["melds"]:
                items.append(Count(p["tuo"]))
            blocks.append(Row(tuple(items), seat=i + 1, turn=s in to_act, small=True))
        if public["dead"]:
            blocks.append(Row(tuple(self._kinds(public["dead"])), small=True))
        return Picture(self.game_id, "table", tuple(blocks))

    def end(self, final: Mapping[str, Any], result: Result) -> Picture:
        d = result.details
        public = final.get("public", {})
        players = public.get("players") or []
        hands = final.get("hands") or [[] for _p in players]
        n = len(players)
        dealer = public.get("dealer", 0)
        winner = d.get("winner") if d["outcome"] == "win" else None
        blocks: list[Any] = []
        for i in range(n):
            s = (dealer + i) % n
            items: list[Item] = [*self._melds(players[s]["melds"])]
            rest = list(hands[s]) if s < len(hands) else []
            if s == winner:  # the winning hand in its 坎, the winning card marked
                win = d.get("card")
                for kan in d.get("concealed_kan", []):
                    pieces = []
                    for c in kan:
                        pieces.append(self.piece(c, mark="win" if c == win else ""))
                        win = None if c == win else win
                        if c in rest:
                            rest.remove(c)
                    items.append(Group(tuple(pieces)))
            items += self._kinds(rest)
            items.append(Count(players[s]["tuo"]))
            blocks.append(Row(tuple(items), seat=i + 1, winner=s == winner, small=True))
        return Picture(self.game_id, "end", tuple(blocks))


SCENES = {"changpai": Changpai()}

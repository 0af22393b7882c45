"""What each game's pictures show, built from the views the captions read:
a private hand from `view(seat)`, the group's table from `public_view()`
only, the end of a hand from the engine's end-of-hand data (`revealed()`)
and result. Rows follow the caption's order of seats, and a hand is grouped
as its text groups it.

A hand's picture shows what the player holds (and their own sets or
face-down cards), nothing that changes with other players' moves: it is
uploaded again only when their own cards change, and the next player's
buttons come with a caption edit. So legal tiles are not dimmed (the buttons
name them) and the table's ends or trick stay in the caption and the
group's picture.

Plain data in, `Picture` out: nothing here draws (bot/pictures/draw.py does)."""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from bot.pictures.source import Chain, Count, Group, Item, Picture, Piece, Pile, Row, Separator
from games.base import Result

if TYPE_CHECKING:
    from bot.presenters.xianniu import XianniuPresenter


class Scenes:
    """A game's pictures; a game without them returns None everywhere."""

    game_id = ""
    face = ""
    draws = True

    def hand(self, view: Mapping[str, Any], seat: int) -> Picture | None:
        return None

    def table(self, public: Mapping[str, Any]) -> Picture | None:
        return None

    def end(self, final: Mapping[str, Any], result: Result) -> Picture | None:
        return None

    def all_pieces(self) -> list[str]:
        """Every kind of card or tile of the game, once (the golden set)."""
        return []

    # -- helpers -------------------------------------------------------------
    def piece(self, code: str, dim: bool = False, mark: str = "") -> Piece:
        return Piece(self.face, code, dim, mark)

    def group(self, codes: Sequence[str], dim: Sequence[bool] = (), mark: str = "") -> Group:
        return Group(tuple(self.piece(c, bool(dim[i]) if dim else False, mark)
                           for i, c in enumerate(codes)))


# -- 顶牛 ------------------------------------------------------------------------
class Dingniu(Scenes):
    game_id = "dingniu"
    face = "tile"

    def all_pieces(self) -> list[str]:
        from bot.presenters.dingniu import TILE_NAMES
        return list(TILE_NAMES)

    def hand(self, view: Mapping[str, Any], seat: int) -> Picture:
        blocks: list[Any] = []
        if view["hand"]:
            blocks.append(Row((self.group(view["hand"]),)))
        if view.get("kou"):  # their own face-down tiles: they know them
            blocks.append(Row((self.group(view["kou"], [True] * len(view["kou"])),), small=True))
        return Picture(self.game_id, "hand", tuple(blocks))

    def table(self, public: Mapping[str, Any]) -> Picture:
        head = public["head"]
        blocks: list[Any] = []
        if public["layout"]:
            blocks.append(Chain(tuple(public["layout"])))
        for i in range(4):
            s = (head + i) % 4
            items: list[Item] = [Pile("tile", public["hand_counts"][s])]
            if public["kou_counts"][s]:
                items.append(Pile("tile-down", public["kou_counts"][s]))
            blocks.append(Row(tuple(items), seat=i + 1, turn=public["turn"] == s, small=True))
        return Picture(self.game_id, "table", tuple(blocks))

    def end(self, final: Mapping[str, Any], result: Result) -> Picture:
        d = result.details
        public = final.get("public", {})
        head = d["head"]
        winners = set(d.get("winners") or [d["winner"]])
        blocks: list[Any] = []
        if public.get("layout"):
            blocks.append(Chain(tuple(public["layout"])))
        for i in range(4):
            s = (head + i) % 4
            items: list[Item] = []
            if d["kou"][s]:
                items.append(self.group(d["kou"][s]))
            if d["counted_hand"][s]:
                items.append(self.group(d["counted_hand"][s]))
            items.append(Count(d["points"][s]))
            blocks.append(Row(tuple(items), seat=i + 1, winner=s in winners, small=True))
        return Picture(self.game_id, "end", tuple(blocks))


# -- 川牌 ------------------------------------------------------------------------
class Changpai(Scenes):
    game_id = "changpai"
    face = "strip"

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


# -- 掀牛 and 掀牛九 --------------------------------------------------------------------
class Xianniu(Scenes):
    game_id = "xianniu"
    face = "poker"

    def all_pieces(self) -> list[str]:
        from games.xianniu.cards import DECKS
        return list(DECKS["P"].codes)

    def presenter(self) -> XianniuPresenter:
        from bot.presenters.xianniu import PRESENTERS
        return PRESENTERS[self.game_id]

    def _rank_groups(self, codes: Sequence[str]) -> list[Group]:
        """The hand as its text shows it: high first, one group per rank (kind)."""
        return [self.group(g) for g in self.presenter().groups(codes)]

    def hand(self, view: Mapping[str, Any], seat: int) -> Picture:
        blocks: list[Any] = [Row(tuple(self._rank_groups(view["hand"])))]
        if view.get("my_discards"):  # their own face-down discards: they know them
            blocks.append(Row((self.group(self.presenter().sort(view["my_discards"]),
                                          [True] * len(view["my_discards"])),), small=True))
        return Picture(self.game_id, "hand", tuple(blocks))

    def table(self, public: Mapping[str, Any]) -> Picture:
        dealer = public["dealer"]
        blocks: list[Any] = []
        if public.get("trick"):
            blocks.append(Row((self.group(public["trick"]["cards"], mark="new"),)))
        acting = set(public["to_act"])
        for i in range(3):
            s = (dealer + i) % 3
            items: list[Item] = [Pile(self.face, public["hand_counts"][s])]
            items += [self.group(self.presenter().sort(leaf["cards"]))
                      for leaf in public["leaves"][s]]
            blocks.append(Row(tuple(items), seat=i + 1, turn=s in acting, small=True))
        return Picture(self.game_id, "table", tuple(blocks))

    def end(self, final: Mapping[str, Any], result: Result) -> Picture:
        d = result.details
        public = final.get("public", {})
        hands = final.get("hands") or [[], [], []]
        dealer = public.get("dealer", 0)
        blocks: list[Any] = []
        for i in range(3):
            s = (dealer + i) % 3
            items: list[Item] = [self.group(self.presenter().sort(leaf["cards"]))
                                 for leaf in public.get("leaves", [[], [], []])[s]]
            if hands[s]:
                items.append(Separator())
                items += self._rank_groups(hands[s])
            blocks.append(Row(tuple(items), seat=i + 1, winner=d["seats"][s]["winner"],
                              small=True))
        return Picture(self.game_id, "end", tuple(blocks))


class Niujiu(Xianniu):
    game_id = "niujiu"
    face = "niujiu"

    def all_pieces(self) -> list[str]:
        from games.xianniu.cards import DECKS
        return list(DECKS["N"].codes)


# -- 刨幺 ----------------------------------------------------------------------------
class Paoyao(Scenes):
    game_id = "paoyao"
    face = "poker"

    def all_pieces(self) -> list[str]:
        from games.paoyao.cards import deck
        return list(dict.fromkeys(deck()))

    def _ranks(self, codes: Sequence[str]) -> list[Group]:
        """As the text groups a hand: one group per rank, in hand order."""
        from bot.presenters.paoyao import PaoyaoPresenter
        return [self.group(g) for g in PaoyaoPresenter.groups(codes)]

    def hand(self, view: Mapping[str, Any], seat: int) -> Picture:
        blocks: list[Any] = [Row(tuple(self._ranks(view["hand"])))]
        if view.get("partner_hand"):
            blocks.append(Row(tuple(self._ranks(view["partner_hand"])), small=True))
        return Picture(self.game_id, "hand", tuple(blocks))

    def table(self, public: Mapping[str, Any]) -> Picture:
        blocks: list[Any] = []
        played: dict[int, list[list[str]]] = {}
        for t in public.get("trick") or []:
            if t.get("cards"):
                played.setdefault(t["seat"], []).append(t["cards"])
        top = public.get("top")
        acting = set(public["to_act"])
        for s in range(4):
            items: list[Item] = [Pile("poker", public["left"][s])]
            for cards in played.get(s, []):
                is_top = top is not None and top["seat"] == s and top["cards"] == cards
                items.append(self.group(cards, mark="new" if is_top else ""))
            blocks.append(Row(tuple(items), seat=s + 1, turn=s in acting, small=True))
        return Picture(self.game_id, "table", tuple(blocks))

    def end(self, final: Mapping[str, Any], result: Result) -> Picture:
        d = result.details
        hands = final.get("hands") or [[]] * 4
        winners = set(d.get("winners") or [])
        blocks = [Row((*self._ranks(hands[s]), Count(d["points"][s % 2])), seat=s + 1,
                      winner=s in winners, small=True) for s in range(4)]
        return Picture(self.game_id, "end", tuple(blocks))


WORDED = frozenset({"niujiu"})  # games whose cards carry words (牛九's names)


def for_lang(picture: Picture | None, lang: str) -> Picture | None:
    """The picture for a chat in `lang`: the words its cards carry (牛九's
    names) in 繁體 for a 繁體 chat. Pictures without words are one for all."""
    if picture is not None and lang == "zh_Hant" and picture.game in WORDED:
        return dataclasses.replace(picture, script="hant")
    return picture

SCENES: dict[str, Scenes] = {s.game_id: s for s in (
    Dingniu(), Changpai(), Xianniu(), Niujiu(), Paoyao())}


class Undrawn(Scenes):
    draws = False


def scenes(game_id: str) -> Scenes:
    return SCENES.get(game_id) or Undrawn()

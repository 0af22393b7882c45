"""刨幺's pictures: hands by rank (a partner's too), the trick per seat."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.pictures.scenes import Scenes
from bot.pictures.source import Count, Group, Item, Picture, Pile, Row
from games.base import Result


class Paoyao(Scenes):
    game_id = "paoyao"
    face = "poker"
    palette = ("BJ", "SJ", "4c")
    palette_small = True  # a partner's hand is drawn small
    golden_deal = (3, 8)

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


SCENES = {"paoyao": Paoyao()}

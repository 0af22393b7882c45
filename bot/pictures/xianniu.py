"""掀牛 and 掀牛九's pictures: hands by rank, leaves (stands) per seat."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from bot.pictures.scenes import Scenes
from bot.pictures.source import Group, Item, Picture, Pile, Row, Separator
from games.base import Result

if TYPE_CHECKING:
    from bot.presenters.xianniu import XianniuPresenter



class Xianniu(Scenes):
    game_id = "xianniu"
    face = "poker"
    palette: tuple[str, ...] = ("Ah", "Ks", "Td")

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
    worded = True  # 牛九's cards carry their names
    palette = ("9h", "5s")

    def all_pieces(self) -> list[str]:
        from games.xianniu.cards import DECKS
        return list(DECKS["N"].codes)


SCENES = {"xianniu": Xianniu(), "niujiu": Niujiu()}

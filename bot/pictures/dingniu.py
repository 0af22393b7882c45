"""顶牛's pictures: the layout, the hands and 扣, the end of a hand."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.pictures.scenes import Scenes
from bot.pictures.source import Chain, Count, Item, Picture, Pile, Row
from games.base import Result


class Dingniu(Scenes):
    game_id = "dingniu"
    face = "tile"
    on_by_default = True
    palette = ("66", "14", "35")
    golden_deal = (3, 9)

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


SCENES = {"dingniu": Dingniu()}

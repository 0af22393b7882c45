"""The 顶牛 game: deal, head player, starting and loading hands."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import Any

from games.base import Game, State
from games.dingniu.state import DingNiuState
from games.dingniu.tiles import CODES, DECK, KIND_OF
from games.dingniu.variant import FLAGS, PRESETS

_FULL_SET = Counter(CODES[t] for t in DECK)


class DingNiu(Game):
    id = "dingniu"
    seat_counts = (4,)
    flags = FLAGS
    presets = PRESETS

    def deal(self, variant: Mapping[str, Any], seats: int, seed: int) -> dict[str, Any]:
        """A uniform 6/6/6/6 split of the 24 tiles (no stock), seat order."""
        tiles = [CODES[t] for t in DECK]
        random.Random(seed).shuffle(tiles)
        return {"hands": [sorted(tiles[i * 6 : i * 6 + 6], key=KIND_OF.__getitem__) for i in range(4)]}

    def next_dealer(self, variant: Mapping[str, Any], finished: State, seed: int) -> int:
        """The next head (头牌): by dice (random), the last winner, or the next seat."""
        rule = variant["head_rule"]
        if rule == "prev_winner":
            return finished.result().details["winner"]
        if rule == "rotate":
            return (finished.dealer + 1) % 4
        return random.Random(f"dingniu-head:{seed}").randrange(4)

    def start(
        self, variant: Mapping[str, Any], deal: Any, dealer: int, seats: int | None = None
    ) -> DingNiuState:
        if seats not in (None, 4):
            raise ValueError("顶牛 is played by 4")
        if not 0 <= dealer < 4:
            raise ValueError(f"head seat {dealer} out of range")
        hands = deal["hands"]
        if len(hands) != 4 or any(len(h) != 6 for h in hands):
            raise ValueError("a 顶牛 deal is 4 hands of 6 tiles")
        if Counter(c for h in hands for c in h) != _FULL_SET:
            raise ValueError("a 顶牛 deal must hold the 24 tiles exactly")
        return DingNiuState(self, dict(self.variant(variant)), {"hands": [list(h) for h in hands]}, dealer)

    def load(self, data: Mapping[str, Any]) -> DingNiuState:
        state = self.start(data["variant"], data["deal"], int(data["dealer"]), data.get("seats"))
        state.history = [(int(s), str(c)) for s, c in data["history"]]
        state.restore(data["state"])
        return state

"""The 顶牛 game: deal, head player, starting and loading hands."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from games.base import Flag, Game, State
from games.dingniu.state import DingniuState
from games.dingniu.tiles import CODES, DECK, KIND_OF
from games.dingniu.variants import FLAGS, PRESETS
from games.shuffle import shuffle

_FULL_SET = sorted(CODES[t] for t in DECK)
_MASK64 = (1 << 64) - 1


class DingniuGame(Game):
    id = "dingniu"
    seat_counts = (4,)
    flags: Mapping[str, Flag] = FLAGS
    presets: Mapping[str, Mapping[str, Any]] = PRESETS

    def __init__(self) -> None:
        self._variants: dict[tuple, dict[str, Any]] = {}

    def variant(self, overrides: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """The base checks, remembered per distinct set of overrides (a new
        hand must start fast: the benchmark deals thousands a second)."""
        try:
            # the type is part of the key: 1 == True must not pass as a flag value
            key = (tuple(sorted((k, type(v).__name__, v) for k, v in overrides.items()))
                   if overrides else ())
            hit = self._variants.get(key)
        except TypeError:  # unhashable values: let the base check report them
            return super().variant(overrides)
        if hit is None:
            hit = self._variants[key] = super().variant(overrides)
        return dict(hit)

    def first_dealer(self, variant: Mapping[str, Any], seats: int, seed: int) -> int:
        """The first head, drawn from the seed (a splitmix64 step: as good as
        the dice and much cheaper than seeding another Random)."""
        if not isinstance(seed, int):
            return super().first_dealer(variant, seats, seed)
        z = (seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & _MASK64
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return (z ^ (z >> 31)) % seats

    def deal(self, variant: Mapping[str, Any], seats: int, seed: int) -> dict[str, Any]:
        """A uniform 6/6/6/6 split of the 24 tiles (no stock), seat order."""
        tiles = [CODES[t] for t in DECK]
        shuffle(seed, tiles)
        return {"hands": [sorted(tiles[i * 6 : i * 6 + 6], key=KIND_OF.__getitem__)
                          for i in range(4)]}

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
    ) -> DingniuState:
        if seats not in (None, 4):
            raise ValueError("顶牛 is played by 4")
        if not 0 <= dealer < 4:
            raise ValueError(f"head seat {dealer} out of range")
        hands = deal["hands"]
        if len(hands) != 4 or any(len(h) != 6 for h in hands):
            raise ValueError("a 顶牛 deal is 4 hands of 6 tiles")
        if sorted(c for h in hands for c in h) != _FULL_SET:
            raise ValueError("a 顶牛 deal must hold the 24 tiles exactly")
        deal = {"hands": [list(h) for h in hands]}
        return DingniuState(self, dict(self.variant(variant)), deal, dealer)

    def load(self, data: Mapping[str, Any]) -> DingniuState:
        state = self.start(data["variant"], data["deal"], int(data["dealer"]), data.get("seats"))
        state.history = [(int(s), str(c)) for s, c in data["history"]]
        state.restore(data["state"])
        return state

"""The two games of the family: 砍牛腿/掀牛 (mode P) and 掀牛九 (mode N)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from games.base import Game, State, VariantError
from games.shuffle import shuffle
from games.xianniu.cards import DECKS
from games.xianniu.shapes import Rules, rules_for
from games.xianniu.state import XianniuState
from games.xianniu.variants import PRESETS, flags_for

BIT = tuple(1 << c for c in range(48))
FULL = (1 << 48) - 1


def _mix(seed: int) -> int:
    """splitmix64 finaliser: a well-spread hash of the seed."""
    z = (seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & 0xFFFFFFFFFFFFFFFF
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
    return z ^ (z >> 31)


class XianniuFamily(Game):
    mode: str
    seat_counts = (3,)

    def __init__(self) -> None:
        self.flags = flags_for(self.mode)
        self.presets = PRESETS[self.mode]
        self.deck = DECKS[self.mode]

    def variant(self, overrides: Mapping[str, Any] | None = None) -> dict[str, Any]:
        if not overrides:  # the defaults, checked once (every random hand asks)
            d = self.__dict__.get("_defaults")
            if d is None:
                d = self._defaults = super().variant(None)
            return {**d, "stake": list(d["stake"])}
        v = super().variant(overrides)
        stake = v["stake"]
        if not all(isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in stake):
            raise VariantError("stake: two non-negative integers (性子 unit, 掀 unit)")
        return v

    def deal(self, variant: Mapping[str, Any], seats: int, seed: int) -> Any:
        return self._dealt(seed)[1]

    def _dealt(self, seed: int) -> tuple[list[int], dict[str, Any]]:
        """The seed's three hands as card masks, and the deal (codes) they make."""
        masks = self._masks(seed)
        return masks, {"hands": [self.deck.cards(m) for m in masks]}

    def _masks(self, seed: int) -> list[int]:
        """The seed's three hands as card masks (a hand's codes, in deck
        order, are `deck.cards` of its mask: no sort needed here)."""
        order = [*BIT]  # the cards' bits, shuffled as their indices would be
        shuffle(seed, order)
        m0 = sum(order[:16])  # (48-bit ints: sum's C-long fast path)
        m1 = sum(order[16:32])
        return [m0, m1, FULL ^ m0 ^ m1]

    def new_state(self, variant: Mapping[str, Any] | None = None, seats: int | None = None,
                  seed: int = 0, dealer: int | None = None) -> State:
        """Game.new_state, the hands handed over as masks (not parsed back)."""
        if seats not in (None, 3):
            return super().new_state(variant, seats, seed, dealer)
        v = self.variant(variant)
        rules = None
        if not variant:  # the defaults' rules, found once (not keyed on the flags every deal)
            rules = self.__dict__.get("_default_rules")
            if rules is None:
                rules = self._default_rules = rules_for(self.mode, v)
        d = self.first_dealer(v, 3, seed, rules) if dealer is None else dealer
        masks = self._masks(seed)  # the deal's codes are made when asked (XianniuState.deal)
        return self._start(v, None, d, masks, rules)

    def first_dealer(self, variant: Mapping[str, Any], seats: int, seed: int,
                     rules: Rules | None = None) -> int:
        """`rules`: rules_for(the mode, `variant`), when the caller has them."""
        if variant.get("dealer_first") == "cut":
            return self.cut(variant, seed, rules)
        return _mix(seed) % 3  # random [S1]; a hash of the seed, cheaper than a new RNG

    def cut(self, variant: Mapping[str, Any], seed: int, rules: Rules | None = None) -> int:
        """扳点数: each seat draws a card, the highest single wins; ties draw again."""
        return self._draws(rules or rules_for(self.mode, dict(variant)), seed)[-1][0]

    def cut_rounds(self, variant: Mapping[str, Any], seed: int) -> list[tuple[int, dict]]:
        """The draws of the cut: [(winner or -1 on a tie, {seat: card code})]."""
        codes = self.deck.codes
        return [(w, {s: codes[c] for s, c in drawn.items()})
                for w, drawn in self._draws(rules_for(self.mode, dict(variant)), seed)]

    @staticmethod
    def _draws(rules: Rules, seed: int) -> list[tuple[int, dict[int, int]]]:
        """The draws of the cut: [(winner or -1 on a tie, {seat: card index})]."""
        cards = list(range(48))
        seats = [0, 1, 2]
        rounds = []
        k = 0
        tier = rules.card_tier
        while True:
            drawn = {}
            for s in seats:  # draw from the deck, the seed's hash choosing the card
                k += 1
                drawn[s] = cards.pop(_mix(seed * 64 + k) % len(cards))
            best = max([tier[c] for c in drawn.values()])
            seats = [s for s in seats if tier[drawn[s]] == best]
            done = len(seats) == 1 or len(cards) < len(seats)
            rounds.append((seats[0] if done else -1, drawn))
            if done:
                return rounds

    def next_dealer(self, variant: Mapping[str, Any], finished: State, seed: int) -> int:
        rule = variant.get("dealer_next", "rotate")
        if rule == "random":
            return random.Random(f"dealer:{seed}:{len(finished.history)}").randrange(3)
        if rule == "winner":
            net = finished.result().net
            best = max(net)
            if best <= 0:
                return finished.dealer  # a draw: the dealer stays
            # the biggest winner deals; among equals, the first from the dealer on
            return min((s for s in range(3) if net[s] == best),
                       key=lambda s: (s - finished.dealer) % 3)
        return (finished.dealer + 1) % 3

    def start(self, variant: Mapping[str, Any], deal: Any, dealer: int,
              seats: int | None = None) -> State:
        if seats not in (None, 3):
            raise VariantError(f"{self.id} is played by 3")
        return self._start(dict(variant), deal, dealer)

    def _start(self, variant: dict, deal: Any, dealer: int, masks: list[int] | None = None,
               rules: Rules | None = None) -> State:
        if dealer not in (0, 1, 2):
            raise ValueError("dealer must be 0, 1 or 2")
        s = XianniuState(self, variant, dealer, deal, rules or rules_for(self.mode, variant), masks)
        s.begin()
        return s

    def load(self, data: Mapping[str, Any]) -> State:
        variant = dict(data["variant"])
        s = XianniuState(self, variant, data["dealer"], data["deal"], rules_for(self.mode, variant))
        s.history = [(int(a), str(b)) for a, b in data["history"]]
        s.restore(data["state"])
        return s


class XianniuGame(XianniuFamily):
    """砍牛腿 / 掀牛 / 掀牛腿 / 掀花花 (seed 000)."""

    id = "xianniu"
    mode = "P"


class NiujiuGame(XianniuFamily):
    """掀牛九 / 抹牛九 (seed 003)."""

    id = "niujiu"
    mode = "N"

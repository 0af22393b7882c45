"""The 刨幺 Game: deal, leaders of each hand (D1, D2), loading states."""

from __future__ import annotations

import random
from collections.abc import Mapping
from itertools import chain, repeat, starmap
from typing import Any

from games.base import Flag, Game, State, VariantError
from games.paoyao.cards import deck, sorted_cards
from games.paoyao.moves import hand_at
from games.paoyao.state import PaoyaoState
from games.paoyao.variants import FLAGS, PRESETS

# Both packs in rank order (the copies adjacent), and in plain string order,
# with and without 3s (无3): made at import, shared by every deal.
_SORTED_DECKS = {r: sorted_cards(deck(r)) for r in (False, True)}
_PLAIN_SORTED_DECKS = {r: sorted(deck(r)) for r in (False, True)}
# Game.variant() with no overrides; a plain copy of it is a fresh one, as
# every default is a bool, int or str (no list to copy)
_DEFAULTS = {name: f.default for name, f in FLAGS.items()}
assert all(isinstance(x, (bool, int, str)) for x in _DEFAULTS.values())


def _dealt(variant: Mapping[str, Any], seed: int) -> list[list[int]]:
    """Each seat's cards as places in the sorted deck, ascending."""
    n = len(_SORTED_DECKS[variant["remove_threes"]])
    rand = random.Random(seed).random
    keys = list(starmap(rand, repeat((), n)))  # n draws, the loop in C
    shuffled = sorted(range(n), key=keys.__getitem__)  # a uniform shuffle
    k = n // 4
    return [sorted(shuffled[s * k : (s + 1) * k]) for s in range(4)]


def _mix(seed: int) -> int:
    """A well-mixed integer from a seed (splitmix64 finaliser): cheap and stable."""
    z = (seed + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
    return z ^ (z >> 31)


class PaoyaoGame(Game):
    id = "paoyao"
    seat_counts = (4,)
    flags: Mapping[str, Flag] = FLAGS
    presets: Mapping[str, Mapping[str, Any]] = PRESETS

    def variant(self, overrides: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """Game.variant, the defaults copied from a dict made once (most new
        hands, and every one of the bench, ask for them)."""
        if overrides:
            return super().variant(overrides)
        return dict(_DEFAULTS)

    def deal(self, variant: Mapping[str, Any], seats: int, seed: int) -> dict[str, Any]:
        """All cards dealt, 27 each (25 with 无3); no kitty."""
        pick = _SORTED_DECKS[variant["remove_threes"]].__getitem__
        return {"hands": [list(map(pick, dealt)) for dealt in _dealt(variant, seed)]}

    def first_dealer(self, variant: Mapping[str, Any], seats: int, seed: int) -> int:
        """Leader of the first hand (D1). "host": the bot seats the host at 0."""
        if variant["first_leader"] == "random":
            return _mix(seed) % seats
        return 0

    def next_dealer(self, variant: Mapping[str, Any], finished: State, seed: int) -> int:
        assert isinstance(finished, PaoyaoState)
        return finished.next_leader()

    def start(self, variant: Mapping[str, Any], deal: Any, dealer: int,
              seats: int | None = None) -> PaoyaoState:
        if (seats or 4) != 4:
            raise VariantError("paoyao is played by 4 players")
        if not (isinstance(dealer, int) and 0 <= dealer < 4):
            raise VariantError(f"bad leader seat {dealer!r}")
        hands = deal["hands"]
        every = sorted(chain.from_iterable(hands))
        if len(hands) != 4 or every != _PLAIN_SORTED_DECKS[variant["remove_threes"]]:
            raise VariantError("the deal must hand out both packs exactly")
        return PaoyaoState(self, variant, deal, dealer, 4)

    def new_state(
        self,
        variant: Mapping[str, Any] | None = None,
        seats: int | None = None,
        seed: int = 0,
        dealer: int | None = None,
    ) -> PaoyaoState:
        """Game.new_state, without start()'s check of a deal made here (it hands
        out both packs exactly) and with each hand taken from its places in the
        sorted deck, not parsed again (moves.hand_at)."""
        v, _n, d = self.table_for(variant, seats, seed, dealer)
        three = v["remove_threes"]
        hands = [hand_at(dealt, three) for dealt in _dealt(v, seed)]
        if not (isinstance(d, int) and 0 <= d < 4):
            raise VariantError(f"bad leader seat {d!r}")
        deal = {"hands": [list(base) for base, _ends, _cnt in hands]}
        return PaoyaoState(self, v, deal, d, 4, hands)

    def load(self, data: Mapping[str, Any]) -> PaoyaoState:
        variant = self.variant(data.get("variant"))
        state = PaoyaoState(
            self, variant, data["deal"], int(data["dealer"]), int(data.get("seats", 4))
        )
        state.history = [(int(s), str(c)) for s, c in data.get("history", [])]
        state.restore(data["state"])
        return state

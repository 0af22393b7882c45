"""The 幺地人 game: deal, dealers, variants, loading."""

from __future__ import annotations

from _random import Random as _CRandom
from collections.abc import Mapping
from hashlib import sha512
from typing import Any

from games.base import Flag, Game, State, VariantError
from games.changpai.cards import CODES, full_deck
from games.changpai.state import ChangpaiState, remember_deal
from games.changpai.variants import FLAGS, PRESETS
from games.shuffle import shuffle

# The deal string's first and second characters of each card code, by kind:
# the codes of a deck interleaved by bytes.translate (C-level; equal to
# "".join(CODES[k] for k in deck), 6 → 1.6 µs).
_FIRST = bytes(ord(c[0]) for c in CODES).ljust(256, b"?")
_SECOND = bytes(ord(c[1]) for c in CODES).ljust(256, b"?")


def _deal_string(deck: list[int]) -> str:
    kinds = bytes(deck)
    out = bytearray(2 * len(deck))
    out[0::2] = kinds.translate(_FIRST)
    out[1::2] = kinds.translate(_SECOND)
    return out.decode("ascii")


class ChangpaiGame(Game):
    id = "changpai"
    seat_counts = (3,)
    flags: Mapping[str, Flag] = FLAGS
    presets: Mapping[str, Mapping[str, Any]] = PRESETS

    def variant(self, overrides: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """Game.variant; the defaults alone (every random hand) made once and copied
        (every value is a str, bool or int: a shallow copy is a full one)."""
        if overrides:
            return super().variant(overrides)
        default = self.__dict__.get("_default")
        if default is None:
            default = self._default = super().variant()
        return dict(default)

    def first_dealer(self, variant: Mapping[str, Any], seats: int, seed: int) -> int:
        """Game.first_dealer's draw, `random.Random(f"dealer:{seed}").randrange(seats)`,
        without the Python-level seeding and randrange: the same SHA-512 seed
        given to the C generator, then `_randbelow`'s rejection loop (every
        random hand asks this; tests/games/changpai/test_deal.py compares)."""
        if type(seats) is not int or seats < 1:
            return super().first_dealer(variant, seats, seed)  # its errors
        a = f"dealer:{seed}".encode()
        getrandbits = _CRandom(int.from_bytes(a + sha512(a).digest(), "big")).getrandbits
        k = seats.bit_length()
        r = getrandbits(k)
        while r >= seats:
            r = getrandbits(k)
        return r

    def deal(self, variant: Mapping[str, Any], seats: int, seed: int) -> str:
        """The whole shuffled deck: seat s holds cards 20s..20s+19, the stock
        is the rest in order (the dealer's 21st card first)."""
        deck = full_deck()
        shuffle(seed, deck)
        deal = _deal_string(deck)
        remember_deal(deal, deck)
        return deal

    def next_dealer(self, variant: Mapping[str, Any], finished: State, seed: int) -> int:
        assert isinstance(finished, ChangpaiState)
        out = finished.outcome
        kind = None if out is None else out["kind"]
        if out is not None and kind == "win":
            return out["win"]["winner"]  # the winner deals
        if kind == "huang" and variant.get("dealer_on_draw") == "next":
            return (finished.dealer + 1) % finished.seats
        return finished.dealer  # 荒 (default) and redeal: the dealer stays

    def start(self, variant: Mapping[str, Any], deal: Any, dealer: int,
              seats: int | None = None) -> ChangpaiState:
        n = seats or self.default_seats
        if n not in self.seat_counts:
            raise VariantError(f"changpai is played by 3, not {n}")
        if not 0 <= dealer < n:
            raise ValueError(f"dealer {dealer} out of range")
        state = ChangpaiState(self, dict(variant), n, dealer, deal)
        state.begin()
        return state

    def load(self, data: Mapping[str, Any]) -> ChangpaiState:
        state = ChangpaiState(self, self.variant(data["variant"]), data["seats"], data["dealer"],
                              data["deal"])
        state.history = [(int(s), str(c)) for s, c in data["history"]]
        state.restore(data["state"])
        return state

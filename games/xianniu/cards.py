"""The 48-card decks of both modes and their two-character codes.

A card is an index 0..47 = rank * 4 + suit; a set of cards is a bit mask.
Ranks are listed low to high in poker notation; suits are s h c d (♠♥♣♦),
with h and d red. Mode P (砍牛腿/掀牛) drops the 4s, mode N (掀牛九) drops the
Aces; in mode N the poker cards stand in for the 牛九 kinds (rules §1.2).
"""

from __future__ import annotations

from collections.abc import Iterable

SUITS = "shcd"
RANKS = {"P": "A2356789TJQK", "N": "23456789TJQK"}


def is_red(index: int) -> bool:
    return index & 1 == 1  # h = 1, d = 3


class Deck:
    """Codes ↔ indices ↔ bits for one mode."""

    def __init__(self, mode: str) -> None:
        self.mode = mode
        self.ranks = RANKS[mode]
        self.rank_index = {ch: i for i, ch in enumerate(self.ranks)}
        self.codes = [r + s for r in self.ranks for s in SUITS]
        self.index = {c: i for i, c in enumerate(self.codes)}
        self.bit = {c: 1 << i for i, c in enumerate(self.codes)}
        # mask of each rank's four cards
        self.rank_mask = {ch: 15 << (4 * i) for i, ch in enumerate(self.ranks)}
        # for code_str: ranks in string order, and each rank's cards of a
        # 4-bit group already joined in string order of their codes
        self._str_ranks = sorted(range(len(self.ranks)), key=lambda r: self.ranks[r])
        self._group_str = [
            ["".join(sorted(self.codes[4 * r + s] for s in range(4) if g >> s & 1))
             for g in range(16)]
            for r in range(len(self.ranks))
        ]
        # for cards: the codes of each byte of a mask (6 × 256 tuples)
        assert len(self.codes) == 48, "cards() reads a mask as six bytes"
        self._byte_codes = [tuple(self.codes[8 * n + i] for i in range(8) if b >> i & 1)
                            for n in range(6) for b in range(256)]

    def mask(self, codes: Iterable[str]) -> int:
        m = 0
        for c in codes:
            m |= self.bit[c]
        return m

    def cards(self, mask: int) -> list[str]:
        """Codes of a mask in deck order (rank, then suit): a byte at a time."""
        t = self._byte_codes
        return [*t[mask & 255], *t[256 + ((mask >> 8) & 255)], *t[512 + ((mask >> 16) & 255)],
                *t[768 + ((mask >> 24) & 255)], *t[1024 + ((mask >> 32) & 255)],
                *t[1280 + ((mask >> 40) & 255)]]

    def code_str(self, mask: int) -> str:
        """Canonical concatenation used in move codes: codes sorted as strings."""
        gs = self._group_str
        return "".join([gs[r][(mask >> (4 * r)) & 15] for r in self._str_ranks])

    def parse(self, text: str) -> int | None:
        """Mask of a concatenation of codes; None if malformed or repeated."""
        if len(text) % 2:
            return None
        bit = self.bit
        m = 0
        for i in range(0, len(text), 2):
            b = bit.get(text[i : i + 2])
            if b is None or m & b:
                return None
            m |= b
        return m


DECKS = {mode: Deck(mode) for mode in RANKS}


def popcount(mask: int) -> int:
    return mask.bit_count()

"""坎 (melds), their 砣 (weight) and 番 (spec B2.1–B2.3)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from functools import lru_cache

from games.changpai.cards import POINTS, RED, SEVENS, YDR

K1, K2, K3 = "k1", "k2", "k3"  # identical set / pair + 14-complement / three sevens


def set_tuo(k: int, size: int) -> int:
    """砣 of 3/4/5 identical cards: red 8/12/16, black 4/6/8 (replaces per-card count)."""
    return (8, 12, 16)[size - 3] if RED[k] else (4, 6, 8)[size - 3]


def set_fan(k: int, size: int) -> int:
    """番 of an identical set: 幺地人 +1/+2/+3 for 3/4/5; any other 5-set +1."""
    if YDR[k]:
        return size - 2
    return 1 if size == 5 else 0


def classify(kinds: Iterable[int]) -> tuple[str, int, int] | None:
    """(shape, 砣, 番) of a group of card kinds, or None if it is no 坎."""
    return _classify(tuple(kinds))


@lru_cache(maxsize=4096)  # claims ask about the same few groups all the time
def _classify(kinds: tuple[int, ...]) -> tuple[str, int, int] | None:
    c = Counter(kinds)
    if len(c) == 1 and 3 <= len(kinds) <= 5:
        k = kinds[0]
        return K1, set_tuo(k, len(kinds)), set_fan(k, len(kinds))
    if len(kinds) != 3:
        return None
    reds = sum(RED[k] for k in kinds)
    if len(c) == 2:
        (a, na), (b, _) = c.most_common()
        if na == 2 and POINTS[a] + POINTS[b] == 14:
            return K2, reds, 0
        return None
    if sorted(kinds) == sorted(SEVENS):
        return K3, reds, 0
    return None

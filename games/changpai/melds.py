"""Exposed and locked sets of one player, and what they add to 胡 and estimates."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from games.changpai.cards import RED
from games.changpai.hu import Fixed
from games.changpai.kan import K2, K3, classify

# Meld kinds: tou 偷 (locked 4/5 of a kind from the hand), sha 杀 (claimed 4th),
# fire 吐火 (claimed 5th), peng 碰, chi 吃.
# A meld is stored as [kind, [card kinds], claimed kind or -1, from seat or -1]
# (JSON data, changed in place when a set grows).
StoredMeld = list[Any]


# No sets yet (every seat at the deal): one shared value (Fixed is immutable), not
# a new dataclass per seat and hand.
NO_SETS = Fixed()


def fixed_of(melds: Sequence[StoredMeld]) -> Fixed:
    if not melds:
        return NO_SETS
    count = tuo = fan = 0
    has_k2 = has_k3 = False
    all_black = True
    n = 0
    for _mk, cards, _c, _f in melds:
        size, t, f, k2, k3, black = _set_facts(tuple(cards))
        n += size
        count += 1
        tuo += t
        fan += f
        has_k2 |= k2
        has_k3 |= k3
        all_black &= black
    return Fixed(count, tuo, fan, has_k2, has_k3, all_black, n, n - 3 * count)


@lru_cache(maxsize=1024)  # a few hundred sets exist; fixed_of runs after every claim and 偷
def _set_facts(cards: tuple[int, ...]) -> tuple[int, int, int, bool, bool, bool]:
    """(size, 砣, 番, a K2, a K3, all black) of one set."""
    kan = classify(cards)
    assert kan is not None  # a meld is a 坎 by construction
    shape, t, f = kan
    return len(cards), t, f, shape == K2, shape == K3, not any(RED[k] for k in cards)


def extra_of(melds: Sequence[StoredMeld]) -> int:
    """Σ(size − 3) over 4- and 5-sets: how many cards above 20 a hand holds."""
    return sum(len(cards) - 3 for _mk, cards, _c, _f in melds)


def card_total(melds: Sequence[StoredMeld]) -> int:
    return sum(len(cards) for _mk, cards, _c, _f in melds)

"""Exposed and locked sets of one player, and what they add to 胡 and estimates."""

from __future__ import annotations

from games.changpai.cards import RED
from games.changpai.hu import Fixed
from games.changpai.kan import K2, K3, classify

# Meld kinds: tou 偷 (locked 4/5 of a kind from the hand), sha 杀 (claimed 4th),
# fire 吐火 (claimed 5th), peng 碰, chi 吃.
# A meld is stored as [kind, [card kinds], claimed kind or -1, from seat or -1].


# No sets yet (every seat at the deal): one shared value (Fixed is immutable), not
# a new dataclass per seat and hand.
NO_SETS = Fixed()


def fixed_of(melds) -> Fixed:
    if not melds:
        return NO_SETS
    count = tuo = fan = 0
    has_k2 = has_k3 = False
    all_black = True
    n = 0
    for _mk, cards, _c, _f in melds:
        n += len(cards)
        kan = classify(cards)
        assert kan is not None  # a meld is a 坎 by construction
        shape, t, f = kan
        count += 1
        tuo += t
        fan += f
        has_k2 |= shape == K2
        has_k3 |= shape == K3
        all_black &= not any(RED[k] for k in cards)
    return Fixed(count, tuo, fan, has_k2, has_k3, all_black, n, n - 3 * count)


def extra_of(melds) -> int:
    """Σ(size − 3) over 4- and 5-sets: how many cards above 20 a hand holds."""
    return sum(len(cards) - 3 for _mk, cards, _c, _f in melds)


def card_total(melds) -> int:
    return sum(len(cards) for _mk, cards, _c, _f in melds)

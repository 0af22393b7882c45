"""The head's opening (头牌出牌规则, spec A3.3).

不能拉三家: the first tile may not be one the other three cannot follow with
a 竖牌. Every tile is dealt, so the head knows: leading a tile with pips a, b
is forbidden iff every non-double with a or b (other than the lead itself) is
in his own hand. Only doubles can fail this.
"""

from __future__ import annotations

from games.dingniu.tiles import COPIES, HONGBA, IS_DOUBLE, N_KINDS, NON_DOUBLES, PIPS


def lalian_forbidden(hand: list[int], t: int) -> bool:
    """True if leading `t` would 拉三家 (leave the others no 竖牌 to follow)."""
    a, b = PIPS[t]
    for u in NON_DOUBLES:
        if a in PIPS[u] or b in PIPS[u]:
            held = hand[u] - (1 if u == t else 0)
            if held < COPIES[u] - (1 if u == t else 0):
                return False
    return True


def must_pair(hand: list[int], t: int, all_doubles: bool) -> bool:
    """Rule ④: a head holding both 红八 leads them together (every double
    pair under `pair_double_lead_all`)."""
    return IS_DOUBLE[t] and hand[t] == 2 and (all_doubles or t == HONGBA)


def leads(hand: list[int], all_doubles: bool) -> list[tuple[int, bool]]:
    """Legal openings as (kind, paired)."""
    out = []
    for t in range(N_KINDS):
        if hand[t] and not lalian_forbidden(hand, t):
            out.append((t, must_pair(hand, t, all_doubles)))
    return out

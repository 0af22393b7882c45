"""算帐 (settling the account) detection, spec A4.2-A4.3.

A position is judged from V, the tiles still off the layout (spec default) or
still in hands (`sz_basis=hands`), held as counts per tile kind, and the two
open ends. Positions are keyed by base-3 signatures of those counts, so each
distinct position is analysed once (memo).
"""

from __future__ import annotations

from games.dingniu.tiles import DOUBLES, NON_DOUBLES, PIPS

# Type keys (ASCII) of the named 算帐 types.
YI, ERSAN, HONG, WU = "yi", "ersan", "hong", "wu"  # 一帐 二三帐 红帐 五帐
BLOCK = "block"  # a full block at other ends; only possible with sz_basis=hands
ZAHONG, MENWU = "zahong", "menwu"  # 砸红帐 (class 4 smothered), 闷五帐 (class 5)
CLASSIC_BY_ENDS = {(1, 1): YI, (2, 3): ERSAN, (4, 4): HONG, (5, 5): WU}
SMOTHERED_BY_VALUE = {4: ZAHONG, 5: MENWU, 1: "men1", 2: "men2", 3: "men3", 6: "men6"}
CLASSIC_TYPES = frozenset((YI, ERSAN, HONG, WU, BLOCK))
SMOTHER_ORDER = (4, 5, 1, 2, 3, 6)  # which type names a move that smothers two classes

SMOTHER_MASKS = {"45": (1 << 4) | (1 << 5), "all": 0b1111110}

# Base-3 weights of the counts: non-doubles and doubles separately, so the
# default (doubles ignored) keys stay few.
ND_WEIGHT = [0] * 13
D_WEIGHT = [0] * 13
for _i, _t in enumerate(NON_DOUBLES):
    ND_WEIGHT[_t] = 3**_i
for _i, _t in enumerate(DOUBLES):
    D_WEIGHT[_t] = 3**_i

_memo: dict[int, tuple[bool, int]] = {}


def signatures(counts: list[int]) -> tuple[int, int]:
    nd = sum(counts[t] * ND_WEIGHT[t] for t in NON_DOUBLES)
    d = sum(counts[t] * D_WEIGHT[t] for t in DOUBLES)
    return nd, d


def analyse(nd_sig: int, d_sig: int, left: int, right: int) -> tuple[bool, int]:
    """(fully blocked, bitmask of smothered classes) of a position.

    Pass d_sig = -1 to ignore doubles (the default rule)."""
    key = ((nd_sig * 730 + d_sig + 1) * 7 + left) * 7 + right
    hit = _memo.get(key)
    if hit is None:
        hit = _memo[key] = _compute(nd_sig, d_sig, left, right)
        if len(_memo) > 400_000:  # bound memory under the doubles-counting flag
            _memo.clear()
    return hit


def reachable(alive: list[tuple[int, int]], left: int, right: int) -> int:
    """Bitmask of the pips reachable from the open ends through the tiles
    `alive` (pip pairs): the pips that can still show on an end."""
    reach = (1 << left) | (1 << right)
    grown = True
    while grown:
        grown = False
        for a, b in alive:
            m = (1 << a) | (1 << b)
            if reach & m and m & ~reach:
                reach |= m
                grown = True
    return reach


def _compute(nd_sig: int, d_sig: int, left: int, right: int) -> tuple[bool, int]:
    alive = []  # non-double tiles in V as pip pairs
    s = nd_sig
    for t in NON_DOUBLES:
        if s % 3:
            alive.append(PIPS[t])
        s //= 3
    blocked = not any(left in p or right in p for p in alive)
    reach = reachable(alive, left, right)  # C
    present = 0  # classes that still have a tile in V
    for a, b in alive:
        present |= (1 << a) | (1 << b)
    if d_sig >= 0:
        s = d_sig
        for t in DOUBLES:
            if s % 3:
                present |= 1 << PIPS[t][0]
            s //= 3
    # A non-double touching C is itself in C, so a class is dead iff it is not in C.
    return blocked, present & ~reach


def classify(
    old: tuple[bool, int], new: tuple[bool, int], left: int, right: int, smother_mask: int
) -> str | None:
    """The 算帐 type a move from position `old` to `new` makes, if any."""
    if new[0] and not old[0]:
        lo, hi = (left, right) if left <= right else (right, left)
        return CLASSIC_BY_ENDS.get((lo, hi), BLOCK)
    newly = new[1] & ~old[1] & smother_mask
    if newly:
        for v in SMOTHER_ORDER:
            if newly >> v & 1:
                return SMOTHERED_BY_VALUE[v]
    return None

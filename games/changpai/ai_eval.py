"""A realistic value of a 幺地人 hand, for the computer player's choices.

The engine's 起牌 estimate is optimistic (a pair counts as its triple), so it
cannot tell a pair from the triple it may become. Here a complete 坎 (坎 in
hand or fixed set) is worth far more than a part that still needs a card
(a pair, a 14-pair, two different 7s), and a part is worth more the more
copies of the cards that complete it are still unseen. 砣 and 番 add to
the value: the hand must reach 33/34 砣, and each 番 doubles the payout.

As in the engine, the search runs per value component (cards only combine
with their 14-complement), memoised, and the components are merged under the
7-坎 cap.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from operator import ge, itemgetter
from operator import sub as sub_

from games.changpai.cards import (
    COMPLEMENTS,
    COMPONENT_OF,
    COMPONENTS,
    PICK,
    POINTS,
    RED,
    SEVENS,
    YDR,
)
from games.changpai.estimate import (
    FLAG_BITS,
    component_best,
    drop_costs,
    merge_capped,
    top_less_drops,
)
from games.changpai.hu import Fixed
from games.changpai.kan import set_fan, set_tuo

# A group inside a component: (need vector, kind of group, a, b) (see _parts).
_Group = tuple[tuple[int, ...], str, int, int]
# _shape of a best-by-group-count array: (top, fewest groups, drop costs 1 and 2, cut array)
_Shape = tuple[int, int, int, int, tuple[int, ...]]

# Weights (hundredths of a "坎"): a complete 坎 is 100, a part 30..55.
SET = 100
PART = 30
PART_MORE = 15  # a second unseen completing card
TUO = 4  # per 砣 of a complete 坎
TUO_PART = 2  # per 砣 a part would reach
FAN = 35  # per 番 of a complete set (幺地人 triple, 5-set)
FAN_PART = 12


def _parts(comp: tuple[int, ...]) -> tuple[tuple[_Group, ...], ...]:
    """(need vector, kind of group, a, b) for every group inside a component,
    indexed by the lowest local kind it uses."""
    local = {k: i for i, k in enumerate(comp)}
    out: list[_Group] = []

    def need(*kinds: int) -> tuple[int, ...]:
        v = [0] * len(comp)
        for k in kinds:
            v[local[k]] += 1
        return tuple(v)

    for k in comp:
        out.append((need(k, k, k), "trip", k, -1))
        out.append((need(k, k), "pair", k, -1))
        for j in comp:
            if j != k and POINTS[j] + POINTS[k] == 14:
                out.append((need(k, k, j), "k2", k, j))
                if k < j:
                    out.append((need(k, j), "cpair", k, j))
    if comp == tuple(sorted(SEVENS)):
        out.append((need(*SEVENS), "k3", -1, -1))
    by_min: list[list[_Group]] = [[] for _ in comp]
    for g in out:
        by_min[next(i for i, n in enumerate(g[0]) if n)].append(g)
    return tuple(tuple(x) for x in by_min)


PARTS = tuple(_parts(c) for c in COMPONENTS)


def _avail_value(n: int) -> int:
    return 0 if n <= 0 else PART + (PART_MORE if n >= 2 else 0)


def _weight(shape: str, a: int, b: int, lv: dict[int, int]) -> int:
    """Value of one group (lv: unseen copies per kind, capped at 2); -1: useless."""
    if shape == "trip":
        return SET + TUO * set_tuo(a, 3) + FAN * set_fan(a, 3)
    if shape == "k2":
        return SET + TUO * (2 * RED[a] + RED[b])
    if shape == "k3":
        return SET + TUO * sum(RED[k] for k in SEVENS)
    if shape == "pair":  # completed by a third copy, or by a complement (a a b)
        v = _avail_value(min(2, lv[a] + sum(lv[k] for k in COMPLEMENTS[a] if k in lv)))
        return v + TUO_PART * set_tuo(a, 3) + FAN_PART * YDR[a] if v else -1
    # cpair: completed by a copy of a (a a b) or of b (b b a); 7s also by the third 7
    n = lv[a] + lv[b]
    if a in SEVENS:
        n += sum(lv[k] for k in SEVENS if k not in (a, b))
    v = _avail_value(min(n, 2))
    if not v:
        return -1
    best_red = max((RED[k] for k in (a, b) if lv[k]), default=0)
    return v + TUO_PART * (RED[a] + RED[b] + best_red)


@lru_cache(maxsize=1 << 12)
def _weights(ci: int, levels: tuple[int, ...]) -> tuple[tuple[tuple[tuple[int, ...], int], ...],
                                                       ...]:
    comp = COMPONENTS[ci]
    lv = dict(zip(comp, levels))
    return tuple(
        tuple((need, w) for need, shape, a, b in groups if (w := _weight(shape, a, b, lv)) >= 0)
        for groups in PARTS[ci]
    )


@lru_cache(maxsize=1 << 18)
def component_value(ci: int, counts: tuple[int, ...], levels: tuple[int, ...]) -> tuple[int, ...]:
    """best[n] = most value with exactly n disjoint groups (-1: impossible)."""
    first = next((i for i, n in enumerate(counts) if n), -1)
    if first < 0:
        return (0,)
    rest = list(counts)
    rest[first] = 0  # the remaining copies of this kind stay single
    best = list(component_value(ci, tuple(rest), levels))
    for need, w in _weights(ci, levels)[first]:
        if not all(map(ge, counts, need)):  # (map: as estimate.component_best)
            continue
        sub = component_value(ci, tuple(map(sub_, counts, need)), levels)
        for n, t in enumerate(sub):
            if t < 0:
                continue
            if n + 1 >= len(best):
                best.extend([-1] * (n + 2 - len(best)))
            if best[n + 1] < t + w:
                best[n + 1] = t + w
    return tuple(best)


def hand_value(conc: Sequence[int], unseen: Sequence[int], cap: int) -> int:
    """Most value of at most `cap` disjoint groups from the concealed cards."""
    total = [0]
    for ci, comp in enumerate(COMPONENTS):
        local = tuple(conc[k] for k in comp)
        if not any(local):
            continue
        levels = tuple(min(2, max(0, unseen[k])) for k in comp)
        best = component_value(ci, local, levels)
        size = min(cap + 1, len(total) + len(best) - 1)
        merged = [-1] * size
        for n1, t1 in enumerate(total):
            if t1 < 0:
                continue
            for n2, t2 in enumerate(best):
                if t2 < 0 or n1 + n2 >= size:
                    continue
                if merged[n1 + n2] < t1 + t2:
                    merged[n1 + n2] = t1 + t2
        total = merged
    return max(total)


def fixed_value(fixed: Fixed) -> int:
    """Value of the fixed sets (melds and locked 偷 sets): all complete."""
    return SET * fixed.count + TUO * fixed.tuo + FAN * fixed.fan


_POSITIVE = (0).__lt__


# Merges and tops of the same small arrays recur all through a playout (one
# hand, a few discards tried per decision): memoised on the arrays, and the
# merge is the engine estimate's own (one cache for both).
_merge = merge_capped


@lru_cache(maxsize=1 << 16)
def _cut(best: tuple[int, ...]) -> tuple[int, ...]:
    """best up to where its top is reached: more groups there never add to a
    top under a cap (fewer groups, as much or more), so merges for tops need
    no more, and shorter arrays merge faster and recur more."""
    return best[: best.index(max(best)) + 1]


def capped_top(shapes: Sequence[_Shape], cap: int) -> int:
    """The most of at most `cap` groups from disjoint parts given by their
    `_shape`s: the tops add up when their fewest groups fit under the cap;
    one or two groups too many are given up by the parts' drop costs
    (estimate.top_less_drops), more (rare) merge the arrays."""
    top = few = 0
    for t, f, _d1, _d2, _best in shapes:
        top += t
        few += f
    excess = few - cap
    if excess <= 0:
        return top
    if excess <= 2:
        return top_less_drops(top, excess, map(_DROP1, shapes), map(_DROP2, shapes))
    total: tuple[int, ...] = (0,)
    for shape in shapes:
        total = _merge(total, shape[4], cap)
    return max(total)


_DROP1 = itemgetter(2)
_DROP2 = itemgetter(3)


@lru_cache(maxsize=1 << 16)
def _shape(best: tuple[int, ...]) -> _Shape:
    """(top, the fewest groups reaching it, what giving up one and two of those
    groups costs of the top, the array cut there) of a best-by-group-count
    array."""
    cut = _cut(best)
    few = len(cut) - 1
    top = cut[few]
    return (top, few, *drop_costs(cut, top, few), cut)


class HandCalc:
    """The 起牌 estimate (same as games/changpai/estimate.py) and the realistic
    value of one seat's hand and of the hands one discard or claim away from
    it. Moving cards from the hand to sight (a discard, a claim) leaves every
    kind's unseen count as it was, so only the touched components are searched
    again; the others' shapes are kept."""

    def __init__(self, conc: Sequence[int], unseen: Sequence[int], cap: int, xy: bool) -> None:
        self.conc = list(conc)
        self.cap = cap  # 7 − fixed sets: at most this many groups from the hand
        self.xy = xy
        self.bits: list[int] = []
        self.levels: list[tuple[int, ...]] = []
        self.est: list[_Shape] = []  # per component: _shape of its estimate array
        self.most: list[int] = []  # per component: most groups, uncapped
        self.val: list[_Shape] = []  # per component: _shape of its value array
        self.unseen = unseen
        avail = tuple(map(_POSITIVE, unseen))
        level = tuple([min(2, u) if u > 0 else 0 for u in unseen])  # 0, 1 or 2 (more)
        # kinds with an unseen copy: a concealed triple of one is killable
        self.kill_kinds = [k for k, a in enumerate(avail) if a]
        conc = tuple(self.conc)
        for ci, pick in enumerate(PICK):
            bits = FLAG_BITS[ci][pick(avail)]
            levels = pick(level)
            self.bits.append(bits)
            self.levels.append(levels)
            local = pick(conc)
            best = component_best(ci, local, bits, xy)
            self.most.append(len(best) - 1)
            self.est.append(_shape(best))
            self.val.append(_shape(component_value(ci, local, levels)))
        self.groups = sum(self.most)

    def evaluate(self, delta: dict[int, int], fixed_count: int, fixed_tuo: int, threshold: int,
                 strict: bool = False) -> tuple[bool, int, int]:
        """(estimate ok, estimate 砣, realistic value of the hand part) after
        conc += delta (a discard: {k: -1}; a claim: the two used cards)."""
        cap = max(0, 7 - fixed_count)
        conc = self.conc
        for k, d in delta.items():
            conc[k] += d
        groups = self.groups
        est, val = self.est, self.val
        if delta:
            est, val = list(est), list(val)
            for ci in {COMPONENT_OF[k] for k in delta}:
                local = PICK[ci](conc)
                be = component_best(ci, local, self.bits[ci], self.xy)
                groups += len(be) - 1 - self.most[ci]
                est[ci] = _shape(be)
                val[ci] = _shape(component_value(ci, local, self.levels[ci]))
        g = min(7, fixed_count + groups)
        killable = g == 6 and any(conc[k] >= 3 for k in self.kill_kinds)
        for k, d in delta.items():
            conc[k] -= d
        tuo = fixed_tuo + capped_top(est, cap)
        enough = tuo > threshold if strict else tuo >= threshold
        ok = enough and (g == 7 or (g == 6 and killable))
        return ok, tuo, capped_top(val, cap)

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

from functools import lru_cache

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
from games.changpai.estimate import FLAG_BITS, component_best, merge_capped
from games.changpai.kan import set_fan, set_tuo

# Weights (hundredths of a "坎"): a complete 坎 is 100, a part 30..55.
SET = 100
PART = 30
PART_MORE = 15  # a second unseen completing card
TUO = 4  # per 砣 of a complete 坎
TUO_PART = 2  # per 砣 a part would reach
FAN = 35  # per 番 of a complete set (幺地人 triple, 5-set)
FAN_PART = 12


def _parts(comp: tuple[int, ...]):
    """(need vector, kind of group, a, b) for every group inside a component,
    indexed by the lowest local kind it uses."""
    local = {k: i for i, k in enumerate(comp)}
    out = []

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
    by_min: list[list] = [[] for _ in comp]
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
def _weights(ci: int, levels: tuple[int, ...]):
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
        if any(u > h for h, u in zip(counts, need)):
            continue
        sub = component_value(ci, tuple(h - u for h, u in zip(counts, need)), levels)
        for n, t in enumerate(sub):
            if t < 0:
                continue
            if n + 1 >= len(best):
                best.extend([-1] * (n + 2 - len(best)))
            if best[n + 1] < t + w:
                best[n + 1] = t + w
    return tuple(best)


def hand_value(conc, unseen, cap: int) -> int:
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


def fixed_value(fixed) -> int:
    """Value of the fixed sets (melds and locked 偷 sets): all complete."""
    return SET * fixed.count + TUO * fixed.tuo + FAN * fixed.fan


_POSITIVE = (0).__lt__
_TOUCHED = tuple(frozenset([COMPONENT_OF[k]]) for k in range(len(COMPONENT_OF)))


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


@lru_cache(maxsize=1 << 16)
def _top(a: tuple[int, ...], b: tuple[int, ...], cap: int) -> int:
    best = -1
    for n1, t1 in enumerate(a):
        if t1 < 0 or n1 > cap:
            continue
        for n2, t2 in enumerate(b):
            if n1 + n2 > cap:
                break
            if t2 >= 0 and t1 + t2 > best:
                best = t1 + t2
    return best


class HandCalc:
    """The 起牌 estimate (same as games/changpai/estimate.py) and the realistic
    value of one seat's hand and of the hands one discard or claim away from
    it. Moving cards from the hand to sight (a discard, a claim) leaves every
    kind's unseen count as it was, so only the touched components are searched
    again; the others are merged once per decision."""

    def __init__(self, conc, unseen, cap: int, xy: bool) -> None:
        self.conc = list(conc)
        self.cap = cap  # 7 − fixed sets: at most this many groups from the hand
        self.xy = xy
        self.bits = []
        self.levels = []
        self.est = []  # per component: best by group count, up to its top (_cut)
        self.most: list[int] = []  # per component: most groups, uncapped
        self.val = []
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
            self.est.append(_cut(best))
            self.val.append(_cut(component_value(ci, local, levels)))
        self.groups = sum(self.most)
        self._fixes: dict[int, tuple] = {}
        self._without: dict[tuple, tuple[tuple[int, ...], tuple[int, ...]]] = {}

    def _rest(self, skip: frozenset[int], cap: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Merged estimate and value arrays of every component not in skip."""
        fix = self._fixes.get(cap)
        if fix is None:
            fix = self._fixes[cap] = self._prefix_suffix(cap)
        pre, suf = fix
        lo, hi = min(skip), max(skip)
        e, v = pre[lo]
        for ci in range(lo + 1, hi):
            if ci not in skip:
                e = _merge(e, self.est[ci], cap)
                v = _merge(v, self.val[ci], cap)
        se, sv = suf[hi + 1]
        return _merge(e, se, cap), _merge(v, sv, cap)

    def _prefix_suffix(self, cap: int):
        n = len(COMPONENTS)
        pre: list[tuple[tuple[int, ...], tuple[int, ...]]] = [((0,), (0,))]
        for ci in range(n):
            e, v = pre[-1]
            pre.append((_merge(e, self.est[ci], cap), _merge(v, self.val[ci], cap)))
        suf: list[tuple[tuple[int, ...], tuple[int, ...]]] = [((0,), (0,))] * (n + 1)
        for ci in range(n - 1, -1, -1):
            e, v = suf[ci + 1]
            suf[ci] = (_merge(e, self.est[ci], cap), _merge(v, self.val[ci], cap))
        return pre, suf

    def evaluate(self, delta: dict[int, int], fixed_count: int, fixed_tuo: int, threshold: int,
                 strict: bool = False) -> tuple[bool, int, int]:
        """(estimate ok, estimate 砣, realistic value of the hand part) after
        conc += delta (a discard: {k: -1}; a claim: the two used cards)."""
        cap = max(0, 7 - fixed_count)
        if len(delta) == 1:  # a discard, or a claim with a pair of one kind
            touched = _TOUCHED[next(iter(delta))]
        else:
            touched = frozenset([COMPONENT_OF[k] for k in delta])
        key = (touched, cap)
        rest = self._without.get(key)
        if rest is None:
            if touched:
                rest = self._rest(touched, cap)
            else:
                pre = self._fixes.get(cap) or self._prefix_suffix(cap)
                self._fixes[cap] = pre
                rest = pre[0][-1]
            self._without[key] = rest
        e, v = rest
        conc = self.conc
        for k, d in delta.items():
            conc[k] += d
        groups = self.groups
        top_e, top_v = max(e), max(v)  # nothing touched: the hand as it is
        order = sorted(touched) if len(touched) > 1 else touched
        for i, ci in enumerate(order):
            local = PICK[ci](conc)
            be = component_best(ci, local, self.bits[ci], self.xy)
            groups += len(be) - 1 - self.most[ci]
            be = _cut(be)
            bv = _cut(component_value(ci, local, self.levels[ci]))
            if i + 1 < len(order):
                e = _merge(e, be, cap)
                v = _merge(v, bv, cap)
            else:
                top_e = _top(e, be, cap)
                top_v = _top(v, bv, cap)
        g = min(7, fixed_count + groups)
        killable = g == 6 and any(conc[k] >= 3 for k in self.kill_kinds)
        for k, d in delta.items():
            conc[k] -= d
        tuo = fixed_tuo + top_e
        enough = tuo > threshold if strict else tuo >= threshold
        ok = enough and (g == 7 or (g == 6 and killable))
        return ok, tuo, top_v

"""The optimistic 起牌 estimate (spec B3.6), also used for 包子 and 系统仰.

Candidate groups from the free concealed cards: complete 坎 at their 砣; an
identical pair counted as its triple, a 14-pair as "2 red + 1 black", two
different 7s likewise, each only while a card that completes it is unseen.
Choose disjoint groups (at most 7 − fixed) for the most 砣. As with 胡, the
search runs per value component and is memoised.

A hand is its six components' parts (`hand_parts`, memoised) and their sums;
the tops add up unless the 7-坎 cap binds, and only then are the parts merged.
The checks that need only the verdict (`hand_ok` for 起/包子/系统仰,
`claim_ok` for a 碰/吃, which swaps the one part a claim changes in the parts
of the hand before it) skip even that when an upper bound decides.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import product
from operator import ge, itemgetter
from operator import sub as sub_
from typing import NamedTuple

from games.changpai.cards import COMPONENT_OF, COMPONENTS, N_KINDS, PICK, POINTS, RED, SEVENS
from games.changpai.kan import set_tuo


@dataclass(frozen=True, slots=True)
class Candidate:
    need: tuple[int, ...]
    shape: str  # trip quad k2 k3 pair cpair 7pair
    a: int
    b: int = -1


def _candidates(comp: tuple[int, ...]) -> list[list[Candidate]]:
    local = {k: i for i, k in enumerate(comp)}
    out: list[Candidate] = []

    def need(*kinds: int) -> tuple[int, ...]:
        v = [0] * len(comp)
        for k in kinds:
            v[local[k]] += 1
        return tuple(v)

    for k in comp:
        out.append(Candidate(need(k, k, k), "trip", k))
        out.append(Candidate(need(k, k, k, k), "quad", k))
        out.append(Candidate(need(k, k), "pair", k))
        for j in comp:
            if j != k and POINTS[j] + POINTS[k] == 14:
                out.append(Candidate(need(k, k, j), "k2", k, j))
                if k < j:
                    out.append(Candidate(need(k, j), "7pair" if k in SEVENS else "cpair", k, j))
    if comp == tuple(sorted(SEVENS)):
        out.append(Candidate(need(*SEVENS), "k3", SEVENS[0]))
    by_min: list[list[Candidate]] = [[] for _ in comp]
    for c in out:
        by_min[next(i for i, n in enumerate(c.need) if n)].append(c)
    return by_min


CANDIDATES = tuple(_candidates(c) for c in COMPONENTS)
SEVEN_REDS = tuple(k for k in SEVENS if RED[k])


def _weight(c: Candidate, avail: dict[int, bool], xy: bool) -> int:
    """砣 the candidate counts for, or -1 when it cannot be completed/used."""
    s, a, b = c.shape, c.a, c.b
    if s == "trip":
        return set_tuo(a, 4 if xy else 3)
    if s == "quad":
        return set_tuo(a, 5) if xy else -1
    if s == "k2":
        return 2 * RED[a] + RED[b]
    if s == "k3":
        return sum(RED[k] for k in SEVENS)
    if s == "pair":
        return set_tuo(a, 3) if avail[a] else -1
    if s == "cpair":
        if not (avail[a] or avail[b]):
            return -1
        return RED[a] + RED[b] + ((RED[a] and avail[a]) or (RED[b] and avail[b]))
    # two different 7s
    if not any(avail[k] for k in SEVENS):
        return -1
    return RED[a] + RED[b] + any(avail[k] for k in SEVEN_REDS)


@lru_cache(maxsize=1 << 16)
def _weights(ci: int, availbits: int, xy: bool) -> tuple[tuple[tuple[Candidate, int], ...], ...]:
    comp = COMPONENTS[ci]
    avail = {k: bool(availbits >> i & 1) for i, k in enumerate(comp)}
    return tuple(
        tuple((c, w) for c in cands if (w := _weight(c, avail, xy)) >= 0)
        for cands in CANDIDATES[ci]
    )


@lru_cache(maxsize=1 << 18)
def component_best(ci: int, counts: tuple[int, ...], availbits: int, xy: bool) -> tuple[int, ...]:
    """best[n] = most 砣 with exactly n disjoint candidate groups (-1: impossible)."""
    first = next((i for i, n in enumerate(counts) if n), -1)
    if first < 0:
        return (0,)
    rest = list(counts)
    rest[first] = 0
    # either no (further) group uses this kind — its remaining copies stay unused —
    # or one more group containing it is taken: every selection is reached once
    best = list(component_best(ci, tuple(rest), availbits, xy))
    for c, w in _weights(ci, availbits, xy)[first]:
        need = c.need
        if not all(map(ge, counts, need)):
            continue
        sub = component_best(ci, tuple(map(sub_, counts, need)), availbits, xy)
        for n, t in enumerate(sub):
            if t < 0:
                continue
            if n + 1 >= len(best):
                best.extend([-1] * (n + 2 - len(best)))
            if best[n + 1] < t + w:
                best[n + 1] = t + w
    return tuple(best)


class Estimate(NamedTuple):
    tuo: int
    groups: int
    ok: bool


def estimate(
    counts: Iterable[int],
    unseen: Iterable[int],
    fixed_count: int,
    fixed_tuo: int,
    threshold: int,
    strict: bool = False,
    xy: bool = False,
) -> Estimate:
    """counts: free concealed cards; unseen[k]: copies this player has not seen."""
    return estimate_avail(tuple(counts), tuple(map(_POSITIVE, unseen)), fixed_count, fixed_tuo,
                          threshold, strict, xy)


def estimate_avail(
    counts: tuple[int, ...],
    avail: tuple[bool, ...],
    fixed_count: int,
    fixed_tuo: int,
    threshold: int,
    strict: bool = False,
    xy: bool = False,
) -> Estimate:
    """The same from tuples: avail[k] = an unseen copy of k exists. (A
    claim's check is claim_ok: the hand before the claim, one part changed.)"""
    return _verdict(_hand_part(counts, avail, max(0, 7 - fixed_count), xy), fixed_count,
                    fixed_tuo, threshold, strict)


_POSITIVE = (0).__lt__


# Per component: the bit mask of a local tuple of "unseen" flags (component_best's
# availbits).
FLAG_BITS = tuple({flags: sum(1 << i for i, f in enumerate(flags) if f)
                   for flags in product((False, True), repeat=len(comp))}
                  for comp in COMPONENTS)

# One component's part of a hand, keyed on its local (counts, unseen flags, xy):
# (best by group count up to the fewest groups reaching its top, the most
# groups uncapped, that fewest count, a triple whose 4th card is unseen, the
# top, and what giving up one and two of those fewest groups costs of the top).
# Hands share components far more often than whole hands recur, so this, not
# the whole hand, is what a new hand looks up.
_Part = tuple[tuple[int, ...], int, int, bool, int, int, int]
_PARTS: tuple[dict[tuple, _Part], ...] = tuple({} for _ in COMPONENTS)
PART_CACHE = 1 << 16


def _part(ci: int, local: tuple[int, ...], flags: tuple[bool, ...], xy: bool) -> _Part:
    best = component_best(ci, local, FLAG_BITS[ci][flags], xy)
    top = max(best)
    fewest = best.index(top)
    memo = _PARTS[ci]
    if len(memo) >= PART_CACHE:
        memo.clear()
    # more groups than `fewest` never add 砣 here, so a capped merge needs no more
    part = memo[local, flags, xy] = (best[: fewest + 1], len(best) - 1, fewest,
                                     any(n >= 3 and a for n, a in zip(local, flags)), top,
                                     *drop_costs(best, top, fewest))
    return part


NEVER = 1 << 30  # the cost of giving up a group a part does not have
_DROP1 = itemgetter(5)
_DROP2 = itemgetter(6)


def drop_costs(best: tuple[int, ...], top: int, fewest: int) -> tuple[int, int]:
    """What giving up one and two of the `fewest` groups that reach `top`
    costs of it (`best`: most 砣 by group count)."""
    return (top - max(best[:fewest]) if fewest >= 1 else NEVER,
            top - max(best[: fewest - 1]) if fewest >= 2 else NEVER)


def top_less_drops(top: int, excess: int, drop1: Iterable[int], drop2: Iterable[int]) -> int:
    """The most of disjoint parts with `excess` (1 or 2) groups fewer than
    their tops' `top` needs, from each part's drop costs: a part's most with
    at most n groups only grows with n, so the best gives up exactly `excess`
    groups, one from each of two parts or two from one (exact: the same as
    merging the parts' arrays under the cap; every hand has ≥ 2 parts)."""
    if excess == 1:
        return top - min(drop1)
    one, two = sorted(drop1)[:2]
    return top - min(one + two, min(drop2))


_SCAN = tuple((ci, PICK[ci], _PARTS[ci]) for ci in range(len(COMPONENTS)))


def _merge_parts(parts: list[tuple[int, ...]], cap: int) -> int:
    total: tuple[int, ...] = (0,)
    for best in parts:
        total = merge_capped(total, best, cap)
    return max(total)


_EMPTY: _Part = ((0,), 0, 0, False, 0, NEVER, NEVER)
# A hand's parts and their sums: (parts, Σ top, Σ most groups, Σ fewest, how
# many parts hold a killable triple).
_Hand = tuple[tuple[_Part, ...], int, int, int, int]


@lru_cache(maxsize=1 << 14)
def hand_parts(counts: tuple[int, ...], avail: tuple[bool, ...], xy: bool) -> _Hand:
    """Every component's part of the free concealed cards, and their sums. A
    hand is asked about again and again while it does not change (every claim
    it might make on a flipped card), so memoised."""
    out = []
    top = groups = fewest = kills = 0
    for ci, pick, memo in _SCAN:
        local = pick(counts)
        if not any(local):
            out.append(_EMPTY)
            continue
        flags = pick(avail)
        part = memo.get((local, flags, xy)) or _part(ci, local, flags, xy)
        out.append(part)
        groups += part[1]
        fewest += part[2]
        kills += part[3]
        top += part[4]
    return tuple(out), top, groups, fewest, kills


def _capped_top(parts: Sequence[_Part], cap: int, top: int, fewest: int) -> int:
    """Most 砣 of at most `cap` groups, when the parts' best selections
    together use `fewest` > cap groups for `top` 砣 (else the tops simply add
    up): one or two groups too many are given up by the parts' drop costs
    (top_less_drops), more (rare) merge the parts."""
    excess = fewest - cap
    if excess == 1 or excess == 2:
        return top_less_drops(top, excess, map(_DROP1, parts), map(_DROP2, parts))
    return _merge_parts([best for best, _m, few, *_rest in parts if few], cap)


@lru_cache(maxsize=1 << 14)
def _hand_part(counts: tuple[int, ...], avail: tuple[bool, ...], cap: int,
               xy: bool) -> tuple[int, int, bool]:
    """(most 砣 of at most `cap` disjoint groups, most groups uncapped, a
    concealed triple whose 4th card is unseen) for the free concealed cards."""
    parts, top, groups, fewest, kills = hand_parts(counts, avail, xy)
    if fewest > cap:
        top = _capped_top(parts, cap, top, fewest)
    return top, groups, kills > 0


# Per kind: its component and its index there.
_LOCAL = tuple(COMPONENTS[COMPONENT_OF[k]].index(k) for k in range(N_KINDS))


def claim_ok(counts: tuple[int, ...], avail: tuple[bool, ...], used: tuple[int, ...], x: int,
             fixed_count: int, fixed_tuo: int, threshold: int, strict: bool = False,
             xy: bool = False) -> bool:
    """Does the estimate of the hand `counts` hold after a claim of x with the
    cards `used` (all in x's component, the claim's 坎 already in fixed_*)?
    The hand's other parts are those of the hand before the claim, looked up,
    and their sums are corrected for the one part that changed."""
    ci = COMPONENT_OF[x]
    parts, top, groups, fewest, kills = hand_parts(counts, avail, xy)
    local = list(PICK[ci](counts))
    for k in used:
        local[_LOCAL[k]] -= 1
    if any(local):
        key = (tuple(local), PICK[ci](avail), xy)
        new = _PARTS[ci].get(key) or _part(ci, *key)
    else:
        new = _EMPTY
    old = parts[ci]
    fewest += new[2] - old[2]
    top += new[4] - old[4]
    verdict = _decided(top, groups + new[1] - old[1], fewest, kills + new[3] - old[3],
                       fixed_count, fixed_tuo, threshold, strict)
    if verdict is None:
        top = _capped_top((*parts[:ci], new, *parts[ci + 1:]), max(0, 7 - fixed_count), top,
                          fewest)
        verdict = _meets(fixed_tuo + top, threshold, strict)
    return verdict


def hand_ok(counts: tuple[int, ...], avail: tuple[bool, ...], fixed_count: int,
            fixed_tuo: int, threshold: int, strict: bool = False, xy: bool = False) -> bool:
    """estimate_avail(...).ok, without the estimate's exact 砣 when the groups
    or an upper bound of the 砣 already decide."""
    parts, top, groups, fewest, kills = hand_parts(counts, avail, xy)
    verdict = _decided(top, groups, fewest, kills, fixed_count, fixed_tuo, threshold, strict)
    if verdict is None:  # the hand's capped 砣
        top = _capped_top(parts, max(0, 7 - fixed_count), top, fewest)
        verdict = _meets(fixed_tuo + top, threshold, strict)
    return verdict


def _decided(top: int, groups: int, fewest: int, kills: int, fixed_count: int, fixed_tuo: int,
             threshold: int, strict: bool) -> bool | None:
    """The estimate's verdict from a hand's sums: 7 坎 (or 6 and a killable
    triple), and the 砣; None when the 7-坎 cap binds and the uncapped `top`,
    an upper bound, does not decide (the capped merge is needed)."""
    g = min(7, fixed_count + groups)
    if g < 6 or (g == 6 and not kills):
        return False
    if fewest > max(0, 7 - fixed_count):
        return None if _meets(fixed_tuo + top, threshold, strict) else False
    return _meets(fixed_tuo + top, threshold, strict)


def _meets(tuo: int, threshold: int, strict: bool) -> bool:
    return tuo > threshold if strict else tuo >= threshold


def _verdict(part: tuple[int, int, bool], fixed_count: int, fixed_tuo: int, threshold: int,
             strict: bool) -> Estimate:
    top, g, killable = part
    # groups beyond the cap still count for "7 坎": counted uncapped
    g = min(7, fixed_count + g)
    tuo = fixed_tuo + top
    return Estimate(tuo, g, _meets(tuo, threshold, strict) and (g == 7 or (g == 6 and killable)))


@lru_cache(maxsize=1 << 16)
def merge_capped(total: tuple[int, ...], best: tuple[int, ...], cap: int) -> tuple[int, ...]:
    """Most 砣 with exactly n groups from two disjoint parts, n ≤ cap."""
    merged = [-1] * min(cap + 1, len(total) + len(best) - 1)
    for n1, t1 in enumerate(total):
        if t1 < 0:
            continue
        for n2, t2 in enumerate(best):
            if t2 < 0 or n1 + n2 >= len(merged):
                continue
            if merged[n1 + n2] < t1 + t2:
                merged[n1 + n2] = t1 + t2
    return tuple(merged)


def clear_caches() -> None:
    component_best.cache_clear()
    _weights.cache_clear()
    _hand_part.cache_clear()
    hand_parts.cache_clear()
    merge_capped.cache_clear()
    for memo in _PARTS:
        memo.clear()

"""Winning-hand evaluation (spec B4): partition the concealed cards plus the
winning card into 坎, exactly 7 坎 with the fixed sets, 砣 ≥ threshold, and
pick the partition with the most 番, then the most 砣.

A 坎 never mixes cards of two components (cards pair only with their
14-complement), so each component is searched on its own, memoised on its
count vector; the components' options are then combined. An option is keyed
by (坎 count, set 番, has K2, has K3, X in a K1, X in a K2/K3) and keeps the
best 砣 for that key: more 砣 never lowers 番.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from games.changpai.cards import COMPLEMENTS, COMPONENT_OF, COMPONENTS, PICK, RED, SEVENS
from games.changpai.kan import K1, K2, K3, set_fan, set_tuo


@dataclass(frozen=True, slots=True)
class Group:
    need: tuple[int, ...]  # local counts used
    kinds: tuple[int, ...]  # the cards (global kinds)
    shape: str
    tuo: int
    fan: int
    used: tuple[tuple[int, int], ...] = ()  # (local index, count) pairs, for fit checks
    add: int = 0  # key increment: one 坎 and its 番
    flags: int = 0  # key bits: has K2 / has K3


# An option key packs (坎 count, set 番, has K2, has K3, X in K1, X in K2/K3) in an int.
N_BITS, FAN_SHIFT = 0, 5
HK2, HK3, XK1, XK23 = 1 << 10, 1 << 11, 1 << 12, 1 << 13


def key_count(key: int) -> int:
    return key & 31


def key_fan(key: int) -> int:
    return (key >> FAN_SHIFT) & 31


def _component_groups(comp: tuple[int, ...]) -> list[list[Group]]:
    """Every 坎 inside a component, indexed by its lowest local kind."""
    local = {k: i for i, k in enumerate(comp)}
    groups: list[Group] = []

    def make(kinds: tuple[int, ...], shape: str, tuo: int, fan: int) -> None:
        need = [0] * len(comp)
        for k in kinds:
            need[local[k]] += 1
        used = tuple((i, n) for i, n in enumerate(need) if n)
        flags = HK2 if shape == K2 else HK3 if shape == K3 else 0
        groups.append(
            Group(tuple(need), kinds, shape, tuo, fan, used, 1 + (fan << FAN_SHIFT), flags)
        )

    for k in comp:
        for size in (3, 4, 5):
            make((k,) * size, K1, set_tuo(k, size), set_fan(k, size))
        for j in COMPLEMENTS[k]:
            make((k, k, j), K2, 2 * RED[k] + RED[j], 0)
    if comp == tuple(sorted(SEVENS)):
        make(tuple(SEVENS), K3, sum(RED[k] for k in SEVENS), 0)
    by_min: list[list[Group]] = [[] for _ in comp]
    for g in groups:
        by_min[g.used[0][0]].append(g)
    return by_min


GROUPS_BY_MIN: tuple[list[list[Group]], ...] = tuple(_component_groups(c) for c in COMPONENTS)

EMPTY_KEY = 0
EMPTY: dict[int, int] = {EMPTY_KEY: 0}


def _xbits(g: Group, x: int) -> int:
    if x < 0 or not g.need[x]:
        return 0
    return XK1 if g.shape == K1 else XK23


@lru_cache(maxsize=1 << 18)
def component_options(ci: int, counts: tuple[int, ...], x: int = -1) -> dict[int, int]:
    """Packed key → best 砣 over every complete partition of `counts` (local
    counts of component ci); x is the local index of the claimed kind or -1."""
    first = 0
    for n in counts:
        if n:
            break
        first += 1
    else:
        return EMPTY
    out: dict[int, int] = {}
    get = out.get
    for g in GROUPS_BY_MIN[ci][first]:
        rest = list(counts)
        fits = True
        for i, n in g.used:
            if rest[i] < n:
                fits = False
                break
            rest[i] -= n
        if not fits:
            continue
        sub = component_options(ci, tuple(rest), x)
        if not sub:
            continue
        fl = g.flags | _xbits(g, x)
        add, gt = g.add, g.tuo
        for key, tuo in sub.items():
            k = (key | fl) + add
            t = tuo + gt
            if get(k, -1) < t:
                out[k] = t
    return out


def component_partition(
    ci: int, counts: tuple[int, ...], x: int, key: int, tuo: int
) -> list[Group]:
    """One partition of the component with exactly this key and 砣 (for display)."""
    if key == EMPTY_KEY:
        return []
    first = next(i for i, n in enumerate(counts) if n)
    for g in GROUPS_BY_MIN[ci][first]:
        if any(u > h for h, u in zip(counts, g.need)):
            continue
        rest = tuple(h - u for h, u in zip(counts, g.need))
        fl = g.flags | _xbits(g, x)
        for sub_key, sub_tuo in component_options(ci, rest, x).items():
            if (sub_key | fl) + g.add == key and sub_tuo + g.tuo == tuo:
                return [g, *component_partition(ci, rest, x, sub_key, sub_tuo)]
    raise AssertionError("partition vanished")


class Fixed(NamedTuple):
    """What a player's exposed and locked sets contribute (a named tuple: made
    after every claim and 偷, 5× cheaper than the frozen dataclass it was)."""

    count: int = 0  # type: ignore[assignment]  # shadows tuple.count, never called on a Fixed
    tuo: int = 0
    fan: int = 0
    has_k2: bool = False
    has_k3: bool = False
    all_black: bool = True
    cards: int = 0  # cards in the sets
    extra: int = 0  # Σ(size − 3)


@dataclass(frozen=True)
class Win:
    fan: int  # total 番 before the cap
    tuo: int
    set_fan: int
    duidui: bool  # 对对胡 (+1)
    extra_fan: int  # +1 per full 10 砣 above the threshold
    groups: tuple[Group, ...]  # the concealed part's partition


@dataclass(frozen=True)
class Rules:
    """The variant flags that matter to 胡."""

    threshold_strict: bool = False
    k3_breaks_duidui: bool = True
    all_black_exempt: bool = False


def threshold(is_dealer: bool) -> int:
    return 34 if is_dealer else 33


def meets(tuo: int, is_dealer: bool, strict: bool) -> bool:
    t = threshold(is_dealer)
    return tuo > t if strict else tuo >= t


def evaluate(
    counts: Sequence[int],
    fixed: Fixed,
    is_dealer: bool,
    rules: Rules = Rules(),
    x: int = -1,
    need_x_k23: bool = False,
    need_x_k1: bool = False,
    full: bool = True,
) -> Win | bool | None:
    """The best win of `counts` (concealed cards including the winning card).

    x: the claimed kind (for the 胡-pass and 吃-type restrictions): need_x_k23
    requires a partition putting X in a K2/K3; need_x_k1 in a K1 set.
    With full=False only a truthy/None answer is returned (no partition)."""
    need = 7 - fixed.count
    if need < 0:
        return None
    per_comp = []
    for ci, comp in enumerate(COMPONENTS):
        local = tuple(counts[k] for k in comp)
        xl = comp.index(x) if x >= 0 and COMPONENT_OF[x] == ci else -1
        opts = component_options(ci, local, xl)
        if not opts:
            return None
        per_comp.append((ci, local, xl, opts))
    # combine the components; keep backpointers for the partition
    combined: dict[int, tuple[int, tuple]] = {EMPTY_KEY: (0, ())}
    for _ci, _local, _xl, opts in per_comp:
        if opts is EMPTY:
            combined = {k: (t, (*b, EMPTY_KEY)) for k, (t, b) in combined.items()}
            continue
        nxt: dict[int, tuple[int, tuple]] = {}
        for key, (tuo, back) in combined.items():
            kn, kf, kflags = key & 31, key >> FAN_SHIFT & 31, key & ~1023
            for key2, tuo2 in opts.items():
                n2 = kn + (key2 & 31)
                if n2 > need:
                    continue
                k = n2 | ((kf + (key2 >> FAN_SHIFT & 31)) << FAN_SHIFT) | kflags | (key2 & ~1023)
                t = tuo + tuo2
                old_ = nxt.get(k)
                if old_ is None or old_[0] < t:
                    nxt[k] = (t, (*back, key2))
        combined = nxt
        if not combined:
            return None
    best = None
    all_black_cards = fixed.all_black and all(not RED[k] for k in range(len(counts)) if counts[k])
    exempt = rules.all_black_exempt and all_black_cards
    for key, (tuo, back) in combined.items():
        if key & 31 != need or (need_x_k23 and not key & XK23) or (need_x_k1 and not key & XK1):
            continue
        total_tuo = tuo + fixed.tuo
        if not exempt and not meets(total_tuo, is_dealer, rules.threshold_strict):
            continue
        hk2, hk3 = bool(key & HK2), bool(key & HK3)
        breaks = (hk2 or fixed.has_k2) or (rules.k3_breaks_duidui and (hk3 or fixed.has_k3))
        duidui = not breaks
        extra = max(0, (total_tuo - threshold(is_dealer)) // 10)
        set_fan_total = (key >> FAN_SHIFT & 31) + fixed.fan
        score = (set_fan_total + duidui + extra, total_tuo)
        if best is None or score > best[0]:
            best = (score, set_fan_total, duidui, extra, back)
    if best is None:
        return None
    if not full:
        return True
    (fan_total, total_tuo), set_fan_total, duidui, extra, back = best
    groups: list[Group] = []
    for (ci, local, xl, opts), key in zip(per_comp, back):
        groups += component_partition(ci, local, xl, key, opts[key])
    return Win(fan_total, total_tuo, set_fan_total, duidui, extra, tuple(groups))


@lru_cache(maxsize=1 << 14)
def incomplete(counts: tuple[int, ...]) -> tuple[int, ...]:
    """Components of these concealed cards that no partition into 坎 uses up.
    Adding one card changes one component only: with two incomplete, or one
    other than the new card's, no 胡 is possible (evaluate would say None)."""
    return tuple(ci for ci, pick in enumerate(PICK) if not component_options(ci, pick(counts)))


def may_win_with(counts: Sequence[int], x: int) -> bool:
    """False when counts plus a card of kind x (x < 0: no card) cannot be a 胡."""
    inc = incomplete(tuple(counts))
    if x < 0 or not inc:
        return not inc
    return len(inc) == 1 and inc[0] == COMPONENT_OF[x]


def clear_caches() -> None:
    component_options.cache_clear()
    incomplete.cache_clear()

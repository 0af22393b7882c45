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

from dataclasses import dataclass
from functools import lru_cache

from games.changpai.cards import COMPLEMENTS, COMPONENT_OF, COMPONENTS, RED, SEVENS
from games.changpai.kan import K1, K2, K3, set_fan, set_tuo


@dataclass(frozen=True, slots=True)
class Group:
    need: tuple[int, ...]  # local counts used
    kinds: tuple[int, ...]  # the cards (global kinds)
    shape: str
    tuo: int
    fan: int


def _component_groups(comp: tuple[int, ...]) -> list[list[Group]]:
    """Every 坎 inside a component, indexed by its lowest local kind."""
    local = {k: i for i, k in enumerate(comp)}
    groups: list[Group] = []

    def make(kinds: tuple[int, ...], shape: str, tuo: int, fan: int) -> None:
        need = [0] * len(comp)
        for k in kinds:
            need[local[k]] += 1
        groups.append(Group(tuple(need), kinds, shape, tuo, fan))

    for k in comp:
        for size in (3, 4, 5):
            make((k,) * size, K1, set_tuo(k, size), set_fan(k, size))
        for j in COMPLEMENTS[k]:
            make((k, k, j), K2, 2 * RED[k] + RED[j], 0)
    if comp == tuple(sorted(SEVENS)):
        make(tuple(SEVENS), K3, sum(RED[k] for k in SEVENS), 0)
    by_min: list[list[Group]] = [[] for _ in comp]
    for g in groups:
        first = next(i for i, n in enumerate(g.need) if n)
        by_min[first].append(g)
    return by_min


GROUPS_BY_MIN: tuple[list[list[Group]], ...] = tuple(_component_groups(c) for c in COMPONENTS)

Key = tuple[int, int, bool, bool, bool, bool]
EMPTY: dict[Key, int] = {(0, 0, False, False, False, False): 0}


@lru_cache(maxsize=1 << 18)
def component_options(ci: int, counts: tuple[int, ...], x: int = -1) -> dict[Key, int]:
    """Key → best 砣 over every complete partition of `counts` (local counts of
    component ci); x is the local index of the claimed kind or -1."""
    first = next((i for i, n in enumerate(counts) if n), -1)
    if first < 0:
        return EMPTY
    out: dict[Key, int] = {}
    for g in GROUPS_BY_MIN[ci][first]:
        need = g.need
        rest = []
        for have, use in zip(counts, need):
            if use > have:
                break
            rest.append(have - use)
        else:
            sub = component_options(ci, tuple(rest), x)
            if not sub:
                continue
            in_g = x >= 0 and need[x] > 0
            gk1 = in_g and g.shape == K1
            gk23 = in_g and g.shape != K1
            gk2 = g.shape == K2
            gk3 = g.shape == K3
            for (n, fan, hk2, hk3, xk1, xk23), tuo in sub.items():
                key = (n + 1, fan + g.fan, hk2 or gk2, hk3 or gk3, xk1 or gk1, xk23 or gk23)
                t = tuo + g.tuo
                if out.get(key, -1) < t:
                    out[key] = t
    return out


def component_partition(ci: int, counts: tuple[int, ...], x: int, key: Key, tuo: int) -> list[Group]:
    """One partition of the component with exactly this key and 砣 (for display)."""
    if key == EMPTY_KEY:
        return []
    first = next(i for i, n in enumerate(counts) if n)
    for g in GROUPS_BY_MIN[ci][first]:
        if any(u > h for h, u in zip(counts, g.need)):
            continue
        rest = tuple(h - u for h, u in zip(counts, g.need))
        in_g = x >= 0 and g.need[x] > 0
        n, fan, hk2, hk3, xk1, xk23 = key
        for sub_key, sub_tuo in component_options(ci, rest, x).items():
            sn, sfan, shk2, shk3, sxk1, sxk23 = sub_key
            if (
                sn + 1 == n
                and sfan + g.fan == fan
                and sub_tuo + g.tuo == tuo
                and (shk2 or g.shape == K2) == hk2
                and (shk3 or g.shape == K3) == hk3
                and (sxk1 or (in_g and g.shape == K1)) == xk1
                and (sxk23 or (in_g and g.shape != K1)) == xk23
            ):
                return [g, *component_partition(ci, rest, x, sub_key, sub_tuo)]
    raise AssertionError("partition vanished")


EMPTY_KEY: Key = (0, 0, False, False, False, False)


@dataclass(frozen=True)
class Fixed:
    """What a player's exposed and locked sets contribute."""

    count: int = 0
    tuo: int = 0
    fan: int = 0
    has_k2: bool = False
    has_k3: bool = False
    all_black: bool = True


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
    counts,
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
    # combine, smallest first; keep backpointers for the partition
    combined: dict[Key, tuple[int, tuple]] = {EMPTY_KEY: (0, ())}
    for _ci, _local, _xl, opts in per_comp:
        nxt: dict[Key, tuple[int, tuple]] = {}
        for (n, fan, hk2, hk3, xk1, xk23), (tuo, back) in combined.items():
            for key2, tuo2 in opts.items():
                n2 = n + key2[0]
                if n2 > need:
                    continue
                key = (n2, fan + key2[1], hk2 or key2[2], hk3 or key2[3], xk1 or key2[4], xk23 or key2[5])
                t = tuo + tuo2
                if key not in nxt or nxt[key][0] < t:
                    nxt[key] = (t, (*back, key2))
        combined = nxt
        if not combined:
            return None
    best = None
    all_black_cards = fixed.all_black and all(
        not RED[k] for k in range(len(counts)) if counts[k]
    )
    for (n, fan, hk2, hk3, xk1, xk23), (tuo, back) in combined.items():
        if n != need or (need_x_k23 and not xk23) or (need_x_k1 and not xk1):
            continue
        total_tuo = tuo + fixed.tuo
        exempt = rules.all_black_exempt and all_black_cards
        if not exempt and not meets(total_tuo, is_dealer, rules.threshold_strict):
            continue
        breaks = (hk2 or fixed.has_k2) or (rules.k3_breaks_duidui and (hk3 or fixed.has_k3))
        duidui = not breaks
        extra = max(0, (total_tuo - threshold(is_dealer)) // 10)
        set_fan_total = fan + fixed.fan
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


def clear_caches() -> None:
    component_options.cache_clear()

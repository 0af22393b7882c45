"""The memoised per-component 胡 search agrees with a naive search over every
partition built from `kan.classify` (hypothesis over small hands)."""

from functools import cache
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from games.changpai.cards import N_KINDS, POINTS, SEVENS
from games.changpai.hu import Fixed, Rules, evaluate, threshold
from games.changpai.kan import K1, classify


@cache
def partitions(counts: tuple[int, ...]) -> frozenset:
    """Every partition as (groups, set 番, identical-only, 砣)."""
    cards = [k for k, n in enumerate(counts) for _ in range(n)]
    if not cards:
        return frozenset({(0, 0, True, 0)})
    first, rest = cards[0], cards[1:]
    out = set()
    for size in (2, 3, 4):
        for combo in set(combinations(rest, size)):
            group = (first, *combo)
            got = classify(group)
            if got is None:
                continue
            left = list(counts)
            for k in group:
                left[k] -= 1
            for n, fan, ident, tuo in partitions(tuple(left)):
                out.add((n + 1, fan + got[2], ident and got[0] == K1, tuo + got[1]))
    return frozenset(out)


def naive_best(counts, fixed: Fixed, dealer: bool):
    best = None
    for n, fan, ident, tuo in partitions(tuple(counts)):
        total = tuo + fixed.tuo
        if n + fixed.count != 7 or total < threshold(dealer):
            continue
        f = fan + fixed.fan + (ident and not fixed.has_k2 and not fixed.has_k3)
        f += (total - threshold(dealer)) // 10
        if best is None or (f, total) > best:
            best = (f, total)
    return best


# every 坎 there is, so that drawn hands often do partition
KANS = [(k,) * n for k in range(N_KINDS) for n in (3, 4, 5)]
KANS += [(a, a, b) for a in range(N_KINDS) for b in range(N_KINDS)
         if a != b and POINTS[a] + POINTS[b] == 14]
KANS.append(tuple(SEVENS))


def to_counts(groups, noise):
    c = [0] * N_KINDS
    for k in [k for g in groups for k in g] + noise:
        c[k] += 1
    return [min(5, n) for n in c]


hands = st.builds(to_counts, st.lists(st.sampled_from(KANS), min_size=1, max_size=4),
                  st.lists(st.integers(0, N_KINDS - 1), max_size=2))


@settings(max_examples=300, deadline=None)
@given(hands, st.integers(15, 40), st.booleans())
def test_search_matches_naive_partitions(counts, fixed_tuo, dealer):
    for groups in range(1, 5):
        fixed = Fixed(count=7 - groups, tuo=fixed_tuo, fan=1)
        w = evaluate(counts, fixed, dealer, Rules(k3_breaks_duidui=True))
        want = naive_best(counts, fixed, dealer)
        assert (None if w is None else (w.fan, w.tuo)) == want
        if w is not None:
            assert sorted(k for g in w.groups for k in g.kinds) == [
                k for k in range(N_KINDS) for _ in range(counts[k])]
            assert sum(classify(g.kinds)[1] for g in w.groups) + fixed_tuo == w.tuo

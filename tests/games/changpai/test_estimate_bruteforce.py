"""The memoised estimate packing agrees with trying every disjoint choice of
candidate groups (hypothesis over small hands)."""

from hypothesis import given, settings
from hypothesis import strategies as st

from games.changpai.cards import COMPONENTS, N_KINDS
from games.changpai.estimate import CANDIDATES, _weight, estimate


def candidates(counts, unseen, xy):
    """(kinds used, 砣) of every candidate group the hand can make."""
    out = []
    for ci, comp in enumerate(COMPONENTS):
        avail = {k: unseen[k] > 0 for k in comp}
        for cands in CANDIDATES[ci]:
            for c in cands:
                need = {k: c.need[i] for i, k in enumerate(comp) if c.need[i]}
                w = _weight(c, avail, xy)
                if w >= 0 and all(counts[k] >= n for k, n in need.items()):
                    out.append((need, w))
    return out


def naive(counts, unseen, cap, xy):
    cands = candidates(counts, unseen, xy)
    best_tuo, most = 0, 0

    def go(i, left, n, tuo):
        nonlocal best_tuo, most
        if n <= cap:
            best_tuo = max(best_tuo, tuo)
        most = max(most, n)
        for j in range(i, len(cands)):
            need, w = cands[j]
            if all(left[k] >= m for k, m in need.items()):
                for k, m in need.items():
                    left[k] -= m
                go(j, left, n + 1, tuo + w)
                for k, m in need.items():
                    left[k] += m

    go(0, list(counts), 0, 0)
    return best_tuo, most


hands = st.lists(st.integers(0, N_KINDS - 1), min_size=2, max_size=9).map(
    lambda ks: [min(5, ks.count(k)) for k in range(N_KINDS)])


@settings(max_examples=200, deadline=None)
@given(hands, st.lists(st.integers(0, 2), min_size=N_KINDS, max_size=N_KINDS),
       st.integers(1, 7), st.booleans())
def test_packing_matches_naive(counts, unseen, groups_left, xy):
    e = estimate(counts, unseen, 7 - groups_left, 10, 33, xy=xy)
    tuo, most = naive(counts, unseen, groups_left, xy)
    assert e.tuo == 10 + tuo
    assert e.groups == min(7, 7 - groups_left + most)

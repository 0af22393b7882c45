"""Weeks, ranks and settling up: the pure arithmetic behind the scores."""

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given
from hypothesis import strategies as st

from storage.scores import (
    due_weeks,
    from_computers,
    monday_of,
    ranked,
    settle_up,
    week_bounds,
    week_of,
)

SHANGHAI = ZoneInfo("Asia/Shanghai")
BERLIN = ZoneInfo("Europe/Berlin")


def ts(zone, *args):
    return datetime(*args, tzinfo=zone).timestamp()


@pytest.mark.parametrize("zone", [SHANGHAI, BERLIN])
@pytest.mark.parametrize("sunday", [(2026, 3, 29), (2026, 10, 25), (2026, 11, 29)])
def test_sunday_235959_and_monday_midnight_are_different_weeks(zone, sunday):
    # 2026-03-29 and 2026-10-25: Berlin changes clocks that Sunday.
    last = ts(zone, *sunday, 23, 59, 59)
    first = last + 1
    assert datetime.fromtimestamp(first, zone).strftime("%a %H:%M:%S") == "Mon 00:00:00"
    a, b = week_of(last, zone), week_of(first, zone)
    assert a[1] == b[0] == first
    assert a[0] <= last < a[1] and b[0] <= first < b[1]
    assert (
        monday_of(first, zone).isoformat() == datetime.fromtimestamp(first, zone).date().isoformat()
    )


def test_week_length_across_daylight_saving():
    spring = week_bounds(monday_of(ts(BERLIN, 2026, 3, 25, 12), BERLIN), BERLIN)
    autumn = week_bounds(monday_of(ts(BERLIN, 2026, 10, 21, 12), BERLIN), BERLIN)
    plain = week_bounds(monday_of(ts(SHANGHAI, 2026, 3, 25, 12), SHANGHAI), SHANGHAI)
    assert spring[1] - spring[0] == 167 * 3600
    assert autumn[1] - autumn[0] == 169 * 3600
    assert plain[1] - plain[0] == 168 * 3600


def test_the_same_instant_is_in_different_weeks_in_different_zones():
    instant = ts(SHANGHAI, 2026, 11, 30, 3, 0)  # Monday 03:00 in Shanghai = Sunday in Berlin
    assert monday_of(instant, SHANGHAI).isoformat() == "2026-11-30"
    assert monday_of(instant, BERLIN).isoformat() == "2026-11-23"


def test_due_weeks_from_monday_0005():
    before = ts(SHANGHAI, 2026, 11, 30, 0, 4, 59)
    at = ts(SHANGHAI, 2026, 11, 30, 0, 5)
    assert [d.isoformat() for d in due_weeks(before, SHANGHAI, 2)] == ["2026-11-16"]
    assert [d.isoformat() for d in due_weeks(at, SHANGHAI, 2)] == ["2026-11-16", "2026-11-23"]


@given(st.lists(st.integers(-5, 5), min_size=0, max_size=8))
def test_ranks_share_ties(values):
    rows = [{"net": v, "i": i} for i, v in enumerate(values)]
    out = ranked(rows)
    assert [r["net"] for _rank, r in out] == sorted(values, reverse=True)
    for rank, r in out:
        assert rank == 1 + sum(v > r["net"] for v in values)  # ties share, then skip


balances = st.lists(st.integers(-1000, 1000), min_size=1, max_size=9).map(
    lambda xs: xs + [-sum(xs)])


@given(balances)
def test_settle_up_clears_every_balance_with_at_most_n_minus_1_transfers(values):
    b = dict(enumerate(values))
    transfers = settle_up(b)
    nonzero = sum(1 for v in values if v)
    assert len(transfers) <= max(0, nonzero - 1) <= len(values) - 1
    left = dict(b)
    for a, c, n in transfers:
        assert n > 0 and b[a] < 0 < b[c]  # debtors pay creditors, never the reverse
        left[a] += n
        left[c] -= n
    assert all(v == 0 for v in left.values())


def test_settle_up_refuses_unbalanced():
    with pytest.raises(ValueError):
        settle_up({"a": 1, "b": 0})


def fewest(values):
    """The fewest transfers that settle `values`, by brute force: k non-zero
    balances less the most groups summing to 0 they split into."""
    nonzero = [v for v in values if v]

    def most_groups(items):
        if not items:
            return 0
        first, rest = items[0], items[1:]
        best = 0
        for mask in range(1 << len(rest)):  # the group holding `first`
            group = [first] + [x for i, x in enumerate(rest) if mask >> i & 1]
            if sum(group) == 0:
                left = [x for i, x in enumerate(rest) if not mask >> i & 1]
                best = max(best, 1 + most_groups(left))
        return best

    return len(nonzero) - most_groups(nonzero)


small = st.lists(st.integers(-6, 6), min_size=1, max_size=7).map(lambda xs: xs + [-sum(xs)])


@given(small)
def test_settle_up_uses_the_fewest_transfers(values):
    assert len(settle_up(dict(enumerate(values)))) == fewest(values)


def test_settle_up_splits_into_groups_that_square_among_themselves():
    # Greedy alone pays 7 → 5, 7 → 2, 4 → 2 ... (4 transfers); two pairs need 2.
    b = {"a": 5, "b": -5, "c": 2, "d": -2}
    assert sorted(settle_up(b)) == [("b", "a", 5), ("d", "c", 2)]
    b = {"w": 7, "x": -4, "y": -3, "z": 3, "v": -3}
    assert len(settle_up(b)) == 3  # {w, x, y} and {z, v}


def test_settle_up_beyond_the_exact_search_still_needs_at_most_k_minus_1():
    values = [i if i % 2 else -i for i in range(1, 16)]
    values.append(-sum(values))
    transfers = settle_up(dict(enumerate(values)))
    assert len(transfers) <= len(values) - 1


hands = st.integers(2, 5).flatmap(lambda n: st.tuples(
    st.lists(st.integers(-30, 30), min_size=n - 1, max_size=n - 1),
    st.lists(st.booleans(), min_size=n, max_size=n)))


@given(hands)
def test_from_computers_leaves_people_a_zero_sum_and_never_turns_a_loss(case):
    values, computer = case
    net = [*values, -sum(values)]
    shares = from_computers(net, computer)
    assert all(s == 0 for s, c in zip(shares, computer) if c)
    people = [n - s for n, s, c in zip(net, shares, computer) if not c]
    if any(not c for c in computer):
        assert sum(people) == 0
    # a share has the seat's own sign and is never more than its points
    assert all(s * n >= 0 and abs(s) <= abs(n) for s, n in zip(shares, net))
    assert sum(shares) == -sum(n for n, c in zip(net, computer) if c) or all(computer)


def test_from_computers_examples():
    computer = [False, False, True]
    assert from_computers([4, -1, -3], computer) == [3, 0, 0]  # the computer paid Tom 3
    assert from_computers([3, -5, 2], computer) == [0, -2, 0]  # Ann lost 2 of her 5 to it
    assert from_computers([2, 2, -1, -3], [False, False, False, True]) == [2, 1, 0, 0]
    assert from_computers([1, -1, 0], computer) == [0, 0, 0]

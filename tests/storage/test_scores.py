"""Weeks, ranks and settling up: the pure arithmetic behind the scores."""

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given
from hypothesis import strategies as st

from storage.scores import due_weeks, monday_of, ranked, settle_up, week_bounds, week_of

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

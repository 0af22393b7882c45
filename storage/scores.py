"""Pure score arithmetic: weeks in a time zone, ranks with ties, settling up
with the fewest transfers, what people won from or lost to the computers,
and a seat's share of the engine's scoring details. No I/O, no aiogram."""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from datetime import date, datetime, timedelta
from datetime import time as dtime
from typing import Any, TypeVar
from zoneinfo import ZoneInfo

POST_DELAY = timedelta(minutes=5)  # the weekly post goes out Monday 00:05


# -- weeks ---------------------------------------------------------------------
def monday_of(ts: float, zone: ZoneInfo) -> date:
    """The Monday (local date) of the week containing the instant `ts`."""
    local = datetime.fromtimestamp(ts, zone).date()
    return local - timedelta(days=local.weekday())


def week_bounds(monday: date, zone: ZoneInfo) -> tuple[float, float]:
    """[start, end) of the week as epoch seconds: Monday 00:00 local to the
    next Monday 00:00 local (167 or 169 hours across a DST change)."""
    start = datetime.combine(monday, dtime(0), tzinfo=zone)
    end = datetime.combine(monday + timedelta(days=7), dtime(0), tzinfo=zone)
    return start.timestamp(), end.timestamp()


def week_of(ts: float, zone: ZoneInfo) -> tuple[float, float]:
    return week_bounds(monday_of(ts, zone), zone)


def due_weeks(now: float, zone: ZoneInfo, horizon: int) -> list[date]:
    """Mondays of the last `horizon` complete weeks whose post time (the next
    Monday 00:05 local) has come, oldest first."""
    this = monday_of(now, zone)
    out = []
    for k in range(horizon, 0, -1):
        monday = this - timedelta(days=7 * k)
        post_at = datetime.combine(monday + timedelta(days=7), dtime(0), tzinfo=zone) + POST_DELAY
        if post_at.timestamp() <= now:
            out.append(monday)
    # This week's Monday 00:00–00:05: last week is not due yet.
    return out


# -- ranks -----------------------------------------------------------------------
def ranked(
    rows: Sequence[Mapping[str, Any]], key: str = "net"
) -> list[tuple[int, Mapping[str, Any]]]:
    """Rows best first with competition ranks: ties share a rank (1, 1, 3)."""
    order = sorted(rows, key=lambda r: -r[key])
    out: list[tuple[int, Mapping[str, Any]]] = []
    for i, row in enumerate(order):
        rank = out[-1][0] if out and out[-1][1][key] == row[key] else i + 1
        out.append((rank, row))
    return out


# -- settling up: who pays whom --------------------------------------------------
K = TypeVar("K", bound=Hashable)  # who holds a balance: a seat, a user id…

EXACT_UP_TO = 10  # people: beyond this the fewest transfers cost too much to find


def settle_up(balances: Mapping[K, int]) -> list[tuple[K, K, int]]:
    """Who pays whom how many points so that every balance reaches 0, with the
    fewest transfers.

    Balances must sum to 0. k non-zero balances need k − g transfers, where g
    is the largest number of groups they split into that each sum to 0 (a
    group of m settles with m − 1 transfers and never fewer, unless it splits
    again). The groups are found exactly for up to `EXACT_UP_TO` balances
    (a search over subsets); beyond that the whole set is one group. Inside a
    group the biggest debtor pays the biggest creditor the smaller of the two
    amounts, which clears at least one of them: so never more than k − 1."""
    if sum(balances.values()) != 0:
        raise ValueError("balances must sum to 0")
    order = {k: i for i, k in enumerate(balances)}  # ties: first seat first
    owing = [k for k, v in balances.items() if v]
    groups = _zero_groups([balances[k] for k in owing]) if len(owing) <= EXACT_UP_TO else [
        list(range(len(owing)))]
    out: list[tuple[K, K, int]] = []
    for group in groups:
        out += _greedy({owing[i]: balances[owing[i]] for i in group}, order)
    return sorted(out, key=lambda t: (-t[2], order[t[0]], order[t[1]]))


def _zero_groups(values: Sequence[int]) -> list[list[int]]:
    """The indices of `values` (non-zero, summing to 0) split into as many
    groups summing to 0 as possible. best[mask]: the most zero-sum groups the
    members of `mask` can be split into, counting `mask` itself only when it
    sums to 0, so that a chain of removals from the full set down to nothing
    passes through one zero-sum set per group."""
    n = len(values)
    full = (1 << n) - 1
    total = [0] * (full + 1)
    best = [0] * (full + 1)
    came = [0] * (full + 1)  # the member removed on the best way down
    for mask in range(1, full + 1):
        low = mask & -mask
        i = low.bit_length() - 1
        total[mask] = total[mask ^ low] + values[i]
        top, drop = -1, 0
        m = mask
        while m:
            bit = m & -m
            m ^= bit
            if best[mask ^ bit] > top:
                top, drop = best[mask ^ bit], bit.bit_length() - 1
        best[mask] = top + (total[mask] == 0)
        came[mask] = drop
    groups: list[list[int]] = []
    mask, current = full, list[int]()
    while mask:
        if total[mask] == 0 and current:
            groups.append(current)
            current = []
        i = came[mask]
        current.append(i)
        mask ^= 1 << i
    if current:
        groups.append(current)
    return groups


def _greedy(balances: Mapping[K, int], order: Mapping[K, int]) -> list[tuple[K, K, int]]:
    owe = {k: -v for k, v in balances.items() if v < 0}
    get = {k: v for k, v in balances.items() if v > 0}
    out: list[tuple[K, K, int]] = []
    while owe and get:
        a = max(owe, key=lambda k: (owe[k], -order[k]))
        b = max(get, key=lambda k: (get[k], -order[k]))
        n = min(owe[a], get[b])
        out.append((a, b, n))
        for side, k in ((owe, a), (get, b)):
            side[k] -= n
            if side[k] == 0:
                del side[k]
    return out


def from_computers(net: Sequence[int], computer: Sequence[bool]) -> list[int]:
    """Each seat's part of one hand's points won from (+) or lost to (−) the
    computer seats; 0 for the computers themselves and wherever no computer
    won or lost.

    The computers count as one: when together they won h points, the people
    who lost that hand lost those h to them, shared in proportion to what
    each lost; when they lost h, the people who won took those h from them,
    in proportion to what each won. Shares are whole points (largest
    remainder; a tie goes to the earlier seat). What is left of each
    person's points, `net − share`, sums to 0 over the people: that is what
    people owe each other."""
    h = sum(n for n, c in zip(net, computer) if c)
    out = [0] * len(net)
    if h == 0:
        return out
    sign = -1 if h > 0 else 1  # computers won: losers' shares are negative
    weight = [max(0, sign * n) if not c else 0 for n, c in zip(net, computer)]
    whole, share = sum(weight), abs(h)
    if whole < share:  # not a zero-sum hand: nothing to share out
        return out
    parts = [share * w // whole for w in weight]
    rest = share - sum(parts)
    by_remainder = sorted(range(len(net)), key=lambda i: (-(share * weight[i] % whole), i))
    for i in by_remainder[:rest]:
        parts[i] += 1
    return [sign * p for p in parts]


# -- a seat's scoring details ------------------------------------------------------
def seat_details(details: Mapping[str, Any], seat: int, seats: int) -> dict[str, Any]:
    """The part of `Result.details` that concerns one seat: per-seat lists
    give that seat's entry, payments (dicts with from/to) only the seat's own,
    everything else (winner, end reason, multiplier ...) as it is."""
    out: dict[str, Any] = {}
    for key, value in details.items():
        if isinstance(value, list) and value and all(
            isinstance(p, dict) and "from" in p and "to" in p for p in value
        ):
            out[key] = [p for p in value if seat in (p["from"], p["to"])]
        elif isinstance(value, list) and len(value) == seats:
            out[key] = value[seat]
        else:
            out[key] = value
    return out

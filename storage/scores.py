"""Pure score arithmetic: weeks in a time zone, ranks with ties, settling up,
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


# -- settling up (算帐) ------------------------------------------------------------
K = TypeVar("K", bound=Hashable)  # who holds a balance: a seat, a user id…


def settle_up(balances: Mapping[K, int]) -> list[tuple[K, K, int]]:
    """Who pays whom how many points so that every balance reaches 0.

    Balances must sum to 0. Greedy: the biggest debtor pays the biggest
    creditor the smaller of the two amounts; each transfer clears at least one
    side, so k non-zero balances need at most k − 1 transfers."""
    if sum(balances.values()) != 0:
        raise ValueError("balances must sum to 0")
    owe = {k: -v for k, v in balances.items() if v < 0}
    get = {k: v for k, v in balances.items() if v > 0}
    order = {k: i for i, k in enumerate(balances)}  # ties: first seat first
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

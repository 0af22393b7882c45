"""The ledger: one row per seat per finished hand, and the queries over it
(leaderboards, a user's totals, a chat's last hands, the weekly posts; the
tally since the last settlement and the settlements are in storage/tally.py).

`post` (a hand's nets written to the ledger) runs inside the transaction
that stores the hand's result (`repo.record_move`); it is idempotent, so a
hand is posted exactly once however often it runs. (Settling up, 清账, is
storage/tally.py.) Functions take the sqlite-utils
Database first and run on the DB thread."""

from __future__ import annotations

import json
import time
from typing import Any

from sqlite_utils import Database

from games.records import state_from_json
from storage.scores import from_computers, seat_details


def post(db: Database, sitting_id: int, sitting: dict[str, Any], hand: dict[str, Any]) -> int:
    """Store a finished hand (`hand`: hand_no, state JSON) and its ledger rows;
    `sitting` holds the sitting's columns (chat_id, game, preset, seats JSON).
    Returns the hands.id. A hand already stored is left as it is."""
    found = db.execute(
        "select id from hands where sitting_id = ? and hand_no = ?", [sitting_id, hand["hand_no"]]
    ).fetchone()
    if found is not None:
        return found[0]
    at = hand.get("at") or time.time()
    state = state_from_json(hand["state"])
    if state.is_over():
        result = state.result()
        net, details = list(result.net), result.details
    else:  # a hand nobody could move on, scored void by the bot (流局)
        net = json.loads(hand.get("net") or "null") or [0] * state.seats
        details = {"void": True}
    hand_id = db.table("hands").insert(
        {"sitting_id": sitting_id, "hand_no": hand["hand_no"], "state": hand["state"],
         "net": json.dumps(net), "at": at}
    ).last_pk
    assert hand_id is not None  # an insert into a table with an integer pk sets it
    seats = json.loads(sitting["seats"] or "[]")
    users = [(seats[i] or {}).get("user_id") if i < len(seats) else None for i in range(len(net))]
    shares = from_computers(net, [u is None for u in users])
    rows = []
    for i, points in enumerate(net):
        seat = seats[i] if i < len(seats) and seats[i] else {}
        rows.append({
            "hand_id": hand_id, "chat_id": sitting["chat_id"], "sitting_id": sitting_id,
            "hand_no": hand["hand_no"], "game": sitting["game"], "preset": sitting.get("preset"),
            "seat": i, "user_id": seat.get("user_id"), "name": seat.get("name") or "",
            "net": points,
            "details": json.dumps(seat_details(details, i, len(net)), ensure_ascii=False),
            "finished_at": at, "from_computers": shares[i],
        })
    db.table("ledger").insert_all(rows)
    for r in rows:
        if r["user_id"] is not None:
            _add_to_totals(db, r)
    return hand_id


_ADD = """
insert into ledger_totals
  (chat_id, user_id, game, name, net, hands, wins, best, last_at, from_computers)
values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
on conflict (chat_id, user_id, game) do update set
  name = case when excluded.last_at >= last_at then excluded.name else name end,
  net = net + excluded.net, hands = hands + excluded.hands, wins = wins + excluded.wins,
  best = max(best, excluded.best), last_at = max(last_at, excluded.last_at),
  from_computers = from_computers + excluded.from_computers
"""


def _add_to_totals(db: Database, r: dict[str, Any]) -> None:
    db.execute(_ADD, [r["chat_id"], r["user_id"], r["game"], r["name"], r["net"], 1,
                      int(r["net"] > 0), r["net"], r["finished_at"], r["from_computers"]])


def rows_of_hand(db: Database, sitting_id: int, hand_no: int) -> list[dict[str, Any]]:
    return list(db.table("ledger").rows_where(
        "sitting_id = ? and hand_no = ?", [sitting_id, hand_no], order_by="seat"))


# -- leaderboards ----------------------------------------------------------------
def leaderboard(
    db: Database, chat_id: int, since: float | None = None, until: float | None = None,
    game: str | None = None,
) -> list[dict[str, Any]]:
    """People of the chat with net points, hands played, hands won and their
    best hand in [since, until) (all time without a range), one row per
    person and game (each game's points are its own: boards never add two
    games together), optionally one game only; each with their latest name."""
    where = "chat_id = ?"
    args: list[Any] = [chat_id]
    if game:
        where, args = where + " and game = ?", [*args, game]
    if since is None and until is None:  # all time: from the running totals
        sql = f"select user_id, game, net, hands, wins, best from ledger_totals where {where}"
    else:
        sql = ("select user_id, game, sum(net), count(*), sum(net > 0), max(net)"
               " from ledger indexed by idx_ledger_board where user_id is not null"
               f" and finished_at >= ? and finished_at < ? and {where} group by user_id, game")
        args = [since or 0.0, until or 1e18, *args]
    rows = [dict(zip(("user_id", "game", "net", "hands", "wins", "best"), r))
            for r in db.execute(sql, args).fetchall()]
    names = latest_names(db, chat_id)
    for r in rows:
        r["name"] = names.get(r["user_id"], "")
    return rows


def latest_names(db: Database, chat_id: int) -> dict[int, str]:
    """Everyone's name as of their latest hand in the chat."""
    sql = "select user_id, name from ledger_totals where chat_id = ? order by last_at"
    return dict(db.execute(sql, [chat_id]).fetchall())


def user_stats(db: Database, user_id: int) -> list[dict[str, Any]]:
    """One user's totals per game, across every chat."""
    sql = ("select game, sum(net), sum(hands), sum(wins), max(best) from ledger_totals"
           " where user_id = ? group by game order by game")
    return [dict(zip(("game", "net", "hands", "wins", "best"), r))
            for r in db.execute(sql, [user_id]).fetchall()]


# -- hands for /history and /replay ----------------------------------------------------
def recent_hands(db: Database, chat_id: int, limit: int = 10) -> list[dict[str, Any]]:
    """The chat's last hands, newest first, with their ledger rows."""
    sql = ("select distinct hand_id from ledger where chat_id = ?"
           " order by hand_id desc limit ?")
    ids = [r[0] for r in db.execute(sql, [chat_id, limit]).fetchall()]
    return [h for h in (hand(db, i) for i in ids) if h is not None]


def hand(db: Database, hand_id: int) -> dict[str, Any] | None:
    """A stored hand with its chat, sitting, game, final state and ledger rows."""
    row = db.execute(
        "select h.id, h.sitting_id, h.hand_no, h.state, h.at, s.chat_id, s.game, s.preset, s.seats"
        " from hands h join sittings s on s.id = h.sitting_id where h.id = ?", [hand_id]
    ).fetchone()
    if row is None:
        return None
    keys = ("id", "sitting_id", "hand_no", "state", "at", "chat_id", "game", "preset", "seats")
    out = dict(zip(keys, row))
    out["ledger"] = list(db.table("ledger").rows_where("hand_id = ?", [hand_id], order_by="seat"))
    return out


# -- the weekly post -------------------------------------------------------------------
def chats_with_hands(db: Database, since: float, until: float) -> list[int]:
    """Chats where humans finished a hand in [since, until)."""
    sql = ("select distinct chat_id from ledger where finished_at >= ? and finished_at < ?"
           " and user_id is not null and chat_id < 0")
    return [r[0] for r in db.execute(sql, [since, until]).fetchall()]


def weekly_post(db: Database, chat_id: int, week: str) -> dict[str, Any] | None:
    row = db.execute(
        "select chat_id, week, queued_at, message_id from weekly_posts"
        " where chat_id = ? and week = ?", [chat_id, week]).fetchone()
    return dict(zip(("chat_id", "week", "queued_at", "message_id"), row)) if row else None


def claim_weekly_post(db: Database, chat_id: int, week: str, now: float) -> bool:
    """Record that the chat's post for `week` is being queued; False if some
    earlier run already did (exactly one row per chat and week)."""
    with db.atomic():
        cur = db.execute(
            "insert or ignore into weekly_posts (chat_id, week, queued_at) values (?, ?, ?)",
            [chat_id, week, now])
        return cur.rowcount == 1


def weekly_post_sent(db: Database, chat_id: int, week: str, message_id: int) -> None:
    with db.atomic():
        db.execute("update weekly_posts set message_id = ? where chat_id = ? and week = ?",
                   [message_id, chat_id, week])


def move_chat(db: Database, old: int, new: int) -> None:
    """The ledger, its settlements and weekly posts follow a group that became
    a supergroup (called inside repo.move_chat's transaction)."""
    db.execute("update ledger set chat_id = ? where chat_id = ?", [new, old])
    db.execute("update settlements set chat_id = ? where chat_id = ?", [new, old])
    for r in list(db.table("ledger_totals").rows_where("chat_id = ?", [old], order_by="last_at")):
        db.execute(_ADD, [new, r["user_id"], r["game"], r["name"], r["net"], r["hands"],
                          r["wins"], r["best"], r["last_at"], r["from_computers"]])
    db.execute("delete from ledger_totals where chat_id = ?", [old])
    db.execute("update or ignore weekly_posts set chat_id = ? where chat_id = ?", [new, old])
    db.execute("delete from weekly_posts where chat_id = ?", [old])

"""The tally (账本): per chat and game, what each person won or lost since the
group last settled up (清账), from the ledger; and the settlements, which
record who settled, when, and what each tally held when it was cleared.

A tally covers the hands of one chat and game whose `hands.id` is above its
`base` (the last settlement's `through`, 0 before the first). Hand ids only
grow, so "since the last settlement" is a range of ids, which no clock can
blur, and a settlement clears exactly the hands its confirmation showed.
Functions take the sqlite-utils Database first and run on the DB thread."""

from __future__ import annotations

import json
from typing import Any

from sqlite_utils import Database

from storage.ledger import latest_names

_PEOPLE = """
select user_id, sum(net), sum(from_computers), count(*)
from ledger indexed by idx_ledger_tally
where chat_id = ? and game = ? and user_id is not null and hand_id > ? and hand_id <= ?
group by user_id
"""
_SPAN = """
select count(*), count(distinct sitting_id), min(finished_at), max(hand_id)
from ledger indexed by idx_ledger_hands
where chat_id = ? and game = ? and seat = 0 and hand_id > ? and hand_id <= ?
"""
EVER = 1 << 62  # no upper end


def base(db: Database, chat_id: int, game: str) -> int:
    """Where the chat's tally of `game` starts: the last settlement's last hand."""
    row = db.execute("select max(through) from settlements where chat_id = ? and game = ?",
                     [chat_id, game]).fetchone()
    return row[0] or 0


def games(db: Database, chat_id: int) -> list[str]:
    """Games people of the chat have finished a hand of, ever."""
    sql = "select distinct game from ledger_totals where chat_id = ? order by game"
    return [r[0] for r in db.execute(sql, [chat_id]).fetchall()]


def tally(db: Database, chat_id: int, game: str) -> dict[str, Any] | None:
    """The chat's open tally of `game`: every hand since its last settlement.
    None when it holds no hand.

    Each person's part is what the ledger holds for them in the chat and game
    (its all-time sums, `ledger_totals`, kept with the ledger in the same
    transaction) less what the settlements cleared: the settlements follow
    each other without a gap from the chat's first hand, so that is the sum
    of their rows after the last one. It reads a few rows per person, however
    many hands the tally holds; `stretch` sums the same from the rows
    themselves, and the tests hold the two equal."""
    start = base(db, chat_id, game)
    span = _span(db, chat_id, game, start, EVER)
    if span is None:
        return None
    people: dict[int, dict[str, Any]] = {}
    sql = ("select user_id, name, net, from_computers, hands from ledger_totals"
           " where chat_id = ? and game = ?")
    for u, name, net, comp, hands in db.execute(sql, [chat_id, game]).fetchall():
        people[u] = {"user_id": u, "name": name, "net": net, "from_computers": comp,
                     "hands": hands}
    sql = "select cleared from settlements where chat_id = ? and game = ?"
    for (cleared,) in db.execute(sql, [chat_id, game]).fetchall():
        for c in json.loads(cleared):
            p = people.get(c["user_id"])
            if p is not None:
                for k in ("net", "from_computers", "hands"):
                    p[k] -= c[k]
    return {**span, "people": _order([p for p in people.values() if p["hands"] > 0])}


def stretch(db: Database, chat_id: int, game: str, since: int,
            through: int = EVER) -> dict[str, Any] | None:
    """The chat's hands of `game` after hand `since` up to hand `through`,
    summed from the ledger rows: what a settlement clears. None: no hand."""
    span = _span(db, chat_id, game, since, through)
    if span is None:
        return None
    names = latest_names(db, chat_id)
    people = [
        {"user_id": u, "name": names.get(u, ""), "net": net, "from_computers": comp,
         "hands": n}
        for u, net, comp, n in db.execute(_PEOPLE, [chat_id, game, since, through]).fetchall()
    ]
    return {**span, "people": _order(people)}


def _span(db: Database, chat_id: int, game: str, since: int,
          through: int) -> dict[str, Any] | None:
    hands, sittings, first, last = db.execute(
        _SPAN, [chat_id, game, since, through]).fetchone()
    if not hands:
        return None
    return {"game": game, "base": since, "through": last, "hands": hands,
            "sittings": sittings, "first": first}


def _order(people: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Most owed first: by what people owe each other, then by name."""
    return sorted(people, key=lambda p: (-(p["net"] - p["from_computers"]), -p["net"],
                                         p["name"], p["user_id"]))


def tallies(db: Database, chat_id: int) -> list[dict[str, Any]]:
    """Every game's open tally in the chat (the ones holding a hand), the
    one played last first."""
    out = [t for t in (tally(db, chat_id, g) for g in games(db, chat_id)) if t is not None]
    return sorted(out, key=lambda t: -t["through"])


def settle(db: Database, chat_id: int, game: str, since: int, through: int,
           by_user: int, by_name: str, at: float, msg_id: int | None) -> tuple[str, dict[str, Any]]:
    """Settle up the chat's tally of `game` over the hands (since, through]:
    what a confirmation showed. In one transaction, so two presses, from one
    admin or two, clear it once:

    - ("settled", the settlement): recorded now; the next tally starts after
      `through`.
    - ("already", the settlement): this very tally was settled before (a
      second press; a restart between the write and the reply).
    - ("changed", {}): the tally no longer starts at `since` (someone else
      settled it first) or holds nothing: nothing written."""
    with db.atomic():
        done = db.execute(
            "select id from settlements where chat_id = ? and game = ? and base = ?"
            " and through = ?", [chat_id, game, since, through]).fetchone()
        if done is not None:
            return "already", settlement(db, done[0]) or {}
        t = stretch(db, chat_id, game, since, through)
        if base(db, chat_id, game) != since or t is None or t["through"] != through:
            return "changed", {}
        cleared = [{k: p[k] for k in ("user_id", "name", "net", "from_computers", "hands")}
                   for p in t["people"]]
        pk = db.table("settlements").insert({
            "chat_id": chat_id, "game": game, "base": since, "through": through,
            "by_user": by_user, "by_name": by_name, "at": at,
            "cleared": json.dumps(cleared, ensure_ascii=False), "hands": t["hands"],
            "sittings": t["sittings"], "since": t["first"], "msg_id": msg_id, "told": None,
        }).last_pk
        assert pk is not None  # an insert into a table with an integer pk sets it
        return "settled", settlement(db, pk) or {}


_COLUMNS = ("id", "chat_id", "game", "base", "through", "by_user", "by_name", "at", "cleared",
            "hands", "sittings", "since", "msg_id", "told")


def _row(r: Any) -> dict[str, Any]:
    out = dict(zip(_COLUMNS, r))
    out["cleared"] = json.loads(out["cleared"] or "[]")
    return out


def settlement(db: Database, pk: int) -> dict[str, Any] | None:
    row = db.execute(f"select {', '.join(_COLUMNS)} from settlements where id = ?",
                     [pk]).fetchone()
    return _row(row) if row else None


def settlements(db: Database, chat_id: int, limit: int = 10) -> list[dict[str, Any]]:
    """The chat's last settlements, newest first (`/score history`)."""
    sql = (f"select {', '.join(_COLUMNS)} from settlements where chat_id = ?"
           " order by at desc, id desc limit ?")
    return [_row(r) for r in db.execute(sql, [chat_id, limit]).fetchall()]


def told(db: Database, pk: int, message_id: int) -> None:
    """Telegram took the message announcing the settlement."""
    db.execute("update settlements set told = ? where id = ?", [message_id, pk])


def untold(db: Database) -> list[dict[str, Any]]:
    """Settlements written and never announced (the bot stopped in between):
    start-up announces them."""
    sql = f"select {', '.join(_COLUMNS)} from settlements where told is null order by id"
    return [_row(r) for r in db.execute(sql).fetchall()]


def sitting(db: Database, sitting_id: int) -> list[tuple[int, int, int]]:
    """(seat, net, from_computers) of one sitting, summed over its hands."""
    sql = ("select seat, sum(net), sum(from_computers) from ledger where sitting_id = ?"
           " group by seat order by seat")
    return [tuple(r) for r in db.execute(sql, [sitting_id]).fetchall()]

"""Queries and writes. Each function takes the sqlite-utils Database first and
runs on the DB thread (`Storage.run(repo.fn, ...)`). Rows are plain dicts;
JSON columns are (de)serialised by the caller."""

from __future__ import annotations

import json
import time
from typing import Any

from sqlite_utils import Database
from sqlite_utils.db import NotFoundError

from storage import ledger

ACTIVE = ("lobby", "running", "hand_over")


def get_chat(db: Database, chat_id: int) -> dict[str, Any] | None:
    try:
        return db.table("chats").get(chat_id)
    except NotFoundError:
        return None


def chats_with_lang(db: Database) -> list[dict[str, Any]]:
    """Every chat that chose a language (loaded at start: a restart keeps a
    private chat's /lang before its user writes again)."""
    return list(db.table("chats").rows_where("lang is not null and lang != ''"))


def set_chat(db: Database, chat_id: int, **fields: Any) -> None:
    db.table("chats").upsert({"id": chat_id, **fields}, pk="id")


def move_chat(db: Database, old: int, new: int) -> None:
    """A group's new id (it became a supergroup): its settings and every game
    it played follow it, in one transaction."""
    with db.atomic():
        row = get_chat(db, old)
        if row is not None:
            kept = get_chat(db, new) or {}
            db.table("chats").upsert({**kept, **row, "id": new}, pk="id")
            db.table("chats").delete(old)
        db.execute("update sittings set chat_id = ? where chat_id = ?", [new, old])
        ledger.move_chat(db, old, new)
        rules = get_chat_settings(db, old)
        if rules is not None:
            db.table("chat_settings").upsert({**rules, "chat_id": new}, pk="chat_id")
            db.table("chat_settings").delete(old)


def get_chat_settings(db: Database, chat_id: int) -> dict[str, Any] | None:
    """A chat's /settings row (columns null where the chat kept the default).
    Other parts read it too: the weekly board takes `tz` and `weekly_post`."""
    try:
        return db.table("chat_settings").get(chat_id)
    except NotFoundError:
        return None


def set_chat_settings(db: Database, chat_id: int, **fields: Any) -> None:
    db.table("chat_settings").upsert({"chat_id": chat_id, **fields}, pk="chat_id")


def get_user(db: Database, user_id: int) -> dict[str, Any] | None:
    try:
        return db.table("users").get(user_id)
    except NotFoundError:
        return None


def set_user(db: Database, user_id: int, **fields: Any) -> None:
    db.table("users").upsert({"id": user_id, **fields}, pk="id")


def all_users(db: Database) -> list[dict[str, Any]]:
    return list(db.table("users").rows)


def create_sitting(db: Database, row: dict[str, Any]) -> int:
    now = time.time()
    pk = db.table("sittings").insert({**row, "created_at": now, "updated_at": now}).last_pk
    assert pk is not None  # an insert into a table with an integer pk sets it
    return pk


def update_sitting(
    db: Database, sitting_id: int, fields: dict[str, Any], stale: list[dict[str, Any]] | None = None
) -> None:
    """The sitting's changed columns, and (`stale`) the messages whose
    keyboards this change leaves with nothing to do: one transaction."""
    if not stale:
        _update(db, "sittings", sitting_id, {**fields, "updated_at": time.time()})
        return
    with db.atomic():
        _update(db, "sittings", sitting_id, {**fields, "updated_at": time.time()})
        add_stale_keyboards(db, sitting_id, stale)


# Every move writes the sitting's row and one move row. Plain statements:
# sqlite-utils' update/insert look the table up again on every call (about 17
# statements a move), which made the one DB thread the queue a press waits in.
# `db.execute` commits a lone write at once, or joins the open db.atomic().
def _update(db: Database, table: str, pk: int, row: dict[str, Any]) -> None:
    sets = ", ".join(f'"{k}" = ?' for k in row)
    db.execute(f'UPDATE "{table}" SET {sets} WHERE id = ?', [*row.values(), pk])


def _insert(db: Database, table: str, row: dict[str, Any]) -> None:
    names = ", ".join(f'"{k}"' for k in row)
    marks = ", ".join("?" * len(row))
    db.execute(f'INSERT INTO "{table}" ({names}) VALUES ({marks})', list(row.values()))


def get_sitting(db: Database, sitting_id: int) -> dict[str, Any] | None:
    try:
        return db.table("sittings").get(sitting_id)
    except NotFoundError:
        return None


def record_move(
    db: Database,
    sitting_id: int,
    fields: dict[str, Any],
    move: dict[str, Any] | None,
    hand: dict[str, Any] | None = None,
    stale: list[dict[str, Any]] | None = None,
) -> None:
    """The new state, deadline and the move itself (and, when the move ended
    the hand, the hand's result and its ledger rows; `stale`: keyboards it
    leaves with nothing to do): one transaction. A deal over when dealt has a
    result and no move."""
    with db.atomic():
        _update(db, "sittings", sitting_id, {**fields, "updated_at": time.time()})
        if move is not None:
            _insert(db, "moves", {**move, "sitting_id": sitting_id, "at": time.time()})
        if hand is not None:
            ledger.post(db, sitting_id, {**db.table("sittings").get(sitting_id), **fields}, hand)
        if stale:
            add_stale_keyboards(db, sitting_id, stale)


# Keyboards that must go (migration m007): a row per message whose buttons no
# longer do anything, until an edit has taken them off.
def add_stale_keyboards(db: Database, sitting_id: int, rows: list[dict[str, Any]]) -> None:
    """Rows of {chat_id, message_id, text}; a message already listed takes the newer text."""
    now = time.time()
    for r in rows:
        db.execute("INSERT OR REPLACE INTO stale_keyboards"
                   " (chat_id, message_id, sitting_id, text, at) VALUES (?, ?, ?, ?, ?)",
                   [r["chat_id"], r["message_id"], sitting_id, r.get("text"), now])


def drop_stale_keyboard(db: Database, chat_id: int, message_id: int) -> None:
    db.execute("DELETE FROM stale_keyboards WHERE chat_id = ? AND message_id = ?",
               [chat_id, message_id])


def stale_keyboards(db: Database) -> list[dict[str, Any]]:
    return list(db.table("stale_keyboards").rows_where(order_by="at"))


def active_sittings(db: Database) -> list[dict[str, Any]]:
    marks = ",".join("?" * len(ACTIVE))
    return list(db.table("sittings").rows_where(f"status in ({marks})", list(ACTIVE),
                                                order_by="id"))


def moves_of(db: Database, sitting_id: int, hand_no: int) -> list[dict[str, Any]]:
    return list(
        db.table("moves").rows_where(
            "sitting_id = ? and hand_no = ?", [sitting_id, hand_no], order_by="turn"
        )
    )


def set_group_sends(db: Database, chat_id: int, sent_at: list[float]) -> None:
    db.table("group_sends").upsert(
        {"chat_id": chat_id, "sent_at": json.dumps(sent_at)}, pk="chat_id"
    )


def recent_group_sends(db: Database, since: float) -> dict[int, list[float]]:
    """Each group's sends after `since` (epoch seconds)."""
    out = {}
    for row in db.table("group_sends").rows:
        times = [t for t in json.loads(row["sent_at"] or "[]") if t > since]
        if times:
            out[row["chat_id"]] = times
    return out

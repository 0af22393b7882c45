import asyncio
import json
import sqlite3

import pytest

from storage import repo
from storage.db import Storage
from storage.migrations import migrations


@pytest.fixture
def storage(tmp_path):
    s = Storage(str(tmp_path / "t.sqlite3"))
    yield s
    s.close()


def test_migrations_create_schema_once_and_wal(tmp_path, storage):
    path = tmp_path / "t.sqlite3"
    con = sqlite3.connect(path)
    assert con.execute("pragma journal_mode").fetchone()[0] == "wal"
    names = {r[0] for r in con.execute("select name from sqlite_master where type='table'")}
    assert {"chats", "users", "sittings", "moves", "hands", "_sqlite_migrations"} <= names
    applied = con.execute("select name from _sqlite_migrations").fetchall()
    con.close()
    # Opening again applies nothing new.
    again = Storage(str(path))
    again.close()
    con = sqlite3.connect(path)
    assert con.execute("select name from _sqlite_migrations").fetchall() == applied
    assert [m.name for m in migrations.pending(__import__("sqlite_utils").Database(path))] == []


def test_all_access_runs_on_one_thread(storage):
    import threading

    seen = set()

    def where(db):
        seen.add(threading.get_ident())

    async def main():
        await asyncio.gather(*(storage.run(where) for _ in range(20)))

    asyncio.run(main())
    assert len(seen) == 1 and threading.get_ident() not in seen


def test_move_and_state_are_one_transaction(storage):
    sitting_id = storage.run_sync(
        repo.create_sitting, {"chat_id": -1, "game": "x", "status": "running", "turn": 0}
    )
    storage.run_sync(repo.record_move, sitting_id, {"turn": 1, "state": "{}", "deadline": 5.0},
                     {"hand_no": 1, "turn": 0, "seat": 0, "code": "a", "by": "player"})
    # A duplicate move (same hand and turn) violates the unique index: the
    # game row must not advance either.
    with pytest.raises(sqlite3.IntegrityError):
        storage.run_sync(repo.record_move, sitting_id, {"turn": 2, "state": "{\"x\":1}"},
                         {"hand_no": 1, "turn": 0, "seat": 1, "code": "b", "by": "player"})
    row = storage.run_sync(repo.get_sitting, sitting_id)
    assert row["turn"] == 1 and row["state"] == "{}" and row["deadline"] == 5.0
    assert [m["code"] for m in storage.run_sync(repo.moves_of, sitting_id, 1)] == ["a"]


def test_writes_are_committed_at_once(tmp_path, storage):
    """Another connection (a backup, the next process after a kill) sees
    every acknowledged write, and no transaction is left open after it."""
    sitting_id = storage.run_sync(
        repo.create_sitting, {"chat_id": -1, "game": "x", "status": "running", "turn": 0}
    )
    storage.run_sync(repo.record_move, sitting_id, {"turn": 1, "state": "{}"},
                     {"hand_no": 1, "turn": 0, "seat": 0, "code": "a", "by": "player"})
    storage.run_sync(repo.update_sitting, sitting_id, {"deadline": 7.5})
    assert storage.run_sync(lambda db: db.conn.in_transaction) is False
    con = sqlite3.connect(tmp_path / "t.sqlite3")
    row = con.execute("select turn, deadline from sittings where id = ?", [sitting_id]).fetchone()
    assert row == (1, 7.5)
    assert con.execute("select code from moves where sitting_id = ?",
                       [sitting_id]).fetchall() == [("a",)]
    con.close()


def test_active_sittings_and_users(storage):
    a = storage.run_sync(repo.create_sitting, {"chat_id": -1, "game": "x", "status": "running"})
    storage.run_sync(repo.create_sitting, {"chat_id": -2, "game": "x", "status": "finished"})
    c = storage.run_sync(repo.create_sitting, {"chat_id": -3, "game": "x", "status": "lobby"})
    assert [r["id"] for r in storage.run_sync(repo.active_sittings)] == [a, c]
    storage.run_sync(repo.set_user, 7, first_name="老王", started=0)
    storage.run_sync(repo.set_user, 7, started=1)
    u = storage.run_sync(repo.get_user, 7)
    assert u["first_name"] == "老王" and u["started"] == 1
    assert storage.run_sync(repo.get_user, 8) is None
    storage.run_sync(repo.set_chat, -1, lang="en")
    assert storage.run_sync(repo.get_chat, -1)["lang"] == "en"
    json.dumps(storage.run_sync(repo.get_sitting, a))


async def test_a_move_write_goes_ahead_of_queued_bookkeeping(storage):
    """run_first jumps every run still queued (not the one on the thread):
    a press is answered once its move is written."""
    import threading

    gate, order = threading.Event(), []

    def held(db):
        gate.wait(5)  # the thread is busy with this one
        order.append("held")

    def note(db, what):
        order.append(what)

    first = asyncio.ensure_future(storage.run(held))
    await asyncio.sleep(0.05)
    later = [asyncio.ensure_future(storage.run(note, f"later {i}")) for i in range(3)]
    await asyncio.sleep(0)
    move = asyncio.ensure_future(storage.run_first(note, "move"))
    await asyncio.sleep(0.05)
    gate.set()
    await asyncio.gather(first, move, *later)
    assert order == ["held", "move", "later 0", "later 1", "later 2"]


async def test_a_call_its_caller_gave_up_on_is_skipped_and_errors_reach_the_caller(storage):
    import threading

    gate, ran = threading.Event(), []
    busy = asyncio.ensure_future(storage.run(lambda db: gate.wait(5)))
    await asyncio.sleep(0.05)
    gone = asyncio.ensure_future(storage.run(lambda db: ran.append(1)))
    await asyncio.sleep(0)
    gone.cancel()
    await asyncio.sleep(0.05)  # the cancel reaches its call on the loop's next turn
    gate.set()
    await busy
    with pytest.raises(ZeroDivisionError):
        await storage.run(lambda db: 1 / 0)
    assert ran == []
    storage.close()
    with pytest.raises(RuntimeError):
        storage.run_sync(lambda db: None)

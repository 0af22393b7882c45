"""Keyboards that must go (migration m007): written with the change that
made them stale, in one transaction, and forgotten once taken off."""

import sqlite3

import pytest

from storage import repo
from storage.db import Storage


@pytest.fixture
def storage(tmp_path):
    s = Storage(str(tmp_path / "t.sqlite3"))
    yield s
    s.close()


def keyboards(storage):
    return [(r["chat_id"], r["message_id"], r["text"])
            for r in storage.run_sync(repo.stale_keyboards)]


def test_written_with_the_sitting_and_dropped_once_off(storage):
    sitting_id = storage.run_sync(repo.create_sitting,
                                  {"chat_id": -1, "game": "x", "status": "running"})
    stale = [{"chat_id": -1, "message_id": 5, "text": None},
             {"chat_id": 3, "message_id": 9, "text": "Ended."}]
    storage.run_sync(repo.update_sitting, sitting_id, {"status": "finished"}, stale)
    assert storage.run_sync(repo.get_sitting, sitting_id)["status"] == "finished"
    assert keyboards(storage) == [(-1, 5, None), (3, 9, "Ended.")]
    # listed again (a later change, a newer text): one row, the newer text
    storage.run_sync(repo.update_sitting, sitting_id, {},
                     [{"chat_id": 3, "message_id": 9, "text": "x"}])
    assert sorted(keyboards(storage)) == [(-1, 5, None), (3, 9, "x")]
    storage.run_sync(repo.drop_stale_keyboard, 3, 9)
    assert keyboards(storage) == [(-1, 5, None)]


def test_a_change_that_fails_leaves_no_keyboard_behind(storage):
    sitting_id = storage.run_sync(repo.create_sitting,
                                  {"chat_id": -1, "game": "x", "status": "running"})
    with pytest.raises(sqlite3.OperationalError):
        storage.run_sync(repo.update_sitting, sitting_id, {"no_such_column": 1},
                         [{"chat_id": -1, "message_id": 5, "text": None}])
    with pytest.raises(sqlite3.IntegrityError):  # a bad row rolls the sitting's change back too
        storage.run_sync(repo.update_sitting, sitting_id, {"status": "finished"},
                         [{"chat_id": -1, "message_id": None, "text": None}])
    assert keyboards(storage) == []
    assert storage.run_sync(repo.get_sitting, sitting_id)["status"] == "running"


def test_recorded_with_the_move_that_settles_a_hand(storage):
    sitting_id = storage.run_sync(repo.create_sitting,
                                  {"chat_id": -1, "game": "x", "status": "running"})
    storage.run_sync(repo.record_move, sitting_id, {"turn": 1},
                     {"hand_no": 1, "turn": 0, "seat": 0, "code": "a", "by": "player"}, None,
                     [{"chat_id": -1, "message_id": 4, "text": None}])
    assert keyboards(storage) == [(-1, 4, None)]

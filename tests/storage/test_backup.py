"""`paiju db backup` while hands are being written, and `paiju db migrate`."""

from __future__ import annotations

import json
import random
import sqlite3
import threading

from bot.cli import main
from games import registry
from games.players import RandomPlayer, playout
from storage import repo
from storage.db import Storage
from storage.migrations import migrations


def test_backup_while_writing_has_every_committed_hand(tmp_path, capsys):
    live = tmp_path / "live.sqlite3"
    storage = Storage(str(live))
    final = playout(registry.get("dingniu").new_state(seed=1), RandomPlayer(), random.Random(1))
    sitting_id = storage.run_sync(repo.create_sitting, {
        "chat_id": -1, "game": "dingniu", "preset": "default", "status": "running",
        "seats": json.dumps([{"user_id": 10 + i, "name": f"p{i}"} for i in range(4)]),
    })
    committed = 0  # hands whose write has returned
    begun = 0  # hands whose write has begun: a copy may hold one before `committed` says so
    stop = threading.Event()
    failed: list[BaseException] = []

    def write() -> None:  # the bot's DB thread finishing hand after hand
        nonlocal committed, begun
        i = 0
        try:
            while not stop.is_set():
                i += 1
                begun = i
                move = {"hand_no": i, "turn": 0, "seat": 0, "code": "x", "by": "player"}
                net = json.dumps(final.result().net)
                hand = {"hand_no": i, "state": final.to_json(), "net": net}
                storage.run_sync(repo.record_move, sitting_id, {"hand_no": i}, move, hand)
                committed = i
        except BaseException as e:  # the test must see it, not wait for it
            failed.append(e)

    writer = threading.Thread(target=write)
    writer.start()
    try:
        copies = []
        while (len(copies) < 5 or committed < 50) and not failed:
            before = committed
            copy = tmp_path / f"copy{len(copies)}.sqlite3"
            assert main(["db", "backup", str(copy), "--db", str(live)]) == 0
            copies.append((before, begun, copy))
    finally:
        stop.set()
        writer.join()
        storage.close()
    assert not failed, failed
    assert "bytes" in capsys.readouterr().out
    for before, after, copy in copies:
        con = sqlite3.connect(copy)
        hands = [r[0] for r in con.execute("select hand_no from hands order by hand_no")]
        moves = con.execute("select count(*) from moves").fetchone()[0]
        hand_no = con.execute("select hand_no from sittings where id = ?",
                              [sitting_id]).fetchone()[0]
        assert con.execute("pragma integrity_check").fetchone()[0] == "ok"
        assert con.execute("pragma journal_mode").fetchone()[0] == "delete"  # one file
        con.close()
        # every hand committed before the copy began, none half-written
        assert before <= len(hands) <= after
        assert hands == list(range(1, len(hands) + 1))
        assert moves == len(hands) and (hand_no or 0) == len(hands)
    assert not list(tmp_path.glob("*.partial"))


def test_backup_of_a_missing_database_is_one_line(tmp_path, capsys):
    assert main(["db", "backup", str(tmp_path / "c"), "--db", str(tmp_path / "none")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "no database" in err[0]
    assert not (tmp_path / "none").exists()  # not created by looking


def test_migrate_brings_a_new_or_old_database_up_to_date(tmp_path, capsys):
    path = tmp_path / "m.sqlite3"
    assert main(["db", "migrate", "--db", str(path)]) == 0
    names = [m.name for m in migrations._migrations]
    assert capsys.readouterr().out.strip() == f"{path}: applied {', '.join(names)}"
    assert main(["db", "migrate", "--db", str(path)]) == 0
    assert capsys.readouterr().out.strip() == f"{path}: up to date"

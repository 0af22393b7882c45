"""Migration m009 (the table `games` becomes `sittings`, its references
`game_id` become `sitting_id`) on a database written before it: the bot
plays a sitting (hands, moves, ledger rows, a keyboard gone stale), the
group settles up, and the same rows are put in a database built by the
migrations before m009. `paiju db backup` copies it, `paiju db migrate`
brings the copy up to date: every row and foreign key survives, a stored
hand replays with `paiju replay`, and the bot started on it recovers the
sitting, whose buttons sent before the upgrade still work."""

import json
import sqlite3

from sqlite_utils import Database

from bot import cli, scores_text
from storage import ledger, tally
from storage.db import open_db
from storage.migrations import migrations
from tests.e2e.harness import GROUP, buttons_with, find_text, play_hand, start_game
from tests.e2e.test_scores import running

RENAMED = {"sittings": "games"}  # today's name → the name before m009
REFERENCES = ("moves", "hands", "ledger", "stale_keyboards")


def rows(path, table):
    con = sqlite3.connect(path)
    try:
        return con.execute(f"select * from {table} order by rowid").fetchall()
    finally:
        con.close()


def as_before_m009(made, old_path):
    """A database built by the migrations before m009 holding the rows of `made`."""
    new = Database(made)
    old = Database(old_path)
    migrations.apply(old, stop_before="m009_sittings")
    tables = [t for t in new.table_names() if not t.startswith("_")]
    for table in tables:
        data = [dict(r) for r in new[table].rows]
        if table in REFERENCES:
            for r in data:
                r["game_id"] = r.pop("sitting_id")
        if data:
            old[RENAMED.get(table, table)].insert_all(data)
    assert "sittings" not in old.table_names() and "game_id" in old["ledger"].columns_dict
    old.close()
    new.close()
    return tables


async def test_m009_keeps_every_row_and_the_bot_carries_on(people, toy, tmp_path, capsys):
    tg = people
    made = tmp_path / "made.sqlite3"
    async with running(tg, made):
        for uid in (1, 2):
            await tg.send_message(uid, uid, "/start")
        await start_game(tg, "toy", [1, 2], computers=1)
        await play_hand(tg, [1, 2])
        # the 🏁 message's 下一局, as it is in the chat before the upgrade
        nxt = await tg.wait_for(lambda: [p for p in buttons_with(tg, GROUP, "h:")
                                         if p[1].callback_data.endswith(":next")], timeout=10)
    # the group settles up (清账): a settlements row
    db = open_db(str(made))
    t = tally.tally(db, GROUP, "toy")
    assert t is not None
    assert tally.settle(db, GROUP, "toy", t["base"], t["through"], 1, "老王", 5.0, None)[0] == (
        "settled")
    db.close()
    assert rows(made, "moves") and rows(made, "ledger") and rows(made, "settlements")
    (sitting_id, status), = sqlite3.connect(made).execute("select id, status from sittings")
    assert status == "hand_over"

    old = tmp_path / "old.sqlite3"
    tables = as_before_m009(str(made), str(old))
    copy = tmp_path / "copy.sqlite3"
    assert cli.main(["db", "backup", str(copy), "--db", str(old)]) == 0
    assert cli.main(["db", "migrate", "--db", str(copy)]) == 0
    assert "applied m009_sittings" in capsys.readouterr().out
    # every row as the bot wrote it under today's names; the foreign keys point at `sittings`
    for table in tables:
        assert rows(copy, table) == rows(made, table), table
    con = sqlite3.connect(copy)
    assert con.execute("pragma integrity_check").fetchone() == ("ok",)
    assert con.execute("pragma foreign_key_check").fetchall() == []
    fks = {(t, r[3], r[2], r[4]) for t in REFERENCES
           for r in con.execute(f"pragma foreign_key_list({t})")}
    assert {f for f in fks if f[2] == "sittings"} == {
        ("moves", "sitting_id", "sittings", "id"), ("hands", "sitting_id", "sittings", "id"),
        ("ledger", "sitting_id", "sittings", "id")}
    indexes = {r[0] for r in con.execute("select name from sqlite_master where type = 'index'")}
    assert not [i for i in indexes if "game_id" in i or "_games_" in i]
    hand_id = con.execute("select id from hands where sitting_id = ?", [sitting_id]).fetchone()[0]
    con.close()

    # `paiju replay` of the stored hand gives the ledger's result
    db = open_db(str(copy))
    h = ledger.hand(db, hand_id)
    db.close()
    assert h is not None and h["sitting_id"] == sitting_id
    name, data = scores_text.record_file(h)
    (tmp_path / name).write_bytes(data)
    capsys.readouterr()
    assert cli.main(["replay", str(tmp_path / name)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["over"] and out["result"]["net"] == [r["net"] for r in h["ledger"]]

    # the bot on the migrated copy: the sitting is recovered and the 下一局
    # button sent before the upgrade deals hand 2, played to its end
    async with running(tg, copy):
        m, b = nxt[-1]
        await tg.press(1, GROUP, m.message_id, b.callback_data)
        await play_hand(tg, [1, 2], ends=2)
    assert len(find_text(tg, GROUP, "🏁")) == 2
    con = sqlite3.connect(copy)
    assert con.execute("select hand_no, status from sittings where id = ?",
                       [sitting_id]).fetchone() == (2, "hand_over")
    assert con.execute("select count(distinct hand_no) from ledger where sitting_id = ?",
                       [sitting_id]).fetchone() == (2,)
    con.close()

"""`paiju run` killed with SIGKILL right after a hand ends, then restarted:
the hand's ledger rows exist exactly once and the 🏁 message is delivered."""

import asyncio
import os
import signal
import sqlite3
import subprocess
import sys

from tests.e2e.harness import bot_messages, find_text

ME = 1


def bot_process(tg, db, log):
    env = {**os.environ, "BOT_TOKEN": tg.token, "PAIJU_API_BASE": tg.base_url,
           "PAIJU_DB": str(db), "PAIJU_COMPUTER_DELAY": "0.01", "PAIJU_AI_BUDGET": "0.05",
           "PAIJU_TURN_TIMEOUT": "0.3", "PAIJU_WEEKLY_POST": "0", "PAIJU_AI_WORKERS": "1"}
    no_settings = db.parent / "empty.env"  # only the environment above counts
    no_settings.write_text("")
    return subprocess.Popen(
        [sys.executable, "-m", "bot.cli", "run", "--env-file", str(no_settings)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=log.open("ab"),
    )


def ledger_rows(db) -> list[tuple]:
    if not db.exists():
        return []
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        return con.execute("select sitting_id, hand_no, seat, net from ledger").fetchall()
    except sqlite3.OperationalError:
        return []  # not migrated yet
    finally:
        con.close()


async def test_sigkill_after_a_hand_ends_is_posted_once_and_still_tells(people, tmp_path):
    tg = people
    db = tmp_path / "db.sqlite3"
    log = tmp_path / "bot.log"
    proc = bot_process(tg, db, log)
    try:
        await tg.send_message(ME, ME, "/new xianniu")
        await tg.wait_for(lambda: len(bot_messages(tg, ME)) >= 2, timeout=30)  # table + hand
        # The 🏁 message is the next new message here: its send is lost, as if
        # the bot died between storing the result and telling the table.
        tg.inject_disconnect(method="sendMessage", chat_id=ME)
        # Nobody taps: the turn timer lets the computer play for the absent
        # player (托管), so the hand ends in seconds. Kill the bot the moment
        # the hand's result is in the database.
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 120
        while not ledger_rows(db):
            assert loop.time() < deadline, log.read_text()[-3000:]
            await asyncio.sleep(0.01)
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
        rows = ledger_rows(db)
        assert len(rows) == 3 and sum(r[3] for r in rows) == 0
        assert find_text(tg, ME, "🏁") == []  # it really was lost
        tg.faults.clear()  # killed before even trying: the next bot's send must not be cut

        proc = bot_process(tg, db, log)
        told = await tg.wait_for(lambda: find_text(tg, ME, "🏁"), timeout=60)
        assert len(told) == 1
        assert sorted(ledger_rows(db)) == sorted(rows)  # exactly once, unchanged
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGKILL)  # nothing left to check: no graceful stop
            proc.wait(10)

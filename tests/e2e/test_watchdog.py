"""The stuck-table watchdog: rows written straight into SQLite that no timer
or computer move could ever move on are found at start-up (and by every
sweep), logged at ERROR and repaired."""

import json
import logging
import sqlite3

from bot import watchdog
from bot.sitting import Seat, Sitting
from games import registry
from storage import repo
from storage.db import open_db
from tests.e2e.harness import find_text, running

OVER_WHEN_DEALT = 386  # xianniu


def write_row(db_path, chat_id, seed, seats, **kw) -> int:
    g = registry.get("xianniu")
    st = g.new_state(g.preset("default"), 3, seed)
    s = Sitting(id=0, chat_id=chat_id, game="xianniu", preset="default", variant=st.variant,
                status="running", creator_id=1, seats=seats, hand_no=1, seed=seed, state=st,
                totals=[0, 0, 0], **kw)
    db = open_db(str(db_path))
    try:
        return repo.create_sitting(db, s.to_row())
    finally:
        db.conn.close()


async def test_stuck_rows_are_found_logged_and_repaired(people, tmp_path, caplog):
    tg = people
    for chat in (-2001, -2002, -2003):
        tg.add_group(chat, f"群{chat}", members=[1, 2, 3], admins=[1])
    db = tmp_path / "db.sqlite3"
    people3 = [Seat(1, "老王"), Seat(2, "小李"), Seat(3, "阿强")]
    over = write_row(db, -2001, OVER_WHEN_DEALT, people3)  # over, yet "running"
    untimed = write_row(db, -2002, 1, people3, deadline=None)  # someone to act, no timer
    computers = write_row(db, -2003, 2, [Seat(None), Seat(None), Seat(None)])
    caplog.set_level(logging.ERROR, logger="bot.watchdog")
    async with running(tg, db, computer_delay=600.0) as app:
        svc = app.service
        stuck = {r.getMessage().split()[1] for r in caplog.records if "is stuck" in r.getMessage()}
        assert stuck == {str(over), str(untimed)}
        # the deal that was over: scored through the end-of-hand path
        assert svc.sittings[over].status == "hand_over"
        end = await tg.wait_for(lambda: find_text(tg, -2001, "🏁")[0], timeout=15)
        assert [b.callback_data for b in tg.buttons(-2001, end.message_id)][0].endswith(":next")
        con = sqlite3.connect(db)
        status, totals = con.execute(
            "select status, totals from sittings where id = ?", [over]
        ).fetchone()
        (net,) = con.execute("select net from hands where sitting_id = ?", [over]).fetchone()
        assert status == "hand_over" and json.loads(totals) == json.loads(net)
        # the untimed turn has its timer again, stored
        assert svc.scheduler.get_job(f"turn:{untimed}") is not None
        assert con.execute("select deadline from sittings where id = ?", [untimed]).fetchone()[0]
        # the computers' table had its move armed by recovery; lose it, then a sweep
        svc.timers.computer_moves.pop(computers).cancel()
        caplog.clear()
        assert await watchdog.sweep(svc) == 1
        assert svc.timers.computer_pending(computers)
        assert "no computer move pending" in caplog.records[0].getMessage()
        assert caplog.records[0].levelno == logging.ERROR
        assert await watchdog.sweep(svc) == 0  # nothing else is stuck
        assert svc.scheduler.get_job("watchdog") is not None  # and it sweeps every minute

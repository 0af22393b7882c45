"""The weekly leaderboard post, end to end with a fake clock: once per chat
and week, caught up after a downtime of 9 days, never to an idle chat."""

import asyncio
import contextlib
import json
import random
from datetime import datetime
from zoneinfo import ZoneInfo

from bot.app import App
from games import registry
from games.players import RandomPlayer, playout
from storage import ledger, repo
from storage.db import open_db
from tests.e2e.harness import bot_messages, config_for

ZONE = ZoneInfo("Asia/Shanghai")
A, B, C = -1001, -1002, -1003
BOARD = "🗓"


def at(*args) -> float:
    return datetime(*args, tzinfo=ZONE).timestamp()


def seed_hand(path, chat_id, when, humans=(1, 2), seed=1):
    """A finished 掀牛 hand in `chat_id` at `when`, stored as the bot stores it."""
    st = playout(registry.get("xianniu").new_state(seed=seed), RandomPlayer(), random.Random(seed))
    seats = [{"user_id": u, "name": f"u{u}", "tuoguan": False, "timeouts": 0} for u in humans]
    seats += [{"user_id": None, "name": "", "tuoguan": False, "timeouts": 0}] * (3 - len(humans))
    row = {"chat_id": chat_id, "game": "xianniu", "preset": "default", "variant": "{}",
           "status": "finished", "creator_id": humans[0], "seats": json.dumps(seats),
           "hand_no": 1, "state": st.to_json(), "totals": "[]", "msgs": "{}"}
    db = open_db(str(path))
    try:
        sitting_id = repo.create_sitting(db, row)
        with db.atomic():
            ledger.post(db, sitting_id, row, {"hand_no": 1, "state": st.to_json(), "at": when})
    finally:
        db.close()


def boards(tg, chat_id):
    return [m for m in bot_messages(tg, chat_id) if m.text.startswith(BOARD)]


@contextlib.asynccontextmanager
async def bot_at(tg, path, clock):
    app = App(config_for(tg, path), clock=lambda: clock[0])
    await app.start()
    try:
        await app.outbox.drain(10)
        yield app
    finally:
        await app.stop(drain=2)


async def test_weekly_post_once_caught_up_after_9_days_and_idle_chats_skipped(people, tmp_path):
    tg = people
    tg.add_group(B, "B群", members=[1, 2, 3], admins=[1])
    tg.add_group(C, "C群", members=[1, 2], admins=[1])
    db = tmp_path / "db.sqlite3"
    # Week of Mon 11-02: A and B play; the last hand at Sunday 23:59:59.
    seed_hand(db, A, at(2026, 11, 4, 20, 0))
    seed_hand(db, B, at(2026, 11, 8, 23, 59, 59), humans=(1, 3), seed=2)
    # Week of Mon 11-09: only A plays (Monday 00:00:00 sharp counts here).
    seed_hand(db, A, at(2026, 11, 9, 0, 0, 0), seed=3)
    # C played long ago (outside the catch-up horizon) and never since.
    seed_hand(db, C, at(2026, 9, 2, 12, 0), seed=4)
    clock = [at(2026, 11, 8, 12, 0)]

    async with bot_at(tg, db, clock) as app:
        assert boards(tg, A) == boards(tg, B) == []  # no week is over yet
        clock[0] = at(2026, 11, 9, 0, 4, 59)
        assert await app.weekly.run() == 0  # Monday 00:04:59: not yet
        clock[0] = at(2026, 11, 9, 0, 5)  # the cron job fires Monday 00:05
        # The cron job and a start-up run at the same moment: two posts, not four.
        assert sum(await asyncio.gather(app.weekly.run(), app.weekly.run())) == 2
        assert await app.weekly.run() == 0  # a later firing posts nothing
        await app.outbox.drain(10)
        a, b = boards(tg, A), boards(tg, B)
        assert len(a) == len(b) == 1
        assert "11月2日 – 11月8日" in a[0].text and "u1" in a[0].text
        assert "u3" in b[0].text and "u2" not in b[0].text  # B's 23:59:59 hand is in that week
        job = app.scheduler.get_job("weekly")
        # hourly at :05, so every chat's own Monday 00:05 (its /settings zone) is met
        nxt = job.trigger.get_next_fire_time(None, datetime(2026, 11, 9, 0, 6, tzinfo=ZONE))
        assert nxt == datetime(2026, 11, 9, 1, 5, tzinfo=ZONE)

    # Down from Sunday 11-15 22:00 for 9 days: the posts of Mondays 11-16
    # and 11-23 were missed. At start-up: A's week 11-09 (played), not the
    # idle week 11-16, nothing for B (idle) or C (idle for months).
    clock[0] = at(2026, 11, 24, 22, 0)
    async with bot_at(tg, db, clock) as app:
        a = boards(tg, A)
        assert len(a) == 2 and "11月9日 – 11月15日" in a[1].text
        assert len(boards(tg, B)) == 1 and boards(tg, C) == []

    # Another restart the same day: nothing is posted twice.
    async with bot_at(tg, db, clock) as app:
        assert len(boards(tg, A)) == 2 and len(boards(tg, B)) == 1


async def test_a_post_queued_but_never_sent_goes_out_at_start_oldest_first(people, tmp_path):
    tg = people
    db = tmp_path / "db.sqlite3"
    seed_hand(db, A, at(2026, 11, 4, 20, 0))
    seed_hand(db, A, at(2026, 11, 11, 20, 0), seed=3)
    # The bot claimed week 11-02 and was killed before Telegram took the post.
    d = open_db(str(db))
    ledger.claim_weekly_post(d, A, "2026-11-02", at(2026, 11, 9, 0, 5))
    d.close()
    clock = [at(2026, 11, 17, 9, 0)]
    async with bot_at(tg, db, clock):
        a = boards(tg, A)
        weeks = [("11月2日" in m.text, "11月9日" in m.text) for m in a]
        assert weeks == [(True, False), (False, True)]
    d = open_db(str(db))
    posts = [ledger.weekly_post(d, A, w) for w in ("2026-11-02", "2026-11-09")]
    d.close()
    assert all(p["message_id"] for p in posts)


async def test_weekly_post_off(people, tmp_path):
    tg = people
    db = tmp_path / "db.sqlite3"
    seed_hand(db, A, at(2026, 11, 4, 20, 0))
    clock = [at(2026, 11, 9, 0, 5)]
    app = App(config_for(tg, db, weekly_post=False), clock=lambda: clock[0])
    await app.start()
    try:
        assert await app.weekly.run() == 0
        await app.outbox.drain(5)
        assert boards(tg, A) == []
    finally:
        await app.stop(drain=0.5)

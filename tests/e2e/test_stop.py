"""`paiju run` stopped under load: SIGTERM while people press and computers
think ends the process cleanly (exit 0, nothing logged at ERROR, no worker
left); SIGKILL leaves no computer worker behind."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from tests.e2e.harness import bot_messages, default_choice, move_buttons
from tests.fakes.models import FakeTelegramError
from tests.procs import HAS_PROC, alive, cmdline, descendants

PLAYERS = range(101, 121)  # twenty practice tables: one person, computers in the other seats

pytestmark = pytest.mark.skipif(not HAS_PROC, reason="reads /proc")


def bot_process(tg, tmp_path: Path, **env: str) -> subprocess.Popen:
    settings = {"BOT_TOKEN": tg.token, "PAIJU_API_BASE": tg.base_url,
                "PAIJU_DB": str(tmp_path / "db.sqlite3"), "PAIJU_COMPUTER_DELAY": "0.02",
                "PAIJU_AI_BUDGET": "0.05", "PAIJU_TURN_TIMEOUT": "2", "PAIJU_AI_WORKERS": "1",
                "PAIJU_WEEKLY_POST": "0", "PAIJU_POLLING_TIMEOUT": "1", **env}
    empty = tmp_path / "empty.env"  # only the settings above count
    empty.write_text("")
    return subprocess.Popen(
        [sys.executable, "-m", "bot.cli.main", "run", "--env-file", str(empty)],
        env={**os.environ, **settings}, stdout=subprocess.DEVNULL,
        stderr=(tmp_path / "bot.log").open("ab"),
    )


def shown(tg, uid: int):
    """The button a person would tap now: a legal move, else 下一局."""
    moves = move_buttons(tg, uid)
    if moves:
        return default_choice(moves)
    ends = [(m, b) for m in bot_messages(tg, uid) for b in tg.buttons(uid, m.message_id)
            if (b.callback_data or "").startswith("h:") and b.callback_data.endswith(":next")]
    return ends[-1] if ends else None


async def keep_playing(tg, uid: int) -> None:
    """A person who taps as soon as something new shows."""
    seen: tuple | None = None
    while True:
        pair = shown(tg, uid)
        if pair is not None and seen != (pair[0].message_id, pair[0].edits, pair[1].callback_data):
            m, b = pair
            seen = (m.message_id, m.edits, b.callback_data)
            with contextlib.suppress(FakeTelegramError):  # the message changed under us
                await tg.press(uid, uid, m.message_id, b.callback_data, wait=False)
        await asyncio.sleep(0.01)


async def under_load(tg, proc, moves: int):
    """Practice tables started, people pressing; returns once the bot has
    made `moves` edits (moves are flowing) and its workers run."""
    for uid in PLAYERS:
        tg.add_user(uid, f"P{uid}", started=True)
    for uid in PLAYERS:
        await tg.send_message(uid, uid, "/new xianniu")
    players = [asyncio.ensure_future(keep_playing(tg, uid)) for uid in PLAYERS]
    await tg.wait_for(lambda: len(tg.calls("editMessageText")) >= moves, timeout=120)
    return players


async def sigterm_mid_presses(tg, proc, db_path: Path, hold: float = 1.0) -> int:
    """SIGTERM while presses are being handled: the database held for a
    moment (as a busy disk would), every person taps at once, and once the
    bot has read those taps it is told to stop. Returns its exit code."""
    db = sqlite3.connect(db_path, timeout=30, isolation_level=None)
    try:
        db.execute("BEGIN IMMEDIATE")  # the bot's writes wait (its busy timeout is 5 s)
        for uid in PLAYERS:
            pair = shown(tg, uid)
            if pair is not None:
                with contextlib.suppress(FakeTelegramError):
                    await tg.press(uid, uid, pair[0].message_id, pair[1].callback_data, wait=False)
        await tg.wait_for(lambda: not tg.queue.pending(), timeout=30)  # read by the bot
        proc.send_signal(signal.SIGTERM)
        await asyncio.sleep(hold)
    finally:
        db.close()  # the taps' writes go through: their handlers carry on while it stops
    return await asyncio.get_running_loop().run_in_executor(None, proc.wait, 60)


async def ended(pids, what: str, timeout: float = 10.0) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while alive_ := [(p, cmdline(p)) for p in pids if alive(p)]:
        assert loop.time() < end, f"{what}: {alive_}"
        await asyncio.sleep(0.05)


@contextlib.asynccontextmanager
async def loaded_bot(tg, tmp_path: Path, moves: int, **env: str):
    """`paiju run` with people playing at it; yields (process, its workers,
    the people's tasks; the processes as {pid: command line}). Whatever
    happens, the people stop and the bot ends."""
    proc = bot_process(tg, tmp_path, **env)
    players: list[asyncio.Future] = []
    try:
        players = await under_load(tg, proc, moves)
        await tg.wait_for(lambda: descendants(proc.pid), timeout=30)
        workers = {pid: cmdline(pid) for pid in descendants(proc.pid)}
        yield proc, workers, players
    finally:
        for p in players:
            p.cancel()
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)


async def test_sigterm_under_load_stops_without_an_error(fake_telegram, tmp_path):
    tg = fake_telegram
    async with loaded_bot(tg, tmp_path, moves=40) as (proc, workers, players):
        for p in players:
            p.cancel()
        rc = await sigterm_mid_presses(tg, proc, tmp_path / "db.sqlite3")
    log = (tmp_path / "bot.log").read_text()
    assert rc == 0, log[-3000:]
    assert " ERROR " not in log and "Traceback" not in log, log[-5000:]
    assert "stopped" in log
    # The computers' workers end before the bot does (the pool joins them);
    # multiprocessing's resource tracker, also the bot's child, ends as soon
    # as it sees the bot gone.
    thinkers = {w: cmd for w, cmd in workers.items() if "spawn_main" in cmd}
    assert thinkers and not [w for w in thinkers if alive(w)], thinkers
    await ended(workers, "a process of the bot outlived it")


async def test_sigkill_leaves_no_computer_worker_behind(fake_telegram, tmp_path):
    tg = fake_telegram
    # a long budget: the workers are mid-search when the bot is killed
    async with loaded_bot(tg, tmp_path, moves=5, PAIJU_AI_BUDGET="2") as (proc, workers, _):
        assert any("spawn_main" in cmd for cmd in workers.values()), workers
        proc.kill()
        proc.wait(10)
        await ended(workers, "a worker outlived the bot")

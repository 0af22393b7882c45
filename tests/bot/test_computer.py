"""Computer moves in the bot (bot/computer.py): thought in worker processes
that die, are replaced and leak nothing; the pool's size from the config;
the figures `paiju healthcheck --verbose` shows; and the thread pool of the
bot before issue 35, kept to compare against."""

import asyncio
import os
import random
import signal
import time
from pathlib import Path
from types import SimpleNamespace

import pytest

from bot import catalog, computer
from bot.callbacks import MAX_BYTES, MoveCB, MoveIndexCB, move_button_data
from bot.config import Config
from games import players
from games.base import Move
from games.players import fallback, quick
from games.pool import default_size
from tests.procs import HAS_PROC, children, open_fds


class _Steady:
    """A heuristic player that always answers one given move."""

    name = "heuristic"

    def __init__(self, code):
        self.code = code

    def choose(self, state, seat, rng):
        return self.code


def _service(**config):
    from bot.service import Service

    return Service(Config(token="1:x", **config), None, None, None, None)


async def test_the_old_thread_pool_plays_the_heuristic_when_a_move_runs_over(monkeypatch):
    from bot.sitting import Seat, Sitting

    game_id = catalog.landed()[0]
    state = catalog.game(game_id).new_state(seed=5)
    seat = state.to_act()[0]
    legal = [m.code for m in state.legal_moves(seat) if isinstance(m, Move)]
    slow_pick, quick_pick = legal[0], legal[-1]
    gate = __import__("threading").Event()

    def slow(s, q, r, b):
        gate.wait(5)  # a Monte Carlo player stuck behind other tables
        return slow_pick

    ai = SimpleNamespace(choose=slow, heuristic=lambda: _Steady(quick_pick))
    monkeypatch.setattr(players, "ai_module", lambda game_id: ai)
    service = _service(ai_budget=0.05, ai_workers=0)
    assert isinstance(service.turns.thinker, computer.Threads)
    seats = [Seat(None)] * catalog.game(game_id).default_seats
    sitting = Sitting(id=1, chat_id=-1, game=game_id, preset="default", variant={},
                      status="running", creator_id=1, seats=seats, state=state)
    try:
        assert await service.turns.think(sitting, seat) == quick_pick
        assert service.turns.thinker.figures()["over_time"] == 1
    finally:
        gate.set()
        await service.turns.thinker.close()


def test_the_pools_size_comes_from_the_settings(monkeypatch):
    from bot import config

    assert _service(ai_workers=3).turns.thinker.pool.size == 3
    assert _service().turns.thinker.pool.size == default_size()
    assert isinstance(_service(ai_workers=0).turns.thinker, computer.Threads)
    monkeypatch.setattr(os, "sched_getaffinity", lambda _pid: {0, 1, 2, 3})
    assert _service().turns.thinker.pool.size == 4  # one per core (below the bot's priority)
    loaded = config.load({"BOT_TOKEN": "1:abcdef", "PAIJU_AI_WORKERS": "2"}, Path("/nonexistent"))
    assert loaded.ai_workers == 2
    with pytest.raises(config.ConfigError, match="PAIJU_AI_WORKERS"):
        config.load({"BOT_TOKEN": "1:abcdef", "PAIJU_AI_WORKERS": "-1"}, Path("/nonexistent"))


def _searching_position(game_id="xianniu"):
    """A position where the Monte Carlo player weighs several moves."""
    game = catalog.game(game_id)
    for seed in range(50):
        state = game.new_state(seed=seed)
        seat = state.to_act()[0]
        if players.decide(state, seat, random.Random(1), worlds=2).stop == "worlds":
            return state, seat
        rng = random.Random(seed)
        state.apply(seat, fallback(state, seat, rng))
        seat = state.to_act()[0]
        if players.decide(state, seat, random.Random(1), worlds=2).stop == "worlds":
            return state, seat
    raise AssertionError("no position with a search")


async def _kill_while_busy(thinker, times: int) -> list[int]:
    """SIGKILL the worker thinking, `times` times (each time the move is
    running again on a new worker)."""
    killed: list[int] = []
    while len(killed) < times:
        f = thinker.pool.figures()
        pids = [p for p in thinker.pool.pids() if p not in killed]
        if f.busy and pids:
            os.kill(pids[0], signal.SIGKILL)
            killed.append(pids[0])
        await asyncio.sleep(0.005)
    return killed


async def test_a_worker_killed_mid_move_is_replaced_and_the_move_thought_again():
    state, seat = _searching_position()
    thinker = computer.Processes(1)
    try:
        now = time.monotonic()
        move = asyncio.ensure_future(
            thinker.move(state, seat, "9:1:0:0", 2.0, now, now + 30))  # long enough to kill
        killed = await _kill_while_busy(thinker, 1)
        code = await move
        assert code in {m.code for m in state.legal_moves(seat) if isinstance(m, Move)}
        f = thinker.figures()
        assert (f["moves"], f["heuristic"], f["restarts"], f["retried"]) == (1, 0, 1, 1)
        assert killed[0] not in thinker.pool.pids() and len(thinker.pool.pids()) == 1
    finally:
        await thinker.close()


async def test_a_move_whose_worker_dies_twice_is_the_heuristics(caplog):
    state, seat = _searching_position()
    thinker = computer.Processes(1)
    try:
        now = time.monotonic()
        move = asyncio.ensure_future(thinker.move(state, seat, "9:1:0:0", 5.0, now, now + 30))
        await _kill_while_busy(thinker, 2)
        assert await move == quick(state, seat, random.Random("9:1:0:0:quick"))
        f = thinker.figures()
        assert (f["moves"], f["heuristic"], f["restarts"]) == (1, 1, 2)
        assert any("the heuristic plays" in r.message and r.levelname == "WARNING"
                   for r in caplog.records)
    finally:
        await thinker.close()


@pytest.mark.skipif(not HAS_PROC, reason="counts /proc/self/fd")
async def test_a_thousand_moves_leak_no_file_descriptor_and_no_process():
    game = catalog.game("dingniu")
    positions = []
    for seed in range(40):
        state = game.new_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_over():
            seat = state.to_act()[0]
            positions.append((state.copy(), seat))
            state.apply(seat, fallback(state, seat, rng))
    before_children = children(os.getpid(), zombies=True)
    thinker = computer.Processes(1)
    try:
        async def moves(n: int) -> None:
            for k in range(n):
                state, seat = positions[k % len(positions)]
                now = time.monotonic()
                await thinker.move(state, seat, f"1:1:{k}:{seat}", 0.002, now, now + 30)

        await moves(10)  # the worker started, the pipes open
        fds, kids = open_fds(), children(os.getpid())
        await moves(1_000)
        assert open_fds() == fds
        assert children(os.getpid()) == kids
        assert thinker.figures()["moves"] == 1_010
    finally:
        await thinker.close()
    assert children(os.getpid(), zombies=True) == before_children  # gone, not a zombie


async def test_after_the_stop_no_task_starts():
    service = _service()
    ran = []

    async def job():
        ran.append(1)

    service.spawn(job())
    await asyncio.sleep(0)
    await service.close()
    late = service.spawn(job())
    await asyncio.gather(late, return_exceptions=True)
    assert ran == [1] and late.cancelled()


def test_healthcheck_verbose_shows_the_computers_figures(tmp_path, capsys):
    from bot.cli import main
    from bot.heartbeat import beat, figures_path, write_figures

    hb = tmp_path / "hb"
    beat(hb)
    assert main(["healthcheck", "--file", str(hb), "--verbose"]) == 0
    assert "computers: no figures" in capsys.readouterr().out
    figures = computer.Processes(2).figures()
    figures.update(moves=1234, over_time=5, heuristic=2, queued=3, queued_most=17)
    write_figures(figures_path(hb), {"computers": figures})
    assert main(["healthcheck", "--file", str(hb), "-v"]) == 0
    out = capsys.readouterr().out
    assert "1234 moves (5 over time, 2 by the heuristic)" in out
    assert "2 worker processes" in out and "queue 3 (at most 17)" in out
    assert main(["healthcheck", "--file", str(hb)]) == 0
    assert "computers" not in capsys.readouterr().out  # only when asked


def test_callback_data_fits_64_bytes_or_uses_the_move_index():
    short = move_button_data(123456, 12, 999, "LAc", 4)
    assert short == "m:123456:12:999:LAc" and MoveCB.unpack(short).c == "LAc"
    long_code = "P" + "9h" * 40
    data = move_button_data(123456, 12, 999, long_code, 17)
    assert len(data.encode()) <= MAX_BYTES and MoveIndexCB.unpack(data).i == 17
    assert MoveIndexCB.unpack(move_button_data(1, 1, 2, "a:b", 3)).i == 3  # ':' is the separator

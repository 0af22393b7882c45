"""Computer players in the bot: where their moves are thought, and what the
host is told about it. The policy (the game's Monte Carlo player, its
heuristic when that fails, else legal moves only) is game policy in
games/players.py.

`Processes` (the default) thinks in worker processes (games/pool.py,
`PAIJU_AI_WORKERS` of them: one per core, below the bot's priority), so
thinking uses every core the event loop leaves, and the loop only sends a
move's record and receives its code. The search's budget is CPU time of the worker, so a
loaded machine does not silently weaken play; a wall-clock deadline still
bounds how long a table waits: the worker then plays its best so far. When
every worker is busy, moves wait in the pool's queue, the turn that has
waited longest first. A worker that dies is replaced and its move thought
again once; after that, or when no answer comes by the deadline, the
heuristic plays (logged).

`Threads` (`PAIJU_AI_WORKERS=0`) is the bot before issue 35, kept to compare
against (`python -m bench.computers`): a thread pool in the bot's own
process, the budget on the wall clock, the heuristic after twice the budget
plus 0.5 s.
"""

from __future__ import annotations

import asyncio
import logging
import pathlib
import random
import statistics
import time
from collections import deque
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Protocol

from bot import heartbeat
from games import thinking
from games.base import State
from games.players import Decision, decide, fallback, quick
from games.pool import PoolClosed, WorkerDied, default_size

__all__ = ["Processes", "Thinker", "Threads", "fallback", "make"]

log = logging.getLogger("bot.service")

THINK_GRACE = 0.5  # seconds a move may wait for a worker, beyond twice its budget
NO_ANSWER = 1.0  # seconds past its deadline before the bot stops waiting for a worker
KEPT = 2000  # recent searches whose worlds are kept for the figures
REPORT_EVERY = 10.0  # seconds between two writes of the figures file
LOG_EVERY = 60.0  # seconds between two lines in the log (when computers moved)
COUNTS = ("moves", "over_time", "heuristic")


@dataclass
class Tally:
    """What the computers did: every move, and how it was found."""

    moves: int = 0
    searched: int = 0  # moves with a search (more than one candidate)
    over_time: int = 0  # searches cut short by their deadline
    heuristic: int = 0  # moves the heuristic played without a search result
    worlds: deque[int] = field(default_factory=lambda: deque(maxlen=KEPT))
    cpu: deque[float] = field(default_factory=lambda: deque(maxlen=KEPT))

    def add(self, d: Decision) -> None:
        self.moves += 1
        self.cpu.append(d.cpu)
        if d.stop == "heuristic" or d.bare:
            self.heuristic += 1
        if d.stop not in ("forced", "search", "heuristic"):
            self.searched += 1
            self.worlds.append(d.worlds)
        if d.stop == "deadline":
            self.over_time += 1

    def unanswered(self) -> None:
        """No decision came back (worker gone twice, or too late): the heuristic played."""
        self.moves += 1
        self.over_time += 1
        self.heuristic += 1


class Thinker(Protocol):
    ahead: bool  # think during the computer's pause (the move waits for both)
    tally: Tally

    def start(self) -> None: ...

    async def move(self, state: State, seat: int, seed: str, budget: float, since: float,
                   deadline: float) -> str: ...

    def figures(self, reset: bool = False) -> dict[str, Any]: ...

    async def close(self) -> None: ...


def make(workers: int | None) -> Thinker:
    """The thinker `PAIJU_AI_WORKERS` asks for: None → one worker per core;
    0 → the old thread pool."""
    if workers == 0:
        return Threads()
    return Processes(default_size() if workers is None else workers)


def deadline_for(budget: float, pause: float = 0.0, now: float | None = None) -> float:
    """By when a computer's move must be answered (time.monotonic()): its
    pause, then no longer than the bot before issue 35 let a table wait
    (twice the budget plus THINK_GRACE)."""
    return (time.monotonic() if now is None else now) + pause + 2 * budget + THINK_GRACE


class Processes:
    ahead = True

    def __init__(self, workers: int) -> None:
        self.pool = thinking.pool(workers)
        self.tally = Tally()
        self.closed = False

    def start(self) -> None:
        """The workers start importing the engines (the bot starts them with
        itself, so moves recovered at start-up find them ready)."""
        self.pool.start()

    async def move(self, state: State, seat: int, seed: str, budget: float, since: float,
                   deadline: float) -> str:
        """`seat`'s move in `state`, thought in a worker; `since` (monotonic)
        orders the queue: the turn that began to wait first goes first."""
        if self.closed:
            raise asyncio.CancelledError  # the bot is stopping: recovery moves on restart
        task = thinking.ask(state, seat, seed, budget, deadline)
        game = seed.split(":")[0]
        try:
            work = asyncio.wrap_future(self.pool.submit(thinking.think, task, key=since))
            wait = max(0.0, deadline - time.monotonic()) + NO_ANSWER
            d: Decision = await asyncio.wait_for(work, wait)
        except PoolClosed:
            raise asyncio.CancelledError from None
        except WorkerDied as e:
            log.warning("game %s: no computer worker could think this move (%s); "
                        "the heuristic plays", game, e)
        except TimeoutError:
            log.warning("game %s: no answer from the computer workers by the deadline; "
                        "the heuristic plays", game)
        else:
            self.tally.add(d)
            if d.stop == "deadline":
                log.debug("game %s: computer search cut at its deadline after %d worlds",
                          game, d.worlds)
            return d.code
        self.tally.unanswered()
        return await asyncio.to_thread(quick, state.copy(), seat, random.Random(seed + ":quick"))

    def figures(self, reset: bool = False) -> dict[str, Any]:
        p = self.pool.figures(reset)
        waits = sorted(p.waits)
        return {
            **_tally(self.tally), "mode": "processes", "workers": p.size, "alive": p.alive,
            "busy": p.busy, "queued": p.queued, "queued_most": p.queued_most,
            "wait_p99_ms": round(waits[int(0.99 * (len(waits) - 1))] * 1e3, 1) if waits else 0.0,
            "restarts": p.deaths, "retried": p.retried, "broken": p.broken,
        }

    async def close(self) -> None:
        """Queued moves are dropped (their tables move again after a
        restart); each worker finishes the move it holds, then exits."""
        self.closed = True
        await asyncio.to_thread(self.pool.close, 5.0)


class Threads:
    """The bot before issue 35 (see the module's docstring)."""

    ahead = False

    def __init__(self, threads: int = 2) -> None:
        self.executor = ThreadPoolExecutor(threads, thread_name_prefix="paiju-ai")
        self.tally = Tally()
        self.closed = False

    def start(self) -> None:
        pass  # threads start with their first move

    async def move(self, state: State, seat: int, seed: str, budget: float, since: float,
                   deadline: float) -> str:
        if self.closed:
            raise asyncio.CancelledError
        loop = asyncio.get_running_loop()
        state = state.copy()
        think = partial(decide, state, seat, random.Random(seed), budget, cpu_time=False)
        try:
            d = await asyncio.wait_for(loop.run_in_executor(self.executor, think),
                                       timeout=2 * budget + THINK_GRACE)
        except TimeoutError:
            log.warning("game %s: computer move over time; the heuristic plays", seed.split(":")[0])
            self.tally.unanswered()
            return quick(state, seat, random.Random(seed + ":quick"))
        self.tally.add(d)
        return d.code

    def figures(self, reset: bool = False) -> dict[str, Any]:
        return {**_tally(self.tally), "mode": "threads"}

    async def close(self) -> None:
        self.closed = True
        self.executor.shutdown(wait=False, cancel_futures=True)


def _tally(t: Tally) -> dict[str, Any]:
    return {
        "moves": t.moves, "searched": t.searched, "over_time": t.over_time,
        "heuristic": t.heuristic,
        "worlds_p50": statistics.median(t.worlds) if t.worlds else 0,
        "cpu_ms_mean": round(statistics.fmean(t.cpu) * 1e3, 1) if t.cpu else 0.0,
    }


def summary(f: dict[str, Any], before: dict[str, Any] | None = None) -> str:
    """One line for the log and `paiju healthcheck --verbose`; with `before`,
    the moves since then."""
    n = {k: f[k] - (before[k] if before else 0) for k in COUNTS}
    line = (f"{n['moves']} moves ({n['over_time']} over time, {n['heuristic']} by the heuristic), "
            f"worlds a search p50 {f['worlds_p50']:g}")
    if f.get("mode") == "processes":
        es = "es" if f["workers"] != 1 else ""
        line += (f"; {f['workers']} worker process{es} ({f['busy']} busy), queue {f['queued']} "
                 f"(at most {f['queued_most']}), queue wait p99 {f['wait_p99_ms']:g} ms, "
                 f"{f['restarts']} restarts")
        if f["broken"]:
            line += "; BROKEN: workers die at start-up, the heuristic plays"
    else:
        line += "; threads in the bot's process"
    return line


async def report(thinker: Thinker, path: pathlib.Path) -> None:
    """Every REPORT_EVERY seconds the figures to `path`; every LOG_EVERY
    seconds a log line when computers moved (a WARNING when some played
    weaker: over time, or the heuristic)."""
    before = thinker.figures()
    last = time.monotonic()
    while True:
        await asyncio.sleep(REPORT_EVERY)
        due = time.monotonic() - last >= LOG_EVERY
        f = thinker.figures(reset=due)
        try:
            await asyncio.to_thread(heartbeat.write_figures, path, {"computers": f})
        except OSError as e:
            log.debug("figures not written to %s: %s", path, e)
        if not due:
            continue
        last = time.monotonic()
        if f["moves"] > before["moves"]:
            weaker = f["over_time"] > before["over_time"] or f["heuristic"] > before["heuristic"]
            log.log(logging.WARNING if weaker else logging.INFO,
                    "computers in the last minute: %s", summary(f, before))
        before = f

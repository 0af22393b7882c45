"""The turn timer is armed lazily: a move that only pushes the deadline on
leaves the scheduler alone; the job, when it fires early, waits again for
the deadline in force, and times out the turn in play once it has come."""

from __future__ import annotations

import asyncio
import time
from types import SimpleNamespace

from bot import catalog
from bot.config import Config
from bot.sitting import Seat, Sitting
from bot.timers import Timers


class Scheduler:
    """The scheduler calls the timers make, with their run times."""

    def __init__(self) -> None:
        self.jobs: dict[str, SimpleNamespace] = {}
        self.added = 0

    def add_job(self, fn, trigger, run_date, args, id, **k):
        self.added += 1
        self.jobs[id] = SimpleNamespace(func=fn, args=args, next_run_time=run_date)

    def get_job(self, job_id):
        return self.jobs.get(job_id)

    def remove_job(self, job_id):
        from apscheduler.jobstores.base import JobLookupError

        if job_id not in self.jobs:
            raise JobLookupError(job_id)
        del self.jobs[job_id]


class Due:
    def __init__(self) -> None:
        self.timeouts: list[tuple[int, int, int]] = []

    async def timeout(self, sitting_id, hand_no, turn):
        self.timeouts.append((sitting_id, hand_no, turn))

    async def computer_turn(self, sitting_id, hand_no, turn, delay):  # pragma: no cover - humans
        raise AssertionError("no computer here")


SPAWNED: list[asyncio.Task] = []


def spawn(coro) -> asyncio.Task:
    """Core.spawn: the timeout runs as a task of the bot's, not inside the job."""
    SPAWNED.append(asyncio.get_running_loop().create_task(coro))
    return SPAWNED[-1]


async def fire(job) -> None:
    """The scheduler runs the job; then whatever it started runs to its end."""
    await job.func(*job.args)
    while SPAWNED:
        await SPAWNED.pop()


def sitting_and_timers():
    g = catalog.game("xianniu")
    seats = [Seat(100 + i, f"p{i}") for i in range(g.default_seats)]
    s = Sitting(id=3, chat_id=-1, game="xianniu", preset="default", variant=g.preset("default"),
                status="running", creator_id=100, seats=seats, hand_no=2)
    s.state = g.new_state(s.variant, len(seats), 5, None)
    core = SimpleNamespace(scheduler=Scheduler(), sittings={s.id: s},
                           config=Config(token="1:x"), spawn=spawn)
    timers = Timers(core)
    timers.due = Due()
    return s, core.scheduler, timers


def at(job) -> float:
    return job.next_run_time.timestamp()


async def test_a_later_deadline_leaves_the_job_and_the_job_waits_for_it():
    s, scheduler, timers = sitting_and_timers()
    s.deadline = time.time() + 60
    timers.arm(s)
    job = scheduler.jobs["turn:3"]
    assert scheduler.added == 1 and abs(at(job) - s.deadline) < 1e-3
    first = s.deadline
    s.deadline = first + 30  # a move: the next player's 60 s start later
    timers.arm(s)
    assert scheduler.added == 1 and at(scheduler.jobs["turn:3"]) == at(job)
    await fire(job)  # the job fires at the first deadline: too early now
    assert timers.due.timeouts == []
    assert scheduler.added == 2 and abs(at(scheduler.jobs["turn:3"]) - s.deadline) < 1e-3


async def test_an_earlier_deadline_moves_the_job():
    s, scheduler, timers = sitting_and_timers()
    s.deadline = time.time() + 60
    timers.arm(s)
    s.deadline -= 30  # e.g. a shorter timeout
    timers.arm(s)
    assert scheduler.added == 2 and abs(at(scheduler.jobs["turn:3"]) - s.deadline) < 1e-3


async def test_a_deadline_that_has_come_times_out_the_turn_in_play():
    s, scheduler, timers = sitting_and_timers()
    s.deadline = time.time() + 60
    timers.arm(s)
    job = scheduler.jobs["turn:3"]
    seat = s.state.to_act()[0]
    s.state.apply(seat, s.state.legal_moves(seat)[0].code)  # the turn moved on meanwhile
    s.deadline = time.time() - 1
    await fire(job)
    assert timers.due.timeouts == [(3, 2, s.state.turn)]


async def test_no_timeout_once_the_hand_is_over_or_nobody_waits():
    s, scheduler, timers = sitting_and_timers()
    s.deadline = time.time() + 60
    timers.arm(s)
    job = scheduler.jobs["turn:3"]
    s.status = "hand_over"
    timers.arm(s)
    assert "turn:3" not in scheduler.jobs
    s.deadline = time.time() - 1
    await fire(job)  # a job that had already started
    assert timers.due.timeouts == []


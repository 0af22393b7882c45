"""Every hand the bot starts can move on: someone is asked with a timer (or a
computer move is on its way), or the hand is scored at once. Driven through
`Lifecycle.start_hand` (bot/lifecycle.py) with stand-ins for storage, outbox
and scheduler, so thousands of deals per game and preset take seconds."""

from __future__ import annotations

import asyncio

import pytest

from bot import catalog
from bot.config import Config
from bot.service import Service
from bot.sitting import Seat, Sitting

SEEDS = 2000  # per game and preset; 38 of 20,000 xianniu deals are over when dealt


class Storage:
    def __init__(self):
        self.writes = []

    async def run(self, fn, *args):
        self.writes.append((fn.__name__, args))

    run_first = run  # the moves' lane: the same writes, sooner


class Outbox:
    def __init__(self):
        self.shown = []

    def show(self, chat_id, key, *a, **k):
        self.shown.append(key)

    def notify(self, *a, **k):
        pass

    def retire(self, chat_id, key):
        pass


class Scheduler:
    def __init__(self):
        self.jobs = {}

    def add_job(self, fn, trigger, run_date, args, id, **k):
        self.jobs[id] = args

    def remove_job(self, job_id):
        self.jobs.pop(job_id, None)

    def get_job(self, job_id):
        return None  # every deal arms afresh


def service() -> Service:
    config = Config(token="1:x", computer_delay=3600.0, ai_workers=1)
    svc = Service(config, None, Storage(), Outbox(), Scheduler())
    svc.spawned = []
    svc.spawn = lambda coro: (coro.close(), svc.spawned.append(1))  # a computer move queued
    return svc


def cases():
    for game_id in catalog.landed():
        for preset in catalog.game(game_id).presets:
            yield game_id, preset


@pytest.mark.parametrize(("game_id", "preset"), list(cases()))
def test_every_started_hand_can_move_on_or_is_scored(game_id, preset):
    g = catalog.game(game_id)
    n = g.default_seats
    svc = service()
    # Seat 0 a person (never started: no private messages), the rest computers.
    seats = [Seat(1000, "p")] + [Seat(None) for _ in range(n - 1)]
    s = Sitting(id=7, chat_id=-5, game=game_id, preset=preset, variant=g.preset(preset),
                status="running", creator_id=1000, seats=seats, totals=[0] * n)
    svc.sittings[s.id] = s
    scored = 0

    async def deal_all():
        nonlocal scored
        for seed in range(SEEDS):
            svc.scheduler.jobs.clear()
            svc.spawned.clear()
            writes = len(svc.storage.writes)
            await svc.lifecycle.start_hand(s, seed=seed)
            st = s.state
            if s.status == "hand_over":
                scored += 1
                assert st.is_over() or not st.to_act()
                hand_writes = [w for w in svc.storage.writes[writes:] if w[0] == "record_move"]
                assert len(hand_writes) == 1 and hand_writes[0][1][3] is not None
                assert (s.id, s.hand_no, "end") in svc.outbox.shown
                assert not svc.scheduler.jobs
                continue
            assert s.status == "running"
            acting = st.to_act()
            assert acting, f"seed {seed}: nobody to act"
            human = [i for i in acting if not s.seats[i].auto]
            if human:
                assert f"turn:{s.id}" in svc.scheduler.jobs and s.deadline is not None
            if len(human) < len(acting):
                assert svc.spawned, f"seed {seed}: a computer is asked but no move is coming"

    asyncio.run(deal_all())
    assert sum(s.totals) == 0
    if game_id == "xianniu" and preset == "default":
        assert scored > 0  # the seeds do include deals over at once

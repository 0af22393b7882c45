"""The stuck-table watchdog: on start-up and every minute, every running
sitting must have someone to move it on — a human with a turn timer, or a
computer move on its way. A table with neither is logged at ERROR and
repaired: a hand nobody can move on is scored, a missing timer or computer
move is armed again. The same sweep lets the outbox forget message ids
nothing will edit again."""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING

from games import hands
from storage import repo

if TYPE_CHECKING:
    from bot.service import Service
    from bot.sitting import Sitting

log = logging.getLogger(__name__)

EVERY = 60.0  # seconds between sweeps


def problem(service: Service, s: Sitting) -> str | None:
    """Why this running sitting cannot move on by itself, or None."""
    st = s.state
    if s.status != "running" or st is None:
        return None
    if hands.stuck(st):
        return "nobody can act"
    asked = st.to_act()
    humans = [i for i in asked if (seat := s.seats[i]) and not seat.auto]
    if humans and (s.deadline is None or service.scheduler.get_job(f"turn:{s.id}") is None):
        return "no turn timer"
    if len(humans) < len(asked) and not service.timers.computer_pending(s.id):
        return "no computer move pending"
    return None


async def sweep(service: Service) -> int:
    """Repair every stuck table; returns how many were stuck."""
    repaired = 0
    for s in list(service.sittings.values()):
        if problem(service, s) is None:
            continue
        async with service.locks[s.chat_id]:
            why = problem(service, s)  # again, under the lock
            if why is None:
                continue
            log.error("game %s hand %s is stuck (%s): repairing", s.id, s.hand_no, why)
            repaired += 1
            assert s.state is not None
            if hands.stuck(s.state):
                await service.lifecycle.score_now(s)
                continue
            if s.deadline is None:
                s.deadline = time.time() + service.config.turn_timeout
                await service.storage.run(repo.update_sitting, s.id, {"deadline": s.deadline})
            service.turns.rearm(s)
    # the minute's housekeeping: message ids nothing will edit again
    service.outbox.sweep(service.screens.in_use)
    return repaired


def start(service: Service) -> None:
    """Sweep every minute from now on."""
    service.scheduler.add_job(
        sweep, "interval", seconds=EVERY, args=[service], id="watchdog", replace_existing=True,
        max_instances=1, coalesce=True,
    )

"""The turn timer and the computer's pending move of each running sitting.

Arming is the one place that decides what moves a table on: a scheduler job
at the deadline when a person is asked, a computer move on its way when a
computer (or 托管) is. What they then do is `Turns`' job; it is plugged in
as `due` by the composition root (`bot/service.py`), so this module needs
nothing above it."""

from __future__ import annotations

import asyncio
import time
from datetime import UTC, datetime
from typing import Any, Protocol

from apscheduler.jobstores.base import JobLookupError

from bot.core import Core
from bot.sitting import Sitting


class Due(Protocol):
    """What happens when a turn is due (implemented by `bot.turns.Turns`)."""

    async def timeout(self, sitting_id: int, hand_no: int, turn: int) -> None: ...

    async def computer_turn(
        self, sitting_id: int, hand_no: int, turn: int, delay: float
    ) -> None: ...


class Timers:
    due: Due  # set by the composition root once `Turns` exists

    def __init__(self, core: Core) -> None:
        self.core = core
        self.computer_moves: dict[int, asyncio.Task[Any]] = {}  # sitting → its computer move

    def deadline(self, s: Sitting) -> float | None:
        """When the turn times out; None when only computers are asked."""
        assert s.state is not None
        waiting = [i for i in s.state.to_act() if (seat := s.seats[i]) and not seat.auto]
        timeout = s.turn_timeout or self.core.config.turn_timeout
        return time.time() + timeout if waiting else None

    def arm(self, s: Sitting) -> None:
        st = s.state
        if s.status != "running" or st is None or st.is_over():
            self.disarm(s)
            return
        if s.deadline is not None:
            job = self.core.scheduler.get_job(f"turn:{s.id}")
            if job is None or job.next_run_time.timestamp() > s.deadline:
                self._schedule(s.id, s.deadline)
            # else a job due no later than this deadline re-checks then (`_due`):
            # so a move normally costs the scheduler nothing
        else:
            self.disarm(s)
        if any((seat := s.seats[i]) and seat.auto for i in st.to_act()):
            delay = self.core.config.computer_delay
            move = self.due.computer_turn(s.id, s.hand_no, st.turn, delay)
            self.computer_moves[s.id] = self.core.spawn(move)

    def _schedule(self, sitting_id: int, at: float) -> None:
        self.core.scheduler.add_job(
            self._due,
            "date",
            run_date=datetime.fromtimestamp(at, tz=UTC),
            args=[sitting_id],
            id=f"turn:{sitting_id}",
            replace_existing=True,
            misfire_grace_time=None,
        )

    async def _due(self, sitting_id: int) -> None:
        """The timer job: the turn in play times out if its deadline has come;
        if moves have pushed the deadline on since the job was set, wait for it."""
        s = self.core.sittings.get(sitting_id)
        if s is None or s.status != "running" or s.state is None or s.deadline is None:
            return
        if s.deadline > time.time() + 0.001:
            self._schedule(sitting_id, s.deadline)
            return
        # a task of ours, not the job's: a stop cancels it quietly with the
        # others (APScheduler's shutdown would cancel the job and log an ERROR)
        self.core.spawn(self.due.timeout(sitting_id, s.hand_no, s.state.turn))

    def disarm(self, s: Sitting) -> None:
        try:
            self.core.scheduler.remove_job(f"turn:{s.id}")
        except JobLookupError:
            pass

    def forget(self, s: Sitting) -> None:
        """The sitting is over: no timer, and no record of its computer move."""
        self.disarm(s)
        self.computer_moves.pop(s.id, None)

    def computer_pending(self, sitting_id: int) -> bool:
        task = self.computer_moves.get(sitting_id)
        return task is not None and not task.done()

    def current(self, sitting_id: int, hand_no: int, turn: int) -> Sitting | None:
        """The sitting if it still waits on this turn of this hand, else None."""
        s = self.core.sittings.get(sitting_id)
        if s is None or s.status != "running" or s.state is None:
            return None
        if s.hand_no != hand_no or s.state.turn != turn:
            return None
        return s

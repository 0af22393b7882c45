"""When a turn is due: the computer's move (for a computer seat or a 托管
player), the turn timer's expiry, and a player taking back their seat.
`Timers.arm` schedules these; they move through `Moves.apply`."""

from __future__ import annotations

import asyncio
import random
import time
from dataclasses import dataclass

from bot import computer
from bot.computer import Thinker, fallback
from bot.core import NOT_YOURS, OVER, Core, Reply, log
from bot.moves import Moves
from bot.people import People, UserLike
from bot.screens import Screens
from bot.sitting import Sitting
from bot.timers import Timers
from games.base import IllegalMove
from games.players import quick


@dataclass(eq=False)
class Turns:
    core: Core
    people: People
    screens: Screens
    timers: Timers
    moves: Moves
    thinker: Thinker

    async def think(self, s: Sitting, seat: int, since: float | None = None,
                    pause: float = 0.0) -> str:
        """The computer's move for `seat` (see bot/computer.py). `since`: when
        the turn began to wait (time.monotonic(); the queue serves the
        longest wait first); `pause`: how long the move waits anyway."""
        assert s.state is not None
        seed = f"{s.id}:{s.hand_no}:{s.state.turn}:{seat}"
        budget = self.core.config.ai_budget
        if budget <= 0:  # no search: the heuristic, deterministic
            return quick(s.state.copy(), seat, random.Random(seed))
        now = time.monotonic()
        deadline = computer.deadline_for(budget, pause, now)
        return await self.thinker.move(s.state, seat, seed, budget, now if since is None else since,
                                       deadline)

    async def computer_turn(self, sitting_id: int, hand_no: int, turn: int, delay: float) -> None:
        began = time.monotonic()
        ahead = self.thinker.ahead  # think during the pause (worker processes)
        if not ahead:
            await asyncio.sleep(delay)  # a natural pause, not an instant reply
        s = self.timers.current(sitting_id, hand_no, turn)
        if s is None:
            return
        assert s.state is not None
        seats = [i for i in s.state.to_act() if (me := s.seats[i]) and me.auto]
        if not seats:
            return
        seat = seats[0]
        thought = asyncio.ensure_future(self.think(s, seat, began, delay if ahead else 0.0))
        try:
            if ahead:
                await asyncio.sleep(delay)  # the pause, while a worker thinks
            code = await thought
        finally:
            thought.cancel()  # stopped meanwhile: its queued move goes too
        async with self.core.lock(s):
            me = s.seats[seat]
            if self.timers.current(sitting_id, hand_no, turn) is None or me is None or not me.auto:
                return  # someone moved or took over meanwhile
            by = "computer" if me.user_id is None else "tuoguan"
            try:
                await self.moves.apply(s, seat, code, by)
            except IllegalMove:
                log.exception("computer move %r refused; playing a fallback", code)
                rng = random.Random(turn)
                assert s.state is not None
                await self.moves.apply(s, seat, fallback(s.state, seat, rng), by)

    async def timeout(self, sitting_id: int, hand_no: int, turn: int) -> None:
        """The turn timer fired: the computer moves for every absent player
        (托管 after two timeouts in a row). Idempotent on the turn number."""
        s = self.timers.current(sitting_id, hand_no, turn)
        if s is None:
            return
        async with self.core.lock(s):
            if self.timers.current(sitting_id, hand_no, turn) is None:
                return
            assert s.state is not None
            late = [i for i in s.state.to_act() if (me := s.seats[i]) and not me.auto]
            if not late:
                return
            for i in late:
                seat = s.seats[i]
                assert seat is not None
                seat.timeouts += 1
                if seat.timeouts >= 2:
                    seat.tuoguan = True
            for seat_no in late:  # every absent player in one pass (川牌 claims, 刨幺 雪)
                st = s.state
                if s.status != "running" or st is None:
                    break  # the hand ended
                if seat_no not in st.to_act():
                    continue  # an earlier answer closed their question (a claim won)
                # The rules may say what a timeout means (刨幺's 雪 decision);
                # otherwise the computer plays for the absent player.
                # the turn began to wait a whole turn timeout ago: first in the queue
                since = time.monotonic() - (s.turn_timeout or self.core.config.turn_timeout)
                code = st.timeout_move(seat_no) or await self.think(s, seat_no, since)
                await self.moves.apply(s, seat_no, code, "timeout")

    def rearm(self, s: Sitting) -> None:
        """The watchdog's repair: the timer and any computer move, again."""
        self.timers.arm(s)

    async def take_over(self, sitting_id: int, user: UserLike) -> Reply:
        """托管 off: the player plays their own seat again."""
        s = self.core.sittings.get(sitting_id)
        _ = self.people.t(user.id)
        if s is None or s.status not in ("running", "hand_over"):
            return Reply(_(OVER))
        async with self.core.lock(s):
            seat = s.seat_of(user.id)
            if seat is None:
                return Reply(_(NOT_YOURS))
            me = s.seats[seat]
            assert me is not None
            if not me.tuoguan:
                return Reply(_("You are already playing."))
            me.tuoguan = False
            me.timeouts = 0
            self.core.last_action[user.id] = time.monotonic()
            if s.status == "running":
                s.deadline = self.timers.deadline(s)
            await self.core.save(s)
            if s.status == "running":
                self.screens.table(s)
                self.timers.arm(s)
            self.screens.hand(s, seat)
        return Reply(_("You are playing again."))

"""Telegram's overall limit (about 30 calls a second over all chats): the line
of calls waiting for a slot, and who goes next.

A call counts from its start until one second after it finished (Telegram
saw it at some moment in between), so at most `overall_per_second` calls
are in flight or finished within the last second.

Who goes next. The buttons of a player who must act (URGENT) go first, then
the 🏁 message (END), then ordinary calls (NORMAL: tables, lobbies, notices;
LATER: a hand whose player is not asked), which also leave the last
`urgent_reserve` slots free, so a player who becomes asked finds one at
once. But nothing waits for ever: a call is due once it has waited its
class's patience (`Limits.patience`), and due calls go before the buttons
(🏁 messages first, then the rest in the order they pressed), even into
their reserve, while ordinary calls have taken fewer than `ordinary_share`
slots of the last second; a hand nobody waits on or a closed lobby (LATER)
presses only once it has waited twice its patience, and until then a due
table or notice goes before it (in a burst of deals, the hands and lobbies
that fall due together would otherwise hold back every group's next
table); then it takes at most `later_share` of those slots while a due
table waits. So under a flood of buttons every group still sees its table
within seconds (its edits merge while it waits, so a busy table costs one
call each time) and its 🏁 message sooner, and the players keep at least
`overall_per_second - ordinary_share` slots a second; when ordinary calls
already have their share, the reserve stays the buttons'.
Among the buttons: first asked, first served.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import time
from collections import deque
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.telegram.outbox import Limits

# Who goes first when the overall limit makes messages wait (lower first, until
# a message has waited its class's patience: see Limits.patience); the
# outbox's classes, defined here, below it
URGENT = 0  # the message a player is waiting on: their hand, now that they must act
END = 1  # the end of a hand: the group waits for its 下一局 button
NORMAL = 2  # tables, lobbies, "your turn" notifications, one-off edits
LATER = 3  # a hand whose player is not asked: its next edit (when they are) replaces it

# A waiting call: [due, arrival, future, live, priority]. The future's result
# is the class it was granted as (the caller hands it back to `done` or
# `give_back`: ordinary calls, and hands nobody waits on among them, count
# to their shares).
Entry = list


class Overall:
    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        # the lines, earliest due first, one a class: the buttons (first asked,
        # first served), the 🏁 messages, tables/lobbies/notices, hands not asked
        self._lines: tuple[list[Entry], ...] = ([], [], [], [])
        self._dead = 0  # entries in the lines no longer live (see _forsake)
        self._arrival = itertools.count()
        self._finished: deque[tuple[float, int]] = deque()  # (end, class), last second
        self._recent = [0, 0, 0, 0]  # calls a class, in flight or finished within the last second
        self._inflight = 0
        self._freed = asyncio.Event()
        self._dispatcher: asyncio.Task | None = None

    def ask(self, due: float, priority: int) -> Entry:
        """A call joins the line; await its entry's future (entry[2])."""
        entry = [due, next(self._arrival), asyncio.get_running_loop().create_future(), True,
                 priority]
        self._push(entry)
        return entry

    def move(self, entry: Entry, due: float, priority: int) -> Entry:
        """The call now carries something else: it takes the place in line of
        (`due`, `priority`), sooner or later than before (the message it
        waited for was dropped, or can now wait). Returns the entry now in
        line (its future is the same)."""
        if not entry[3] or entry[2].done() or (entry[0] == due and entry[4] == priority):
            return entry
        self._forsake(entry)
        new = [due, next(self._arrival), entry[2], True, priority]
        self._push(new)
        return new

    def regrade(self, granted: int, to: int) -> bool:
        """A slot granted as `granted` is used by a call of class `to` instead,
        if that class has room in its share (only LATER has one of its own:
        `Limits.later_share`). True if it may."""
        if to == LATER and self._recent[LATER] >= self.limits.later_share:
            return False
        self._recent[granted] -= 1
        self._recent[to] += 1
        return True

    def cancel(self, entry: Entry) -> None:
        """Its caller stopped waiting (the outbox closes)."""
        if entry[3]:
            self._forsake(entry)
        fut = entry[2]
        if fut.done() and not fut.cancelled():
            self.give_back(fut.result())  # granted, never used

    def give_back(self, granted: int) -> None:
        """A granted slot that was not used (its message was dropped meanwhile)."""
        self._inflight -= 1
        self._recent[granted] -= 1
        self._freed.set()

    def done(self, granted: int) -> None:
        """A granted call finished: it holds its slot one more second."""
        self._inflight -= 1
        self._finished.append((time.monotonic(), granted))
        self._freed.set()

    async def close(self) -> None:
        if self._dispatcher is not None:
            self._dispatcher.cancel()
            await asyncio.gather(self._dispatcher, return_exceptions=True)

    def __len__(self) -> int:
        """Entries in line (forsaken ones not yet removed included)."""
        return sum(len(line) for line in self._lines)

    # -- the lines ----------------------------------------------------------
    def _line(self, entry: Entry) -> list[Entry]:
        return self._lines[entry[4]]

    def _push(self, entry: Entry) -> None:
        heapq.heappush(self._line(entry), entry)
        if self._dispatcher is None or self._dispatcher.done():
            self._dispatcher = asyncio.get_running_loop().create_task(self._dispatch())
        self._freed.set()

    def _forsake(self, entry: Entry) -> None:
        """An entry leaves the line where it stands (heaps cannot remove from
        the middle); when most of the lines are such entries they are rebuilt,
        so players who became asked while their chat waited leave nothing
        behind for long under overload."""
        entry[3] = False
        self._dead += 1
        if self._dead > 64 and 2 * self._dead > len(self):
            for line in self._lines:
                line[:] = [e for e in line if e[3]]
                heapq.heapify(line)
            self._dead = 0

    def _top(self, line: list[Entry]) -> Entry | None:
        while line:
            head = line[0]
            if head[3] and not head[2].done():
                return head
            heapq.heappop(line)
            if not head[3]:
                self._dead -= 1
        return None

    def _grant(self, entry: Entry) -> None:
        heapq.heappop(self._line(entry))  # it is that line's top
        entry[3] = False  # granted: out of the line, not a dead entry in it
        self._inflight += 1
        self._recent[entry[4]] += 1
        entry[2].set_result(entry[4])

    async def _dispatch(self) -> None:
        lim = self.limits
        cap = lim.overall_per_second
        spare = max(cap // 2, cap - lim.urgent_reserve)  # the room of calls nobody waits on
        while True:
            urgent, end, normal, later = (self._top(line) for line in self._lines)
            if urgent is None and end is None and normal is None and later is None:
                return
            now = time.monotonic()
            while self._finished and self._finished[0][0] <= now - 1.0:
                self._recent[self._finished.popleft()[1]] -= 1
            used = len(self._finished) + self._inflight
            # (a call, the slots it may use), in the order they are asked
            order: list[tuple[Entry, int]] = []
            if sum(self._recent[END:]) < lim.ordinary_share:
                # due calls go before the buttons, and may take the slots kept
                # for them, within the ordinary share: beyond it they keep
                # those slots free (a button asked a moment later finds one
                # at once, not when the last second's calls age out)
                if end is not None and end[0] <= now:
                    order.append((end, cap))
                # a due table before a hand nobody waits on, until that hand
                # has waited twice its patience: then the first to press
                # first, but such hands and closed lobbies take at most
                # `later_share` of the share while a due table waits (a
                # burst of deals closes a hundred lobbies at once: pressing
                # together, they held every table due meanwhile 10 s more)
                pressing = [e for e in (normal, later) if e is not None and self._pressing(e, now)]
                if len(pressing) == 2 and self._recent[LATER] >= lim.later_share:
                    pressing = pressing[:1]  # the due table; the hand after the buttons
                order += [(e, cap) for e in sorted(pressing, key=self._presses_at)]
                if later is not None and later[0] <= now and not self._pressing(later, now):
                    order.append((later, spare))
            if urgent is not None:
                order.append((urgent, cap))
            if end is not None:
                order.append((end, cap))
            for rest in (normal, later):
                if rest is not None:
                    order.append((rest, spare))
            head = next((entry for entry, room in order if used < room), None)
            if head is not None:
                self._grant(head)
                continue
            k = used - max(room for _e, room in order) + 1  # calls that must age out
            wait = None  # the slots are held by calls still in flight
            if k <= len(self._finished):
                wait = max(self._finished[k - 1][0] + 1.0 - now, 0.0) + lim.margin / 5
            # or until a call falls due, or may take the buttons' slots
            soon = [end[0]] if end is not None else []
            if normal is not None:
                soon.append(normal[0])
            if later is not None:
                soon += [later[0], later[0] + lim.patience[LATER]]
            for t in soon:
                if t > now:
                    wait = t - now if wait is None else min(wait, t - now)
            self._freed.clear()
            try:
                await asyncio.wait_for(self._freed.wait(), wait)
            except TimeoutError:
                pass

    def _pressing(self, entry: Entry, now: float) -> bool:
        """Is this ordinary call due, and may it take the slots kept for the
        buttons? A table, a lobby, a notice: once it has waited its patience.
        A hand nobody waits on (LATER): only once it has waited twice its
        patience, so the hands and lobbies a burst of deals leaves behind do
        not crowd out the buttons, nor the tables, when they fall due
        together, yet never wait for ever."""
        return now >= self._presses_at(entry)

    def _presses_at(self, entry: Entry) -> float:
        """When an ordinary call presses (see `_pressing`)."""
        if entry[4] <= NORMAL:
            return float(entry[0])
        return float(entry[0]) + self.limits.patience[entry[4]]

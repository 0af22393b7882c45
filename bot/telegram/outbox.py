"""Every message the bot sends goes through here, within Telegram's limits.

Telegram allows about one message a second per chat (short bursts are fine),
20 messages a minute in a group (edits count) and about 30 a second overall.
Each chat has its own queue and worker, so a slow or flooded chat never delays
another. Edits of the same message that are still waiting are merged (the
latest text wins), so a busy table costs one edit, not one per move.

A "slot" is a message the bot keeps editing in place (the table, a player's
hand): `show(key, ...)` edits the slot's message, or sends a new one when there
is none or it was deleted, and reports the new id through `on_new`.

A message may carry a picture (a `Photo`): it is sent as a photo with the text
as its caption, drawn in the drawer's worker process (a thread when that
cannot run) before the message takes a place in the limits, and uploaded
once: Telegram's file_id is kept by the picture's digest, and an edit whose
picture is unchanged edits only the caption and buttons. A message that was
sent as text stays text; one that was a photo stays a photo while it has a
picture. A photo Telegram refuses goes out as text, and that chat gets text
for a while (`PHOTO_PAUSE`).

When Telegram's overall limit makes messages wait, the one a player waits on
goes first, but no chat waits for ever (bot/telegram/overall.py: who goes next).

`on_unbuttoned(chat, message)` hears of every message an edit has left without
buttons (or found gone): the service keeps, in its database, the messages whose
buttons must go until then (`unbutton` takes them off a message by its id).
"""

from __future__ import annotations

import asyncio
import logging
import pickle
import time
from collections import OrderedDict, deque
from collections.abc import Awaitable, Callable, Hashable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Protocol

from aiogram import Bot
from aiogram.exceptions import (
    TelegramAPIError,
    TelegramBadRequest,
    TelegramEntityTooLarge,
    TelegramForbiddenError,
    TelegramMigrateToChat,
    TelegramNetworkError,
    TelegramNotFound,
    TelegramRetryAfter,
    TelegramServerError,
    TelegramUnauthorizedError,
)
from aiogram.types import BufferedInputFile, InlineKeyboardMarkup, InputMediaPhoto, Message

from bot.telegram.overall import END as END  # the classes, for the outbox's callers
from bot.telegram.overall import LATER as LATER
from bot.telegram.overall import NORMAL, URGENT, Entry, Overall
from games.pool import Pool, PoolClosed, WorkerDied

log = logging.getLogger("bot.outbox")


class Photo(Protocol):
    """A picture to send with a message (bot/pictures: `Drawing`)."""

    @property
    def digest(self) -> str: ...  # the same picture, the same digest

    @property
    def name(self) -> str: ...  # its file name

    def png(self) -> bytes: ...  # drawn off the event loop, before it goes out


Screen = tuple[str, InlineKeyboardMarkup | None]
Render = Callable[[], Screen | tuple[str, InlineKeyboardMarkup | None, Photo | None]]

MAX_CAPTION = 1024  # UTF-16 units, Telegram's limit for a photo's caption
MAX_PHOTO = 10 * 1024 * 1024  # bytes, Telegram's limit for an uploaded photo
PHOTO_PAUSE = 600.0  # seconds a chat that refused a photo gets text
FILE_IDS = 4096  # file_ids remembered (by picture digest)
# recent pictures, for other chats that want the same one (a waiting message
# keeps its own picture until it goes: Op.png)
DRAWN = 64

RETRY_FIRST = 0.5  # seconds before a failed send is tried again; doubles each time
RETRY_MOST = 30.0


@dataclass(frozen=True)
class Limits:
    chat_rate: float = 1.0  # messages per second per chat, sustained
    chat_burst: int = 3  # short bursts per chat
    group_per_minute: int = 20  # sends + edits in one group per `group_window`
    group_window: float = 60.0
    group_reserve: int = 4  # of those, kept for new messages (edits may wait)
    overall_per_second: int = 28  # a little under Telegram's ≈30/s
    # of those, kept free of ordinary calls not yet due: a hand a player now
    # waits on (or a 🏁 message) finds a slot at once instead of after the
    # last second's edits
    urgent_reserve: int = 4
    margin: float = 0.05  # seconds of safety against clock jitter
    # Seconds a message of each class (URGENT, END, NORMAL, LATER) waits for the
    # overall limit before it is due (bot/telegram/overall.py). Under a flood of buttons
    # a busy group's table costs one call every few seconds (its edits merge
    # while it waits), and most edits of a hand whose player is not asked merge
    # into the one that asks them. Without this, lower classes never reached
    # the top (issue 35: groups saw no table for minutes).
    # (NORMAL 8 s, not 10: 100 busy groups each saw their table within 19 s
    # instead of 20.7; docs/PERFORMANCE.md, "No group starves")
    patience: tuple[float, float, float, float] = (0.0, 2.0, 8.0, 30.0)
    # of the overall slots of any second, the most that due calls may take
    # ahead of the buttons: the players keep the rest (18 of 28)
    ordinary_share: int = 10
    # of those, the most for hands nobody waits on and closed lobbies (LATER)
    # while a due table, notice or lobby waits too
    later_share: int = 3


@dataclass
class Op:
    kind: str  # "show" | "send" | "delete" | "notify" | "document" | "unbutton"
    chat_id: int
    key: Hashable | None = None
    text: str | Render = ""
    markup: InlineKeyboardMarkup | None = None
    # delete, unbutton: the message; notify: the one to delete first
    message_id: int | None = None
    on_new: Callable[[int], Any] | None = None
    priority: int = NORMAL
    tries: int = 0  # failed attempts so far (retried with backoff)
    file: tuple[str, bytes] | None = None  # document: (file name, content); text is the caption
    photo: Photo | None = None  # show / send: a picture; text is its caption
    # the picture drawn for it, (digest, PNG; b"": drawing failed), kept until it
    # goes: under load it waits long after the drawing, and a cache of recent
    # pictures would have let it go, to be drawn again while it holds a slot
    png: tuple[str, bytes] | None = None
    since: float = 0.0  # when it was queued
    due: float = 0.0  # when it has waited its patience

    @property
    def counted(self) -> bool:
        return self.kind != "delete"



@dataclass
class _Chat:
    ops: deque[Op] = field(default_factory=deque)
    tokens: float = 0.0
    stamp: float = 0.0
    sent: deque[float] = field(default_factory=deque)  # group: counted call times
    paused_until: float = 0.0
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    worker: asyncio.Task | None = None
    waiting: Entry | None = None  # its call waiting for an overall slot
    current: Op | None = None  # the op on the wire


class Outbox:
    def __init__(
        self,
        bot: Bot,
        limits: Limits | None = None,
        on_forbidden: Callable[[int], Any] | None = None,
        on_migrate: Callable[[int, int], Any] | None = None,
        on_group_send: Callable[[int, list[float]], Awaitable[Any]] | None = None,
        drawer: Pool | None = None,
    ) -> None:
        self.bot = bot
        self.limits = limits or Limits()
        self.on_forbidden = on_forbidden  # a user blocked the bot or never started it
        self.on_migrate = on_migrate  # (old, new): a group became a supergroup
        # (group, wall-clock times of its counted calls in the last window):
        # awaited before each group call, so a restart knows the group's budget.
        self.on_group_send = on_group_send
        # (chat, message): an edit left it without buttons, or it is gone
        self.on_unbuttoned: Callable[[int, int], Any] | None = None
        self.slots: dict[Hashable, int | None] = {}
        # notifications being sent → withdrawn meanwhile (then deleted once sent)
        self._notifying: dict[Hashable, bool] = {}
        self._chats: dict[int, _Chat] = {}
        self._line = Overall(self.limits)  # calls waiting for Telegram's overall limit
        self._busy = 0
        self._idle = asyncio.Event()
        self._idle.set()
        self._closed = False
        # slots whose message is a photo → the digest of the picture it shows
        # ("" when not known: bound after a restart)
        self.photos: dict[Hashable, str] = {}
        self.file_ids: OrderedDict[str, str] = OrderedDict()  # picture digest → file_id
        self._no_photos: dict[int, float] = {}  # chat → until when it gets text
        # pictures are drawn in this pool's worker process (the bot's: below its
        # priority, so a deal's pictures never hold up a tap), else in a thread
        self.drawer = drawer
        self._draw_thread: ThreadPoolExecutor | None = None
        self._uploading: dict[str, asyncio.Future[None]] = {}  # digest → its first upload
        self._pictures: dict[str, bytes] = {}  # drawn, not yet uploaded (b"": drawing failed)
        self._drawing: dict[str, asyncio.Future[None]] = {}  # digest → being drawn now

    # -- what callers ask for ---------------------------------------------
    def bind(self, key: Hashable, message_id: int | None, photo: bool = False) -> None:
        """Tell the outbox which message a slot shows (e.g. loaded from the DB),
        and whether it is a photo."""
        self.slots[key] = message_id
        if photo:
            self.photos.setdefault(key, "")
        else:
            self.photos.pop(key, None)

    def is_photo(self, key: Hashable) -> bool:
        """Whether the slot's message is a photo."""
        return key in self.photos

    def show(
        self,
        chat_id: int,
        key: Hashable,
        text: str | Render,
        markup: InlineKeyboardMarkup | None = None,
        on_new: Callable[[int], Any] | None = None,
        priority: int = NORMAL,
        photo: Photo | None = None,
    ) -> None:
        """Edit the slot's message in place (or send it); pending edits merge
        (the latest text and priority win). `text` may be a function returning
        (text, markup) or (text, markup, photo), called only when the edit is
        actually sent, so merged edits cost nothing to render."""
        chat = self._chat(chat_id)
        for op in chat.ops:
            if op.kind == "show" and op.key == key:
                op.text, op.markup, op.photo = text, markup, photo
                op.on_new = on_new or op.on_new
                if priority < op.priority:  # more urgent: due from now, or as it was if sooner
                    op.due = min(op.due, _now() + self.limits.patience[priority])
                elif priority > op.priority:  # what it shows now can wait (a lobby now closed)
                    op.due = op.since + self.limits.patience[priority]
                op.priority = priority
                self._retune(chat)
                return
        self._push(chat, Op("show", chat_id, key, text, markup, on_new=on_new, priority=priority,
                            photo=photo))

    def retire(self, chat_id: int, key: Hashable) -> None:
        """The slot's hand is over: render its pending edit now (before what it
        reads changes), or drop it if its message was never sent: nobody saw
        it, and the next hand's message replaces it. So a backlog holds at most
        one pending op per message someone has seen, plus the current hand's."""
        chat = self._chats.get(chat_id)
        if chat is None:
            return
        for op in list(chat.ops):
            if op.key != key or op.kind != "show":
                continue
            if not self.slots.get(key):
                chat.ops.remove(op)
                self._done_one()
                self._retune(chat)
            elif callable(op.text):
                op.text, op.markup, op.photo = _unpack(op.text(), op.photo)

    def send(
        self,
        chat_id: int,
        text: str,
        markup: InlineKeyboardMarkup | None = None,
        on_new: Callable[[int], Any] | None = None,
        photo: Photo | None = None,
    ) -> None:
        """A new message (lobby, end of hand, a replay's picture): never merged."""
        self._push(self._chat(chat_id), Op("send", chat_id, None, text, markup, on_new=on_new,
                                           photo=photo))

    def notify(
        self, chat_id: int, key: Hashable, text: str, on_new: Callable[[int], Any] | None = None
    ) -> None:
        """A short new message that replaces (deletes) the slot's previous one."""
        chat = self._chat(chat_id)
        for op in chat.ops:
            if op.kind == "notify" and op.key == key:
                op.text, op.on_new = text, on_new
                return
        self._push(chat, Op("notify", chat_id, key, text, on_new=on_new))

    def unnotify(self, chat_id: int, key: Hashable) -> bool:
        """Withdraw the slot's notification (the turn it announced is over):
        one not yet gone out is dropped (under load it would only cost a
        call, and tell a player it is their turn when it no longer is); one
        that went out is deleted when there is room (LATER), so no "your
        turn" stays below a hand that is over. True if there was one. (A new
        one may be queued while an older one is on the wire or sent: each goes.)"""
        found = False
        chat = self._chats.get(chat_id)
        if chat is not None:
            for op in chat.ops:
                if op.kind == "notify" and op.key == key:
                    chat.ops.remove(op)
                    self._done_one()
                    self._retune(chat)
                    found = True
                    break
        if key in self._notifying:  # on the wire: deleted as soon as it is sent
            self._notifying[key] = True
            return True
        sent = self.slots.pop(key, None)
        if sent:
            self._push(self._chat(chat_id), Op("delete", chat_id, message_id=sent,
                                               priority=LATER))
            found = True
        return found

    def document(self, chat_id: int, name: str, content: bytes, caption: str = "") -> None:
        """A file as a new message (a hand's JSON record), never merged."""
        op = Op("document", chat_id, None, caption, file=(name, content))
        self._push(self._chat(chat_id), op)

    def unbutton(self, chat_id: int, message_id: int, text: str | None = None,
                 priority: int = NORMAL) -> None:
        """Take the buttons off a message (its text becomes `text`, if given):
        a message nothing edits any more, whose buttons no longer do anything.
        Never posts: a message gone is as good as one without buttons."""
        chat = self._chat(chat_id)
        for op in chat.ops:
            if op.kind == "unbutton" and op.message_id == message_id:
                op.text = text or op.text
                if priority < op.priority:  # more urgent: due from now, or as it was if sooner
                    op.due = min(op.due, _now() + self.limits.patience[priority])
                    op.priority = priority
                self._retune(chat)
                return
        self._push(chat, Op("unbutton", chat_id, None, text or "", message_id=message_id,
                            priority=priority))

    def delete(self, chat_id: int, message_id: int) -> None:
        self._push(self._chat(chat_id), Op("delete", chat_id, message_id=message_id))

    def forget(self, key: Hashable) -> None:
        """Drop a slot's pending edit and its message id (the next show sends)."""
        for chat in self._chats.values():
            for op in list(chat.ops):
                if op.key == key and op.kind == "show":
                    chat.ops.remove(op)
                    self._done_one()
                    self._retune(chat)
        self.slots.pop(key, None)
        self.photos.pop(key, None)

    def sweep(self, in_use: Callable[[Hashable], bool]) -> int:
        """Forget the message ids of slots nothing will edit again (a finished
        sitting's messages, an old hand's table, a settings page once shown):
        those `in_use` disowns with nothing queued or on the wire for them.
        Returns how many were forgotten. Without this the map grows by a few
        entries per hand for as long as the bot runs."""
        busy = {op.key for chat in self._chats.values() for op in chat.ops}
        busy |= {c.current.key for c in self._chats.values() if c.current is not None}
        gone = [key for key in self.slots if key not in busy and not in_use(key)]
        for key in gone:
            del self.slots[key]
            self.photos.pop(key, None)
        return len(gone)

    def drop_chat(self, chat_id: int) -> None:
        """Nothing more can reach this chat (the bot was removed): drop its queue."""
        chat = self._chats.get(chat_id)
        while chat is not None and chat.ops:
            chat.ops.pop()
            self._done_one()

    async def answer(
        self, query_id: str, text: str | None = None, *, alert: bool = False, url: str | None = None
    ) -> None:
        """Answer a button press at once: toasts are not rate limited per chat.
        A failed answer only costs the player a spinner: never an error."""
        try:
            await self.bot.answer_callback_query(query_id, text=text, show_alert=alert, url=url)
        except (TelegramAPIError, TelegramNetworkError, TimeoutError, OSError) as e:
            log.info("answerCallbackQuery failed: %s", e)

    def preload(self, chat_id: int, sent_at: list[float]) -> None:
        """A group's counted calls before a restart (wall-clock times): the
        new process keeps within the same 20-a-minute budget."""
        if chat_id >= 0 or not sent_at:
            return
        chat = self._chat(chat_id)
        lim = self.limits
        now, wall = _now(), time.time()
        recent = sorted(now - (wall - t) for t in sent_at if wall - t < lim.group_window)
        chat.sent = deque(sorted([*chat.sent, *recent]))
        # the chat's own 1 a second too: the last process's final burst
        # leaves this one fewer tokens (a restart got 429s in the group)
        tokens, stamp = float(lim.chat_burst), None
        for t in chat.sent:
            if stamp is not None:
                tokens = min(float(lim.chat_burst), tokens + (t - stamp) * lim.chat_rate)
            tokens, stamp = tokens - 1.0, t
        if stamp is not None:
            chat.tokens = min(float(lim.chat_burst), tokens + (now - stamp) * lim.chat_rate)
            chat.stamp = now

    async def drain(self, timeout: float = 30.0) -> bool:
        """Wait until everything queued so far has been sent."""
        try:
            await asyncio.wait_for(self._idle.wait(), timeout)
            return True
        except TimeoutError:
            return False

    async def close(self) -> None:
        self._closed = True
        tasks = [c.worker for c in self._chats.values() if c.worker]
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        if self._draw_thread is not None:
            self._draw_thread.shutdown(wait=False, cancel_futures=True)
        if self.drawer is not None:
            await asyncio.to_thread(self.drawer.close, 2.0)
        await self._line.close()

    def idle(self, chat_id: int) -> bool:
        """Nothing queued or on the wire for this chat."""
        chat = self._chats.get(chat_id)
        return chat is None or (not chat.ops and (chat.worker is None or chat.worker.done()))

    def pending(self, chat_id: int | None = None) -> int:
        chats = [self._chats.get(chat_id)] if chat_id is not None else self._chats.values()
        return sum(len(c.ops) for c in chats if c)

    # -- queues and limits ------------------------------------------------
    def _chat(self, chat_id: int) -> _Chat:
        chat = self._chats.get(chat_id)
        if chat is None:
            chat = self._chats[chat_id] = _Chat(tokens=float(self.limits.chat_burst), stamp=_now())
        return chat

    def _push(self, chat: _Chat, op: Op) -> None:
        if self._closed:
            return
        op.since = _now()
        op.due = op.since + self.limits.patience[op.priority]
        chat.ops.append(op)
        self._retune(chat)
        self._busy += 1
        self._idle.clear()
        chat.wake.set()
        if chat.worker is None or chat.worker.done():
            chat.worker = asyncio.get_running_loop().create_task(self._work(op.chat_id, chat))

    def _done_one(self) -> None:
        self._busy -= 1
        if self._busy <= 0:
            self._busy = 0
            self._idle.set()

    def _refill(self, chat: _Chat, now: float) -> None:
        lim = self.limits
        chat.tokens = min(float(lim.chat_burst), chat.tokens + (now - chat.stamp) * lim.chat_rate)
        chat.stamp = now

    def _wait_for(self, chat_id: int, chat: _Chat, op: Op, now: float) -> float:
        """Seconds until `op` may go (0: now)."""
        lim = self.limits
        wait = max(0.0, chat.paused_until - now)
        if not op.counted:
            return wait
        self._refill(chat, now)
        if chat.tokens < 1.0:
            wait = max(wait, (1.0 - chat.tokens) / lim.chat_rate + lim.margin)
        if chat_id < 0:
            while chat.sent and chat.sent[0] <= now - lim.group_window:
                chat.sent.popleft()
            cap = lim.group_per_minute - (lim.group_reserve if self._may_wait(op) else 0)
            if len(chat.sent) >= cap:
                oldest = chat.sent[len(chat.sent) - cap]  # must leave the window first
                wait = max(wait, oldest + lim.group_window - now + lim.margin)
        return wait

    async def _overall_slot(self, chat: _Chat, op: Op) -> int:
        """Wait for a slot of the overall limit (bot/telegram/overall.py); the
        class it was granted as (handed back when the call is done)."""
        chat.waiting = self._line.ask(*self._urgency(chat, op))
        try:
            return await chat.waiting[2]
        except asyncio.CancelledError:
            self._line.cancel(chat.waiting)
            raise
        finally:
            chat.waiting = None

    def _retune(self, chat: _Chat) -> None:
        """The chat's place in the overall line follows what it holds now:
        sooner when something more urgent came, later when what it waited
        for went or can wait (a "your turn" dropped, a lobby now closed).
        Left where it was, a hand nobody waits on went in a dropped notice's
        place, before every group's table (at 100 tables, more than a hundred
        such places a moment held the tables 18 s)."""
        if chat.waiting is None or not chat.ops:
            return
        op = self._best(chat)  # what it asks for; when it may go is the worker's (_next)
        if op.counted:
            chat.waiting = self._line.move(chat.waiting, *self._urgency(chat, op))

    def _best(self, chat: _Chat) -> Op:
        """The op of the chat that asks the line first (`_rank`), among those
        that may go next: new messages never overtake each other."""
        first_new = next((op for op in chat.ops if not self._may_wait(op)), None)
        return min((op for op in chat.ops if op is first_new or self._may_wait(op)),
                   key=lambda op: self._rank(chat, op))

    def _ride(self, chat_id: int, chat: _Chat, op: Op) -> tuple[Op, int]:
        """What goes in a slot granted to a chat's table (or notice): a closed
        lobby of that chat that has waited twice its patience, if the line's
        share for such calls has room (the table asks again at once, due
        already); else the table. A closed lobby asks only when nothing else
        waits in its chat (`_rank`), and a busy group's table nearly always
        waits: without this, it stayed open for minutes."""
        now = _now()
        for o in chat.ops:
            if (o.priority == LATER and o.kind == "show" and o.photo is None
                    and not callable(o.text) and self._may_wait(o)
                    and now >= o.due + self.limits.patience[LATER]
                    and self._wait_for(chat_id, chat, o, now) <= 0
                    and self._line.regrade(NORMAL, LATER)):
                return o, LATER
        return op, NORMAL

    def _rank(self, chat: _Chat, op: Op) -> tuple[bool, float, int]:
        """Which of a chat's ops asks the overall line first: the earliest
        due (the most urgent, unless a less urgent one has waited its
        patience), but a hand nobody waits on or a closed lobby (LATER) only
        when nothing else is queued in its chat. The line serves those last
        and by a share of their own, so a group's table or 🏁 message
        behind its closed lobby waited as long (in a burst of deals, every
        group's next table did, for 15 s). The lobby goes in the gaps
        between the table's edits, or in a slot granted to it (`_ride`)."""
        due, priority = self._urgency(chat, op)
        return priority == LATER, due, priority

    def _urgency(self, chat: _Chat, op: Op) -> tuple[float, int]:
        """(due, priority) of `op` in the line. The first new message of a chat
        carries the most urgent of the new ones behind it, which may not
        overtake it: a group's new table goes as soon as its 🏁 must."""
        if self._may_wait(op):
            return op.due, op.priority
        news = [o for o in chat.ops if not self._may_wait(o)]
        if not news or news[0] is not op:
            return op.due, op.priority
        return min(o.due for o in news), min(o.priority for o in news)

    def _may_wait(self, op: Op) -> bool:
        """Edits of a shown message may yield a group's last few messages to new ones."""
        return op.kind == "unbutton" or (op.kind == "show" and bool(self.slots.get(op.key)))

    def _take(self, chat_id: int, chat: _Chat, now: float) -> None:
        self._refill(chat, now)
        chat.tokens -= 1.0
        if chat_id < 0:
            chat.sent.append(now)

    def _stamp_done(self, chat_id: int, chat: _Chat, now: float) -> None:
        """Count the call from when it finished: Telegram saw it at some
        moment before that, so this never underestimates the rate."""
        chat.stamp = now  # no refill credit for the time the call took
        if chat_id < 0 and chat.sent:
            chat.sent[-1] = now

    def _next(self, chat_id: int, chat: _Chat, now: float) -> tuple[Op, float]:
        """The op to run next and how long until it may: the one the overall
        line would serve first (`_rank`: the earliest due, the most urgent
        unless a less urgent one has waited its patience), unless
        it is an edit held back by a group's reserve and a new message could
        go. New messages never overtake each other (the 🏁 message stays below
        the table it ends); edits may."""
        best = self._best(chat)
        wait = self._wait_for(chat_id, chat, best, now)
        if wait > 0 and self._may_wait(best):
            for op in chat.ops:
                if not self._may_wait(op):
                    w = self._wait_for(chat_id, chat, op, now)
                    if w < wait:
                        best, wait = op, w
                    break
        return best, wait

    async def _work(self, chat_id: int, chat: _Chat) -> None:
        while chat.ops:
            op, wait = self._next(chat_id, chat, _now())
            if wait > 0:
                chat.wake.clear()
                try:
                    await asyncio.wait_for(chat.wake.wait(), wait)
                except TimeoutError:
                    pass
                continue
            if not await self._drawn_before(op):
                continue  # its picture was drawn meanwhile: look again (edits may have merged)
            granted = URGENT
            if op.counted:
                granted = await self._overall_slot(chat, op)
                if not chat.ops:  # dropped while it waited (a finished hand's unsent table)
                    self._line.give_back(granted)
                    continue
                # pending edits may have merged meanwhile; nothing else changes
                op, _wait = self._next(chat_id, chat, _now())
                if not op.counted:
                    self._line.give_back(granted)
                elif granted == NORMAL:
                    op, granted = self._ride(chat_id, chat, op)
            chat.ops.remove(op)
            if op.counted:
                self._take(chat_id, chat, _now())
                if chat_id < 0 and self.on_group_send is not None:
                    await self._tell_group_send(chat_id, chat)
            try:
                chat.current = op
                try:
                    await self._run(op)
                finally:
                    chat.current = None
                    if op.counted:
                        self._stamp_done(chat_id, chat, _now())
                        self._line.done(granted)
            except TelegramRetryAfter as e:
                # Flood wait: pause only this chat, then try the same op again.
                log.warning("429 in chat %s: retry after %s s", chat_id, e.retry_after)
                chat.paused_until = _now() + e.retry_after
                chat.ops.appendleft(op)
                continue
            except asyncio.CancelledError:
                raise
            except Exception as e:  # one failed message must not stop the chat's queue
                if _permanent(e):
                    log.exception("outbox: %s to chat %s failed", op.kind, chat_id)
                elif self._superseded(chat, op):
                    log.warning("outbox: %s to chat %s failed (%s); a newer one is queued",
                                op.kind, chat_id, e)
                else:
                    # 5xx, timeouts, dropped connections: pause this chat (its
                    # order is kept) and try the same message again.
                    op.tries += 1
                    delay = min(RETRY_FIRST * 2 ** (op.tries - 1), RETRY_MOST)
                    log.warning("outbox: %s to chat %s failed (%s); retry %d in %.1f s",
                                op.kind, chat_id, e, op.tries, delay)
                    chat.paused_until = max(chat.paused_until, _now() + delay)
                    chat.ops.appendleft(op)
                    continue
            self._done_one()

    async def _tell_group_send(self, chat_id: int, chat: _Chat) -> None:
        assert self.on_group_send is not None  # only called when set
        now, wall = _now(), time.time()
        try:
            await self.on_group_send(chat_id, [wall - (now - t) for t in chat.sent])
        except Exception:  # remembering is a help for restarts, never a reason not to send
            log.exception("outbox: could not remember a send to %s", chat_id)

    @staticmethod
    def _superseded(chat: _Chat, op: Op) -> bool:
        """A newer render of the same message is already queued."""
        return op.kind == "show" and any(o.kind == "show" and o.key == op.key for o in chat.ops)

    async def _run(self, op: Op) -> None:
        bot = self.bot
        try:
            if op.kind == "delete":
                await _quiet_delete(bot, op.chat_id, op.message_id)
            elif op.kind == "send":
                assert isinstance(op.text, str)  # only edits of a slot render lazily
                m, _photo = await self._new_message(op.chat_id, op.text, op.markup, op.photo,
                                                    _drawn(op))
                _call(op.on_new, m.message_id)
            elif op.kind == "document":
                assert op.file is not None
                doc = BufferedInputFile(op.file[1], filename=op.file[0])
                m = await bot.send_document(op.chat_id, doc, caption=str(op.text) or None)
                _call(op.on_new, m.message_id)
            elif op.kind == "unbutton":
                await self._unbutton(op)
            elif op.kind == "notify":
                old = self.slots.get(op.key)
                if old:
                    await _quiet_delete(bot, op.chat_id, old)
                assert isinstance(op.text, str)
                self._notifying[op.key] = False
                try:
                    m = await bot.send_message(op.chat_id, op.text)
                finally:
                    withdrawn = self._notifying.pop(op.key, False)
                if withdrawn:  # the turn ended while it was on the wire
                    self._push(self._chat(op.chat_id), Op("delete", op.chat_id,
                                                          message_id=m.message_id,
                                                          priority=LATER))
                else:
                    self.slots[op.key] = m.message_id
                    _call(op.on_new, m.message_id)
            else:
                await self._show(op)
        except TelegramForbiddenError:
            log.info("chat %s refuses messages", op.chat_id)
            _call(self.on_forbidden, op.chat_id)
        except TelegramMigrateToChat as e:
            # The message is dropped: the service moves the game and posts
            # what the new chat must show.
            log.info("chat %s is now %s", op.chat_id, e.migrate_to_chat_id)
            migrate = self.on_migrate
            if migrate is not None:
                _call(lambda new: migrate(op.chat_id, new), e.migrate_to_chat_id)

    async def _show(self, op: Op) -> None:
        if callable(op.text):
            op.text, op.markup, op.photo = _unpack(op.text(), op.photo)
        assert isinstance(op.text, str)
        mid = self.slots.get(op.key)
        if mid:
            try:
                if op.key not in self.photos:  # text stays text (a picture is left out)
                    await self.bot.edit_message_text(
                        text=op.text, chat_id=op.chat_id, message_id=mid, reply_markup=op.markup
                    )
                    if op.markup is None:
                        self._unbuttoned(op.chat_id, mid)
                    return
                if self._buttons_first(op) and _utf16(op.text) <= MAX_CAPTION:
                    # the new picture follows, merging with any later edit
                    self.show(op.chat_id, op.key, op.text, op.markup, photo=op.photo)
                    await self.bot.edit_message_caption(chat_id=op.chat_id, message_id=mid,
                                                        caption=op.text, reply_markup=op.markup)
                    return
                if await self._edit_photo(op, mid):
                    if op.markup is None:
                        self._unbuttoned(op.chat_id, mid)
                    return
                # no picture for it now: the photo is replaced by a text message
                log.info("slot %s: photo %s goes out anew as text", op.key, mid)
                await _quiet_delete(self.bot, op.chat_id, mid)
                self._unbuttoned(op.chat_id, mid)
                op.photo = None
            except TelegramBadRequest as e:
                text = str(e).lower()
                if "not modified" in text:
                    if op.markup is None:
                        self._unbuttoned(op.chat_id, mid)
                    return  # the message already shows this: success
                if "not found" not in text and "can't be edited" not in text:
                    raise
            except TelegramNotFound:
                pass
            else:  # a photo replaced by text: deleted above
                mid = None
            if mid:
                log.info("slot %s: message %s is gone, posting a new one", op.key, mid)
                self._unbuttoned(op.chat_id, mid)
        m, is_photo = await self._new_message(op.chat_id, op.text, op.markup, op.photo,
                                              _drawn(op))
        self.slots[op.key] = m.message_id
        if is_photo and op.photo is not None:
            self.photos[op.key] = op.photo.digest
        else:
            self.photos.pop(op.key, None)
        _call(op.on_new, m.message_id)

    # -- photos -------------------------------------------------------------
    def _photo_fits(self, chat_id: int, caption: str, photo: Photo | None) -> bool:
        if photo is None or _utf16(caption) > MAX_CAPTION:
            return False
        until = self._no_photos.get(chat_id)
        if until is not None and until > _now():
            return False
        self._no_photos.pop(chat_id, None)
        return True

    def _refused(self, chat_id: int, e: Exception) -> None:
        log.warning("outbox: chat %s refused a photo (%s): text for %.0f s", chat_id, e,
                    PHOTO_PAUSE)
        self._no_photos[chat_id] = _now() + PHOTO_PAUSE

    async def _new_message(
        self, chat_id: int, text: str, markup: InlineKeyboardMarkup | None, photo: Photo | None,
        drawn: bytes | None = None,
    ) -> tuple[Message, bool]:
        """A new message: the photo with its caption when it can go, else the
        text. (message, whether it is a photo)."""
        if self._photo_fits(chat_id, text, photo):
            assert photo is not None

            async def send(media: str | BufferedInputFile) -> Message:
                return await self.bot.send_photo(chat_id, media, caption=text, reply_markup=markup)

            try:
                m = await self._with_photo(photo, send, drawn)
                assert isinstance(m, Message)
                return m, True
            except Exception as e:
                if not _photo_refused(e):
                    raise
                self._refused(chat_id, e)
        m = await self.bot.send_message(chat_id, text, reply_markup=markup)
        return m, False

    async def _edit_photo(self, op: Op, mid: int) -> bool:
        """Edit a photo message: its caption and buttons when the picture is
        the same, else its picture too. False: it cannot stay a photo (no
        picture now, or Telegram refused it): the caller replaces it."""
        text, photo = op.text, op.photo
        assert isinstance(text, str)
        if photo is None or _utf16(text) > MAX_CAPTION:
            return False
        if self.photos.get(op.key) == photo.digest:
            await self.bot.edit_message_caption(chat_id=op.chat_id, message_id=mid,
                                                caption=text, reply_markup=op.markup)
            return True
        if not self._photo_fits(op.chat_id, text, photo):
            return False

        async def edit(media: str | BufferedInputFile) -> Message | bool:
            return await self.bot.edit_message_media(
                media=InputMediaPhoto(media=media, caption=text), chat_id=op.chat_id,
                message_id=mid, reply_markup=op.markup)

        try:
            await self._with_photo(photo, edit, _drawn(op))
        except Exception as e:
            said = str(e).lower()
            if isinstance(e, TelegramBadRequest) and ("not modified" in said
                                                      or "not found" in said):
                raise
            if not _photo_refused(e):
                raise
            self._refused(op.chat_id, e)
            return False
        self.photos[op.key] = photo.digest
        return True

    async def _with_photo(
        self, photo: Photo, call: Callable[[str | BufferedInputFile], Awaitable[Message | bool]],
        drawn: bytes | None = None,
    ) -> Message | bool:
        """`call` with the picture: by its file_id when Telegram has it (one it
        has forgotten is dropped), else uploaded (`drawn`, or drawn now, first
        in the drawer's line: the call holds a slot of the limits meanwhile),
        once even when several chats want it at the same moment."""
        digest = photo.digest
        pending = self._uploading.get(digest)
        if pending is not None:
            await asyncio.shield(pending)  # the first upload tells us its file_id
        file_id = self.file_ids.get(digest)
        if file_id is not None:
            self.file_ids.move_to_end(digest)
            try:
                return await call(file_id)
            except TelegramBadRequest as e:
                if "file" not in str(e).lower():
                    raise
                log.info("outbox: file_id of %s is no longer known: uploading", photo.name)
                self.file_ids.pop(digest, None)
        done = asyncio.get_running_loop().create_future()
        self._uploading[digest] = done
        try:
            data = drawn if drawn is not None else self._pictures.get(digest)
            if data is None:
                data = await self._draw(photo, first=True)
            elif not data:
                raise PictureFailed(f"drawing {photo.name} failed")
            m = await call(BufferedInputFile(data, filename=photo.name))
            if isinstance(m, Message) and m.photo:
                self._pictures.pop(digest, None)  # Telegram has it now
                self.file_ids[digest] = m.photo[-1].file_id
                while len(self.file_ids) > FILE_IDS:
                    self.file_ids.popitem(last=False)
            return m
        finally:
            self._uploading.pop(digest, None)
            done.set_result(None)

    async def _drawn_before(self, op: Op) -> bool:
        """True when `op` may go now. A picture it must upload is drawn first,
        holding no slot of Telegram's limits: while it is drawn, other chats'
        messages go (then False: the caller looks at the chat's ops again)."""
        if op.kind not in ("show", "send"):
            return True
        if callable(op.text):
            op.text, op.markup, op.photo = _unpack(op.text(), op.photo)
        photo = op.photo
        if photo is None or _drawn(op) is not None:
            return True
        cached = self._pictures.get(photo.digest)
        if cached is not None:
            op.png = (photo.digest, cached)
            return True
        if (photo.digest in self.file_ids or photo.digest in self._uploading
                or self.photos.get(op.key) == photo.digest
                or not self._photo_fits(op.chat_id, str(op.text), photo)
                or self._buttons_first(op)):
            return True
        drawing = self._drawing.get(photo.digest)
        if drawing is not None:  # another chat's message draws the same picture
            await asyncio.shield(drawing)
            return False
        drawing = self._drawing[photo.digest] = asyncio.get_running_loop().create_future()
        try:
            self._pictures[photo.digest] = await self._draw(photo)
        except PictureFailed as e:
            log.warning("outbox: %s", e)
            self._pictures[photo.digest] = b""  # sent as text (see _with_photo)
        finally:
            op.png = (photo.digest, self._pictures.get(photo.digest, b""))
            del self._drawing[photo.digest]
            drawing.set_result(None)
        while len(self._pictures) > DRAWN:
            self._pictures.pop(next(iter(self._pictures)))
        return False

    def _buttons_first(self, op: Op) -> bool:
        """A player now asked whose hand photo needs a new picture: the caption
        and buttons go at once, the picture in an edit after (`_show`)."""
        return (op.kind == "show" and op.priority == URGENT and op.photo is not None
                and bool(self.slots.get(op.key)) and op.key in self.photos
                and self.photos[op.key] != op.photo.digest
                and op.photo.digest not in self.file_ids)

    async def _draw(self, photo: Photo, first: bool = False) -> bytes:
        """The picture drawn off the event loop: in the drawer's worker process
        when there is one (a thread would share the interpreter with the event
        loop: at 100 tables a deal's pictures held up every tap, see
        docs/PERFORMANCE.md), else, or when its worker cannot run, in a thread.
        `first`: ahead of the drawer's line (its call already holds a slot)."""
        try:
            if self.drawer is not None:
                try:
                    # a bound method pickles as its object and name: the
                    # worker imports the picture's module alone, not the bot
                    key = -1.0 if first else None  # the line's keys are monotonic times
                    drawn = self.drawer.submit(photo.png, key=key)
                    return _fits(photo, await asyncio.wrap_future(drawn))
                except (WorkerDied, PoolClosed) as e:
                    log.warning("outbox: %s drawn in a thread (%s)", photo.name, e)
                except (pickle.PicklingError, TypeError, AttributeError):
                    pass  # it cannot cross to a process (the weekly chart holds its translator)
            if self._draw_thread is None:
                self._draw_thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="pictures")
            data = await asyncio.get_running_loop().run_in_executor(self._draw_thread, photo.png)
        except PictureFailed:
            raise
        except Exception as e:
            raise PictureFailed(f"drawing {photo.name} failed: {e!r}") from e
        return _fits(photo, data)

    async def _retext(self, chat_id: int, message_id: int, text: str) -> None:
        """A message's text (a photo's caption) becomes `text`, its buttons go.
        Which it is, the slots may not know (message ids are per chat, and a
        restart forgets): Telegram's refusal of the other kind says so."""

        async def as_caption() -> None:
            await self.bot.edit_message_caption(chat_id=chat_id, message_id=message_id,
                                                caption=render_caption(text))

        async def as_text() -> None:
            await self.bot.edit_message_text(text=text, chat_id=chat_id, message_id=message_id)

        photo = any(self.slots.get(k) == message_id for k in self.photos)
        first, other = (as_caption, as_text) if photo else (as_text, as_caption)
        try:
            await first()
        except TelegramBadRequest as e:
            said = str(e).lower()
            if "no text in the message" not in said and "no caption in the message" not in said:
                raise
            await other()

    def _unbuttoned(self, chat_id: int, message_id: int) -> None:
        """The message shows no buttons now (or is gone)."""
        if self.on_unbuttoned is not None:
            self.on_unbuttoned(chat_id, message_id)

    async def _unbutton(self, op: Op) -> None:
        assert op.message_id is not None
        try:
            if op.text:
                assert isinstance(op.text, str)
                await self._retext(op.chat_id, op.message_id, op.text)
            else:
                await self.bot.edit_message_reply_markup(
                    chat_id=op.chat_id, message_id=op.message_id)
        except (TelegramBadRequest, TelegramNotFound, TelegramForbiddenError) as e:
            # not modified: done already; gone, too old, or the chat refuses
            # us: nothing more can be done, and nobody taps it through us
            if "not modified" not in str(e).lower():
                log.info("chat %s: the buttons of %s stay (%s)", op.chat_id, op.message_id, e)
        self._unbuttoned(op.chat_id, op.message_id)


def _drawn(op: Op) -> bytes | None:
    """The PNG drawn for the op's picture as it is now (None: not drawn yet,
    or drawn for a picture a merge has since replaced)."""
    if op.photo is None or op.png is None or op.png[0] != op.photo.digest:
        return None
    return op.png[1]


class PictureFailed(Exception):
    """A picture could not be drawn, or is too big to send."""


def _unpack(shown: tuple, photo: Photo | None = None
            ) -> tuple[str, InlineKeyboardMarkup | None, Photo | None]:
    """A render's (text, markup) or (text, markup, photo)."""
    if len(shown) == 3:
        return shown[0], shown[1], shown[2]
    return shown[0], shown[1], photo


def _utf16(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


def render_caption(text: str) -> str:
    """A text as a caption: whole when it fits, else cut at the limit."""
    if _utf16(text) <= MAX_CAPTION:
        return text
    cut = MAX_CAPTION - 1
    while _utf16(text[:cut]) > MAX_CAPTION - 1:
        cut -= 1
    return text[:cut] + "…"


def _photo_refused(e: Exception) -> bool:
    """A photo call that text would not fix by waiting: the picture could not
    be drawn, or Telegram refused it (too big, not allowed in the chat, bad
    file). Floods, server errors, a blocked bot and a moved group are not."""
    if isinstance(e, PictureFailed | TelegramEntityTooLarge):
        return True
    if isinstance(e, TelegramRetryAfter | TelegramForbiddenError | TelegramMigrateToChat
                  | TelegramServerError | TelegramNetworkError | TelegramUnauthorizedError):
        return False
    return isinstance(e, TelegramBadRequest)


def _permanent(e: Exception) -> bool:
    """Errors that trying again cannot fix: Telegram refused the request itself
    (400, 401, 404), or our own bug. 5xx, network errors and timeouts pass."""
    if isinstance(e, TelegramServerError | TelegramNetworkError | TimeoutError | OSError):
        return False
    if isinstance(e, TelegramBadRequest | TelegramNotFound | TelegramUnauthorizedError):
        return True
    return not isinstance(e, TelegramAPIError)  # other API errors (409 …): try again


async def _quiet_delete(bot: Bot, chat_id: int, message_id: int | None) -> None:
    if not message_id:
        return
    try:
        await bot.delete_message(chat_id, message_id)
    except (TelegramBadRequest, TelegramNotFound):
        pass  # already gone


def _call(fn: Callable[[int], Any] | None, value: int) -> None:
    if fn is None:
        return
    result = fn(value)
    if asyncio.iscoroutine(result):
        asyncio.get_running_loop().create_task(result)


def _now() -> float:
    return time.monotonic()


def _fits(photo: Photo, data: bytes) -> bytes:
    if len(data) > MAX_PHOTO:
        raise PictureFailed(f"{photo.name} is {len(data)} bytes")
    return data

"""What every part of the service shares: the config, the connections (bot,
storage, outbox, scheduler), the sittings in memory with the lock of each
chat, and the few steps every part takes (save a sitting, run a task).

The parts (`people`, `screens`, `timers`, `lifecycle`, `moves`, `turns`,
`lobby`, `chats`, `recovery`) each get this core and the parts below them;
`bot/service.py` builds them in that order. No part imports a part above it."""

from __future__ import annotations

import asyncio
import logging
import time
from collections import defaultdict
from collections.abc import Callable, Coroutine, Sequence
from dataclasses import dataclass
from typing import Any

from aiogram import Bot
from aiogram.types import InlineKeyboardMarkup
from apscheduler.schedulers.asyncio import AsyncIOScheduler

from bot import catalog
from bot.config import Config
from bot.i18n import N_
from bot.outbox import Outbox
from bot.presenters.base import Presenter
from bot.sitting import Sitting
from storage import repo
from storage.db import Storage

# Every part logs a sitting's events under the one name they always had.
log = logging.getLogger("bot.service")

STALE = N_("This button has expired.")
OVER = N_("This game is already over.")
NOT_YOURS = N_("This is not your game.")
NOT_YOUR_TURN = N_("It is not your turn yet.")
ONLY_STARTER = N_("Only whoever started the game or an admin can do that.")


class Refused(Exception):
    """A player's request turned down before anything changed (a picker
    choice of the wrong count, a /settings change the rules do not allow):
    the message, already in the player's language, says why (a toast)."""


@dataclass
class Reply:
    """How to answer a button press: a toast, or a link to open; and what the
    message the button was on shows now (`page`: its new text and buttons,
    edited in place; None: it stays as it is)."""

    text: str | None = None
    url: str | None = None
    alert: bool = False
    page: tuple[str, InlineKeyboardMarkup | None] | None = None


@dataclass(frozen=True)
class Post:
    """A new message in the chat a command came from: how a command is
    answered (a service call returns none, one or several)."""

    text: str
    markup: InlineKeyboardMarkup | None = None


@dataclass(frozen=True)
class Stale:
    """A message whose buttons no longer do anything: they must go, even
    across a restart. `text`: what it says once they are gone (None: its
    text stays)."""

    chat_id: int
    message_id: int
    text: str | None = None

    def row(self) -> dict[str, Any]:
        return {"chat_id": self.chat_id, "message_id": self.message_id, "text": self.text}


@dataclass(frozen=True)
class Table:
    """One sitting as a part handles it: the sitting, the lock of its chat
    (every change runs under it) and its game's presenter, found once."""

    sitting: Sitting
    lock: asyncio.Lock
    presenter: Presenter


class Core:
    def __init__(
        self,
        config: Config,
        bot: Bot,
        storage: Storage,
        outbox: Outbox,
        scheduler: AsyncIOScheduler,
        bot_username: str = "",
    ) -> None:
        self.config = config
        self.bot = bot
        self.storage = storage
        self.outbox = outbox
        self.scheduler = scheduler
        self.bot_username = bot_username
        self.sittings: dict[int, Sitting] = {}
        self.by_chat: dict[int, int] = {}  # chat → its active sitting
        self.locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        self.last_action: dict[int, float] = {}  # user → when they last moved (monotonic)
        self.tasks: set[asyncio.Task[Any]] = set()
        self.closing = False  # stopping: no new task starts (`spawn`)
        # (chat, message) of every keyboard that must go and has not gone
        # yet; the database has the same in `stale_keyboards` (see `save`)
        self.stale: set[tuple[int, int]] = set()
        self.clock: Callable[[], float] = time.time  # the wall clock of the scores (App's)

    def lock(self, s: Sitting) -> asyncio.Lock:
        """The lock of the sitting's chat (a migrated sitting takes the new chat's)."""
        return self.locks[s.chat_id]

    def table(self, sitting_id: int) -> Table | None:
        """The sitting a button names, with its lock and presenter, or None."""
        s = self.sittings.get(sitting_id)
        if s is None:
            return None
        return Table(s, self.lock(s), catalog.presenter(s.game))

    async def save(self, s: Sitting, stale: Sequence[Stale] = ()) -> None:
        """The sitting as it is now and, in the same transaction, the messages
        whose buttons this change leaves with nothing to do."""
        rows = self.going(stale)
        await self.storage.run(repo.update_sitting, s.id, s.to_row(), rows)

    def going(self, stale: Sequence[Stale]) -> list[dict[str, Any]]:
        """Remember these keyboards must go (a press on them is stale from
        now on); their rows, for the caller's transaction."""
        self.stale.update((k.chat_id, k.message_id) for k in stale)
        return [k.row() for k in stale]

    def unbuttoned(self, chat_id: int, message_id: int) -> None:
        """The outbox edited a message to show no buttons (or found it gone):
        if it was one that had to lose them, that is done."""
        if (chat_id, message_id) in self.stale:
            self.stale.discard((chat_id, message_id))
            self.spawn(self.storage.run(repo.drop_stale_keyboard, chat_id, message_id))

    async def reload(self, s: Sitting) -> None:
        """The database is the truth: the sitting as last written."""
        row = await self.storage.run(repo.get_sitting, s.id)
        assert row is not None  # a sitting's row is never deleted
        fresh = Sitting.from_row(row)
        s.__dict__.update(fresh.__dict__)

    def spawn(self, coro: Coroutine[Any, Any, Any]) -> asyncio.Task[Any]:
        """Run `coro` as a task of ours (cancelled when the bot stops). Once
        stopping, it never runs: a late press must not start a computer move
        on workers already gone (its table moves again after a restart)."""
        task = asyncio.get_running_loop().create_task(coro)
        if self.closing:
            task.cancel()
            return task
        self.tasks.add(task)
        task.add_done_callback(self._task_done)
        return task

    def _task_done(self, task: asyncio.Task[Any]) -> None:
        self.tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("background task failed", exc_info=task.exception())

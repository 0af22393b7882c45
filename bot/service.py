"""The service the handlers call: the composition root of the parts that
run the tables. Each part has one job and its own file; they are built here
in dependency order (a part gets only the parts below it), so no module
imports one above it:

    core       what every part shares (bot/core.py)
    people     users, chats, languages, /settings, who is an admin
    screens    which message shows what
    timers     the turn timer and the pending computer move
    lifecycle  a hand's life: deal, score, next hand, /stop, finish
    moves      a move pressed, picked or played; `apply` for everyone
    turns      a turn due: the computer's move, a timeout, take over
    lobby      /new, join, leave, start
    chats      /lang, blocked, removed, a group become a supergroup
    recovery   start-up

Everything that changes a sitting runs under the lock of its chat, writes
the change to storage first and only then queues messages through the
outbox."""

from __future__ import annotations

import asyncio

from aiogram import Bot
from apscheduler.schedulers.asyncio import AsyncIOScheduler

from bot import computer
from bot.chats import Chats
from bot.config import Config
from bot.core import Core, Post, Reply
from bot.i18n import Translator
from bot.lifecycle import Lifecycle
from bot.lobby import Lobby
from bot.moves import Moves
from bot.outbox import Outbox
from bot.people import People
from bot.recovery import Recovery
from bot.screens import Screens
from bot.timers import Timers
from bot.turns import Turns
from storage.db import Storage

__all__ = ["Post", "Reply", "Service"]


class Service(Core):
    def __init__(
        self,
        config: Config,
        bot: Bot,
        storage: Storage,
        outbox: Outbox,
        scheduler: AsyncIOScheduler,
        bot_username: str = "",
    ) -> None:
        super().__init__(config, bot, storage, outbox, scheduler, bot_username)
        self.people = People(self)
        self.screens = Screens(self, self.people)
        self.timers = Timers(self)
        self.lifecycle = Lifecycle(self, self.people, self.screens, self.timers)
        self.moves = Moves(self, self.people, self.screens, self.timers, self.lifecycle)
        self.turns = Turns(self, self.people, self.screens, self.timers, self.moves,
                           computer.make(config.ai_workers))
        self.timers.due = self.turns  # the timer's expiry and computer moves are Turns' job
        self.lobby = Lobby(self, self.people, self.screens, self.lifecycle)
        self.chats = Chats(self, self.people, self.screens, self.timers, self.lifecycle)
        self.recovery = Recovery(self, self.screens, self.timers)

    # The words most callers need, by their short names.
    def lang(self, chat_id: int) -> str:
        return self.people.lang(chat_id)

    def t(self, chat_id: int) -> Translator:
        return self.people.t(chat_id)

    async def close(self) -> None:
        """Every task of ours cancelled (no new one starts: `Core.spawn`), then
        the computers' workers stopped. A computer move cancelled here is made
        again after a restart (`Recovery` re-arms every table)."""
        self.closing = True
        for task in list(self.tasks):
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)
        await self.turns.thinker.close()

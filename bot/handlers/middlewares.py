"""Outer middlewares: know which updates are being handled (a stop lets them
finish); remember every user and chat an update comes from, so seats have
names and the bot knows whom it may message, and whom and where the update
is answered (see `People.lang`); then set the language the update is
answered in. They pass nothing on to the handlers: the handlers'
dependencies are the dispatcher's data (bot/app.py)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from aiogram import BaseMiddleware
from aiogram.types import TelegramObject, Update
from aiogram.utils.i18n import I18n, I18nMiddleware

from bot.tables.service import Service


class SeenMiddleware(BaseMiddleware):
    def __init__(self, service: Service) -> None:
        self.service = service

    async def __call__(
        self,
        handler: Callable[[TelegramObject, dict[str, Any]], Awaitable[Any]],
        event: TelegramObject,
        data: dict[str, Any],
    ) -> Any:
        user = chat = None
        if isinstance(event, Update):
            if event.message is not None:
                user, chat = event.message.from_user, event.message.chat
            elif event.callback_query is not None:
                cq = event.callback_query
                user, chat = cq.from_user, cq.message.chat if cq.message is not None else None
            if user is not None or chat is not None:
                await self.service.people.see(user, chat)
        with self.service.people.answering(user.id if user else None, chat.id if chat else None):
            return await handler(event, data)


class LanguageMiddleware(I18nMiddleware):
    """aiogram's I18n context for every update, in the language its answer is
    read in: a button press answers the presser (a toast), a private message
    its user, a group message the group (see `Service.lang_for`)."""

    def __init__(self, i18n: I18n, service: Service) -> None:
        super().__init__(i18n)
        self.service = service

    async def get_locale(self, event: TelegramObject, data: dict[str, Any]) -> str:
        user = data.get("event_from_user")
        chat = data.get("event_chat")
        is_press = isinstance(event, Update) and event.callback_query is not None
        if user is not None and (is_press or chat is None or chat.type == "private"):
            return self.service.lang(user.id)
        if chat is not None:
            return self.service.lang(chat.id)
        return self.i18n.default_locale


class InFlight(BaseMiddleware):
    """The outermost middleware: which updates are being handled, so a stop
    lets them finish before the parts they use close (`App.stop`)."""

    def __init__(self) -> None:
        self.tasks: set[asyncio.Task[Any]] = set()

    async def __call__(
        self,
        handler: Callable[[TelegramObject, dict[str, Any]], Awaitable[Any]],
        event: TelegramObject,
        data: dict[str, Any],
    ) -> Any:
        task = asyncio.current_task()
        if task is not None:
            self.tasks.add(task)
        try:
            return await handler(event, data)
        finally:
            if task is not None:
                self.tasks.discard(task)

    async def finish(self, timeout: float) -> None:
        """Wait for the updates being handled; cancel those still running
        after `timeout` seconds."""
        pending = {t for t in self.tasks if t is not asyncio.current_task()}
        if not pending:
            return
        _done, late = await asyncio.wait(pending, timeout=timeout)
        for t in late:
            t.cancel()
        await asyncio.gather(*late, return_exceptions=True)

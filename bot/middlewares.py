"""Outer middleware: remember every user and chat an update comes from, so
seats have names and the bot knows whom it may message."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from aiogram import BaseMiddleware
from aiogram.types import TelegramObject, Update


class SeenMiddleware(BaseMiddleware):
    def __init__(self, service: Any) -> None:
        self.service = service

    async def __call__(
        self,
        handler: Callable[[TelegramObject, dict[str, Any]], Awaitable[Any]],
        event: TelegramObject,
        data: dict[str, Any],
    ) -> Any:
        if isinstance(event, Update):
            if event.message is not None:
                await self.service.see(event.message.from_user, event.message.chat)
            elif event.callback_query is not None:
                cq = event.callback_query
                chat = cq.message.chat if cq.message is not None else None
                await self.service.see(cq.from_user, chat)
        data["service"] = self.service
        return await handler(event, data)

"""Keep aiogram's parsed response types alive.

aiogram parses every answer as `Response[method.__returning__]`, a pydantic
generic model that pydantic caches only weakly. A full garbage collection
frees those classes, and the next answer rebuilds its class: 20–90 ms with
the event loop blocked (measured under bench.soak: Response[bool] rebuilt 5
times a minute, 88 ms each, every press waiting behind it). Holding one
strong reference per method type makes each one built once."""

from __future__ import annotations

from aiogram import Bot
from aiogram.client.session.middlewares.base import (
    BaseRequestMiddleware,
    NextRequestMiddlewareType,
)
from aiogram.methods.base import Response, TelegramMethod, TelegramType


class PinResponseTypes(BaseRequestMiddleware):
    """Session middleware: the response class of every method type, held."""

    def __init__(self) -> None:
        self.held: dict[type, type] = {}  # method type → its response class

    async def __call__(
        self,
        make_request: NextRequestMiddlewareType[TelegramType],
        bot: Bot,
        method: TelegramMethod[TelegramType],
    ) -> Response[TelegramType]:
        kind = type(method)
        if kind not in self.held:
            # the method's own class, parametrized at run time (no static type)
            self.held[kind] = Response[method.__returning__]  # type: ignore[name-defined]
        return await make_request(bot, method)

"""Keep aiogram's parsed response types alive.

aiogram parses every answer as `Response[method.__returning__]`, a pydantic
generic model that pydantic caches only weakly. A full garbage collection
frees those classes, and the next answer rebuilds its class: 20–90 ms with
the event loop blocked (measured under bench.soak: Response[bool] rebuilt 5
times a minute, 88 ms each, every press waiting behind it). Holding one
strong reference per method type makes each one built once."""

from __future__ import annotations

from typing import Any

from aiogram.client.session.middlewares.base import BaseRequestMiddleware
from aiogram.methods.base import Response


class PinResponseTypes(BaseRequestMiddleware):
    """Session middleware: the response class of every method type, held."""

    def __init__(self) -> None:
        self.held: dict[type, Any] = {}

    async def __call__(self, make_request: Any, bot: Any, method: Any) -> Any:
        kind = type(method)
        if kind not in self.held:
            self.held[kind] = Response[method.__returning__]
        return await make_request(bot, method)

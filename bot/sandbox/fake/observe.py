"""What the bot did: messages, buttons, recorded calls, send rates."""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import Callable
from typing import Any

from .base import FakeState
from .markup import inline_buttons
from .methods import COUNTED
from .models import Button, Call, FakeMessage


class Observe(FakeState):
    def messages(self, chat_id: int, *, from_bot: bool | None = None) -> list[FakeMessage]:
        """Current (non-deleted) messages of the chat in order, users' included
        unless from_bot is given."""
        return [m for _, m in sorted(self.world.messages.get(chat_id, {}).items())
                if not m.deleted and (from_bot is None or m.from_bot == from_bot)]

    def message(self, chat_id: int, message_id: int) -> FakeMessage | None:
        return self.world.get_message(chat_id, message_id)

    def buttons(self, chat_id: int, message_id: int) -> list[Button]:
        m = self.world.get_message(chat_id, message_id)
        return inline_buttons(m.reply_markup) if m else []

    def calls(self, method: str | None = None, chat_id: int | None = None) -> list[Call]:
        method = method.lower() if method else None
        return [c for c in sorted(self._calls, key=lambda c: c.t)
                if (method is None or c.method.lower() == method)
                and (chat_id is None or c.chat_id == chat_id)]

    def calls_since(self, t: float) -> list[Call]:
        """*ext*: the calls handled at or after monotonic time `t`, oldest first;
        cheap however long the server ran (read from the newest back)."""
        out = []
        for c in reversed(self._calls):
            if c.t < t - 1.0:  # recorded in arrival order, give or take a delayed call
                break
            if c.t >= t:
                out.append(c)
        return sorted(out, key=lambda c: c.t)

    def sends_in_window(self, chat_id: int | None, seconds: float) -> int:
        """Most successful sends+edits to the chat (None: to all chats) in any
        window of `seconds` (half-open, as the limiter counts)."""
        times = sorted(c.t for c in self._calls if c.ok and c.method in COUNTED
                       and c.chat_id is not None and (chat_id is None or c.chat_id == chat_id))
        best, j = 0, 0
        for i, t in enumerate(times):
            while t - times[j] >= seconds:
                j += 1
            best = max(best, i - j + 1)
        return best

    async def wait_for(self, predicate: Callable[[], Any], timeout: float = 10.0) -> Any:
        """Poll predicate() (sync or async) every 10 ms until truthy and return
        its value. LookupError/AttributeError count as "not yet" (so
        `lambda: tg.messages(g)[-1].text == "x"` works); TimeoutError after
        `timeout` seconds, chained to the last such error."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        last: Exception | None = None
        while True:
            try:
                value = predicate()
                if inspect.isawaitable(value):
                    value = await value
            except (LookupError, AttributeError) as e:
                value, last = None, e
            if value:
                return value
            if loop.time() >= deadline:
                raise TimeoutError(f"wait_for: condition not met within {timeout}s") from last
            await asyncio.sleep(0.01)


"""The bot's pending updates and getUpdates long polling (offset, limit,
timeout, allowed_updates), like api.telegram.org."""

from __future__ import annotations

import asyncio

from .models import ApiError

CONFLICT = ApiError(
    409,
    "Conflict: terminated by other getUpdates request; make sure that only one bot "
    "instance is running",
)


class UpdateQueue:
    def __init__(self) -> None:
        self._pending: list[dict] = []
        self._next_id = 1
        self._changed = asyncio.Event()
        self._generation = 0  # the newest getUpdates wins; older ones get 409
        self.allowed: list[str] | None = None  # None/[] = every default type
        self.closed = False

    def _wake(self) -> None:
        self._changed.set()
        self._changed = asyncio.Event()

    def _wanted(self, update: dict) -> bool:
        if not self.allowed:
            return True
        return any(k in update for k in self.allowed)

    def put(self, kind: str, obj: dict) -> dict:
        update = {"update_id": self._next_id, kind: obj}
        self._next_id += 1
        if self._wanted(update):
            self._pending.append(update)
            self._wake()
        return update

    def drop_pending(self) -> None:
        self._pending.clear()

    def pending(self) -> list[dict]:
        return list(self._pending)

    def close(self) -> None:
        self.closed = True
        self._wake()

    def _confirm(self, offset: int) -> None:
        if offset > 0:
            self._pending = [u for u in self._pending if u["update_id"] >= offset]
        elif offset < 0:
            self._pending = self._pending[offset:]

    async def get(self, params: dict) -> list[dict]:
        offset = int(params.get("offset") or 0)
        limit = min(max(int(params.get("limit") or 100), 1), 100)
        timeout = min(max(float(params.get("timeout") or 0), 0.0), 50.0)
        if "allowed_updates" in params:
            allowed = params["allowed_updates"]
            self.allowed = list(allowed) if isinstance(allowed, list) else None
        self._generation += 1
        generation = self._generation
        self._wake()  # an older poller still waiting is now superseded
        self._confirm(offset)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            if generation != self._generation:
                raise CONFLICT
            ready = [u for u in self._pending if self._wanted(u)][:limit]
            if ready or self.closed:
                return ready
            remaining = deadline - loop.time()
            if remaining <= 0:
                return []
            changed = self._changed
            try:
                await asyncio.wait_for(changed.wait(), remaining)
            except TimeoutError:
                return []

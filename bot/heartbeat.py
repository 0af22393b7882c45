"""The heartbeat: a file touched after every successful getUpdates, so a
container's HEALTHCHECK (`paiju healthcheck`) can tell a bot that still
hears Telegram from one that does not."""

from __future__ import annotations

import os
import pathlib
import time
from typing import Any

from aiogram.client.session.middlewares.base import BaseRequestMiddleware
from aiogram.methods import GetUpdates

# Fresh while younger than this: a long poll answers within polling_timeout
# (≤ 50 s), so 90 s tolerates one slow poll but not a minute of backoff.
MAX_AGE = 90.0


def beat(path: pathlib.Path) -> None:
    """Set the file's time to now (creating it)."""
    try:
        os.utime(path)
    except FileNotFoundError:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.touch()


def age(path: pathlib.Path, now: float | None = None) -> float | None:
    """Seconds since the last beat, or None when there never was one."""
    try:
        mtime = path.stat().st_mtime
    except OSError:
        return None
    return (time.time() if now is None else now) - mtime


class Heartbeat(BaseRequestMiddleware):
    """Session middleware: beats after each getUpdates that Telegram answered."""

    def __init__(self, path: pathlib.Path) -> None:
        self.path = path

    async def __call__(self, make_request: Any, bot: Any, method: Any) -> Any:
        result = await make_request(bot, method)
        if isinstance(method, GetUpdates):
            beat(self.path)
        return result

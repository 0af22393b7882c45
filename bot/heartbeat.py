"""The heartbeat: a file touched after every successful getUpdates, so a
container's HEALTHCHECK (`paiju healthcheck`) can tell a bot that still
hears Telegram from one that does not."""

from __future__ import annotations

import json
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


# -- figures beside the heartbeat (`paiju healthcheck --verbose`) --------------------
def figures_path(heartbeat: pathlib.Path) -> pathlib.Path:
    """Where the running bot writes its figures: beside the heartbeat."""
    return heartbeat.with_name(heartbeat.name + ".json")


def write_figures(path: pathlib.Path, figures: dict[str, Any]) -> None:
    """Replace the figures file at once (a reader never sees half of it)."""
    tmp = path.with_name(path.name + ".tmp")
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp.write_text(json.dumps({"at": time.time(), **figures}), encoding="utf-8")
    os.replace(tmp, path)


def read_figures(path: pathlib.Path) -> dict[str, Any] | None:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None

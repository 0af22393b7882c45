"""One SQLite database behind one dedicated thread.

Every access runs on that thread (sqlite connections are not shared); the bot
awaits results through `Storage.run`. WAL keeps readers and the writer apart.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import functools
from collections.abc import Callable
from typing import Any, TypeVar

from sqlite_utils import Database

from storage.migrations import migrations

T = TypeVar("T")


def open_db(path: str) -> Database:
    db = Database(path)
    if path != ":memory:":
        db.enable_wal()
    db.execute("PRAGMA synchronous=NORMAL")  # WAL + NORMAL: durable at checkpoints, fast commits
    db.execute("PRAGMA foreign_keys=ON")
    migrations.apply(db)
    return db


class Storage:
    """The DB thread. `await storage.run(fn, *args)` calls fn(db, *args) there."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._pool = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="paiju-db")
        self._db: Database | None = None
        self._pool.submit(self._open).result()

    def _open(self) -> None:
        self._db = open_db(self.path)

    def _call(self, fn: Callable[..., T], args: tuple, kwargs: dict) -> T:
        assert self._db is not None
        return fn(self._db, *args, **kwargs)

    async def run(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(
            self._pool, functools.partial(self._call, fn, args, kwargs)
        )

    def run_sync(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """Blocking call from outside the event loop (CLI, tests)."""
        return self._pool.submit(self._call, fn, args, kwargs).result()

    def close(self) -> None:
        def _close() -> None:
            if self._db is not None:
                self._db.close()
                self._db = None

        self._pool.submit(_close).result()
        self._pool.shutdown(wait=True)

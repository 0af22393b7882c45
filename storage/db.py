"""One SQLite database behind one dedicated thread.

Every access runs on that thread (sqlite connections are not shared); the bot
awaits results through `Storage.run`. WAL keeps readers and the writer apart.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import itertools
import queue
import threading
from collections.abc import Callable
from typing import Any, TypeVar

from sqlite_utils import Database

from storage.migrations import migrations

T = TypeVar("T")

_FIRST, _LATER = 0, 1  # the DB thread's lanes


def open_db(path: str) -> Database:
    db = Database(path)
    if path != ":memory:":
        db.enable_wal()
    db.execute("PRAGMA synchronous=NORMAL")  # WAL + NORMAL: durable at checkpoints, fast commits
    db.execute("PRAGMA foreign_keys=ON")
    migrations.apply(db)
    return db


class Storage:
    """The DB thread. `await storage.run(fn, *args)` calls fn(db, *args) there;
    `run_first` puts the call ahead of every `run` still queued: a player's
    move is answered only once it is written, so it must not wait behind
    bookkeeping (message ids, group send times) queued in a burst."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._queue: queue.PriorityQueue[tuple[int, int, Callable[[], None] | None]] = (
            queue.PriorityQueue())
        self._order = itertools.count()
        self._db: Database | None = None
        self._closed = False
        self._thread = threading.Thread(target=self._serve, name="paiju-db", daemon=True)
        self._thread.start()
        self._submit(_LATER, self._open, (), {}, direct=True).result()

    def _open(self) -> None:
        self._db = open_db(self.path)

    def _serve(self) -> None:
        while True:
            _lane, _n, work = self._queue.get()
            if work is None:
                return
            work()

    def _call(self, fn: Callable[..., T], args: tuple, kwargs: dict) -> T:
        assert self._db is not None
        return fn(self._db, *args, **kwargs)

    def _submit(self, lane: int, fn: Callable[..., T], args: tuple, kwargs: dict,
                direct: bool = False) -> concurrent.futures.Future[T]:
        if self._closed:
            raise RuntimeError("the database is closed")
        fut: concurrent.futures.Future[T] = concurrent.futures.Future()

        def work() -> None:
            if not fut.set_running_or_notify_cancel():
                return  # its caller gave up before it began
            try:
                fut.set_result(fn(*args, **kwargs) if direct else self._call(fn, args, kwargs))
            except BaseException as e:  # delivered to the caller
                fut.set_exception(e)

        self._queue.put((lane, next(self._order), work))
        return fut

    async def run(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        return await asyncio.wrap_future(self._submit(_LATER, fn, args, kwargs))

    async def run_first(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        return await asyncio.wrap_future(self._submit(_FIRST, fn, args, kwargs))

    def run_sync(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """Blocking call from outside the event loop (CLI, tests)."""
        return self._submit(_LATER, fn, args, kwargs).result()

    def close(self) -> None:
        """After everything queued so far."""
        def _close() -> None:
            if self._db is not None:
                self._db.close()
                self._db = None

        if self._closed:
            return
        self._submit(_LATER, _close, (), {}, direct=True).result()
        self._closed = True
        self._queue.put((_LATER + 1, next(self._order), None))
        self._thread.join()

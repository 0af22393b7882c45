"""Tasks for the worker-pool tests: module-level, so a spawned worker can
import them by name."""

from __future__ import annotations

import os
import sys
import time


def started(_: object = None) -> float:
    """When the worker began this task (time.monotonic(): one clock for all
    processes of the machine)."""
    return time.monotonic()


def slow(seconds: float) -> int:
    time.sleep(seconds)
    return os.getpid()


def die(_: object = None) -> None:
    os._exit(3)


def fail(text: str) -> None:
    raise ValueError(text)


def exit_now() -> None:
    """An initializer that cannot start (a worker that dies before it is ready)."""
    sys.exit(5)


def pid(_: object = None) -> int:
    return os.getpid()


def niceness(_: object = None) -> int:
    return os.nice(0)

"""Reaching Telegram: start-up calls retried with exponential backoff while
the network or the Bot API is down, and a refused token told in one line."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import TypeVar

from aiogram.exceptions import (
    ClientDecodeError,
    TelegramNetworkError,
    TelegramNotFound,
    TelegramRetryAfter,
    TelegramServerError,
    TelegramUnauthorizedError,
)
from aiogram.utils.backoff import BackoffConfig

log = logging.getLogger(__name__)
T = TypeVar("T")

FIRST_DELAY = 1.0

# Conditions that pass: the host is unreachable or silent, the Bot API is
# down or answers garbage (a proxy's error page). Everything else is fatal.
TEMPORARY = (TelegramNetworkError, TelegramServerError, ClientDecodeError, OSError, TimeoutError)


class TokenRefused(Exception):
    """Telegram does not know this token (401/404 on getMe): one line, exit 2."""


def backoff_config(backoff_max: float) -> BackoffConfig:
    """aiogram's polling backoff: 1 s, doubling, at most `backoff_max`."""
    return BackoffConfig(min_delay=FIRST_DELAY, max_delay=backoff_max, factor=2.0, jitter=0.1)


def describe(e: BaseException) -> str:
    """A network failure in a few words, without aiogram's prefixes."""
    if isinstance(e, TelegramNetworkError):
        text = e.message.removeprefix("HTTP Client says - ")
        return text or type(e).__name__
    if isinstance(e, TimeoutError):
        return "no answer"
    return f"{type(e).__name__}: {e}".splitlines()[0]


async def with_backoff(what: str, call: Callable[[], Awaitable[T]], backoff_max: float) -> T:
    """`call()` until it succeeds; temporary failures are logged (one line a
    try, the traceback at DEBUG) and retried after 1, 2, 4 … `backoff_max` s."""
    delay = FIRST_DELAY
    attempt = 1
    while True:
        try:
            return await call()
        except (TelegramUnauthorizedError, TelegramNotFound) as e:
            raise TokenRefused(
                f"Telegram refused the token ({e.message}): check BOT_TOKEN with @BotFather"
            ) from None
        except TelegramRetryAfter as e:
            wait = float(e.retry_after)
            log.warning("%s: Telegram asks to wait %.0f s (try %d)", what, wait, attempt)
        except TEMPORARY as e:
            wait = delay
            delay = min(delay * 2, backoff_max)
            log.warning(
                "%s failed (try %d): %s; retrying in %.0f s", what, attempt, describe(e), wait
            )
            log.debug("%s failed", what, exc_info=True)
        attempt += 1
        await asyncio.sleep(wait)

"""Logging of `paiju run`: one line per event on stderr, as text or JSON.

LOG_LEVEL sets the level (INFO by default). Expected network conditions
(Telegram unreachable, slow, 5xx) are logged as one line; their tracebacks
appear only at DEBUG. Game events carry the chat and sitting ids; card codes
of a private hand are never logged at INFO.
"""

from __future__ import annotations

import json
import logging
import os
import sys
import time
from typing import Any, TypeGuard

TEXT_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")


class LogLevelError(ValueError):
    pass


def _expected(exc: BaseException | None) -> TypeGuard[BaseException]:
    """A failure of the network or of Telegram, not of the bot."""
    if exc is None:
        return False
    import aiohttp
    from aiogram.exceptions import TelegramNetworkError, TelegramRetryAfter, TelegramServerError

    return isinstance(exc, TelegramNetworkError | TelegramServerError | TelegramRetryAfter
                      | aiohttp.ClientError | TimeoutError | ConnectionError)


class QuietNetwork(logging.Filter):
    """Drops the traceback of an expected network condition (unless DEBUG is
    on), keeping the exception's one-line text in the message."""

    def __init__(self, debug: bool) -> None:
        super().__init__()
        self.debug = debug

    def filter(self, record: logging.LogRecord) -> bool:
        if self.debug or not record.exc_info:
            return True
        exc = record.exc_info[1]
        if _expected(exc):
            from bot.connect import describe

            record.msg = f"{record.getMessage()} ({describe(exc)})"
            record.args = None
            record.exc_info = None
            record.exc_text = None
        return True


class JsonFormatter(logging.Formatter):
    """One JSON object a line: time, level, logger, message, and the event's
    fields (chat, sitting …) given as `extra=`."""

    STANDARD = set(vars(logging.makeLogRecord({}))) | {"message", "asctime"}

    def format(self, record: logging.LogRecord) -> str:
        out: dict[str, Any] = {
            "time": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created))
            + f".{int(record.msecs):03d}Z",
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        for key, value in vars(record).items():
            if key not in self.STANDARD and not key.startswith("_"):
                out[key] = value
        if record.exc_info:
            out["traceback"] = self.formatException(record.exc_info)
        return json.dumps(out, ensure_ascii=False, default=str)


def level_from_env(env: dict[str, str] | None = None) -> int:
    raw = (os.environ if env is None else env).get("LOG_LEVEL", "").strip().upper() or "INFO"
    if raw not in LEVELS:
        raise LogLevelError(f"LOG_LEVEL must be one of {', '.join(LEVELS)}, got {raw!r}")
    return getattr(logging, raw)


def setup(level: int = logging.INFO, as_json: bool = False) -> None:
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter() if as_json else logging.Formatter(TEXT_FORMAT))
    handler.addFilter(QuietNetwork(debug=level <= logging.DEBUG))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)
    # aiogram logs every handled update at INFO; that is DEBUG detail here.
    if level > logging.DEBUG:
        logging.getLogger("aiogram.event").setLevel(logging.WARNING)


def event(logger: logging.Logger, chat_id: int, sitting_id: int, what: str, **fields: Any) -> None:
    """One INFO line for a game event. Only public facts belong in `fields`
    (seats, event kinds, points), never a card of a private hand."""
    detail = " ".join(f"{k}={v}" for k, v in fields.items())
    logger.info(
        "chat %s sitting %s: %s%s",
        chat_id,
        sitting_id,
        what,
        f" {detail}" if detail else "",
        extra={"chat": chat_id, "sitting": sitting_id, "event": what, **fields},
    )

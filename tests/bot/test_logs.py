"""Logs: JSON for log shippers, network tracebacks only at DEBUG, LOG_LEVEL.
(Game events in the log: tests/e2e/test_logs.py.)"""

from __future__ import annotations

import json
import logging
import sys

from aiogram.exceptions import TelegramNetworkError
from aiogram.methods import GetMe

from bot import logs


def test_json_lines_carry_the_event_fields():
    record = logging.LogRecord("bot.service", logging.INFO, __file__, 1, "chat %s", (5,), None)
    record.chat, record.sitting, record.event = 5, 7, "move"
    out = json.loads(logs.JsonFormatter().format(record))
    assert out["message"] == "chat 5" and out["level"] == "INFO" and out["logger"] == "bot.service"
    assert out["chat"] == 5 and out["sitting"] == 7 and out["event"] == "move"
    assert out["time"].endswith("Z")


def _failed_record() -> logging.LogRecord:
    try:
        raise TelegramNetworkError(method=GetMe(), message="Request timeout error")
    except TelegramNetworkError:
        exc_info = sys.exc_info()
    return logging.LogRecord("bot.outbox", logging.ERROR, __file__, 1, "send failed", (), exc_info)


def test_network_tracebacks_only_at_debug():
    quiet = _failed_record()
    assert logs.QuietNetwork(debug=False).filter(quiet)
    assert quiet.exc_info is None and quiet.getMessage() == "send failed (Request timeout error)"
    loud = _failed_record()
    assert logs.QuietNetwork(debug=True).filter(loud) and loud.exc_info is not None
    try:
        raise KeyError("a bug")
    except KeyError:
        bug = logging.LogRecord("bot", logging.ERROR, __file__, 1, "boom", (), sys.exc_info())
    assert (
        logs.QuietNetwork(debug=False).filter(bug) and bug.exc_info is not None
    )  # bugs keep theirs


def test_log_level_from_the_environment():
    assert logs.level_from_env({}) == logging.INFO
    assert logs.level_from_env({"LOG_LEVEL": "debug"}) == logging.DEBUG
    try:
        logs.level_from_env({"LOG_LEVEL": "loud"})
    except logs.LogLevelError as e:
        assert "LOG_LEVEL" in str(e)
    else:
        raise AssertionError("LOG_LEVEL=loud accepted")

"""The fake Telegram Bot API server now lives in the package
(`bot/sandbox/fake`, issue 33): this is its old name, kept so that tests
written against `tests.fakes` and `tests.fakes.<module>` keep working. New
code imports `bot.sandbox.fake`. `fixtures.py` (the pytest fixture) stays
here: it is for tests only."""

import importlib
import sys

from bot.sandbox.fake import (
    ApiError,
    Button,
    Call,
    FakeMessage,
    FakeTelegram,
    FakeTelegramError,
    RateLimits,
)

_MOVED = ("actions", "faults", "limits", "markup", "methods", "models", "observe", "params",
          "photos", "telegram", "text", "updates", "world", "world_setup")
for _name in _MOVED:  # `from tests.fakes.models import X` finds the packaged module
    sys.modules[f"{__name__}.{_name}"] = importlib.import_module(f"bot.sandbox.fake.{_name}")

__all__ = ["ApiError", "Button", "Call", "FakeMessage", "FakeTelegram", "FakeTelegramError",
           "RateLimits"]

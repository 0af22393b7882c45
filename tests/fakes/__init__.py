"""Fakes for end-to-end tests: a fake Telegram Bot API server."""

from .limits import RateLimits
from .models import ApiError, Button, Call, FakeMessage, FakeTelegramError
from .telegram import FakeTelegram

__all__ = ["ApiError", "Button", "Call", "FakeMessage", "FakeTelegram", "FakeTelegramError",
           "RateLimits"]

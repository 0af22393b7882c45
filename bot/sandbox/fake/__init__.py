"""A fake Telegram Bot API server: the make-believe Telegram of `paiju
sandbox`, of the end-to-end tests and of the screens gallery (README.md)."""

from .limits import RateLimits
from .models import ApiError, Button, Call, FakeMessage, FakeTelegramError
from .telegram import FakeTelegram

__all__ = ["ApiError", "Button", "Call", "FakeMessage", "FakeTelegram", "FakeTelegramError",
           "RateLimits"]

"""pytest fixtures for the fake Telegram server (registered in tests/conftest.py)."""

from __future__ import annotations

import pytest

from bot.sandbox.fake.telegram import FakeTelegram


@pytest.fixture
async def fake_telegram():
    """A started FakeTelegram on 127.0.0.1; stopped after the test."""
    async with FakeTelegram() as tg:
        yield tg

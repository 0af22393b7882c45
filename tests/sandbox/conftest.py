"""A sandbox in this process (the real bot against the fake Telegram) and
the page's web app in front of it, through aiohttp's test client."""

from __future__ import annotations

import contextlib

import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot.outbox import Limits
from bot.sandbox.host import Options, Sandbox
from bot.sandbox.page import make_app

FAST = Limits(chat_rate=1000, chat_burst=1000, group_per_minute=10_000, overall_per_second=10_000)
QUICK = {"computer_delay": 0.01, "ai_budget": 0.02, "polling_timeout": 1, "deal_seed": 7}


def options(**kw) -> Options:
    base = {"outbox": FAST, "telegram_limits": False, "settings": dict(QUICK)}
    return Options(**{**base, **kw})


@contextlib.asynccontextmanager
async def running(**kw):
    sb = Sandbox(options(**kw))
    client = TestClient(TestServer(make_app(sb)))
    await client.start_server()
    try:
        await sb.start()
        yield sb, client
    finally:
        await client.close()
        await sb.stop()


@pytest.fixture
async def page():
    """A sandbox with two people, no game yet, and its page."""
    async with running() as pair:
        yield pair


@pytest.fixture
async def lobby():
    """A sandbox whose two people sit in an open 掀牛 lobby."""
    async with running(game="xianniu") as pair:
        yield pair

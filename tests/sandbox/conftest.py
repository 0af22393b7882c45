"""A sandbox in this process (the real bot against the fake Telegram) and
the page's web app in front of it, through aiohttp's test client."""

from __future__ import annotations

import contextlib
import io

import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot.outbox import Limits
from bot.sandbox.host import Options, Sandbox
from bot.sandbox.page import make_app

FAST = Limits(chat_rate=1000, chat_burst=1000, group_per_minute=10_000, overall_per_second=10_000)
QUICK = {"computer_delay": 0.01, "ai_budget": 0.02, "polling_timeout": 1, "deal_seed": 7}


def options(**kw) -> Options:
    base = {"outbox": FAST, "telegram_limits": False, "config": dict(QUICK)}
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


def picture(width: int, height: int, colour: str) -> bytes:
    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", (width, height), colour).save(out, "PNG")
    return out.getvalue()


@contextlib.asynccontextmanager
async def as_the_bot(sb):
    """An aiogram Bot talking to the sandbox's fake Telegram, as the bot's
    outbox does (multipart uploads)."""
    from aiogram import Bot
    from aiogram.client.session.aiohttp import AiohttpSession
    from aiogram.client.telegram import TelegramAPIServer

    bot = Bot(sb.tg.token, session=AiohttpSession(api=TelegramAPIServer.from_base(sb.tg.base_url)))
    try:
        yield bot
    finally:
        await bot.session.close()

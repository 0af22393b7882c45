from __future__ import annotations

import pytest
from aiogram import Bot
from aiogram.client.session.aiohttp import AiohttpSession
from aiogram.client.telegram import TelegramAPIServer

GROUP = -1001234567890
ALICE, BOB, CAROL = 1001, 1002, 1003


def make_bot(tg, token: str | None = None) -> Bot:
    session = AiohttpSession(api=TelegramAPIServer.from_base(tg.base_url))
    return Bot(token or tg.token, session=session)


async def close_bot(bot: Bot) -> None:
    # AiohttpSession.close() sleeps 250 ms for TLS shutdown; loopback needs none.
    if bot.session._session is not None:
        await bot.session._session.close()


@pytest.fixture
async def bot(fake_telegram):
    b = make_bot(fake_telegram)
    yield b
    await close_bot(b)


@pytest.fixture
def world(fake_telegram):
    tg = fake_telegram
    tg.limits.enabled = False  # test_limits.py switches them on
    tg.add_user(ALICE, "Alice", username="alice", started=True)
    tg.add_user(BOB, "Bob", started=True)
    tg.add_user(CAROL, "Carol")  # never started the bot
    tg.add_group(GROUP, "Hometown", members=[ALICE, BOB, CAROL], admins=[BOB], owner=ALICE)
    return tg

"""Flood control and injected faults, as aiogram sees them."""

from __future__ import annotations

import asyncio

import pytest
from aiogram.exceptions import (
    TelegramForbiddenError,
    TelegramNetworkError,
    TelegramRetryAfter,
    TelegramServerError,
)
from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup

from .conftest import ALICE, BOB, GROUP


@pytest.fixture
def limited(world):
    world.limits.enabled = True
    return world


async def test_private_chat_allows_a_burst_of_3_then_429_with_flood_wait(bot, limited):
    tg = limited
    for i in range(3):
        await bot.send_message(ALICE, f"m{i}")
    with pytest.raises(TelegramRetryAfter) as e:
        await bot.send_message(ALICE, "m3")
    assert e.value.retry_after == 1
    with pytest.raises(TelegramRetryAfter):  # retrying at once is still refused
        await bot.send_message(ALICE, "m3")
    # other chats are not affected
    await bot.send_message(BOB, "hi")
    assert tg.sends_in_window(ALICE, 1.0) == 3
    await asyncio.sleep(1.0)
    await bot.send_message(ALICE, "m3")
    failed = [c for c in tg.calls("sendMessage", ALICE) if not c.ok]
    assert [(c.error_code, c.ok) for c in failed] == [(429, False), (429, False)]
    assert [m.text for m in tg.messages(ALICE)] == ["m0", "m1", "m2", "m3"]


async def test_group_allows_20_per_minute_counting_edits(bot, limited):
    tg = limited
    tg.limits.chat_rate, tg.limits.chat_burst = 1000.0, 1000  # isolate the group limit
    m = await bot.send_message(GROUP, "table 0")
    for i in range(1, 10):
        await bot.send_message(GROUP, f"msg {i}")
    for i in range(1, 11):
        await bot.edit_message_text(f"table {i}", chat_id=GROUP, message_id=m.message_id)
    with pytest.raises(TelegramRetryAfter) as e:
        await bot.edit_message_text("table 11", chat_id=GROUP, message_id=m.message_id)
    assert 55 <= e.value.retry_after <= 60
    with pytest.raises(TelegramRetryAfter):
        await bot.send_message(GROUP, "one more")
    assert tg.sends_in_window(GROUP, 60) == 20
    # deletes and callback answers are not messages; private chats are separate
    assert await bot.delete_message(GROUP, m.message_id)
    await bot.send_message(ALICE, "private is fine")


async def test_group_window_slides(bot, limited):
    tg = limited
    tg.limits.chat_rate, tg.limits.chat_burst = 1000.0, 1000
    tg.limits.group_per_minute, tg.limits.group_window = 3, 0.3
    for i in range(3):
        await bot.send_message(GROUP, f"m{i}")
    with pytest.raises(TelegramRetryAfter):
        await bot.send_message(GROUP, "m3")
    await asyncio.sleep(1.0)  # the flood wait (ceil to 1 s) and the window have passed
    await bot.send_message(GROUP, "m3")
    assert tg.sends_in_window(GROUP, 0.3) == 3


async def test_overall_limit_30_per_second(bot, limited):
    tg = limited
    users = list(range(5000, 5031))
    for uid in users:
        tg.add_user(uid, f"u{uid}", started=True)
    for uid in users[:30]:
        await bot.send_message(uid, "hi")
    with pytest.raises(TelegramRetryAfter) as e:
        await bot.send_message(users[30], "hi")
    assert e.value.retry_after == 1
    with pytest.raises(TelegramRetryAfter):  # the whole bot is in flood wait
        await bot.send_message(ALICE, "hi")


async def test_inject_429_on_demand_with_retry_after(bot, world):
    tg = world
    tg.inject_429(method="sendMessage", chat_id=GROUP, retry_after=1)
    await bot.send_message(ALICE, "other chats are fine")
    with pytest.raises(TelegramRetryAfter) as e:
        await bot.send_message(GROUP, "table")
    assert e.value.retry_after == 1 and "retry after 1" in e.value.message
    with pytest.raises(TelegramRetryAfter):  # retried too early: still in flood wait
        await bot.send_message(GROUP, "table")
    await asyncio.sleep(1.0)
    m = await bot.send_message(GROUP, "table")
    assert m.message_id == 1  # the refused sends created nothing
    codes = [c.error_code for c in tg.calls("sendMessage", GROUP)]
    assert codes == [429, 429, None]


async def test_inject_429_without_method_matches_chat_calls_only(bot, world):
    tg = world
    tg.inject_429(retry_after=2, times=2)
    await bot.get_me()
    await bot.get_updates(timeout=0)
    with pytest.raises(TelegramRetryAfter) as e:
        await bot.send_chat_action(ALICE, "typing")
    assert e.value.retry_after == 2
    with pytest.raises(TelegramRetryAfter):
        await bot.get_chat(BOB)
    assert (await bot.get_chat(BOB)).id == BOB  # times=2 used up; not a send: no flood


async def test_inject_error_and_blocked_and_kicked(bot, world):
    tg = world
    tg.inject_error(method="editMessageText", error_code=502, description="Bad Gateway")
    m = await bot.send_message(GROUP, "x")
    with pytest.raises(TelegramServerError):
        await bot.edit_message_text("y", chat_id=GROUP, message_id=m.message_id)
    await bot.edit_message_text("y", chat_id=GROUP, message_id=m.message_id)
    tg.block_bot(BOB)
    with pytest.raises(TelegramForbiddenError, match="blocked by the user"):
        await bot.send_message(BOB, "hand")
    await tg.send_message(BOB, BOB, "/start")  # restarting unblocks
    await bot.send_message(BOB, "hand")
    tg.kick_bot(GROUP)
    with pytest.raises(TelegramForbiddenError, match="kicked"):
        await bot.send_message(GROUP, "table")


async def test_inject_disconnect_before_and_after_the_call_took_effect(bot, world):
    tg = world
    tg.inject_disconnect(method="sendMessage", chat_id=GROUP)
    with pytest.raises(TelegramNetworkError):
        await bot.send_message(GROUP, "lost")
    assert tg.messages(GROUP) == []
    tg.inject_disconnect(method="sendMessage", chat_id=GROUP, after=True)
    with pytest.raises(TelegramNetworkError):
        await bot.send_message(GROUP, "sent but unconfirmed")
    assert [m.text for m in tg.messages(GROUP)] == ["sent but unconfirmed"]
    assert (await bot.send_message(GROUP, "fine")).message_id == 2
    assert [c.ok for c in tg.calls("sendMessage", GROUP)] == [False, True, True]


async def test_inject_delay(bot, world):
    world.inject_delay(method="answerCallbackQuery", seconds=0.3)
    m = await bot.send_message(ALICE, "hand", reply_markup=None)
    t = asyncio.get_running_loop().time()
    await bot.send_chat_action(ALICE, "typing")  # other methods are not delayed
    assert asyncio.get_running_loop().time() - t < 0.2
    await bot.edit_message_reply_markup(chat_id=ALICE, message_id=m.message_id,
                                        reply_markup=InlineKeyboardMarkup(inline_keyboard=[[
                                            InlineKeyboardButton(text="x", callback_data="x")]]))
    q = await world.press(ALICE, ALICE, m.message_id, "x", wait=False)
    t = asyncio.get_running_loop().time()
    await bot.answer_callback_query(q["callback_query_id"])
    assert asyncio.get_running_loop().time() - t >= 0.29

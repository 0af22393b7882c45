"""HTTP-level behaviour: paths, tokens, body encodings, members, polling rules."""

from __future__ import annotations

import asyncio
import json

import aiohttp
import pytest
from aiogram.exceptions import (
    TelegramBadRequest,
    TelegramConflictError,
    TelegramMigrateToChat,
    TelegramUnauthorizedError,
)
from aiogram.types import (
    BotCommand,
    ChatMemberAdministrator,
    ChatMemberLeft,
    ChatMemberMember,
    ChatMemberOwner,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
)

from bot.sandbox.fake import FakeTelegramError

from .conftest import ALICE, BOB, CAROL, GROUP, close_bot, make_bot


async def _raw(tg, method: str, **kw):
    async with aiohttp.ClientSession() as s:
        async with s.request(kw.pop("http", "POST"), f"{tg.base_url}/bot{tg.token}/{method}",
                             **kw) as r:
            return r.status, await r.json()


async def test_unknown_method_wrong_token_and_bad_path(world):
    status, body = await _raw(world, "sendSticker2")
    assert (status, body["description"]) == (404, "Not Found: method not found")
    async with aiohttp.ClientSession() as s:
        async with s.post(f"{world.base_url}/nothing") as r:
            assert r.status == 404
    other = make_bot(world, "999:WRONG")
    try:
        with pytest.raises(TelegramUnauthorizedError):
            await other.get_me()
    finally:
        await close_bot(other)


async def test_json_urlencoded_and_query_bodies(world):
    s1, b1 = await _raw(world, "sendMessage", json={
        "chat_id": GROUP, "text": "json",
        "reply_markup": {"inline_keyboard": [[{"text": "a", "callback_data": "a"}]]}})
    s2, b2 = await _raw(world, "sendMessage", data={
        "chat_id": str(GROUP), "text": "42",
        "reply_markup": json.dumps({"inline_keyboard": [[{"text": "b", "callback_data": "b"}]]})})
    s3, b3 = await _raw(world, "sendMessage", http="GET",
                        params={"chat_id": str(GROUP), "text": "true"})
    s4, _ = await _raw(world, "sendMessage", json={"chat_id": str(GROUP), "text": "str id"})
    assert (s1, s2, s3, s4) == (200, 200, 200, 200)
    assert [b["result"]["text"] for b in (b1, b2, b3)] == ["json", "42", "true"]
    assert [b.callback_data for b in world.buttons(GROUP, 2)] == ["b"]
    call = world.calls("sendmessage")[1]  # method names are case-insensitive
    assert call.method == "sendMessage" and call.chat_id == GROUP and call.params["text"] == "42"


async def test_error_shape(world):
    status, body = await _raw(world, "sendMessage", json={"chat_id": CAROL, "text": "x"})
    assert status == 403 and body == {
        "ok": False, "error_code": 403,
        "description": "Forbidden: bot can't initiate conversation with a user"}
    world.inject_429(method="sendMessage", retry_after=3)
    status, body = await _raw(world, "sendMessage", json={"chat_id": ALICE, "text": "x"})
    assert status == 429 and body["parameters"] == {"retry_after": 3}
    assert body["description"] == "Too Many Requests: retry after 3"


async def test_chat_members_and_admins(bot, world):
    owner = await bot.get_chat_member(GROUP, ALICE)
    admin = await bot.get_chat_member(GROUP, BOB)
    member = await bot.get_chat_member(GROUP, CAROL)
    world.add_user(3000, "Outsider")
    left = await bot.get_chat_member(GROUP, 3000)
    assert isinstance(owner, ChatMemberOwner) and isinstance(admin, ChatMemberAdministrator)
    assert isinstance(member, ChatMemberMember) and isinstance(left, ChatMemberLeft)
    admins = await bot.get_chat_administrators(GROUP)
    assert [a.user.id for a in admins] == [ALICE, BOB]
    me = await bot.get_chat_member(GROUP, world.bot_id)
    assert me.status == "member" and me.user.is_bot
    world.add_member(GROUP, 3000, admin=True)
    assert (await bot.get_chat_member(GROUP, 3000)).status == "administrator"
    world.remove_member(GROUP, 3000)
    assert (await bot.get_chat_member(GROUP, 3000)).status == "left"
    with pytest.raises(TelegramBadRequest, match="private chat"):
        await bot.get_chat_administrators(ALICE)
    chat = await bot.get_chat(GROUP)
    assert chat.title == "Hometown" and chat.type == "supergroup"
    assert (await bot.get_chat(ALICE)).first_name == "Alice"


async def test_second_poller_conflicts_with_the_first(bot, world):
    first = asyncio.create_task(bot.get_updates(timeout=5))
    await asyncio.sleep(0.1)
    second = asyncio.create_task(bot.get_updates(timeout=5))
    with pytest.raises(TelegramConflictError, match="terminated by other getUpdates"):
        await asyncio.wait_for(first, 2)
    await world.send_message(ALICE, ALICE, "/start")
    assert [u.message.text for u in await asyncio.wait_for(second, 2)] == ["/start"]


async def test_allowed_updates_and_drop_pending(bot, world):
    m = await bot.send_message(GROUP, "lobby", reply_markup=InlineKeyboardMarkup(
        inline_keyboard=[[InlineKeyboardButton(text="Join", callback_data="join")]]))
    assert await bot.get_updates(timeout=0, allowed_updates=["message"]) == []
    await world.press(ALICE, GROUP, m.message_id, "join", wait=False)
    await world.send_message(ALICE, GROUP, "/new")
    updates = await bot.get_updates(timeout=0)  # the setting persists
    assert [u.event_type for u in updates] == ["message"]
    await bot.get_updates(timeout=0, allowed_updates=[])  # back to every type
    await world.press(ALICE, GROUP, m.message_id, "join", wait=False)
    assert [u.event_type for u in await bot.get_updates(timeout=0)] == ["message",
                                                                        "callback_query"]
    await bot.delete_webhook(drop_pending_updates=True)
    assert await bot.get_updates(timeout=0) == []


async def test_stop_releases_a_waiting_poller_and_a_waiting_press(bot, world):
    m = await bot.send_message(GROUP, "lobby", reply_markup=InlineKeyboardMarkup(
        inline_keyboard=[[InlineKeyboardButton(text="Join", callback_data="join")]]))
    # a poller that wants only messages, so the press below never reaches it
    poll = asyncio.create_task(bot.get_updates(timeout=30, allowed_updates=["message"]))
    await asyncio.sleep(0.1)
    press = asyncio.create_task(world.press(ALICE, GROUP, m.message_id, "join"))
    await asyncio.sleep(0.1)
    assert not poll.done() and not press.done()
    await asyncio.wait_for(world.stop(), 2)
    assert await asyncio.wait_for(poll, 2) == []
    with pytest.raises(FakeTelegramError, match="stopped"):
        await asyncio.wait_for(press, 2)


async def test_commands_and_call_records(bot, world):
    cmds = [BotCommand(command="new", description="开一局"), BotCommand(command="hand",
                                                                       description="看牌")]
    assert await bot.set_my_commands(cmds)
    assert [c.command for c in await bot.get_my_commands()] == ["new", "hand"]
    await bot.send_message(ALICE, "a")
    with pytest.raises(TelegramBadRequest):
        await bot.send_message(ALICE, "")
    calls = world.calls(chat_id=ALICE)
    assert [(c.method, c.ok, c.error_code) for c in calls] == [
        ("sendMessage", True, None), ("sendMessage", False, 400)]
    assert calls[0].t <= calls[1].t and calls[0].result["text"] == "a"
    assert calls[1].description == "Bad Request: message text is empty"


async def test_group_upgraded_to_supergroup(bot, fake_telegram):
    tg = fake_telegram
    tg.add_user(ALICE, "Alice", started=True)
    tg.add_group(-4242, "Small group", members=[ALICE], owner=ALICE)
    await bot.send_message(-4242, "lobby")
    new = tg.migrate_group(-4242, -1009999999999)
    assert new["type"] == "supergroup"
    with pytest.raises(TelegramMigrateToChat) as e:
        await bot.send_message(-4242, "table")
    assert e.value.migrate_to_chat_id == -1009999999999
    # id 1 of the supergroup is the migrate_from service message
    assert (await bot.send_message(-1009999999999, "table")).message_id == 2
    updates = await bot.get_updates(timeout=0)
    assert [u.message.migrate_to_chat_id for u in updates] == [-1009999999999, None]
    assert updates[1].message.migrate_from_chat_id == -4242
    await tg.send_message(ALICE, -1009999999999, "/new")
    assert [m.text for m in tg.messages(-1009999999999)] == ["table", "/new"]

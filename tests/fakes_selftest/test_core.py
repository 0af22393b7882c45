"""The fake server against a real aiogram Bot: objects, polling, callbacks."""

from __future__ import annotations

import asyncio
import time

import pytest
from aiogram import Dispatcher, F, Router
from aiogram.exceptions import TelegramBadRequest, TelegramForbiddenError
from aiogram.filters import Command, CommandStart
from aiogram.types import CallbackQuery, InlineKeyboardButton, InlineKeyboardMarkup, Message

from bot.sandbox.fake import FakeTelegramError

from .conftest import ALICE, BOB, CAROL, GROUP


def kb(*datas: str) -> InlineKeyboardMarkup:
    return InlineKeyboardMarkup(
        inline_keyboard=[[InlineKeyboardButton(text=d.upper(), callback_data=d) for d in datas]]
    )


async def test_get_me_parses_as_aiogram_user(bot, fake_telegram):
    me = await bot.get_me()
    assert me.username == "paiju_test_bot" and me.is_bot and me.id == fake_telegram.bot_id


async def test_send_message_returns_a_message_aiogram_accepts(bot, world):
    m = await bot.send_message(GROUP, "<b>Lobby</b> 掀牛", parse_mode="HTML",
                               reply_markup=kb("join", "leave"))
    assert m.text == "Lobby 掀牛" and m.chat.type == "supergroup" and m.from_user.is_bot
    assert m.entities[0].type == "bold" and m.entities[0].length == 5
    assert [b.callback_data for b in world.buttons(GROUP, m.message_id)] == ["join", "leave"]
    stored = world.message(GROUP, m.message_id)
    assert stored.from_bot and stored.text == "Lobby 掀牛" and stored.edits == 0


async def test_message_ids_are_per_chat_and_shared_with_users(bot, world):
    a = await bot.send_message(GROUP, "one")
    u = await world.send_message(ALICE, GROUP, "/new")
    b = await bot.send_message(GROUP, "two")
    p = await bot.send_message(ALICE, "private one")
    assert (a.message_id, u["message_id"], b.message_id, p.message_id) == (1, 2, 3, 1)
    assert [m.text for m in world.messages(GROUP)] == ["one", "/new", "two"]
    assert [m.text for m in world.messages(GROUP, from_bot=True)] == ["one", "two"]


async def test_private_send_to_user_who_never_started_is_403(bot, world):
    with pytest.raises(TelegramForbiddenError, match="bot can't initiate conversation"):
        await bot.send_message(CAROL, "hello")
    assert world.messages(CAROL) == []
    await world.send_message(CAROL, CAROL, "/start join-42")
    assert world.is_started(CAROL)
    assert (await bot.send_message(CAROL, "hello")).chat.id == CAROL


async def test_not_modified_edit_is_bad_request(bot, world):
    m = await bot.send_message(GROUP, "table", reply_markup=kb("a"))
    with pytest.raises(TelegramBadRequest, match="message is not modified: specified new "
                       "message content and reply markup are exactly the same"):
        await bot.edit_message_text("table", chat_id=GROUP, message_id=m.message_id,
                                    reply_markup=kb("a"))
    with pytest.raises(TelegramBadRequest, match="message is not modified"):
        await bot.edit_message_reply_markup(chat_id=GROUP, message_id=m.message_id,
                                            reply_markup=kb("a"))
    assert world.message(GROUP, m.message_id).edits == 0


async def test_edits_change_text_and_markup(bot, world):
    m = await bot.send_message(GROUP, "v1", reply_markup=kb("a"))
    e = await bot.edit_message_text("v2", chat_id=GROUP, message_id=m.message_id,
                                    reply_markup=kb("b"))
    assert e.text == "v2" and e.edit_date is not None
    assert [b.callback_data for b in world.buttons(GROUP, m.message_id)] == ["b"]
    await bot.edit_message_reply_markup(chat_id=GROUP, message_id=m.message_id,
                                        reply_markup=kb("c", "d"))
    assert [b.callback_data for b in world.buttons(GROUP, m.message_id)] == ["c", "d"]
    # Like Telegram: editMessageText without reply_markup drops the keyboard.
    await bot.edit_message_text("v3", chat_id=GROUP, message_id=m.message_id)
    stored = world.message(GROUP, m.message_id)
    assert stored.reply_markup is None and stored.edits == 3 and stored.history == ["v1", "v2"]


async def test_deleted_messages_cannot_be_edited_or_deleted_again(bot, world):
    m = await bot.send_message(GROUP, "table")
    assert await bot.delete_message(GROUP, m.message_id)
    assert world.message(GROUP, m.message_id) is None and world.messages(GROUP) == []
    with pytest.raises(TelegramBadRequest, match="message to edit not found"):
        await bot.edit_message_text("x", chat_id=GROUP, message_id=m.message_id)
    with pytest.raises(TelegramBadRequest, match="message to delete not found"):
        await bot.delete_message(GROUP, m.message_id)
    n = await bot.send_message(GROUP, "table 2")
    world.delete_message_as_user(GROUP, n.message_id)
    with pytest.raises(TelegramBadRequest, match="message to edit not found"):
        await bot.edit_message_text("x", chat_id=GROUP, message_id=n.message_id)
    with pytest.raises(TelegramBadRequest, match="message to edit not found"):
        await bot.edit_message_text("x", chat_id=GROUP, message_id=99)


async def test_long_polling_waits_then_delivers_in_order_with_offsets(bot, world):
    started = time.monotonic()
    poll = asyncio.create_task(bot.get_updates(timeout=5))
    await asyncio.sleep(0.2)
    assert not poll.done()  # really long polling: nothing yet
    await world.send_message(ALICE, GROUP, "/new")
    first = await asyncio.wait_for(poll, 2)
    assert time.monotonic() - started < 2
    assert [u.message.text for u in first] == ["/new"]
    for text in ("/a", "/b", "/c"):
        await world.send_message(BOB, GROUP, text)
    # without confirming, the unconfirmed update is delivered again
    again = await bot.get_updates(offset=first[0].update_id, timeout=0)
    assert [u.message.text for u in again] == ["/new", "/a", "/b", "/c"]
    ids = [u.update_id for u in again]
    assert ids == sorted(ids) and len(set(ids)) == 4
    rest = await bot.get_updates(offset=ids[1] + 1, timeout=0, limit=1)
    assert [u.message.text for u in rest] == ["/b"]
    assert await bot.get_updates(offset=ids[-1] + 1, timeout=0) == []


async def test_timeout_zero_returns_empty_and_timeout_expires(bot, world):
    assert await bot.get_updates(timeout=0) == []
    t = time.monotonic()
    assert await bot.get_updates(timeout=1) == []
    assert 0.9 <= time.monotonic() - t < 2


async def test_commands_get_bot_command_entities_and_privacy_mode(bot, world):
    await world.send_message(ALICE, GROUP, "hello everyone")  # not delivered (privacy)
    await world.send_message(ALICE, GROUP, "/new@paiju_test_bot xianniu")
    await world.send_message(ALICE, GROUP, "/new@other_bot")  # for another bot
    await world.send_message(ALICE, ALICE, "plain private text")
    updates = await bot.get_updates(timeout=0)
    assert [u.message.text for u in updates] == ["/new@paiju_test_bot xianniu",
                                                  "plain private text"]
    ent = updates[0].message.entities[0]
    assert (ent.type, ent.offset, ent.length) == ("bot_command", 0, 19)
    assert updates[0].message.from_user.id == ALICE and updates[0].message.chat.id == GROUP


async def test_users_cannot_act_where_they_cannot_be(world):
    with pytest.raises(FakeTelegramError):
        await world.send_message(ALICE, BOB, "/start")  # someone else's private chat
    world.add_user(2000, "Stranger")
    with pytest.raises(FakeTelegramError):
        await world.send_message(2000, GROUP, "/new")  # not a member


def _router() -> Router:
    r = Router()

    @r.message(CommandStart())
    async def start(message: Message):
        await message.answer("welcome", reply_markup=kb("hit", "stand"))

    @r.message(Command("new"))
    async def new(message: Message):
        await message.answer("lobby", reply_markup=kb("join"))

    @r.callback_query(F.data == "hit")
    async def hit(cb: CallbackQuery):
        await cb.answer("你摸了一张牌", show_alert=True)
        await cb.message.edit_text("after hit", reply_markup=kb("stand"))

    @r.callback_query()
    async def other(cb: CallbackQuery):
        await cb.answer()

    return r


async def test_real_dispatcher_polling_round_trip(bot, world):
    dp = Dispatcher()
    dp.include_router(_router())
    task = asyncio.create_task(dp.start_polling(bot, handle_signals=False, polling_timeout=5))
    try:
        await world.send_message(ALICE, ALICE, "/start")
        msg = await world.wait_for(
            lambda: next((m for m in world.messages(ALICE, from_bot=True)), None), 5)
        assert msg.text == "welcome"
        answer = await world.press(ALICE, ALICE, msg.message_id, "hit")
        assert answer["text"] == "你摸了一张牌" and answer["show_alert"] is True
        await world.wait_for(lambda: world.message(ALICE, msg.message_id).text == "after hit")
        # the old button is gone: a test cannot press it any more
        with pytest.raises(FakeTelegramError, match="has no button 'hit'"):
            await world.press(ALICE, ALICE, msg.message_id, "hit")
        assert (await world.press(ALICE, ALICE, msg.message_id, "stand"))["text"] is None
        # group command through privacy mode
        await world.send_message(BOB, GROUP, "/new@paiju_test_bot")
        lobby = await world.wait_for(lambda: world.messages(GROUP, from_bot=True), 5)
        assert lobby[0].text == "lobby"
        cq = world.calls("answerCallbackQuery")
        assert [c.chat_id for c in cq] == [ALICE, ALICE] and all(c.ok for c in cq)
    finally:
        await dp.stop_polling()
        await asyncio.wait_for(task, 5)


async def test_press_requires_an_existing_button(bot, world):
    m = await bot.send_message(GROUP, "lobby", reply_markup=kb("join"))
    with pytest.raises(FakeTelegramError, match="no button"):
        await world.press(ALICE, GROUP, m.message_id, "start")
    with pytest.raises(FakeTelegramError, match="no message"):
        await world.press(ALICE, GROUP, 77, "join")
    plain = await bot.send_message(GROUP, "no buttons")
    with pytest.raises(FakeTelegramError, match="no button"):
        await world.press(ALICE, GROUP, plain.message_id, "join")
    await bot.delete_message(GROUP, m.message_id)
    with pytest.raises(FakeTelegramError, match="no message"):
        await world.press(ALICE, GROUP, m.message_id, "join")


async def test_press_forged_skips_the_check_and_unanswered_press_raises(bot, world):
    m = await bot.send_message(GROUP, "lobby", reply_markup=kb("join"))
    res = await world.press_forged(BOB, GROUP, m.message_id, "evil:payload", wait=False)
    (update,) = await bot.get_updates(timeout=0)
    cq = update.callback_query
    assert cq.id == res["callback_query_id"] and cq.data == "evil:payload"
    assert cq.from_user.id == BOB and cq.message.message_id == m.message_id
    assert cq.message.reply_markup.inline_keyboard[0][0].callback_data == "join"
    with pytest.raises(FakeTelegramError, match="did not answer"):
        await world.press(ALICE, GROUP, m.message_id, "join", timeout=0.2)


async def test_wait_for_returns_value_or_times_out(world):
    assert await world.wait_for(lambda: 42, timeout=0.1) == 42
    with pytest.raises(TimeoutError):
        await world.wait_for(lambda: None, timeout=0.1)


async def test_wait_for_treats_missing_items_as_not_yet(bot, world):
    async def later():
        await asyncio.sleep(0.1)
        await bot.send_message(GROUP, "table")

    task = asyncio.create_task(later())
    assert await world.wait_for(lambda: world.messages(GROUP)[-1].text == "table", 2)
    await task
    with pytest.raises(TimeoutError) as e:
        await world.wait_for(lambda: world.messages(ALICE)[0], timeout=0.05)
    assert isinstance(e.value.__cause__, IndexError)


async def test_deep_link_starts_the_user_with_the_payload(bot, world):
    msg = await world.open_link(CAROL, "https://t.me/paiju_test_bot?start=join-42")
    assert msg["text"] == "/start join-42" and world.is_started(CAROL)
    (update,) = await bot.get_updates(timeout=0)
    assert update.message.text == "/start join-42" and update.message.chat.id == CAROL
    with pytest.raises(FakeTelegramError):
        await world.open_link(CAROL, "https://t.me/other_bot?start=x")


async def test_replies_to_the_bot_pass_privacy_mode_and_silent_flag(bot, world):
    m = await bot.send_message(GROUP, "lobby", disable_notification=True)
    await world.send_message(ALICE, GROUP, "not for the bot")
    await world.send_message(ALICE, GROUP, "ok", reply_to=m.message_id)
    (update,) = await bot.get_updates(timeout=0)
    assert update.message.text == "ok"
    assert update.message.reply_to_message.message_id == m.message_id
    assert world.message(GROUP, m.message_id).silent
    assert not world.messages(GROUP)[-1].silent


async def test_sends_in_window_per_chat_and_overall(bot, world):
    m = await bot.send_message(GROUP, "a")
    await bot.edit_message_text("b", chat_id=GROUP, message_id=m.message_id)
    await bot.send_message(ALICE, "c")
    await bot.delete_message(GROUP, m.message_id)  # deletes are not counted
    with pytest.raises(TelegramBadRequest):
        await bot.send_message(ALICE, "")  # failures are not counted
    assert world.sends_in_window(GROUP, 60) == 2
    assert world.sends_in_window(ALICE, 60) == 1
    assert world.sends_in_window(None, 60) == 3
    await asyncio.sleep(0.15)
    await bot.send_message(BOB, "d")
    assert world.sends_in_window(None, 60) == 4
    assert world.sends_in_window(None, 0.15) <= 3  # the sleep separates the last send


async def test_delete_rights_pins_and_bulk_delete(bot, world):
    u = await world.send_message(ALICE, GROUP, "/new")
    with pytest.raises(TelegramBadRequest, match="message can't be deleted"):
        await bot.delete_message(GROUP, u["message_id"])
    with pytest.raises(TelegramBadRequest, match="not enough rights"):
        await bot.pin_chat_message(GROUP, u["message_id"])
    with pytest.raises(TelegramBadRequest, match="message can't be edited"):
        await bot.edit_message_text("x", chat_id=GROUP, message_id=u["message_id"])
    world.set_bot_admin(GROUP)
    admins = await bot.get_chat_administrators(GROUP)
    assert admins[-1].user.id == world.bot_id and admins[-1].status == "administrator"
    assert await bot.delete_message(GROUP, u["message_id"])
    a = await bot.send_message(GROUP, "a")
    b = await bot.send_message(GROUP, "b")
    assert await bot.pin_chat_message(GROUP, a.message_id)
    assert await bot.delete_messages(GROUP, [a.message_id, b.message_id, 99])
    assert world.messages(GROUP) == []
    with pytest.raises(TelegramBadRequest, match="message to delete not found"):
        await bot.delete_messages(GROUP, [a.message_id])
    assert await bot.get_chat_member_count(GROUP) == 4  # three people and the bot

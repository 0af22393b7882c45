"""Telegram's validation rules: text, buttons, callback answers."""

from __future__ import annotations

import asyncio

import pytest
from aiogram.exceptions import TelegramBadRequest, TelegramForbiddenError
from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup

from .conftest import ALICE, CAROL, GROUP


def one(**button) -> InlineKeyboardMarkup:
    return InlineKeyboardMarkup(inline_keyboard=[[InlineKeyboardButton(text="b", **button)]])


async def test_text_length_is_1_to_4096_after_entity_parsing(bot, world):
    assert len((await bot.send_message(GROUP, "牌" * 4096)).text) == 4096
    with pytest.raises(TelegramBadRequest, match="message is too long"):
        await bot.send_message(GROUP, "牌" * 4097)
    # HTML tags do not count, entities count as one character
    html = "<b>" + "a" * 4090 + "</b>&lt;&gt;&amp;&quot;!!"
    assert len((await bot.send_message(GROUP, html, parse_mode="HTML")).text) == 4096
    with pytest.raises(TelegramBadRequest, match="message is too long"):
        await bot.send_message(GROUP, html + "!", parse_mode="HTML")
    # astral characters count twice (UTF-16), as Telegram counts entity offsets
    with pytest.raises(TelegramBadRequest, match="message is too long"):
        await bot.send_message(GROUP, "🀄" * 2049)
    for empty in ("", "   \n ", "<b> </b>"):
        with pytest.raises(TelegramBadRequest, match="message text is empty"):
            await bot.send_message(GROUP, empty, parse_mode="HTML")


async def test_text_is_trimmed_and_numeric_text_stays_text(bot, world):
    m = await bot.send_message(GROUP, "  123\n")
    assert m.text == "123"
    with pytest.raises(TelegramBadRequest, match="not modified"):
        await bot.edit_message_text("123 ", chat_id=GROUP, message_id=m.message_id)
    assert world.calls("sendMessage")[0].params["text"] == "  123\n"


@pytest.mark.parametrize("bad", ["<b>open", "a < b", "<foo>x</foo>", "<b>x</i>",
                                 "<span>x</span>"])
async def test_malformed_html_cannot_parse_entities(bot, world, bad):
    with pytest.raises(TelegramBadRequest, match="can't parse entities"):
        await bot.send_message(GROUP, bad, parse_mode="HTML")


async def test_html_entities_and_links(bot, world):
    m = await bot.send_message(
        GROUP, '♠A &lt; ♥K <a href="https://t.me/paiju_test_bot?start=x">join</a> <i>&#x725b;</i>',
        parse_mode="HTML")
    assert m.text == "♠A < ♥K join 牛"
    odd = await bot.send_message(GROUP, "A&B &nbsp; &#0; &", parse_mode="HTML")
    assert odd.text == "A&B &nbsp; &#0; &"  # unknown entities stay literal
    kinds = [(e.type, e.offset, e.length) for e in m.entities]
    assert kinds == [("text_link", 8, 4), ("italic", 13, 1)]
    assert m.entities[0].url == "https://t.me/paiju_test_bot?start=x"


async def test_markdown_v2_reserved_characters(bot, world):
    with pytest.raises(TelegramBadRequest, match="reserved"):
        await bot.send_message(GROUP, "score 1.5", parse_mode="MarkdownV2")
    m = await bot.send_message(GROUP, "*score* 1\\.5", parse_mode="MarkdownV2")
    assert m.text == "score 1.5" and m.entities[0].type == "bold"


async def test_callback_data_is_1_to_64_bytes(bot, world):
    await bot.send_message(GROUP, "ok", reply_markup=one(callback_data="x" * 64))
    for bad in ("x" * 65, "牌" * 22, ""):  # 22 CJK characters are 66 bytes
        with pytest.raises(TelegramBadRequest, match="BUTTON_DATA_INVALID"):
            await bot.send_message(GROUP, "no", reply_markup=one(callback_data=bad))
    assert [m.text for m in world.messages(GROUP)] == ["ok"]


async def test_buttons_need_an_action_a_valid_url_and_at_most_100(bot, world):
    with pytest.raises(TelegramBadRequest, match="text buttons are unallowed"):
        await bot.send_message(GROUP, "x", reply_markup=InlineKeyboardMarkup(
            inline_keyboard=[[InlineKeyboardButton(text="plain")]]))
    with pytest.raises(TelegramBadRequest, match="BUTTON_URL_INVALID"):
        await bot.send_message(GROUP, "x", reply_markup=one(url="not a url"))
    link = await bot.send_message(GROUP, "x", reply_markup=one(url="https://t.me/x?start=y"))
    assert world.buttons(GROUP, link.message_id)[0].url == "https://t.me/x?start=y"

    def grid(n: int) -> InlineKeyboardMarkup:
        return InlineKeyboardMarkup(inline_keyboard=[
            [InlineKeyboardButton(text=str(i), callback_data=f"c{i}")
             for i in range(r, min(r + 8, n))] for r in range(0, n, 8)])

    m = await bot.send_message(GROUP, "100", reply_markup=grid(100))
    b = world.buttons(GROUP, m.message_id)
    assert len(b) == 100 and (b[9].row, b[9].col, b[9].callback_data) == (1, 1, "c9")
    with pytest.raises(TelegramBadRequest, match="reply markup is too long"):
        await bot.send_message(GROUP, "101", reply_markup=grid(101))


async def test_answer_callback_query_rules(bot, world):
    world.answer_timeout = 0.3
    m = await bot.send_message(ALICE, "hand", reply_markup=one(callback_data="play"))
    q = await world.press(ALICE, ALICE, m.message_id, "play", wait=False)
    qid = q["callback_query_id"]
    with pytest.raises(TelegramBadRequest, match="MESSAGE_TOO_LONG"):
        await bot.answer_callback_query(qid, text="牌" * 201, show_alert=True)
    with pytest.raises(TelegramBadRequest, match="URL_INVALID"):
        await bot.answer_callback_query(qid, url="https://example.com/")
    with pytest.raises(TelegramBadRequest, match="URL_INVALID"):  # payload too long
        await bot.answer_callback_query(qid, url="https://t.me/paiju_test_bot?start=" + "a" * 65)
    assert await bot.answer_callback_query(qid, text="牌" * 200, show_alert=True)
    pending = world.callbacks[qid]
    assert pending.answer["show_alert"] is True and pending.answered_t >= pending.t
    with pytest.raises(TelegramBadRequest, match="query is too old"):  # answered twice
        await bot.answer_callback_query(qid)

    q2 = await world.press(ALICE, ALICE, m.message_id, "play", wait=False)
    await asyncio.sleep(0.35)
    with pytest.raises(TelegramBadRequest, match="query is too old"):
        await bot.answer_callback_query(q2["callback_query_id"])
    with pytest.raises(TelegramBadRequest, match="query is too old"):
        await bot.answer_callback_query("12345")


async def test_press_returns_the_deep_link_answer(bot, world):
    m = await bot.send_message(GROUP, "lobby", reply_markup=one(callback_data="join"))
    press = asyncio.create_task(world.press(CAROL, GROUP, m.message_id, "join"))
    (update,) = await bot.get_updates(timeout=2)
    await update.callback_query.answer(url="t.me/paiju_test_bot?start=join-7")
    answer = await press
    assert answer["url"] == "t.me/paiju_test_bot?start=join-7" and answer["text"] is None
    assert answer["show_alert"] is False
    with pytest.raises(TelegramForbiddenError):
        await bot.send_chat_action(CAROL, "typing")


async def test_reply_to_missing_message(bot, world):
    from aiogram.types import ReplyParameters

    with pytest.raises(TelegramBadRequest, match="message to be replied not found"):
        await bot.send_message(GROUP, "x", reply_parameters=ReplyParameters(message_id=9))
    m = await bot.send_message(GROUP, "x")
    r = await bot.send_message(GROUP, "y", reply_parameters=ReplyParameters(
        message_id=m.message_id))
    assert r.reply_to_message.message_id == m.message_id


async def test_unknown_chat_is_bad_request(bot, world):
    with pytest.raises(TelegramBadRequest, match="chat not found"):
        await bot.send_message(-999, "x")

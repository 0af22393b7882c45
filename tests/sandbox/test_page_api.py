"""The page's API, as the page's script uses it: type, tap, add a person or a
computer, restart the bot, make calls fail; and requests the page could not
have made, which get a clear 4xx and change nothing."""

from __future__ import annotations

import asyncio
import json
import time

from bot.sandbox.host import FIRST_PERSON, GROUP
from tests.sandbox.conftest import as_the_bot, picture

ALICE, BOB = FIRST_PERSON, FIRST_PERSON + 1


def bot_texts(sb, chat):
    return [m.text for m in sb.tg.messages(chat, from_bot=True)]


def button(sb, chat, action):
    """(message id, data) of the newest button of the chat whose data ends with `action`."""
    for m in reversed(sb.tg.messages(chat, from_bot=True)):
        for b in sb.tg.buttons(chat, m.message_id):
            if (b.callback_data or "").endswith(action):
                return m.message_id, b.callback_data
    return None


async def state(client):
    r = await client.get("/api/state")
    assert r.status == 200
    return await r.json()


async def post(client, path, body, status=200):
    r = await client.post(path, json=body)
    data = await r.json()
    assert r.status == status, (r.status, data)
    return data


async def test_the_page_and_its_words_are_served(page):
    sb, client = page
    r = await client.get("/")
    assert r.status == 200 and "sandbox.js" in await r.text()
    for name in ("sandbox.js", "sandbox.css"):
        assert (await client.get(f"/static/{name}")).status == 200
    words = (await (await client.get("/api/page")).json())["words"]
    assert words["restart"] == "重启机器人"  # the sandbox's language, 简体 by default


async def test_state_shows_the_group_each_persons_chat_and_the_menus(page):
    sb, client = page
    st = await state(client)
    assert st["bot"]["status"] == "running"
    assert st["group"]["members"] == [ALICE, BOB]
    assert [p["name"] for p in st["people"]] == ["老王", "小李"]
    alice = st["people"][0]
    assert alice["started"] and alice["messages"][0]["text"] == "/start"  # opened the bot before
    welcome = alice["messages"][1]
    assert welcome["bot"]  # and the bot welcomed them
    # its /new is a link a tap sends, as Telegram finds commands in any text
    commands = [welcome["text"][e["offset"]:e["offset"] + e["length"]]
                for e in welcome["entities"] if e["type"] == "bot_command"]
    assert "/new" in welcome["text"] and commands and set(commands) == {"/new"}
    assert "new" in [c["command"] for c in st["group"]["menu"]]
    assert "stats" in [c["command"] for c in alice["menu"]]  # the private chats' menu
    assert not st["lobby"]


def test_commands_inside_an_entity_are_not_marked_twice():
    from bot.sandbox.fake import FakeMessage
    from bot.sandbox.view import entities

    code = {"type": "code", "offset": 5, "length": 5}
    m = FakeMessage(1, ALICE, "send /help or /new", None, True, 0, 0, entities=[code])
    assert [(e["type"], e["offset"]) for e in entities(m)] == [("code", 5), ("bot_command", 14)]
    assert m.entities == [code]  # the fake's message itself is not changed


async def test_typing_a_command_reaches_the_bot(page):
    sb, client = page
    await post(client, "/api/send", {"user": ALICE, "chat": GROUP, "text": "/new xianniu"})
    await sb.tg.wait_for(lambda: button(sb, GROUP, ":join"))
    st = await state(client)
    texts = [m["text"] for m in st["group"]["messages"]]
    assert texts[0] == "/new xianniu" and "新牌局" in texts[-1]
    assert st["lobby"]
    lobby = st["group"]["messages"][-1]
    assert any(b.get("callback_data", "").endswith(":join") for row in lobby["buttons"]
               for b in row)


async def test_pressing_a_button_taps_it_as_that_person_and_the_toast_follows(lobby):
    sb, client = lobby
    mid, data = button(sb, GROUP, ":cpu")
    sent = await post(client, "/api/press", {"user": ALICE, "chat": GROUP, "message": mid,
                                             "data": data})
    await sb.tg.wait_for(lambda: sb.tg.callbacks[sent["query"]].answer)
    st = await state(client)
    toast = [t for t in st["toasts"] if t["id"] == sent["query"]]
    assert toast and toast[0]["user"] == ALICE and toast[0]["chat"] == GROUP
    assert toast[0]["text"] == "电脑入座了"
    await sb.tg.wait_for(lambda: "电脑1" in sb.tg.message(GROUP, mid).text)


async def deal(sb, client):
    """The page's "add a computer" fills the lobby's last seat; its creator
    starts; each person's cards arrive in their own chat."""
    mid, _data = button(sb, GROUP, ":cpu")
    await post(client, "/api/computer", {"user": ALICE})
    await sb.tg.wait_for(lambda: "电脑1" in sb.tg.message(GROUP, mid).text)
    await post(client, "/api/press", {"user": ALICE, "chat": GROUP, "message": mid,
                                      "data": button(sb, GROUP, ":start")[1]})
    await sb.tg.wait_for(lambda: all(any("你的手牌" in t for t in bot_texts(sb, uid))
                                     for uid in (ALICE, BOB)))


async def test_add_a_computer_taps_the_lobbys_button(lobby):
    sb, client = lobby
    await deal(sb, client)
    assert not any("你的手牌" in t for t in bot_texts(sb, GROUP))
    # the lobby loses its buttons once the tables have gone (its edit waits behind them)
    await sb.tg.wait_for(lambda: button(sb, GROUP, ":cpu") is None)
    await post(client, "/api/computer", {"user": ALICE}, status=409)  # no lobby any more


async def test_a_new_person_opens_the_bot_through_the_deep_link_and_sits(lobby):
    sb, client = lobby
    carol = (await post(client, "/api/people", {"name": "阿梅"}))["person"]
    st = await state(client)
    assert carol in st["group"]["members"]
    newcomer = [p for p in st["people"] if p["id"] == carol][0]
    assert newcomer["name"] == "阿梅" and not newcomer["started"]
    await post(client, "/api/send", {"user": carol, "chat": carol, "text": "hi"},
               status=409)  # like Telegram: only START until they open the bot
    mid, data = button(sb, GROUP, ":join")
    await post(client, "/api/press", {"user": carol, "chat": GROUP, "message": mid, "data": data})
    await sb.tg.wait_for(lambda: sb.links.get(carol))  # the answer opens the bot's chat
    assert (await state(client))["people"][2]["link"].endswith("?start=j1")
    await post(client, "/api/start", {"user": carol})
    await sb.tg.wait_for(lambda: "阿梅" in sb.tg.message(GROUP, mid).text)
    assert sb.tg.is_started(carol) and carol not in sb.links


async def test_restart_stops_and_starts_the_bot_and_the_game_goes_on(lobby):
    sb, client = lobby
    await deal(sb, client)
    before = sb.app
    sitting = next(iter(before.service.sittings))
    assert (await post(client, "/api/restart", {}))["status"] == "restarting"
    await post(client, "/api/restart", {}, status=409)  # one restart at a time
    assert (await state(client))["bot"]["restartable"] is False  # its button is greyed
    await sb.restarted()
    assert sb.status == "running" and sb.app is not before
    assert sitting in sb.app.service.sittings  # recovered from the database
    # a person's turn comes round again and their tap moves the game on
    user, m, data = await sb.tg.wait_for(lambda: _turn_buttons(sb), timeout=20)
    moves = len(sb.app.service.sittings[sitting].state.history)
    await post(client, "/api/press", {"user": user, "chat": user, "message": m, "data": data})
    await sb.tg.wait_for(lambda: len(sb.app.service.sittings[sitting].state.history) > moves)


def _turn_buttons(sb):
    for uid in (ALICE, BOB):
        for m in sb.tg.messages(uid, from_bot=True):
            for b in sb.tg.buttons(uid, m.message_id):
                if (b.callback_data or "").startswith(("m:", "mi:")):
                    return uid, m.message_id, b.callback_data
    return None


async def test_failing_calls_are_retried_and_metered(page):
    sb, client = page
    assert (await post(client, "/api/fail", {"count": 2, "status": 500}))["failing"] == 2
    await post(client, "/api/send", {"user": ALICE, "chat": ALICE, "text": "/help"})
    await sb.tg.wait_for(lambda: sb.failing() == 0, timeout=15)
    await sb.tg.wait_for(lambda: len(bot_texts(sb, ALICE)) >= 2, timeout=15)  # it got through
    st = await state(client)
    assert [c for c in st["meter"]["calls"] if c[2] is False and c[3] == 500]
    await post(client, "/api/fail", {"count": 1, "status": 429})
    assert (await state(client))["failing"] == 1
    await post(client, "/api/send", {"user": BOB, "chat": BOB, "text": "/help"})
    await sb.tg.wait_for(lambda: len(bot_texts(sb, BOB)) >= 2, timeout=15)
    st = await state(client)
    assert [c for c in st["meter"]["calls"] if c[2] is False and c[3] == 429]


async def test_a_photo_sent_and_edited_through_the_bot_api_is_shown_and_served(page):
    """sendPhoto, editMessageMedia and editMessageCaption (the pictures
    issue's calls) show on the page: the picture with its caption and
    buttons, then the new picture in the same message, marked edited."""
    from aiogram.types import (
        BufferedInputFile,
        InlineKeyboardButton,
        InlineKeyboardMarkup,
        InputMediaPhoto,
    )

    sb, client = page
    first, second = picture(60, 30, "red"), picture(48, 64, "green")
    keys = InlineKeyboardMarkup(
        inline_keyboard=[[InlineKeyboardButton(text="出", callback_data="x")]])

    def counted(st):
        return len([c for c in st["meter"]["calls"] if c[1] == ALICE and c[2] and c[4]])

    before = counted(await state(client))
    async with as_the_bot(sb) as bot:
        sent = await bot.send_photo(ALICE, BufferedInputFile(first, "hand.png"),
                                    caption="<b>你的手牌</b>", parse_mode="HTML", reply_markup=keys)
        st = await state(client)
        shown = next(x for x in st["people"][0]["messages"] if x["id"] == sent.message_id)
        assert shown["text"] == "你的手牌" and shown["entities"][0]["type"] == "bold"
        assert shown["buttons"] == [[{"text": "出", "callback_data": "x"}]]
        assert not shown["edited"]
        assert (shown["photo"]["width"], shown["photo"]["height"]) == (60, 30)  # room kept
        r = await client.get(shown["photo"]["url"])
        assert r.status == 200 and r.content_type == "image/png" and await r.read() == first
        await bot.edit_message_media(InputMediaPhoto(media=BufferedInputFile(second, "h2.png"),
                                                     caption="新的手牌"),
                                     chat_id=ALICE, message_id=sent.message_id)
        st = await state(client)
        again = next(x for x in st["people"][0]["messages"] if x["id"] == sent.message_id)
        assert again["text"] == "新的手牌" and again["edited"] and again["buttons"] == []
        assert again["rev"] != shown["rev"]  # the page redraws it (and asks for the new picture)
        assert await (await client.get(again["photo"]["url"])).read() == second
        await bot.edit_message_caption(chat_id=ALICE, message_id=sent.message_id, caption="轮到你")
        st = await state(client)
        assert next(x for x in st["people"][0]["messages"]
                    if x["id"] == sent.message_id)["text"] == "轮到你"
    assert counted(st) == before + 3  # the photo calls count on the meter like sends and edits
    assert (await client.get(f"/api/file/{ALICE}/{sent.message_id}/document")).status == 404
    assert (await client.get(f"/api/file/{BOB}/999/photo")).status == 404
    assert (await client.get(f"/api/file/{ALICE}/{sent.message_id}/secret")).status == 404


async def test_the_live_stream_sends_the_state_again_after_a_change(page):
    sb, client = page
    r = await client.get("/api/events")
    assert r.headers["Content-Type"].startswith("text/event-stream")

    async def next_state():
        while True:
            line = (await r.content.readline()).decode()
            if line.startswith("data: "):
                return json.loads(line[6:])

    first = await asyncio.wait_for(next_state(), 10)
    assert first["people"][0]["name"] == "老王"
    sent: list[float] = []  # when the fake server took the bot's answer
    sb.tg.listeners.append(lambda c: sent.append(time.monotonic())
                           if c.method == "sendMessage" and c.chat_id == GROUP else None)
    await post(client, "/api/send", {"user": ALICE, "chat": GROUP, "text": "/help"})
    while True:
        st = await asyncio.wait_for(next_state(), 10)
        if any(m["bot"] for m in st["group"]["messages"]):
            break
    seen = time.monotonic()
    r.close()
    assert seen - sent[0] < 0.5  # the page has it within half a second of the API call


def _world(sb):
    """Everything a request could change, to compare before and after."""
    tg = sb.tg
    chats = [GROUP, *sb.people()]
    return (
        {c: [(m.message_id, m.text, json.dumps(m.reply_markup)) for m in tg.messages(c)]
         for c in chats},
        len(tg.queue.pending()), len(tg.callbacks), sorted(tg.world.users),
        sorted(tg.world.groups[GROUP].members), sb.failing(), sb.status, dict(sb.links),
    )


async def test_bad_requests_get_a_clear_4xx_and_change_nothing(lobby):
    sb, client = lobby
    sb.tg.add_user(150, "路人", started=True)  # a person the sandbox knows, not in the group
    mid, data = button(sb, GROUP, ":join")
    await sb.tg.wait_for(lambda: not sb.app.outbox.pending() and not sb.tg.queue.pending())
    before, answers = _world(sb), len(sb.tg.calls("answerCallbackQuery"))
    bad = [
        ("/api/send", {"user": ALICE, "chat": -42, "text": "/new"}, 404),  # unknown chat
        ("/api/send", {"user": 9999, "chat": GROUP, "text": "/new"}, 404),  # unknown person
        ("/api/send", {"user": 150, "chat": GROUP, "text": "/new"}, 403),  # not in the group
        ("/api/send", {"user": ALICE, "chat": BOB, "text": "/hand"}, 403),  # another's chat
        ("/api/send", {"user": ALICE, "chat": GROUP, "text": "  "}, 400),
        ("/api/send", {"user": ALICE, "chat": GROUP, "text": "x" * 5000}, 400),
        ("/api/send", {"user": "101", "chat": GROUP, "text": "/new"}, 400),
        ("/api/press", {"user": ALICE, "chat": GROUP, "message": mid, "data": "l:1:start!"},
         400),  # forged callback data: the message shows no such button
        ("/api/press", {"user": ALICE, "chat": GROUP, "message": mid, "data": "m:1:1:1:K"}, 400),
        ("/api/press", {"user": ALICE, "chat": GROUP, "message": 999, "data": data}, 404),
        ("/api/press", {"user": ALICE, "chat": BOB, "message": 1, "data": data}, 403),
        ("/api/press", {"user": 150, "chat": GROUP, "message": mid, "data": data}, 403),
        ("/api/press", {"user": ALICE, "chat": GROUP, "message": mid}, 400),
        ("/api/open", {"user": ALICE, "chat": GROUP, "message": mid,
                       "url": "https://t.me/paiju_sandbox_bot?start=j1"}, 400),
        ("/api/start", {"user": BOB + 50}, 404),
        ("/api/people", {"name": "x" * 40}, 400),
        ("/api/people", {"name": 7}, 400),
        ("/api/fail", {"count": 0, "status": 429}, 400),
        ("/api/fail", {"count": 3, "status": 404}, 400),
        ("/api/fail", {"count": True, "status": 500}, 400),
        ("/api/computer", {"user": 150}, 403),
    ]
    for path, body, status in bad:
        r = await client.post(path, json=body)
        answer = await r.json()
        assert r.status == status, (path, body, r.status, answer)
        assert answer["error"], (path, body)
    r = await client.post("/api/send", data="user=101", headers={
        "Content-Type": "application/x-www-form-urlencoded"})
    assert r.status == 415
    r = await client.post("/api/send", data="[1]", headers={"Content-Type": "application/json"})
    assert r.status == 400 and (await r.json())["error"] == "请发送一个 JSON 对象。"
    r = await client.post("/api/send", json={"user": ALICE, "chat": GROUP, "text": "/new"},
                          headers={"Origin": "http://evil.example"})
    assert r.status == 403  # another site's page cannot play here
    await asyncio.sleep(0.3)  # anything a bad request had set off would show by now
    assert _world(sb) == before
    assert len(sb.tg.calls("answerCallbackQuery")) == answers


async def test_with_db_a_later_sandbox_takes_up_the_games_where_they_were(tmp_path):
    from tests.sandbox.conftest import running

    db = str(tmp_path / "kept.sqlite3")
    async with running(game="xianniu", db=db) as (sb, client):
        await deal(sb, client)
        sitting = next(iter(sb.app.service.sittings))
    async with running(db=db) as (sb, client):  # a new make-believe Telegram, the same games
        assert sitting in sb.app.service.sittings
        await sb.tg.wait_for(lambda: any("掀牛" in t for t in bot_texts(sb, GROUP)))
        await sb.tg.wait_for(lambda: any("你的手牌" in t for t in bot_texts(sb, ALICE)))


async def test_what_a_person_types_while_the_bot_starts_is_answered_once_it_runs():
    """The page is up before the bot (aiogram takes seconds to import): a
    /new typed at once waits in the fake server's queue, as Telegram keeps
    updates for a bot that is starting, and is answered when it runs."""
    from aiohttp.test_utils import TestClient, TestServer

    from bot.sandbox.host import Sandbox
    from bot.sandbox.page import make_app
    from tests.sandbox.conftest import options

    sb = Sandbox(options())
    client = TestClient(TestServer(make_app(sb)))
    await client.start_server()
    try:
        await sb.open()
        assert (await state(client))["bot"]["status"] == "starting"
        await post(client, "/api/send", {"user": ALICE, "chat": GROUP, "text": "/new xianniu"})
        await sb.start_bot()
        await sb.tg.wait_for(lambda: button(sb, GROUP, ":join"), timeout=30)
        await sb.stop()
        answer = await post(client, "/api/send", {"user": ALICE, "chat": GROUP, "text": "/new"},
                            503)  # a stopped bot: said so, not queued for nobody
        assert answer["error"]
    finally:
        await client.close()
        await sb.stop()


async def test_an_edit_that_changes_nothing_is_not_metered_as_a_failure(page):
    """A restarted bot edits its messages to what they already show; Telegram
    answers "message is not modified", which the bot takes as done: the
    meter shows it answered, while a real failure still counts as failed."""
    from aiogram.exceptions import TelegramBadRequest

    sb, client = page
    async with as_the_bot(sb) as bot:
        sent = await bot.send_message(ALICE, "轮到你")
        try:
            await bot.edit_message_text("轮到你", chat_id=ALICE, message_id=sent.message_id)
        except TelegramBadRequest as e:
            assert "message is not modified" in str(e)
        try:
            await bot.edit_message_text("x", chat_id=ALICE, message_id=999_999)
        except TelegramBadRequest as e:
            assert "not found" in str(e)
    calls = [c for c in (await state(client))["meter"]["calls"] if c[1] == ALICE]
    assert [c[2:4] for c in calls[-2:]] == [[True, 400], [False, 400]]

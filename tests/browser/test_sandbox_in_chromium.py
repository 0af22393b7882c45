"""The sandbox page in a real browser (Debian's Chromium): a game of each
kind with one person and computers, started from the page; a whole hand
played by clicking the buttons of the person's private chat; the bot
restarted from the page in the middle of it and the hand finished; the group
pane never shows a card or tile someone holds.

CI plays with quick computers and no rate limits. Set PAIJU_SCREENSHOTS to a
folder to keep a picture of each game in progress, played as `paiju sandbox`
plays (Telegram's limits, the real outbox; only the computers quicker), in
PAIJU_SANDBOX_LANG (default 简体): `PAIJU_SCREENSHOTS=docs/screens/sandbox
pytest -n 0 tests/browser` makes the README's."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
import pytest_asyncio

from bot.i18n import DEFAULT_LANG
from bot.sandbox.host import FIRST_PERSON, GROUP
from bot.sandbox.page import make_app
from bot.sandbox.words import words
from games import registry
from tests.browser.play import Player, pane
from tests.sandbox.conftest import as_the_bot, options, picture

pytestmark = pytest.mark.asyncio(loop_scope="module")
GAMES = ["xianniu", "niujiu", "dingniu", "paoyao", "changpai"]
ME = FIRST_PERSON
SHOTS = os.environ.get("PAIJU_SCREENSHOTS")
LANG = os.environ.get("PAIJU_SANDBOX_LANG") or DEFAULT_LANG
QUICK = {"computer_delay": 0.05, "ai_budget": 0.02, "polling_timeout": 1, "deal_seed": 7}
AS_A_HOST_SEES = {"computer_delay": 0.4, "ai_budget": 0.1, "polling_timeout": 1, "deal_seed": 7}


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def sandbox(browser):
    """One sandbox for the five games, as a host would try them one after
    another, and its page open in Chromium."""
    from aiohttp import web

    from bot.sandbox.host import Options, Sandbox

    if SHOTS:
        sb = Sandbox(Options(players=1, lang=LANG, config=AS_A_HOST_SEES))
    else:
        sb = Sandbox(options(players=1, lang=LANG, config=QUICK))
    runner = web.AppRunner(make_app(sb), handle_signals=False, shutdown_timeout=0.5,
                           handler_cancellation=True, access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    await sb.start()
    page = await browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    port = runner.addresses[0][1]
    await page.goto(f"http://127.0.0.1:{port}/")
    await page.wait_for_selector(f"{pane(ME)} .msg")
    try:
        yield sb, page, errors
    finally:
        await page.close()
        await runner.cleanup()
        await sb.stop()


async def test_the_first_look_says_what_to_type(sandbox):
    sb, page, errors = sandbox
    hint = await page.inner_text(f"{pane(GROUP)} .hint")
    assert "/new" in hint
    assert await page.inner_text("#status") == words(LANG)["running"]
    await page.click(f"{pane(GROUP)} .menu-button")  # the command menu, as Telegram's
    menu = await page.inner_text(f"{pane(GROUP)} .menu-pop")
    assert "/new" in menu and "/score" in menu
    await page.click(f"{pane(GROUP)} .menu-button")
    assert errors == []


@pytest.mark.parametrize("game", GAMES)
async def test_a_hand_of_each_game_is_played_from_the_page(sandbox, game, tmp_path):
    sb, page, errors = sandbox
    me = Player(page, sb, ME, patience=150 if SHOTS else 30)  # a group's minute of limits
    seats = registry.get(game).default_seats
    since = await me.open_table(game, seats)
    group_minute = await page.inner_text("#gauge-group b")  # the meter counted the lobby's edits
    assert 0 < int(group_minute.split("/")[0]) and group_minute.endswith("/20")
    shots = Path(SHOTS or tmp_path)
    name = game if LANG == DEFAULT_LANG else f"{game}-{LANG}"

    async def shot(page):
        shots.mkdir(parents=True, exist_ok=True)
        # a toast fades within seconds: the picture shows the chats, not one over them
        await page.wait_for_function("() => !document.querySelector('.toast:not(.alert)')",
                                     timeout=10_000)
        # each chat at its newest message, as a person looking at it (a click
        # may have left a chat where its button was)
        await page.eval_on_selector_all(
            ".msgs", "boxes => boxes.forEach(b => { b.scrollTop = b.scrollHeight; })")
        await page.wait_for_timeout(300)
        await page.screenshot(path=str(shots / f"{name}.png"))

    before = sb.app
    taps = await me.play_hand(since, shot=shot)
    assert sb.app is not before  # restarted from the page mid-hand
    assert taps >= 1  # and the person's taps after it played the hand out
    assert (shots / f"{name}.png").stat().st_size > 10_000
    assert me.report.leaks == []
    assert me.checked > 0  # the group's messages were read while the hand was played
    assert sb.status == "running"
    await me.finish(since)
    assert errors == []


async def test_formatting_and_photos_show_as_in_telegram(sandbox):
    """A message with entities, and a photo sent with sendPhoto and then
    replaced with editMessageMedia (the pictures issue's calls), show as
    Telegram shows them: the new picture in the same message."""
    from aiogram.types import BufferedInputFile, InputMediaPhoto

    sb, page, errors = sandbox
    limits, sb.tg.limits.enabled = sb.tg.limits.enabled, False  # three calls in a second here
    async with as_the_bot(sb) as bot:
        m = await bot.send_message(ME, "<b>庄</b>: 老王\n<pre>老王  6\n小李 -4</pre>",
                                   parse_mode="HTML")
        photo = await bot.send_photo(ME, BufferedInputFile(picture(40, 24, "grey"), "hand.png"),
                                     caption="你的手牌")
        sel = f'{pane(ME)} .msg[data-id="{m.message_id}"]'
        await page.wait_for_selector(sel)
        assert await page.inner_text(f"{sel} .text b") == "庄"
        pre = await page.inner_text(f"{sel} .text pre")
        assert pre == "老王  6\n小李 -4"
        font = await page.eval_on_selector(f"{sel} .text pre",
                                           "e => getComputedStyle(e).fontFamily")
        assert "mono" in font.lower()
        shown = f'{pane(ME)} .msg[data-id="{photo.message_id}"]'
        img = f"{shown} img.photo"

        async def drawn(size: list[int]) -> None:
            await page.wait_for_function(
                """([sel, w, h]) => { const e = document.querySelector(sel);
                   return e && e.complete && e.naturalWidth === w && e.naturalHeight === h; }""",
                arg=[img, *size], timeout=10_000)

        await drawn([40, 24])
        assert "你的手牌" in await page.inner_text(f"{shown} .text")
        await bot.edit_message_media(
            InputMediaPhoto(media=BufferedInputFile(picture(30, 50, "white"), "h.png"),
                            caption="轮到你"), chat_id=ME, message_id=photo.message_id)
        await drawn([30, 50])  # the same message, its new picture
        assert "轮到你" in await page.inner_text(f"{shown} .text")
        assert len(await page.query_selector_all(img)) == 1
    sb.tg.limits.enabled = limits
    assert errors == []


async def test_a_chat_keeps_its_newest_message_in_view_when_a_picture_loads(sandbox):
    """As in Telegram, a chat scrolled to its end stays there: a picture that
    loads after its message is drawn (taller than its placeholder) does not
    push the newest message out of view."""
    from aiogram.types import BufferedInputFile

    sb, page, errors = sandbox
    limits, sb.tg.limits.enabled = sb.tg.limits.enabled, False
    box = f"{pane(ME)} .msgs"
    # at the chat's end, as a person reading it is (the hands played before
    # may have left it where a button was clicked)
    await page.eval_on_selector(box, "b => { b.scrollTop = b.scrollHeight; }")
    await page.wait_for_timeout(100)
    async with as_the_bot(sb) as bot:
        for i in range(12):  # more than the pane shows
            await bot.send_message(ME, f"第{i}行")
        photo = await bot.send_photo(ME, BufferedInputFile(picture(400, 600, "grey"), "t.png"),
                                     caption="牌桌")
        img = f'{pane(ME)} .msg[data-id="{photo.message_id}"] img.photo'
        await page.wait_for_function(
            "sel => { const e = document.querySelector(sel); return e && e.complete "
            "&& e.naturalWidth === 400; }", arg=img, timeout=10_000)
        await page.wait_for_timeout(300)  # the layout after the load
        gap = await page.eval_on_selector(
            box, "b => b.scrollHeight - b.scrollTop - b.clientHeight")
        assert gap < 40, gap
    sb.tg.limits.enabled = limits
    assert errors == []

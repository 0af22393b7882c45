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
import struct
import zlib
from pathlib import Path

import pytest
import pytest_asyncio

from bot.i18n import DEFAULT_LANG
from bot.sandbox.host import FIRST_PERSON, GROUP
from bot.sandbox.page import make_app
from bot.sandbox.words import words
from games import registry
from tests.browser.play import Player, pane
from tests.sandbox.conftest import options

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
        sb = Sandbox(Options(players=1, lang=LANG, settings=AS_A_HOST_SEES))
    else:
        sb = Sandbox(options(players=1, lang=LANG, settings=QUICK))
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
    shots = Path(SHOTS or tmp_path)
    name = game if LANG == DEFAULT_LANG else f"{game}-{LANG}"

    async def shot(page):
        shots.mkdir(parents=True, exist_ok=True)
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
    """The bot writes plain text today; a message with entities and a photo
    message (the pictures issue) must show as Telegram shows them."""
    sb, page, errors = sandbox
    from bot.sandbox.fake.text import parse_text

    text, entities = parse_text("<b>庄</b>: 老王\n<pre>老王  6\n小李 -4</pre>", "HTML")
    m = sb.tg.world.new_message(ME, sb.tg.bot_id, text, entities, None)
    photo = sb.tg.world.new_message(ME, sb.tg.bot_id, "你的手牌", [], None)
    photo.photo = {"file_name": "hand.png", "content": png(40, 24)}
    sb.changed()  # the page hears of it (a sendPhoto call would tell it)
    sel = f'{pane(ME)} .msg[data-id="{m.message_id}"]'
    await page.wait_for_selector(sel)
    assert await page.inner_text(f"{sel} .text b") == "庄"
    pre = await page.inner_text(f"{sel} .text pre")
    assert pre == "老王  6\n小李 -4"
    font = await page.eval_on_selector(f"{sel} .text pre", "e => getComputedStyle(e).fontFamily")
    assert "mono" in font.lower()
    img = f'{pane(ME)} .msg[data-id="{photo.message_id}"] img.photo'
    await page.wait_for_selector(img)
    await page.wait_for_function(f"document.querySelector('{img}').complete")
    assert await page.eval_on_selector(img, "e => [e.naturalWidth, e.naturalHeight]") == [40, 24]
    assert "你的手牌" in await page.inner_text(
        f'{pane(ME)} .msg[data-id="{photo.message_id}"] .text')
    assert errors == []


def png(width: int, height: int) -> bytes:
    """A plain grey PNG picture of this size."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    rows = b"".join(b"\0" + b"\x80" * width for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows))
            + chunk(b"IEND", b""))

"""Running the real bot against the fake Bot API server, and playing it like
people do: pressing only buttons that are on screen."""

from __future__ import annotations

import asyncio
import contextlib
import re

from bot.app import App
from bot.config import Config
from bot.sandbox.fake.models import FakeTelegramError

GROUP = -1001
MOVE_RE = re.compile(r"^(m|mi):(\d+):(\d+):")


def config_for(tg, db_path, **kw) -> Config:
    base = Config(
        token=tg.token, api_base=tg.base_url, db_path=str(db_path), turn_timeout=30.0,
        computer_delay=0.01, ai_budget=0.05, notify_idle=15.0, polling_timeout=1,
        ai_workers=1,  # one worker process whatever the machine: tests start many bots
    )
    return base.model_copy(update=kw)


@contextlib.asynccontextmanager
async def running(tg, db_path, **kw):
    app = App(config_for(tg, db_path, **kw))
    await app.start()
    try:
        yield app
    finally:
        await app.stop(drain=0.5)


def bot_messages(tg, chat_id):
    return tg.messages(chat_id, from_bot=True)


def find_text(tg, chat_id, needle):
    return [m for m in bot_messages(tg, chat_id) if needle in m.text]


def buttons_with(tg, chat_id, prefix):
    """(message, button) pairs currently shown in the chat whose data starts with prefix."""
    out = []
    for m in bot_messages(tg, chat_id):
        for b in tg.buttons(chat_id, m.message_id):
            if b.callback_data and b.callback_data.startswith(prefix):
                out.append((m, b))
    return out


async def press_button(tg, user_id, chat_id, prefix):
    """Wait for a button with this data prefix in the chat and press it."""
    pair = await tg.wait_for(lambda: (buttons_with(tg, chat_id, prefix) or [None])[0], timeout=15)
    m, b = pair
    return await tg.press(user_id, chat_id, m.message_id, b.callback_data)


async def lobby(tg, app, game: str, humans: list[int], computers: int, chat_id=GROUP, preset=""):
    """/new in the group, everyone joins, computers added, the creator starts."""
    creator = humans[0]
    await tg.send_message(creator, chat_id, f"/new {game} {preset}".strip())
    await tg.wait_for(lambda: buttons_with(tg, chat_id, "l:"), timeout=10)
    for uid in humans[1:]:
        await press_button(tg, uid, chat_id, "l:")  # no-op guard: find a lobby button first
    return creator


async def join(tg, uid, chat_id=GROUP):
    pairs = await tg.wait_for(
        lambda: [
            p for p in buttons_with(tg, chat_id, "l:") if p[1].callback_data.endswith(":join")
        ],
        10,
    )
    m, b = pairs[0]
    return await tg.press(uid, chat_id, m.message_id, b.callback_data)


async def lobby_button(tg, uid, action, chat_id=GROUP):
    pairs = await tg.wait_for(
        lambda: [
            p for p in buttons_with(tg, chat_id, "l:") if p[1].callback_data.endswith(":" + action)
        ],
        10,
    )
    m, b = pairs[0]
    return await tg.press(uid, chat_id, m.message_id, b.callback_data)


async def start_game(tg, game, humans, computers, chat_id=GROUP, preset=""):
    await tg.send_message(humans[0], chat_id, f"/new {game} {preset}".strip())
    for uid in humans[1:]:
        answer = await join(tg, uid, chat_id)
        assert "url" not in answer or not answer["url"], answer
    for _ in range(computers):
        await lobby_button(tg, humans[0], "cpu", chat_id)
    await lobby_button(tg, humans[0], "start", chat_id)


def move_buttons(tg, uid):
    """Move buttons shown in the user's private chat, newest turn first."""
    found = []
    for m in bot_messages(tg, uid):
        for b in tg.buttons(uid, m.message_id):
            d = b.callback_data or ""
            if MOVE_RE.match(d) or d.startswith("p:"):
                found.append((m, b))
    return found


async def play_hand(tg, humans, chat_id=GROUP, choose=None, timeout=90.0, on_press=None, ends=1):
    """Humans press legal-move buttons until the end-of-hand message appears.
    `choose(buttons)` picks which (message, button) to press (default: first)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    presses = 0
    pressed_on: dict[int, tuple] = {}  # user → (message id, edits) of their last press
    while len(find_text(tg, chat_id, "🏁")) < ends:
        if loop.time() > deadline:
            raise TimeoutError(f"hand not over after {presses} presses")
        pressed = False
        for uid in humans:
            btns = move_buttons(tg, uid)
            if not btns:
                continue
            m, b = (choose or default_choice)(btns)
            if pressed_on.get(uid) == (m.message_id, m.edits, b.callback_data):
                continue  # like a person: wait until the message changed after a tap
            pressed_on[uid] = (m.message_id, m.edits, b.callback_data)
            try:
                ans = await tg.press(uid, uid, m.message_id, b.callback_data)
            except FakeTelegramError:
                continue  # the message changed under us
            presses += 1
            pressed = True
            if on_press:
                on_press(uid, b, ans)
        if not pressed:
            await asyncio.sleep(0.02)
    return presses


def default_choice(btns):
    """The first plain move button (a pass when following in a picker game:
    quick); else with the picker: select the hint, then confirm."""
    plain = [p for p in btns if MOVE_RE.match(p[1].callback_data)]
    if plain:
        return plain[0]
    picks = [p for p in btns if p[1].callback_data.startswith("p:")]
    if picks:
        if any(p[1].text.startswith("✓") for p in picks):
            return [p for p in picks if ":ok:" in p[1].callback_data][0]
        hint = [p for p in picks if ":hint:" in p[1].callback_data]
        if hint:
            return hint[0]
        return [p for p in picks if ":x:" in p[1].callback_data][0]
    return btns[0]

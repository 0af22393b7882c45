"""Buttons that no longer do anything go, even when `paiju run` is killed
(SIGKILL) at the worst moment: right after 下一局, 结束 or /hand, with the
edits that take the old buttons off held in the fake server and never
applied. Started again on the same database, the bot clears them: the last
hand's 🏁 message, the answered /stop question, the hand message /hand
replaced, the finished sitting's hands."""

import asyncio
import contextlib
import os
import signal
import sqlite3
import sys

from bot.sandbox.fake import methods
from bot.sandbox.fake.models import ApiError, FakeTelegramError
from tests.e2e.harness import GROUP, buttons_with, default_choice, move_buttons, running

EDITS = ("editMessageText", "editMessageReplyMarkup")


async def paiju_run(tg, db_path, turn_timeout: str):
    """`paiju run` as a process on this database; returns once it asked for
    its menus (it is about to recover and poll)."""
    env = {**os.environ, "BOT_TOKEN": tg.token, "PAIJU_API_BASE": tg.base_url,
           "PAIJU_DB": str(db_path), "PAIJU_COMPUTER_DELAY": "0.01", "PAIJU_AI_BUDGET": "0.02",
           "PAIJU_TURN_TIMEOUT": turn_timeout, "PAIJU_POLLING_TIMEOUT": "1",
           "PAIJU_WEEKLY_POST": "0"}
    no_settings = db_path.parent / "empty.env"  # only the environment above counts
    no_settings.write_text("")
    seen = len(tg.calls("setMyCommands"))
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot.cli", "run", "--env-file", str(no_settings),
        env=env, stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL,
    )
    try:
        await tg.wait_for(lambda: len(tg.calls("setMyCommands")) > seen, timeout=90)
    except BaseException:
        proc.kill()  # never leave a bot process behind a failed test
        await proc.wait()
        raise
    return proc


async def kill(proc) -> None:
    proc.send_signal(signal.SIGKILL)
    assert await asyncio.wait_for(proc.wait(), 30) == -signal.SIGKILL


@contextlib.asynccontextmanager
async def killed_when_held(tg, db_path, turn_timeout: str, gate):
    """`paiju run` for the block, SIGKILLed at its end once an edit is held
    (on its way, never applied); the held edits then fail."""
    proc = await paiju_run(tg, db_path, turn_timeout)
    try:
        yield proc
        await tg.wait_for(lambda: gate["held"], 10)
    finally:
        if proc.returncode is None:
            await kill(proc)
        release(gate)


def hold_edits(monkeypatch, chats: set[int]):
    """While on, edits of messages in `chats` wait until released, then fail:
    they never take effect (the process that made them is killed meanwhile)."""
    gate = {"on": False, "held": 0, "release": asyncio.Event()}
    for name in EDITS:
        real = methods.METHODS[name]

        async def held(tg, params, now, real=real):
            if gate["on"] and params.get("chat_id") in chats:
                gate["held"] += 1
                await gate["release"].wait()
                raise ApiError(500, "Internal Server Error")
            return real(tg, params, now)

        monkeypatch.setitem(methods.METHODS, name, held)
    return gate


def release(gate) -> None:
    gate["on"] = False
    gate["release"].set()
    gate["release"] = asyncio.Event()


def row(db_path, sql):
    con = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True)
    try:
        return con.execute(sql).fetchone()
    except sqlite3.OperationalError:
        return None  # not created yet
    finally:
        con.close()


def live_buttons(tg, *chats):
    """(chat, message id, text) of every bot message still showing buttons."""
    return [(c, m.message_id, m.text) for c in chats for m in tg.messages(c, from_bot=True)
            if tg.buttons(c, m.message_id)]


async def open_with_two_computers(tg) -> None:
    """老王 opens 掀牛 in the group, adds two computers and starts."""
    await tg.send_message(1, GROUP, "/new xianniu")
    for action in ("cpu", "cpu", "start"):
        m, b = await tg.wait_for(lambda a=action: [
            p for p in buttons_with(tg, GROUP, "l:") if p[1].callback_data.endswith(a)][0])
        await tg.press(1, GROUP, m.message_id, b.callback_data)


async def end_button(tg, action):
    m, b = await tg.wait_for(lambda: [p for p in buttons_with(tg, GROUP, "h:")
                                      if p[1].callback_data.endswith(":" + action)][-1], 60)
    return m, b


async def test_a_kill_right_after_next_hand_or_finish_leaves_no_live_buttons(
        people, tmp_path, monkeypatch):
    tg = people
    db = tmp_path / "db.sqlite3"
    gate = hold_edits(monkeypatch, {GROUP, 1})
    await tg.send_message(1, 1, "/start")
    # nobody taps moves: the turn timer lets the computer play for 老王 (托管),
    # so each hand ends in seconds
    async with killed_when_held(tg, db, "0.3", gate):
        await open_with_two_computers(tg)
        end1, nxt = await end_button(tg, "next")
        gate["on"] = True  # from here no edit takes effect
        await tg.press(1, GROUP, end1.message_id, nxt.callback_data)
        await tg.wait_for(lambda: row(db, "select hand_no from sittings") == (2,), 15)
    assert tg.buttons(GROUP, end1.message_id)  # the kill left them live

    async with killed_when_held(tg, db, "0.3", gate):
        await tg.wait_for(lambda: not tg.buttons(GROUP, end1.message_id), 15)
        assert "🏁" in tg.message(GROUP, end1.message_id).text  # the result stays
        end2, fin = await end_button(tg, "end")  # hand 2 ends (托管 plays it)
        assert end2.message_id != end1.message_id
        await tg.press(1, GROUP, end2.message_id, fin.callback_data)
        qm, yes = await tg.wait_for(lambda: [p for p in buttons_with(tg, GROUP, "s:")
                                             if p[1].callback_data.endswith(":yes")][0], 15)
        gate["on"] = True
        await tg.press(1, GROUP, qm.message_id, yes.callback_data)
        await tg.wait_for(lambda: row(db, "select status from sittings") == ("finished",), 15)
    left = live_buttons(tg, GROUP, 1)
    assert (GROUP, qm.message_id) in [(c, mid) for c, mid, _t in left]  # the kill left them

    async with running(tg, db):
        await tg.wait_for(lambda: not live_buttons(tg, GROUP, 1), 15)
        assert tg.message(GROUP, qm.message_id).text == "已结束"
        assert "🏁" in tg.message(GROUP, end2.message_id).text
        await tg.wait_for(lambda: row(db, "select count(*) from stale_keyboards") == (0,), 10)


async def test_a_kill_right_after_hand_leaves_the_old_message_without_buttons(
        people, tmp_path, monkeypatch):
    tg = people
    db = tmp_path / "db.sqlite3"
    gate = hold_edits(monkeypatch, {1})
    await tg.send_message(1, 1, "/start")
    async with killed_when_held(tg, db, "60", gate):
        await open_with_two_computers(tg)
        # 老王's turn: his hand message shows his moves, and nothing else is on its way
        old = (await tg.wait_for(lambda: move_buttons(tg, 1), 30))[0][0]
        await asyncio.sleep(0.5)
        gate["on"] = True
        await tg.send_message(1, 1, "/hand")
        # written: the hand is no longer on the old message; the edit taking
        # its buttons off is held, never applied
        msgs = "select json_extract(msgs, '$.\"hand:1\"') from sittings"
        await tg.wait_for(lambda: row(db, msgs) not in (None, (old.message_id,)), 10)
    assert tg.buttons(1, old.message_id)  # the kill left them live

    async with running(tg, db):
        await tg.wait_for(lambda: not tg.buttons(1, old.message_id), 15)
        # the hand is on a newer message, and its moves play
        m, b = default_choice(await tg.wait_for(
            lambda: [p for p in move_buttons(tg, 1) if p[0].message_id > old.message_id], 15))
        try:
            answer = await tg.press(1, 1, m.message_id, b.callback_data)
            assert not answer.get("text"), answer
        except FakeTelegramError:
            pass  # redrawn under the tap: it is live, that is all this needs
        assert {mid for _c, mid, _t in live_buttons(tg, 1)} <= {m.message_id}

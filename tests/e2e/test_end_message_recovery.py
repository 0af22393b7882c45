"""A stop between a hand's result being written and its 🏁 message being
sent: `paiju run` is killed (SIGKILL) or stopped (SIGTERM) while the fake
server holds that sendMessage (it never takes effect), then started again on
the same database (here, in this process): the 🏁 message with its buttons
arrives and 下一局 works."""

import asyncio
import os
import signal
import sqlite3
import sys

from bot.app import App
from bot.sandbox.fake import methods
from bot.sandbox.fake.models import ApiError, FakeTelegramError
from tests.e2e.harness import (
    GROUP,
    config_for,
    default_choice,
    find_text,
    move_buttons,
    press_button,
    running,
    start_game,
)


async def paiju_run(tg, db_path):
    env = {
        **os.environ,
        "BOT_TOKEN": tg.token,
        "PAIJU_API_BASE": tg.base_url,
        "PAIJU_DB": str(db_path),
        "PAIJU_COMPUTER_DELAY": "0.01",
        "PAIJU_AI_BUDGET": "0.02",
        "PAIJU_AI_WORKERS": "1",
        "PAIJU_TURN_TIMEOUT": "60",
    }
    polls = len(tg.calls("getUpdates"))
    no_settings = db_path.parent / "empty.env"  # only the environment above counts
    no_settings.write_text("")
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot.cli", "run", "--env-file", str(no_settings),
        env=env, stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL,
    )
    try:
        await tg.wait_for(lambda: len(tg.calls("getUpdates")) > polls, timeout=90)  # it is up
    except BaseException:
        proc.kill()  # never leave a bot process behind a failed test
        await proc.wait()
        raise
    return proc


def hold_end_messages(monkeypatch, mark="🏁"):
    """sendMessage of a text with `mark` (a 🏁 message) waits until released,
    then fails (never applied)."""
    gate = {"on": True, "held": 0, "release": asyncio.Event()}
    send = methods.METHODS["sendMessage"]

    async def held(tg, params, now):
        if gate["on"] and mark in str(params.get("text", "")):
            gate["held"] += 1
            await gate["release"].wait()
            raise ApiError(500, "Internal Server Error")
        return send(tg, params, now)

    monkeypatch.setitem(methods.METHODS, "sendMessage", held)
    return gate


async def play_until_end_is_held(tg, gate):
    await tg.send_message(1, 1, "/start")
    await start_game(tg, "xianniu", [1], computers=2)
    while not gate["held"]:  # play until the bot tries to post the 🏁 message
        btns = move_buttons(tg, 1)
        if btns:
            m, b = default_choice(btns)
            try:
                await tg.press(1, 1, m.message_id, b.callback_data)
            except FakeTelegramError:
                pass  # the hand message changed under the tap
        await asyncio.sleep(0.05)


async def restart_sees_the_end_message(tg, db_path, gate):
    db = sqlite3.connect(db_path)
    assert db.execute("select status from sittings").fetchone() == ("hand_over",)
    assert not find_text(tg, GROUP, "🏁")
    gate["on"] = False
    gate["release"].set()
    async with running(tg, db_path):
        end = await tg.wait_for(lambda: find_text(tg, GROUP, "🏁")[0], timeout=30)
        datas = [b.callback_data for b in tg.buttons(GROUP, end.message_id)]
        assert [d.rsplit(":", 1)[1] for d in datas] == ["next", "end"]
        answer = await press_button(tg, 1, GROUP, datas[0])
        # hand 2 is dealt: running, or already over when a deal ends the hand
        # at once (a 八大对, about 1 deal in 1,000)
        hand = await tg.wait_for(lambda: db.execute(
            "select hand_no, status from sittings where hand_no = 2").fetchone(), timeout=30)
        assert hand[1] in ("running", "hand_over"), (hand, answer)
        assert len(find_text(tg, GROUP, "🏁")) == 1


async def test_end_message_survives_sigkill_before_its_send(people, tmp_path, monkeypatch):
    """`paiju run` as a process, SIGKILLed while its 🏁 send is held."""
    tg = people
    db_path = tmp_path / "db.sqlite3"
    gate = hold_end_messages(monkeypatch)
    bot = await paiju_run(tg, db_path)
    try:
        await play_until_end_is_held(tg, gate)
        bot.send_signal(signal.SIGKILL)
        await asyncio.wait_for(bot.wait(), 30)
    finally:
        if bot.returncode is None:
            bot.kill()
            await bot.wait()
    assert bot.returncode == -signal.SIGKILL
    await restart_sees_the_end_message(tg, db_path, gate)


async def test_end_message_survives_sigterm_before_its_send(people, tmp_path, monkeypatch):
    """The bot in this process (App.run_forever, as `paiju run` runs it) gets a
    real SIGTERM while its 🏁 send is held: a routine deploy."""
    tg = people
    db_path = tmp_path / "db.sqlite3"
    gate = hold_end_messages(monkeypatch)
    app = App(config_for(tg, db_path))
    loop = asyncio.get_running_loop()
    task = loop.create_task(app.run_forever())
    try:
        await tg.wait_for(lambda: tg.calls("getUpdates"), timeout=30)
        await play_until_end_is_held(tg, gate)
        os.kill(os.getpid(), signal.SIGTERM)
        await asyncio.wait_for(task, 30)
    finally:
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.remove_signal_handler(sig)
        if not task.done():
            task.cancel()
    await restart_sees_the_end_message(tg, db_path, gate)

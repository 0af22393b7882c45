"""Scores in the chat: /score, /top, /history, /replay (text and a record
`paiju replay` accepts), /stats, and bad input answered in one line."""

import contextlib
import json
import re

from bot import cli
from bot.app import App
from bot.callbacks import SettleCB
from bot.i18n import translator
from bot.outbox import Limits
from tests.e2e.harness import (
    GROUP,
    bot_messages,
    buttons_with,
    config_for,
    find_text,
    play_hand,
    press_button,
    start_game,
)

OTHER = -2002
FAST = Limits(chat_rate=100, chat_burst=100, group_per_minute=1000, overall_per_second=1000)


@contextlib.asynccontextmanager
async def running(tg, db_path):
    """The bot without rate limits: this test is about what it says, not when."""
    tg.limits.enabled = False
    app = App(config_for(tg, db_path), FAST)
    await app.start()
    try:
        yield app
    finally:
        await app.stop(drain=0.5)


async def say(tg, uid, chat_id, text):
    """Send a command; wait for the bot's next message in that chat."""
    before = len(bot_messages(tg, chat_id))
    await tg.send_message(uid, chat_id, text)
    await tg.wait_for(lambda: len(bot_messages(tg, chat_id)) > before, timeout=10)
    return bot_messages(tg, chat_id)[before]


async def test_score_top_history_replay_stats(people, toy, tmp_path, capsys):
    tg = people
    tg.add_group(OTHER, "别的群", members=[1, 2], admins=[1])
    async with running(tg, tmp_path / "db.sqlite3") as app:
        for uid in (1, 2):
            await tg.send_message(uid, uid, "/start")
        await start_game(tg, "toy", [1, 2], computers=1)
        await play_hand(tg, [1, 2])
        row = app.storage.run_sync(lambda db: list(db["ledger"].rows_where(order_by="seat")))
        net = [r["net"] for r in row]
        assert len(net) == 3 and sum(net) == 0 and any(net)

        score = await say(tg, 1, GROUP, "/score")  # the sitting, then the tally
        assert "📊" in score.text and "📒" in score.text
        assert "¥" not in score.text and "元" not in score.text
        # no 清账 while its game is being played; a forged press is refused
        assert not tg.buttons(GROUP, score.message_id)
        forged = await tg.press_forged(1, GROUP, score.message_id,
                                       SettleCB(a="ask", g="toy").pack())
        assert forged["text"] == translator("zh_Hans")(
            "Finish the game first: its hands still count.")

        top = await say(tg, 1, GROUP, "/top")
        lines = [line for line in top.text.splitlines() if re.match(r"\d+\. ", line)]
        assert len(lines) == 2  # the two people; the computer is never on a leaderboard
        assert {line.split(" ", 1)[1].split("：")[0] for line in lines} == {"老王", "小李"}
        assert "电脑" not in top.text
        alltime = await say(tg, 1, GROUP, "/top all toy")
        assert "Toy" in alltime.text
        assert [line for line in alltime.text.splitlines() if re.match(r"\d+\. ", line)] == lines
        assert "\n" not in (await say(tg, 1, GROUP, "/top toypick 本周")).text  # none this week

        hist = await say(tg, 1, GROUP, "/history")
        hand_id = row[0]["hand_id"]
        # the number /replay takes, then the hand as its table named it
        assert f"\n{hand_id}. Toy 第1局 · " in hist.text
        before = len(bot_messages(tg, GROUP))
        await press_button(tg, 2, GROUP, "rp:")
        doc = await tg.wait_for(
            lambda: [m for m in bot_messages(tg, GROUP)[before:] if m.document], timeout=10)
        text = "\n".join(m.text for m in bot_messages(tg, GROUP)[before:] if not m.document)
        assert "🔁 Toy 第1局 · " in text and "\n1. " in text  # the table's name; the move list
        assert "paiju replay" not in doc[0].text and "Toy 第1局" in doc[0].text
        path = tmp_path / doc[0].document["file_name"]
        path.write_bytes(doc[0].document["content"])
        capsys.readouterr()
        assert cli.main(["replay", str(path)]) == 0
        assert json.loads(capsys.readouterr().out)["result"]["net"] == net

        # Bad input: one clear line each, nothing else happens.
        for command in ("/replay abc", "/replay 999999", "/replay", "/top nonsense"):
            answer = await say(tg, 1, GROUP, command)
            assert "\n" not in answer.text and answer.text, command
            assert not answer.document
        foreign = await say(tg, 1, OTHER, f"/replay {hand_id}")
        assert str(hand_id) in foreign.text and "\n" not in foreign.text
        assert not [m for m in bot_messages(tg, OTHER) if m.document]
        assert "\n" not in (await say(tg, 1, OTHER, "/top")).text  # friendly empty line

        stats = await say(tg, 1, 1, "/stats")
        assert "1" in stats.text and "\n" in stats.text
        assert "\n" not in (await say(tg, 1, GROUP, "/stats")).text

        # Finishing the sitting: the end-of-sitting message says who pays whom.
        await press_button(tg, 1, GROUP, "h:1:1:end")
        await tg.wait_for(lambda: buttons_with(tg, GROUP, "s:1:"))
        yes = [p for p in buttons_with(tg, GROUP, "s:1:") if p[1].callback_data.endswith(":yes")]
        # "end this game now?"
        await tg.press(1, GROUP, yes[-1][0].message_id, yes[-1][1].callback_data)
        # the hand's 🏁 message, then the sitting's
        end = await tg.wait_for(lambda: find_text(tg, GROUP, "🏁")[1:], timeout=10)
        # people settle among themselves: a computer never pays nor is paid
        who_pays = [line for line in end[-1].text.splitlines() if "→" in line]
        assert not any("电脑" in line for line in who_pays)


async def test_the_ledger_follows_the_group_to_its_supergroup(people, toy, tmp_path):
    tg = people
    supergroup = -1001234567890
    async with running(tg, tmp_path / "db.sqlite3") as app:
        for uid in (1, 2):
            await tg.send_message(uid, uid, "/start")
        await start_game(tg, "toy", [1, 2], computers=1)
        await play_hand(tg, [1, 2])
        top = (await say(tg, 1, GROUP, "/top all")).text
        tg.migrate_group(GROUP, supergroup)
        await tg.wait_for(lambda: app.storage.run_sync(
            lambda db: db.execute("select count(*) from ledger where chat_id = ?",
                                  [supergroup]).fetchone()[0]) == 3, timeout=10)
        # (the sitting's table and 🏁 message are posted again there too)
        await tg.send_message(1, supergroup, "/top all")
        moved = await tg.wait_for(lambda: find_text(tg, supergroup, "🏆"), timeout=10)
        assert moved[0].text == top
        hand_id = app.storage.run_sync(lambda db: db.execute("select id from hands").fetchone()[0])
        await tg.send_message(1, supergroup, "/history")
        listed = await tg.wait_for(lambda: find_text(tg, supergroup, "📜"), timeout=10)
        assert f"\n{hand_id}. Toy 第1局 · " in listed[0].text

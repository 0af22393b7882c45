"""The group's tally (账本) end to end against the fake Bot API: two sittings
on different days, /score between them shows both; a non-admin's settle
press is refused; two admins confirming at once clear it once; a third
sitting starts a new tally; /score history; the tally follows the group to
its supergroup; a restart between the settlement and its announcement
loses nothing."""

import asyncio
from datetime import datetime
from zoneinfo import ZoneInfo

from bot.app import App
from bot.callbacks import SettleCB
from bot.i18n import translator
from storage.db import open_db
from tests.e2e.harness import (
    GROUP,
    buttons_with,
    config_for,
    find_text,
    play_hand,
    start_game,
)
from tests.e2e.test_end_message_recovery import hold_end_messages
from tests.e2e.test_scores import FAST, running, say
from tests.storage.test_tally import add_sitting

HANS = translator("zh_Hans")
DAY = 86400.0
ASK = SettleCB(a="ask", g="toy").pack()


async def sitting(tg, app, humans, chat_id=GROUP, game="toy"):
    """A sitting of one hand with one computer, played and finished."""
    ends = len(find_text(tg, chat_id, "🏁")) + 1
    await start_game(tg, game, humans, computers=1, chat_id=chat_id)
    await play_hand(tg, humans, chat_id=chat_id, ends=ends)
    sitting_id = app.storage.run_sync(
        lambda db: db.execute("select max(id) from sittings").fetchone()[0])
    end = await tg.wait_for(lambda: [p for p in buttons_with(tg, chat_id, f"h:{sitting_id}:")
                                     if p[1].callback_data.endswith(":end")], timeout=10)
    ends = len(find_text(tg, chat_id, "🏁"))
    await tg.press(humans[0], chat_id, end[0][0].message_id, end[0][1].callback_data)
    yes = await tg.wait_for(lambda: [p for p in buttons_with(tg, chat_id, f"s:{sitting_id}:")
                                     if p[1].callback_data.endswith(":yes")], timeout=10)
    await tg.press(humans[0], chat_id, yes[-1][0].message_id, yes[-1][1].callback_data)
    await tg.wait_for(lambda: app.storage.run_sync(
        lambda db: db.execute("select status from sittings where id = ?",
                              [sitting_id]).fetchone()[0])
        == "finished", timeout=10)
    await tg.wait_for(lambda: len(find_text(tg, chat_id, "🏁")) > ends, timeout=10)
    return sitting_id


def owed(app, chat_id, after=0):
    """Each person's points against the other people in the ledger after hand `after`."""
    rows = app.storage.run_sync(lambda db: db.execute(
        "select name, sum(net - from_computers) from ledger where chat_id = ? and hand_id > ?"
        " and user_id is not null group by user_id", [chat_id, after]).fetchall())
    return dict(rows)


def check_balances(line, balances):
    """The balances line as /score prints it: "名字：+n" for each person,
    most owed first (or all square)."""
    if not any(balances.values()):
        assert line == HANS("All square: nobody owes anybody.")
        return
    parts = [p.split("：") for p in line.split(" · ")]
    shown = {name: int(n.replace("−", "-")) for name, n in parts}
    assert shown == balances
    values = [shown[name] for name, _n in parts]
    assert values == sorted(values, reverse=True)


def transfer_lines(text):
    return [line for line in text.splitlines() if "→" in line]


async def test_two_days_a_settlement_and_a_new_tally(people, toy, tmp_path):
    tg = people
    tg.add_member(GROUP, 4, admin=True)  # a second admin
    tg.limits.enabled = False
    zone = ZoneInfo("Asia/Shanghai")
    clock = [datetime(2026, 12, 1, 21, 0, tzinfo=zone).timestamp()]  # the bot's wall clock
    app = App(config_for(tg, tmp_path / "db.sqlite3"), FAST, clock=lambda: clock[0])
    await app.start()
    try:
        for uid in (1, 2, 3, 4):
            await tg.send_message(uid, uid, "/start")
        # Tuesday evening: 老王 and 小李 with a computer.
        await sitting(tg, app, [1, 2])
        end_msg = find_text(tg, GROUP, "🏁")[-1]  # the end of the sitting
        assert not any("电脑" in line for line in transfer_lines(end_msg.text))
        # Thursday evening: 老王 and 阿强 with a computer.
        clock[0] += 2 * DAY
        await sitting(tg, app, [1, 3])

        score = await say(tg, 1, GROUP, "/score")
        head = score.text.splitlines()[0]
        assert head == "📒 Toy账本：12月1日起，2 场 2 局", head  # since Tuesday
        balances = owed(app, GROUP)
        assert set(balances) == {"老王", "小李", "阿强"}
        check_balances(score.text.splitlines()[1], balances)
        assert not any("电脑" in line for line in transfer_lines(score.text))
        ask = [b.callback_data for b in tg.buttons(GROUP, score.message_id)]
        assert ask == [ASK]

        # 小李 is not an admin: refused, nothing asked.
        answer = await tg.press(2, GROUP, score.message_id, ASK)
        assert answer["text"] == HANS("Only a group admin can settle up.")
        await asyncio.sleep(0.3)
        assert not find_text(tg, GROUP, "🧾")
        # 老王 asks: the question names the amounts.
        await tg.press(1, GROUP, score.message_id, ASK)
        question = await tg.wait_for(lambda: find_text(tg, GROUP, "🧾"), timeout=10)
        question = question[0]
        assert score.text.splitlines()[1] in question.text
        yes = [b.callback_data for b in tg.buttons(GROUP, question.message_id)
               if b.callback_data.startswith("st:yes:")][0]
        answer = await tg.press(2, GROUP, question.message_id, yes)  # not an admin
        assert answer["text"] == HANS("Only a group admin can settle up.")
        # Two admins confirm at the same moment: it is settled once.
        answers = await asyncio.gather(tg.press(1, GROUP, question.message_id, yes),
                                       tg.press(4, GROUP, question.message_id, yes))
        assert sorted(a["text"] for a in answers) == sorted(
            [HANS("Settled up."), HANS("Already settled.")])
        # A late second tap (a double tap) settles nothing either.
        late = await tg.press_forged(1, GROUP, question.message_id, yes)
        assert late["text"] == HANS("Already settled.")
        rows = app.storage.run_sync(lambda db: list(db["settlements"].rows))
        assert len(rows) == 1 and rows[0]["by_user"] in (1, 4) and rows[0]["hands"] == 2
        done = await tg.wait_for(lambda: find_text(tg, GROUP, "✅"), timeout=10)
        assert len(done) == 1 and "2 场 2 局" in done[0].text
        assert "12月3日 21:00" in done[0].text  # when: the bot's clock, Thursday
        assert score.text.splitlines()[1] in done[0].text  # the balances it cleared
        await tg.wait_for(lambda: not tg.buttons(GROUP, question.message_id), timeout=10)
        assert rows[0]["through"] == app.storage.run_sync(
            lambda db: db.execute("select max(id) from hands").fetchone()[0])

        cleared = await say(tg, 1, GROUP, "/score")
        assert cleared.text == HANS("Every tally here is settled: no hand since. /score "
                                    "history lists the settlements.")
        # A third sitting starts a new tally.
        await sitting(tg, app, [2, 3])
        new = await say(tg, 1, GROUP, "/score")
        assert "1 场 1 局" in new.text.splitlines()[0]
        after = owed(app, GROUP, rows[0]["through"])
        assert set(after) == {"小李", "阿强"}
        check_balances(new.text.splitlines()[1], after)
        assert "老王" not in new.text
        history = await say(tg, 1, GROUP, "/score history")
        assert "老王清的账" in history.text or "大刘清的账" in history.text
        assert "2 场 2 局" in history.text

        # The tally and its settlements follow the group to its supergroup.
        supergroup = -1009876543210
        tg.migrate_group(GROUP, supergroup)
        await tg.wait_for(lambda: app.storage.run_sync(lambda db: db.execute(
            "select count(*) from settlements where chat_id = ?", [supergroup]).fetchone()[0]),
            timeout=10)
        moved = await say(tg, 1, supergroup, "/score")
        assert moved.text == new.text
        assert (await say(tg, 1, supergroup, "/score history")).text == history.text
    finally:
        await app.stop(drain=0.5)


async def test_a_restart_between_the_settlement_and_its_announcement(people, toy, tmp_path,
                                                                     monkeypatch):
    tg = people
    db_path = tmp_path / "db.sqlite3"
    gate = hold_end_messages(monkeypatch, "✅")  # the announcement of a settlement
    tg.limits.enabled = False
    app = App(config_for(tg, db_path), FAST)
    await app.start()
    try:
        for uid in (1, 2):
            await tg.send_message(uid, uid, "/start")
        await sitting(tg, app, [1, 2])
        score = await say(tg, 1, GROUP, "/score")
        await tg.press(1, GROUP, score.message_id, ASK)
        question = (await tg.wait_for(lambda: find_text(tg, GROUP, "🧾"), timeout=10))[0]
        yes = [b.callback_data for b in tg.buttons(GROUP, question.message_id)
               if b.callback_data.startswith("st:yes:")][0]
        await tg.press(1, GROUP, question.message_id, yes)
        await tg.wait_for(lambda: gate["held"], timeout=10)
    finally:
        await app.stop(drain=0)  # the bot stops while Telegram holds the announcement
    gate["on"] = False
    gate["release"].set()  # ... which then fails: it never went out
    assert not find_text(tg, GROUP, "✅")
    async with running(tg, db_path) as app:
        done = await tg.wait_for(lambda: find_text(tg, GROUP, "✅"), timeout=15)
        assert len(done) == 1 and "1 场 1 局" in done[0].text
        await tg.wait_for(lambda: app.storage.run_sync(
            lambda db: db.execute("select told from settlements").fetchone()[0]), timeout=10)
        assert app.storage.run_sync(lambda db: db.execute(
            "select told from settlements").fetchone()[0]) == done[0].message_id
        assert not tg.buttons(GROUP, question.message_id)  # the question was closed
        # pressed again after the restart: nothing more is settled or said
        late = await tg.press_forged(1, GROUP, question.message_id, yes)
        assert late["text"] == HANS("Already settled.")
    async with running(tg, db_path) as app:  # and announced once only
        await asyncio.sleep(0.5)
        assert len(find_text(tg, GROUP, "✅")) == 1
        assert app.storage.run_sync(lambda db: db["settlements"].count) == 1


async def test_boards_and_the_weekly_post_keep_games_apart(people, tmp_path):
    """A week with 掀牛 and 刨幺 for the same people: /top shows one board per
    game, /top 掀牛 one; Monday's post has both boards and both open tallies."""
    tg = people
    tg.limits.enabled = False
    zone = ZoneInfo("Asia/Shanghai")
    path = tmp_path / "db.sqlite3"
    db = open_db(str(path))
    wed = datetime(2026, 11, 4, 20, 0, tzinfo=zone).timestamp()
    add_sitting(db, "xianniu", [1, 2, 3], [[14, -7, -7], [-6, 12, -6]], GROUP, wed)
    add_sitting(db, "paoyao", [1, 2, 3, None], [[1, 1, -1, -1], [-1, 1, -1, 1]], GROUP, wed + 99)
    db.execute("update ledger_totals set name = case user_id when 1 then '老王'"
               " when 2 then '小李' else '阿强' end")
    db.close()
    clock = [datetime(2026, 11, 6, 12, 0, tzinfo=zone).timestamp()]
    app = App(config_for(tg, path), FAST, clock=lambda: clock[0])
    await app.start()
    try:
        top = (await say(tg, 1, GROUP, "/top")).text
        head, *rest = top.split("\n\n")
        boards = {b.splitlines()[0]: b for b in rest}
        assert head.startswith("🏆") and set(boards) == {"掀牛：", "刨幺："}
        assert boards["掀牛："].splitlines() == [
            "掀牛：", "1. 老王：+8 · 2 局 · 赢 1 局 · 最好一局 +14",
            "2. 小李：+5 · 2 局 · 赢 1 局 · 最好一局 +12",
            "3. 阿强：−13 · 2 局 · 赢 0 局 · 最好一局 −6"]
        assert "+9" not in top and "+6" not in top  # 老王's and 小李's two games never added
        one = (await say(tg, 1, GROUP, "/top 掀牛")).text
        assert one.splitlines()[1:] == boards["掀牛："].splitlines()[1:] and "刨幺" not in one
        assert one.splitlines()[0] == "🏆 本周排行榜：掀牛（11月2日 – 11月8日）"
        clock[0] = datetime(2026, 11, 9, 0, 5, tzinfo=zone).timestamp()
        assert await app.weekly.run() == 1
        post = await tg.wait_for(lambda: find_text(tg, GROUP, "🗓"), timeout=10)
        parts = post[0].text.split("\n\n")
        assert set(parts[1:3]) == set(boards.values())
        tallies = [p for p in parts if p.startswith("📒")]
        assert [p.split("：")[0] for p in tallies] == ["📒 刨幺账本", "📒 掀牛账本"]
        assert "谁给谁：" in tallies[1]
    finally:
        await app.stop(drain=0.5)


async def test_in_a_group_without_admins_anyone_in_the_tally_settles(people, toy, tmp_path):
    tg = people
    flat = -1004
    tg.add_group(flat, "没有管理员的群", members=[1, 2, 3])  # no owner, no admin
    async with running(tg, tmp_path / "db.sqlite3") as app:
        for uid in (1, 2, 3):
            await tg.send_message(uid, uid, "/start")
        await sitting(tg, app, [1, 2], chat_id=flat)
        score = await say(tg, 2, flat, "/score")
        refused = await tg.press(3, flat, score.message_id, ASK)  # not in the tally
        assert refused["text"] == HANS("Only a group admin can settle up.")
        await tg.press(2, flat, score.message_id, ASK)
        question = (await tg.wait_for(lambda: find_text(tg, flat, "🧾"), timeout=10))[0]
        no = [b.callback_data for b in tg.buttons(flat, question.message_id)
              if b.callback_data.startswith("st:no:")][0]
        assert (await tg.press(1, flat, question.message_id, no))["text"] is None
        kept = HANS("Not settled: the {game} tally stays as it is.").format(game="Toy")
        await tg.wait_for(lambda: tg.world.get_message(flat, question.message_id).text == kept,
                          timeout=10)
        assert not tg.buttons(flat, question.message_id)
        await tg.press(2, flat, score.message_id, ASK)  # asked again
        first = question.message_id
        question = await tg.wait_for(lambda: [m for m in find_text(tg, flat, "🧾")
                                              if m.message_id > first], timeout=10)
        question = question[0]
        yes = [b.callback_data for b in tg.buttons(flat, question.message_id)
               if b.callback_data.startswith("st:yes:")][0]
        answer = await tg.press(2, flat, question.message_id, yes)
        assert answer["text"] == HANS("Settled up.")
        assert app.storage.run_sync(lambda db: [r["by_user"] for r in db["settlements"].rows]) \
            == [2]

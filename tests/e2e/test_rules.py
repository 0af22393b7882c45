"""The bot's promises, end to end on the tiny test game: deep links, who may
see what, refused presses, timers and 托管, restarts, /stop, practice."""

import asyncio
import sqlite3
import time

from bot.sandbox.fake.models import FakeTelegramError
from games.records import state_from_json
from tests.e2e.harness import (
    GROUP,
    bot_messages,
    buttons_with,
    find_text,
    join,
    lobby_button,
    move_buttons,
    play_hand,
    press_button,
    running,
    start_game,
)


async def started(tg, *uids):
    for uid in uids:
        await tg.send_message(uid, uid, "/start")


def no_403(tg):
    return [c for c in tg.calls() if c.error_code == 403] == []


async def test_deep_link_seats_a_user_who_never_started_the_bot(people, toy, tmp_path):
    tg = people
    async with running(tg, tmp_path / "db"):
        await started(tg, 1)
        await tg.send_message(1, GROUP, "/new toy")
        answer = await join(tg, 9)
        assert answer["url"] == "https://t.me/paiju_test_bot?start=j1"
        assert tg.calls(chat_id=9) == []  # nothing sent to someone who never started us
        lobby = buttons_with(tg, GROUP, "l:")[0][0]
        assert "新人" not in tg.message(GROUP, lobby.message_id).text
        await tg.open_link(9, answer["url"])
        await tg.wait_for(lambda: "新人" in tg.message(GROUP, lobby.message_id).text)
        await tg.wait_for(lambda: find_text(tg, 9, "已入座"))
        assert (await join(tg, 9))["text"] == "你已经入座了"
        await lobby_button(tg, 1, "cpu")
        await lobby_button(tg, 1, "start")
        await tg.wait_for(lambda: move_buttons(tg, 1) or move_buttons(tg, 9))
        assert no_403(tg)


async def test_only_creator_or_admin_starts_and_one_game_per_group(people, toy, tmp_path):
    tg = people
    async with running(tg, tmp_path / "db"):
        await started(tg, 2, 3)
        await tg.send_message(2, GROUP, "/new toy")
        await join(tg, 3)
        assert (await lobby_button(tg, 3, "start"))["text"] == "只有开局人或群管理员可以这样做"
        await tg.send_message(3, GROUP, "/new toy")
        await tg.wait_for(lambda: find_text(tg, GROUP, "已经有一局"))
        # user 1 is a group admin: may start someone else's game
        assert (await lobby_button(tg, 1, "start"))["text"] == "开始！"
        await tg.wait_for(lambda: find_text(tg, GROUP, "🂠"))


async def test_hands_stay_private_until_the_end(people, toy, tmp_path):
    tg = people
    async with running(tg, tmp_path / "db") as app:
        await started(tg, 1, 2)
        await start_game(tg, "toy", [1, 2], computers=1)
        await tg.wait_for(lambda: find_text(tg, 1, "Your hand"))
        s = app.service.sittings[1]
        hands = [s.state.view(i)["hand"] for i in range(3)]
        seen_in_group = []

        def watch(uid, button, answer):
            seen_in_group.extend(m.text for m in bot_messages(tg, GROUP))

        await play_hand(tg, [1, 2], on_press=watch)
        # before the end, no group text named a card still in someone's hand
        # (cards on the table are public; the toy shows cards as "#<code>")
        for text in seen_in_group:
            if "🏁" in text:
                continue
            for hand in hands:
                for card in hand:
                    if f"#{card}" in text:
                        assert card in sum(s.state.public_view()["played"], []), (card, text)
        # private messages went only to seated humans, each with their own hand
        for c in tg.calls("sendMessage") + tg.calls("editMessageText"):
            assert c.chat_id in (GROUP, 1, 2)
        for uid, seat in ((1, 0), (2, 1)):
            first_hand = [
                c for c in tg.calls("sendMessage", chat_id=uid) if "Your hand" in c.params["text"]
            ][0]
            for card in hands[seat]:
                assert f"#{card}" in first_hand.params["text"]
            for other in {0, 1, 2} - {seat}:
                for card in hands[other]:
                    assert f"#{card}" not in first_hand.params["text"]


async def test_stale_foreign_forged_and_finished_presses_change_nothing(people, toy, tmp_path):
    tg = people
    async with running(tg, tmp_path / "db", computer_delay=3.0) as app:
        await started(tg, 1, 2, 3)
        await start_game(tg, "toy", [1, 2], computers=1)
        s = app.service.sittings[1]
        pairs = await tg.wait_for(lambda: move_buttons(tg, 1) or move_buttons(tg, 2), 10)
        m, b = pairs[0]
        owner = m.chat_id
        other = 2 if owner == 1 else 1
        before = s.state.to_json()
        # the hand's buttons may show before the table edit: let the group catch up
        await tg.wait_for(lambda: app.outbox.idle(GROUP), 10)
        group_before = [(x.message_id, x.text) for x in bot_messages(tg, GROUP)]

        async def refused(user, chat, data):
            nonlocal before
            msg = bot_messages(tg, chat)[-1]
            answer = await tg.press_forged(user, chat, msg.message_id, data)
            assert answer["text"], data
            assert s.state.to_json() == before
            return answer["text"]

        # someone else's button (forged into their own chat), and a stranger's
        assert await refused(other, other, b.callback_data) == "还没轮到你"
        assert await refused(3, 3, b.callback_data) == "这不是你的牌局"
        # forged and malformed payloads
        assert (await refused(owner, owner, f"m:1:1:{s.state.turn}:ZZ")) == "规则不允许这样出"
        assert await refused(owner, owner, "m:999:1:0:1a") == "这局已经结束了"
        assert await refused(owner, owner, "m:x:y") == "这个按钮过期了"
        assert await refused(owner, owner, "garbage") == "这个按钮过期了"
        assert (
            await refused(owner, owner, f"m:1:1:{s.state.turn + 5}:{b.callback_data.split(':')[4]}")
            == "这个按钮过期了"
        )
        assert [(x.message_id, x.text) for x in bot_messages(tg, GROUP)] == group_before
        # the real press works, after which the same button is stale
        answer = await tg.press(owner, owner, m.message_id, b.callback_data)
        assert not answer.get("text")
        turn = s.state.turn
        after = s.state.to_json()
        again = await tg.press_forged(owner, owner, m.message_id, b.callback_data)
        assert again["text"] == "这个按钮过期了" and s.state.to_json() == after
        # the DB holds exactly one move
        con = sqlite3.connect(tmp_path / "db")
        assert con.execute("select count(*) from moves").fetchone()[0] == turn
        # a finished game refuses everything
        await tg.send_message(1, GROUP, "/stop")
        await tg.wait_for(lambda: buttons_with(tg, GROUP, "s:"))
        sm, sb = [p for p in buttons_with(tg, GROUP, "s:") if p[1].callback_data.endswith("yes")][0]
        answer = await tg.press(2, GROUP, sm.message_id, sb.callback_data)
        assert answer["text"] == "只有开局人或群管理员可以这样做"
        await tg.press(1, GROUP, sm.message_id, sb.callback_data)
        assert s.status == "finished"
        before = s.state.to_json()
        assert await refused(owner, owner, b.callback_data) == "这局已经结束了"
        await tg.wait_for(lambda: find_text(tg, GROUP, "本场结束"))
        await tg.wait_for(lambda: not move_buttons(tg, 1) and not move_buttons(tg, 2))


async def test_timeouts_put_the_seat_in_tuoguan_and_take_over_returns_it(people, toy, tmp_path):
    tg = people
    async with running(tg, tmp_path / "db", turn_timeout=0.4) as app:
        await started(tg, 1, 2)
        await start_game(tg, "toy", [1, 2], computers=1)
        s = app.service.sittings[1]
        # nobody presses anything: the timer moves for them
        await tg.wait_for(lambda: s.seats[0].timeouts >= 1, 10)
        await tg.wait_for(lambda: s.seats[0].tuoguan and s.seats[1].tuoguan, 15)
        con = sqlite3.connect(tmp_path / "db")
        bys = {r[0] for r in con.execute("select by from moves")}
        assert "timeout" in bys
        await tg.wait_for(lambda: buttons_with(tg, 1, "tk:"), 10)
        m, b = buttons_with(tg, 1, "tk:")[0]
        answer = await tg.press(1, 1, m.message_id, b.callback_data)
        assert answer["text"] == "你接管了"
        assert not s.seats[0].tuoguan and s.seats[0].timeouts == 0
        assert s.seats[1].tuoguan  # the other seat stays with the computer
        assert (await tg.press(1, 1, m.message_id, b.callback_data))["text"] in (
            "你已经在打了",
            "这个按钮过期了",
            "这局已经结束了",
        )


async def test_restart_mid_hand_continues_and_the_timer_fires(people, toy, tmp_path):
    tg = people
    db = tmp_path / "db"
    async with running(tg, db, turn_timeout=30) as app:
        await started(tg, 1, 2)
        await start_game(tg, "toy", [1, 2], computers=1)
        s = app.service.sittings[1]
        for _ in range(2):
            turn = s.state.turn
            pairs = await tg.wait_for(
                lambda: [
                    p
                    for p in move_buttons(tg, 1) + move_buttons(tg, 2)
                    if p[1].callback_data.split(":")[3] == str(s.state.turn)
                ],
                10,
            )
            m, b = pairs[0]
            await tg.press(m.chat_id, m.chat_id, m.message_id, b.callback_data)
            await tg.wait_for(lambda t=turn: s.state.turn > t)
        saved = s.state.to_json()
        turn = s.state.turn
    # a new process on the same database: same state; its timer (2 s) fires
    async with running(tg, db, turn_timeout=2) as app2:
        s2 = app2.service.sittings[1]
        assert s2.state.to_json() == saved and s2.status == "running"
        # the stored deadline was 30 s: re-armed from the DB, nudged here to fire soon
        app2.service.sittings[1].deadline = __import__("time").time() + 0.5
        app2.service.timers.arm(s2)
        await tg.wait_for(lambda: s2.state.turn > turn, 10)
        await play_hand(tg, [1, 2])
        assert find_text(tg, GROUP, "🏁")


async def test_restart_refreshes_messages_and_rearms_stored_deadline(people, toy, tmp_path):
    tg = people
    db = tmp_path / "db"
    async with running(tg, db, turn_timeout=1.5) as app:
        await started(tg, 1, 2)
        await start_game(tg, "toy", [1, 2], computers=1)
        s = app.service.sittings[1]
        await tg.wait_for(
            lambda: find_text(tg, GROUP, "🂠") and move_buttons(tg, 1) + move_buttons(tg, 2)
        )
        assert s.deadline is not None  # a human is to act: the timer is armed
    # what was stored at the stop (the 1.5 s timer may have moved for someone
    # while the bot stopped, or been cut off before its write)
    db_ = sqlite3.connect(db)
    state, deadline = db_.execute("select state, deadline from sittings where id = 1").fetchone()
    db_.close()
    turn = state_from_json(state).turn
    assert deadline is not None
    tg.delete_message_as_user(GROUP, [m for m in find_text(tg, GROUP, "🂠")][0].message_id)
    # stay down past the stored deadline: the timer must fire at start-up
    await asyncio.sleep(max(0.0, deadline - time.time()) + 0.3)
    up = time.time()
    # a long timeout here: a timer armed afresh would fire only after 8 s
    async with running(tg, db, turn_timeout=8) as app2:
        s2 = app2.service.sittings[1]
        # the table message was deleted while we were down: a new one is posted
        await tg.wait_for(lambda: find_text(tg, GROUP, "🂠"), 10)
        await tg.wait_for(lambda: s2.state.turn > turn, 10)
    db_ = sqlite3.connect(db)
    first = db_.execute("select min(at) from moves where sitting_id = 1 and by = 'timeout' "
                        "and at >= ?", [up]).fetchone()[0]
    db_.close()
    assert first is not None and first - up < 4.0  # the stored timer fired at start-up


async def test_solo_practice_in_private_chat(people, toy, tmp_path):
    tg = people
    async with running(tg, tmp_path / "db"):
        await tg.send_message(1, 1, "/start")
        await tg.send_message(1, 1, "/new toy")
        await tg.wait_for(lambda: find_text(tg, 1, "🂠"))
        await play_hand(tg, [1], chat_id=1)
        assert find_text(tg, 1, "🏁")
        await tg.wait_for(lambda: buttons_with(tg, 1, "h:"))
        m, b = [p for p in buttons_with(tg, 1, "h:") if p[1].callback_data.endswith("next")][0]
        await tg.press(1, 1, m.message_id, b.callback_data)
        await tg.wait_for(lambda: "第2局" in find_text(tg, 1, "🂠")[-1].text)


def ticked_cards(tg, uid):
    return [p for p in buttons_with(tg, uid, "p:") if p[1].text.startswith("✓")]


async def solo_picker_with_ticks(tg, app, n):
    """User 1 practises the picker game and taps its first n cards."""
    await tg.send_message(1, 1, "/start")
    await tg.send_message(1, 1, "/new toypick")
    s = await tg.wait_for(lambda: app.service.sittings.get(1))
    await tg.wait_for(lambda: buttons_with(tg, 1, "p:"), 10)
    toggles = [p for p in buttons_with(tg, 1, "p:") if ":x:" in p[1].callback_data]
    for m, b in toggles[:n]:
        await tg.press(1, 1, m.message_id, b.callback_data)
    await tg.wait_for(lambda: len(ticked_cards(tg, 1)) == n)
    return s


async def test_picker_toggle_confirm_and_refusal(people, toy, tmp_path):
    tg = people
    async with running(tg, tmp_path / "db") as app:
        s = await solo_picker_with_ticks(tg, app, 3)
        t = s.state.turn
        m, ok = [p for p in buttons_with(tg, 1, "p:") if ":ok" in p[1].callback_data][0]
        answer = await tg.press(1, 1, m.message_id, ok.callback_data)
        assert answer["text"] == "规则不允许这样出" and s.state.turn == t  # no key shown
        m, b = [p for p in buttons_with(tg, 1, "p:") if p[1].text.startswith("✓")][0]
        await tg.press(1, 1, m.message_id, b.callback_data)  # untoggle one: two cards
        await tg.wait_for(
            lambda: len([p for p in buttons_with(tg, 1, "p:") if p[1].text.startswith("✓")]) == 2
        )
        m, ok = [p for p in buttons_with(tg, 1, "p:") if ":ok" in p[1].callback_data][0]
        answer = await tg.press(1, 1, m.message_id, ok.callback_data)
        assert not answer.get("text") and s.state.turn == t + 1
        assert len(s.state.history[-1][1]) == 4  # two cards played at once


async def test_turn_notification_replaces_the_previous_one(people, toy, tmp_path):
    tg = people
    async with running(tg, tmp_path / "db", notify_idle=0.0):
        await started(tg, 1, 2)
        await start_game(tg, "toy", [1, 2], computers=1)

        def notified(uid):
            return [
                c for c in tg.calls("sendMessage", chat_id=uid) if "轮到你了 ·" in c.params["text"]
            ]

        # A fast player's pending notifications merge (their hand goes first),
        # so these players wait for their "your turn" before they tap (at most
        # 3 s: a merged one may never come) until each has had two.
        seen = {1: 0, 2: 0}
        waited = {1: 0.0, 2: 0.0}
        loop = asyncio.get_running_loop()
        for hand_no in range(1, 4):
            deadline = loop.time() + 60
            while len(find_text(tg, GROUP, "🏁")) < hand_no:
                assert loop.time() < deadline, "hand not over"
                for uid in (1, 2):
                    btns = move_buttons(tg, uid)
                    if not btns:
                        waited[uid] = 0.0
                        continue
                    waited[uid] = waited[uid] or loop.time()
                    if len(notified(uid)) == seen[uid] and loop.time() - waited[uid] < 3:
                        continue
                    seen[uid] = len(notified(uid))
                    m, b = btns[0]
                    try:
                        await tg.press(uid, uid, m.message_id, b.callback_data)
                    except FakeTelegramError:
                        pass  # the message changed under us
                    waited[uid] = 0.0
                await asyncio.sleep(0.02)
            if all(len(notified(uid)) >= 2 for uid in (1, 2)):
                break
            await press_button(tg, 1, GROUP, f"h:1:{hand_no}:next")
        for uid in (1, 2):
            assert len(notified(uid)) >= 2
        # each new one deleted the one before, and the hand's end the last one
        # (none says "your turn" below a hand that is over)
        await tg.wait_for(lambda: not any(find_text(tg, uid, "轮到你了 ·") for uid in (1, 2)), 10)
        assert len(tg.calls("deleteMessage", chat_id=1)) >= len(notified(1))


async def test_language_per_chat(people, toy, tmp_path):
    tg = people
    async with running(tg, tmp_path / "db"):
        await tg.send_message(1, GROUP, "/lang")
        await tg.wait_for(lambda: buttons_with(tg, GROUP, "lang:"))
        m, b = [
            p for p in buttons_with(tg, GROUP, "lang:") if p[1].callback_data == "lang:zh_Hant"
        ][0]
        answer = await tg.press(1, GROUP, m.message_id, b.callback_data)
        assert answer["text"] == "語言: 繁體中文。從現在起這裡都用它。"  # at once, in it
        await tg.send_message(1, GROUP, "/new toy")
        await tg.wait_for(
            lambda: (
                find_text(tg, GROUP, "新牌局") and "規則" in find_text(tg, GROUP, "新牌局")[0].text
            )
        )
        m, b = [p for p in buttons_with(tg, GROUP, "lang:") if p[1].callback_data == "lang:en"][0]
        await tg.press(1, GROUP, m.message_id, b.callback_data)
        await tg.wait_for(lambda: find_text(tg, GROUP, "New game"))


async def test_a_half_made_selection_survives_a_restart(people, toy, tmp_path):
    tg = people
    db = tmp_path / "db"

    def ticked():
        return ticked_cards(tg, 1)

    async with running(tg, db) as app:
        s = await solo_picker_with_ticks(tg, app, 2)
        t = s.state.turn
        chosen = sorted(b.text for _m, b in ticked())
    async with running(tg, db) as app2:
        s2 = app2.service.sittings[1]
        assert s2.state.turn == t
        await tg.send_message(1, 1, "/hand")  # a fresh hand message, drawn from the database
        hand_ids = {m.message_id for m, _b in buttons_with(tg, 1, "p:")}
        await tg.wait_for(
            lambda: {m.message_id for m, _b in buttons_with(tg, 1, "p:")} - hand_ids, 10
        )
        newest = max(m.message_id for m, _b in buttons_with(tg, 1, "p:"))
        assert sorted(b.text for m, b in ticked() if m.message_id == newest) == chosen
        m, ok = [
            p
            for p in buttons_with(tg, 1, "p:")
            if ":ok" in p[1].callback_data and p[0].message_id == newest
        ][0]
        answer = await tg.press(1, 1, m.message_id, ok.callback_data)
        assert not answer.get("text") and s2.state.turn == t + 1

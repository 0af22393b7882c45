"""Buttons name their hand; the end-of-hand actions follow /stop's rule; only
seated players or the creator add computers."""

from bot.tables import watchdog
from tests.e2e.harness import (
    GROUP,
    buttons_with,
    find_text,
    join,
    lobby_button,
    move_buttons,
    play_hand,
    running,
)
from tests.e2e.test_rules import started

STALE = "这个按钮过期了"


async def test_hand_buttons_replay_and_the_end_of_hand_rules(people, toy, tmp_path):
    tg = people
    async with running(tg, tmp_path / "db", computer_delay=3.0) as app:
        await started(tg, 1, 2, 3)
        await tg.send_message(1, GROUP, "/new toy")
        await join(tg, 2)
        assert (await lobby_button(tg, 3, "cpu"))["text"] == "入座的人才能加电脑"
        assert (await lobby_button(tg, 2, "cpu"))["text"] != "入座的人才能加电脑"
        await lobby_button(tg, 1, "start")
        s = app.service.sittings[1]
        seen = []  # every move button shown in hand 1
        await play_hand(
            tg, [1, 2], on_press=lambda uid, b, ans: seen.append((uid, b.callback_data))
        )
        end = find_text(tg, GROUP, "🏁")[0]
        # a forged end-of-hand action is stale and ends nothing
        assert (await tg.press_forged(2, GROUP, end.message_id, "h:1:1:bogus"))["text"] == STALE
        assert s.status == "hand_over"
        # 结束 by a seated player who did not open the game: refused
        refused = await tg.press(2, GROUP, end.message_id, "h:1:1:end")
        assert refused["text"] == "只有开局人或群管理员可以这样做" and s.status == "hand_over"
        # 下一局; then hand 1's buttons replayed in hand 2 are stale
        await tg.press(2, GROUP, end.message_id, "h:1:1:next")
        assert s.hand_no == 2 and s.status == "running"
        await tg.wait_for(lambda: move_buttons(tg, 1) or move_buttons(tg, 2))
        before = s.state.to_json()
        for uid, data in seen:
            answer = await tg.press_forged(uid, uid, tg.messages(uid)[-1].message_id, data)
            assert answer["text"] in (STALE, "还没轮到你"), data
        assert s.state.to_json() == before
        await play_hand(tg, [1, 2], ends=2)
        end2 = find_text(tg, GROUP, "🏁")[-1]
        # 结束 by the creator asks first; 下一局 still works until confirmed
        assert not (await tg.press(1, GROUP, end2.message_id, "h:1:2:end")).get("text")
        confirm = await tg.wait_for(lambda: buttons_with(tg, GROUP, "s:"))
        assert s.status == "hand_over"
        yes = [p for p in confirm if p[1].callback_data.endswith("yes")][0]
        # only the confirmation the bot sent ends it: not a forged one on the 🏁
        # message, nor one with another request's token
        token = yes[1].callback_data.split(":")[2]
        other = "0" * len(token) if token != "0" * len(token) else "1" * len(token)
        for data in ("s:1:yes", f"s:1:{other}:yes"):
            answer = await tg.press_forged(1, GROUP, end2.message_id, data)
            assert answer["text"] == STALE, data
            assert s.status == "hand_over"
        no = [p for p in confirm if p[1].callback_data.endswith("no")][0]
        await tg.press_forged(1, GROUP, no[0].message_id, no[1].callback_data.replace(
            token, other))
        assert s.status == "hand_over" and any(n.startswith("stop:") for n in s.msgs)
        await tg.press(1, GROUP, yes[0].message_id, yes[1].callback_data)
        assert s.status == "finished"
        # the same confirmation replayed changes nothing (the sitting is over)
        replay = await tg.press_forged(1, GROUP, yes[0].message_id, yes[1].callback_data)
        assert replay["text"] and s.status == "finished"
        # its buttons go (the edit may wait for the group's 20 a minute)
        queued = [op for op in app.outbox._chats[GROUP].ops if op.key == (1, 2, "end")]
        assert (queued and queued[0].markup is None) or not tg.buttons(GROUP, end2.message_id)
        # the bot forgets a finished sitting (the database keeps it), and the
        # minute's sweep forgets its message ids once nothing is queued for them
        assert 1 not in app.service.sittings
        await watchdog.sweep(app.service)
        waiting = {op.key for c in app.outbox._chats.values() for op in c.ops}
        assert {k for k in app.outbox.slots if isinstance(k, tuple) and k[0] == 1} <= waiting


async def test_hand_and_new_leave_no_live_buttons_behind(people, toy, tmp_path):
    tg = people
    async with running(tg, tmp_path / "db", computer_delay=3.0):
        await started(tg, 1)
        await tg.send_message(1, 1, "/new toy")  # a practice game in the private chat
        first = (await tg.wait_for(lambda: move_buttons(tg, 1)))[0][0]
        await tg.send_message(1, 1, "/hand")
        await tg.wait_for(
            lambda: move_buttons(tg, 1) and move_buttons(tg, 1)[0][0].message_id != first.message_id
        )
        await tg.wait_for(lambda: not tg.buttons(1, first.message_id))  # the old one is disarmed
        assert [
            m.message_id for m in tg.messages(1, from_bot=True) if tg.buttons(1, m.message_id)
        ] == [move_buttons(tg, 1)[0][0].message_id]
        await tg.send_message(1, 1, "/new")
        refusal = await tg.wait_for(lambda: find_text(tg, 1, "你在这里已经有一局了"))
        assert not tg.buttons(1, refusal[0].message_id)
        assert not buttons_with(tg, 1, "n:")  # no game chooser left to tap


async def test_ending_takes_the_buttons_off_every_open_stop_question(people, toy, tmp_path):
    tg = people
    async with running(tg, tmp_path / "db", computer_delay=3.0) as app:
        await started(tg, 1, 2)
        await tg.send_message(1, GROUP, "/new toy")
        await join(tg, 2)
        await lobby_button(tg, 1, "start")
        for _ in range(3):
            await tg.send_message(1, GROUP, "/stop")
        asked = await tg.wait_for(lambda: len(buttons_with(tg, GROUP, "s:")) == 6 and
                                  buttons_with(tg, GROUP, "s:"))
        answered, first, second = sorted({m.message_id for m, _b in asked})

        def button(mid, action):
            return [b for m, b in asked if m.message_id == mid
                    and b.callback_data.endswith(action)][0].callback_data

        # an answered question, replayed, changes nothing while the game goes on
        await tg.press(1, GROUP, answered, button(answered, "no"))
        replay = await tg.press_forged(1, GROUP, answered, button(answered, "yes"))
        assert replay["text"] == STALE and app.service.sittings[1].status == "running"
        # the minute's sweep may forget the answered question's message, not an open one
        in_use = app.service.screens.in_use
        assert not in_use((1, "stop:" + button(answered, "no").split(":")[2]))
        assert in_use((1, "stop:" + button(first, "no").split(":")[2]))
        yes = [b for m, b in asked if m.message_id == second and b.callback_data.endswith("yes")]
        await tg.press(1, GROUP, second, yes[0].callback_data)
        assert app.service.sittings.get(1) is None  # over, and forgotten
        await tg.wait_for(lambda: not tg.buttons(GROUP, first), 10)  # the other question too


async def test_a_stop_question_asked_before_a_restart_still_works(people, toy, tmp_path):
    """A deploy between /stop and its answer: the question the group sees is
    still the bot's own, and ends the game; the other open one loses its
    buttons. A forged token still ends nothing."""
    tg = people
    async with running(tg, tmp_path / "db", computer_delay=3.0):
        await started(tg, 1, 2)
        await tg.send_message(1, GROUP, "/new toy")
        await join(tg, 2)
        await lobby_button(tg, 1, "start")
        await tg.send_message(1, GROUP, "/stop")
        await tg.send_message(1, GROUP, "/stop")
        asked = await tg.wait_for(lambda: len(buttons_with(tg, GROUP, "s:")) == 4 and
                                  buttons_with(tg, GROUP, "s:"))
    first, second = sorted({m.message_id for m, _b in asked})
    yes = [b.callback_data for m, b in asked
           if m.message_id == first and b.callback_data.endswith("yes")][0]
    token = yes.split(":")[2]
    async with running(tg, tmp_path / "db", computer_delay=3.0) as app:
        s = app.service.sittings[1]
        other = "0" * len(token) if token != "0" * len(token) else "1" * len(token)
        forged = yes.replace(token, other)
        assert (await tg.press_forged(1, GROUP, first, forged))["text"] == STALE
        assert s.status == "running"
        await tg.press(1, GROUP, first, yes)
        assert app.service.sittings.get(1) is None and s.status == "finished"
        await tg.wait_for(lambda: not tg.buttons(GROUP, first) and not tg.buttons(GROUP, second),
                          10)
        texts = {m.message_id: m.text for m in tg.messages(GROUP, from_bot=True)}
        assert texts[first] == texts[second] == "已结束"

"""A player who blocks the bot mid-game, and the bot removed from a group."""

import asyncio
import time

from tests.e2e.harness import GROUP, find_text, play_hand, running, start_game
from tests.e2e.test_rules import started


async def test_a_player_who_blocks_the_bot_gets_the_computer_and_the_group_is_told_once(
    people, toy, tmp_path
):
    tg = people
    async with running(tg, tmp_path / "db") as app:
        await started(tg, 1, 2)
        await start_game(tg, "toy", [1, 2], computers=1)
        s = app.service.sittings[1]
        tg.block_bot(2)
        await play_hand(tg, [1])  # only 老王 plays; 小李's seat must move on without them
        seat = s.seat_of(2)
        assert s.seats[seat].tuoguan
        told = find_text(tg, GROUP, "屏蔽了机器人")
        assert len(told) == 1 and "小李" in told[0].text
        refused = [c for c in tg.calls(chat_id=2) if c.error_code == 403]
        assert 1 <= len(refused) <= 2  # no retry loop on a chat that refuses us


async def test_the_group_is_told_even_if_two_timeouts_had_put_the_seat_in_tuoguan(
    people, toy, tmp_path
):
    """The first 403 from a player tells the group, also when the turn timer
    had already given their seat to the computer (a race the chaos test met)."""
    tg = people
    async with running(tg, tmp_path / "db") as app:
        await started(tg, 1, 2)
        await start_game(tg, "toy", [1, 2], computers=1)
        s = app.service.sittings[1]
        s.seats[s.seat_of(2)].tuoguan = True  # as two turn timeouts in a row do
        s.deadline = app.service.timers.deadline(s)
        app.service.turns.rearm(s)  # the computer moves for them at once
        tg.block_bot(2)
        await play_hand(tg, [1])
        told = find_text(tg, GROUP, "屏蔽了机器人")
        assert len(told) == 1 and "小李" in told[0].text


async def test_the_bot_removed_from_a_group_ends_its_sitting_cleanly(people, toy, tmp_path):
    tg = people
    async with running(tg, tmp_path / "db", computer_delay=0.3) as app:
        await started(tg, 1, 2)
        await start_game(tg, "toy", [1, 2], computers=1)
        s = app.service.sittings[1]
        await tg.wait_for(lambda: find_text(tg, GROUP, "🂠"))
        tg.kick_bot(GROUP)
        app.service.screens.table(s)  # the next table edit meets the 403
        await tg.wait_for(lambda: s.status == "finished" and GROUP not in app.service.by_chat, 10)
        assert app.service.scheduler.get_job(f"turn:{s.id}") is None
        await asyncio.sleep(1.0)  # time for a retry loop, if there were one
        assert len([c for c in tg.calls(chat_id=GROUP) if c.error_code == 403]) <= 2


async def test_a_my_chat_member_update_ends_the_sitting(people, toy, tmp_path):
    tg = people
    async with running(tg, tmp_path / "db") as app:
        await started(tg, 1, 2)
        await start_game(tg, "toy", [1, 2], computers=1)
        s = app.service.sittings[1]
        bot = {
            "id": 123456,
            "is_bot": True,
            "first_name": "Paiju Test",
            "username": "paiju_test_bot",
        }
        tg.queue.put(
            "my_chat_member",
            {
                "chat": tg.world.chat_dict(GROUP),
                "from": tg.world.user_dict(1),
                "date": int(time.time()),
                "old_chat_member": {"status": "member", "user": bot},
                "new_chat_member": {"status": "left", "user": bot},
            },
        )
        await tg.wait_for(lambda: s.status == "finished" and GROUP not in app.service.by_chat, 10)

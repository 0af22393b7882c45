"""The outbox retries what can succeed later, drops what cannot, lets the
message a player waits on go first, and keeps a group's budget over restarts."""

import asyncio
import time

from aiogram.exceptions import TelegramBadRequest, TelegramNetworkError, TelegramServerError

from bot.telegram.outbox import END, URGENT, Limits, Outbox
from tests.bot.test_outbox import FAST, StubBot


def server_error():
    return TelegramServerError(None, "Internal Server Error")


async def test_a_500_or_a_dropped_connection_is_retried_until_it_arrives():
    bot = StubBot()
    bot.fail.append(["send", -1, server_error, 2])
    bot.fail.append(["send", 5, lambda: TelegramNetworkError(None, "connection reset"), 1])
    ob = Outbox(bot, FAST)
    ob.show(-1, "end", "🏁 hand over")
    ob.send(5, "hello")
    assert await ob.drain(5)
    assert [c[3] for c in bot.calls if c[2] == -1] == ["🏁 hand over"]
    assert [c[3] for c in bot.calls if c[2] == 5] == ["hello"]


async def test_a_permanent_error_is_not_retried():
    bot = StubBot()
    bot.fail.append(
        ["send", -1, lambda: TelegramBadRequest(None, "Bad Request: chat not found"), 5]
    )
    ob = Outbox(bot, FAST)
    ob.send(-1, "x")
    assert await ob.drain(2)
    assert bot.fail[0][3] == 4  # tried once


async def test_a_failed_edit_superseded_by_a_newer_render_is_not_retried():
    bot = StubBot()
    ob = Outbox(bot, FAST)
    ob.show(7, "hand", "v1")
    assert await ob.drain(1)
    gate = asyncio.Event()
    edit = bot.edit_message_text

    async def slow_failing_edit(text, chat_id, message_id, reply_markup=None):
        if text == "v2":
            ob.show(7, "hand", "v3")  # a newer render arrives while v2 is on the wire
            gate.set()
            raise server_error()
        return await edit(text, chat_id, message_id, reply_markup)

    bot.edit_message_text = slow_failing_edit
    ob.show(7, "hand", "v2")
    assert await ob.drain(3)
    assert gate.is_set()
    assert bot.messages[(7, 1)] == "v3"
    assert [c[3] for c in bot.calls if c[1] == "edit"] == ["v3"]


async def test_answer_callback_failures_are_caught():
    bot = StubBot()

    async def failing(*a, **k):
        raise server_error()

    bot.answer_callback_query = failing
    await Outbox(bot, FAST).answer("q1", "toast")  # no exception


async def test_waiting_messages_go_by_priority_across_chats():
    bot = StubBot()
    ob = Outbox(bot, Limits(overall_per_second=2, chat_burst=3, chat_rate=50.0, margin=0.01))
    for i in range(6):
        ob.show(100 + i, "table", f"t{i}")
    ob.notify(200, "n", "your turn")
    ob.show(300, "end", "🏁", priority=END)
    ob.show(400, "hand", "your cards", priority=URGENT)
    assert await ob.drain(10)
    order = [c[3] for c in bot.calls]
    # all were waiting at once: the urgent, the end, then the rest in order
    assert order == ["your cards", "🏁", "t0", "t1", "t2", "t3", "t4", "t5", "your turn"]


async def test_a_restart_keeps_within_the_group_budget():
    bot = StubBot()
    remembered = {}

    async def remember(chat_id, times):
        remembered[chat_id] = times

    limits = Limits(chat_rate=50.0, chat_burst=5, group_per_minute=5, group_window=1.0,
                    group_reserve=0, overall_per_second=100, margin=0.01)
    ob = Outbox(bot, limits, on_group_send=remember)
    for i in range(5):
        ob.send(-9, f"before {i}")
    assert await ob.drain(3)
    assert len(remembered[-9]) == 5
    t_stop = time.monotonic()
    # a new process: it only knows what was remembered
    bot2 = StubBot()
    ob2 = Outbox(bot2, limits)
    ob2.preload(-9, remembered[-9])
    ob2.send(-9, "after")
    assert await ob2.drain(3)
    first_call = bot.calls[0][0]
    assert bot2.calls[0][0] >= first_call + 1.0  # waited for the window to pass
    assert bot2.calls[0][0] - t_stop < 1.5


async def test_equally_urgent_messages_go_in_the_order_they_became_urgent():
    """A chat that has waited long for a table edit does not jump the players
    already waiting on their hands when its message becomes urgent: among
    URGENT calls, first asked, first served (the tail at 100 sittings)."""
    bot = StubBot()
    ob = Outbox(bot, Limits(overall_per_second=2, chat_burst=3, chat_rate=50.0, margin=0.01,
                            urgent_reserve=0))
    for i in range(6):
        ob.show(100 + i, "hand", f"t{i}")  # all waiting for the overall limit
    await asyncio.sleep(0.05)
    ob.show(200, "hand", "B's buttons", priority=URGENT)
    await asyncio.sleep(0.05)
    ob.show(103, "hand", "t3 with buttons", priority=URGENT)  # merges into a long wait
    assert await ob.drain(10)
    order = [c[3] for c in bot.calls]
    assert order[:2] == ["t0", "t1"]  # went at once
    assert order[2:] == ["B's buttons", "t3 with buttons", "t2", "t4", "t5"]


async def test_a_finished_hands_unsent_message_is_dropped_and_a_shown_one_edited():
    """When the next hand starts, a message of the old hand that never went
    out is not sent any more (nobody saw it); one that was seen still gets
    its last edit (its buttons go), rendered before the state moves on."""
    bot = StubBot()
    ob = Outbox(bot, FAST)
    ob.show(7, ("g", 1, "seen"), "hand 1")
    assert await ob.drain(1)
    state = {"turn": 1}
    chat = ob._chat(7)
    chat.paused_until = time.monotonic() + 0.3  # both edits wait
    ob.show(7, ("g", 1, "seen"), lambda: (f"hand 1 turn {state['turn']}", None))
    ob.show(7, ("g", 1, "never"), lambda: ("hand 1 table", None))
    ob.retire(7, ("g", 1, "seen"))
    ob.retire(7, ("g", 1, "never"))
    state["turn"] = 2  # the next hand changes what a lazy render would read
    assert ob.pending(7) == 1
    assert await ob.drain(2)
    assert [c[3] for c in bot.calls] == ["hand 1", "hand 1 turn 1"]


async def test_ordinary_calls_leave_slots_free_for_a_player_who_must_act():
    """Edits that nobody waits on may not take the last `urgent_reserve`
    slots of the overall limit: a hand message that becomes urgent while they
    queue goes at once, not after the second they fill."""
    async def urgent_wait(reserve: int) -> float:
        bot = StubBot()
        ob = Outbox(bot, Limits(overall_per_second=8, chat_burst=3, chat_rate=50.0,
                                margin=0.01, urgent_reserve=reserve))
        for i in range(20):
            ob.show(100 + i, "table", f"t{i}")  # more than a second's worth
        await asyncio.sleep(0.1)
        asked = time.monotonic()
        ob.show(200, "hand", "your buttons", priority=URGENT)
        assert await ob.drain(10)
        sent = [c[0] for c in bot.calls if c[3] == "your buttons"][0]
        assert len(bot.calls) == 21
        return sent - asked

    assert await urgent_wait(4) < 0.3
    assert await urgent_wait(0) > 0.6  # without the reserve it waits for a slot to age out


async def test_a_message_dropped_while_it_waits_for_a_slot_leaves_the_queue_working():
    """A finished hand's table that was never sent is dropped when the next
    hand starts, possibly while its chat waits for an overall slot (the chaos
    test found the worker then failing on an empty queue)."""
    bot = StubBot()
    ob = Outbox(bot, Limits(overall_per_second=1, chat_burst=3, chat_rate=50.0, margin=0.01,
                            urgent_reserve=0))
    ob.send(5, "first")  # takes the one slot of this second
    await asyncio.sleep(0.05)
    ob.show(7, ("g", 1, "table"), "hand 1's table")  # waits for a slot
    await asyncio.sleep(0.05)
    assert ob._chats[7].waiting is not None
    ob.retire(7, ("g", 1, "table"))  # never sent: dropped
    ob.show(8, "x", "after")
    assert await ob.drain(5)
    worker = ob._chats[7].worker
    assert worker is not None and worker.done() and worker.exception() is None
    assert [c[3] for c in bot.calls] == ["first", "after"]
    ob.show(7, ("g", 2, "table"), "hand 2's table")
    assert await ob.drain(5)
    assert bot.calls[-1][3] == "hand 2's table"


async def test_chats_that_became_urgent_while_they_waited_leave_nothing_behind():
    """A chat whose waiting call becomes more urgent takes a new place in line;
    its old place must not stay in the line for good when the less urgent end
    of the line never comes up (overload)."""
    bot = StubBot()
    gate = asyncio.Event()
    send = bot.send_message

    async def held(chat_id, text, reply_markup=None):
        if chat_id == 1:
            await gate.wait()  # holds the only overall slot
        return await send(chat_id, text, reply_markup)

    bot.send_message = held
    ob = Outbox(bot, Limits(overall_per_second=1, urgent_reserve=0, chat_burst=3))
    ob.show(1, "hand", "holds the slot", priority=URGENT)
    await asyncio.sleep(0.01)
    for chat in range(100, 400):
        ob.show(chat, "hand", "waits")
    await asyncio.sleep(0.01)
    for chat in range(100, 400):
        ob.show(chat, "hand", "end of hand", priority=END)
        ob.show(chat, "hand", "now asked", priority=URGENT)
    await asyncio.sleep(0.01)
    assert len(ob._line) < 2 * 300  # 600 forsaken places were not all kept
    gate.set()
    await ob.close()


async def test_a_restart_keeps_the_groups_one_a_second_too():
    """A group's last sends before a restart use up its burst: the new
    process's first send waits for a token instead of meeting a 429."""
    limits = Limits(chat_rate=2.0, chat_burst=3, group_per_minute=100, group_window=60.0,
                    overall_per_second=100, margin=0.01)
    wall = time.time()
    bot = StubBot()
    ob = Outbox(bot, limits)
    ob.preload(-9, [wall - 0.2, wall - 0.1, wall])  # three sends just now
    asked = time.monotonic()
    ob.send(-9, "after")
    assert await ob.drain(3)
    assert bot.calls[0][0] - asked >= 0.25  # 0.4 tokens left: 0.3 s to a whole one at 2/s
    fresh = StubBot()
    ob2 = Outbox(fresh, limits)
    ob2.preload(-9, [wall - 30.0])  # long enough ago: the burst is whole again
    asked = time.monotonic()
    ob2.send(-9, "at once")
    assert await ob2.drain(3)
    assert fresh.calls[0][0] - asked < 0.2

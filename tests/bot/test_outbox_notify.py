"""A "your turn" notice lasts only while it is true: withdrawn when the turn
it announced is over, whether it is still queued, on the wire or sent."""

from __future__ import annotations

import asyncio

from bot.telegram.outbox import Outbox
from tests.bot.test_outbox import FAST, StubBot

KEY = ("g", "notify:7")


def methods(bot: StubBot) -> list[tuple[str, object]]:
    return [(c[1], c[3]) for c in bot.calls]


async def test_a_sent_notice_is_deleted_when_withdrawn():
    bot = StubBot()
    ob = Outbox(bot, FAST)
    sent: list[int] = []
    ob.notify(7, KEY, "👉 Your turn", sent.append)
    assert await ob.drain(2)
    assert sent == [1] and ob.slots[KEY] == 1
    assert ob.unnotify(7, KEY)
    assert await ob.drain(2)
    assert methods(bot) == [("send", "👉 Your turn"), ("delete", 1)]
    assert (7, 1) not in bot.messages and KEY not in ob.slots
    assert not ob.unnotify(7, KEY)  # nothing left to withdraw: no call
    assert await ob.drain(2)
    assert len(bot.calls) == 2


async def test_a_notice_withdrawn_on_the_wire_is_deleted_once_sent():
    bot = StubBot()
    ob = Outbox(bot, FAST)
    gate = asyncio.Event()
    send = bot.send_message

    async def slow_send(chat_id, text, reply_markup=None):
        await gate.wait()
        return await send(chat_id, text, reply_markup)

    bot.send_message = slow_send
    told: list[int] = []
    ob.notify(7, KEY, "👉 Your turn", told.append)
    await asyncio.sleep(0.05)  # taken off the queue, waiting for Telegram
    assert ob.unnotify(7, KEY)
    gate.set()
    assert await ob.drain(2)
    assert methods(bot) == [("send", "👉 Your turn"), ("delete", 1)]
    assert told == [] and KEY not in ob.slots  # the sitting never holds it


async def test_a_new_notice_replaces_the_old_and_only_the_new_is_withdrawn():
    bot = StubBot()
    ob = Outbox(bot, FAST)
    ob.notify(7, KEY, "👉 Your turn (1)")
    assert await ob.drain(2)
    ob.notify(7, KEY, "👉 Your turn (2)")
    assert await ob.drain(2)
    assert ob.unnotify(7, KEY)
    assert await ob.drain(2)
    assert methods(bot) == [("send", "👉 Your turn (1)"), ("delete", 1),
                            ("send", "👉 Your turn (2)"), ("delete", 2)]


async def test_a_queued_notice_and_the_sent_one_before_it_both_go():
    """Their next turn's notice is queued while the last one still shows:
    withdrawing drops the queued one and deletes the sent one."""
    bot = StubBot()
    ob = Outbox(bot, FAST)
    ob.notify(7, KEY, "👉 Your turn (1)")
    assert await ob.drain(2)
    ob.notify(7, KEY, "👉 Your turn (2)")  # queued: nothing is sent before the next await
    assert ob.unnotify(7, KEY)
    assert await ob.drain(2)
    assert methods(bot) == [("send", "👉 Your turn (1)"), ("delete", 1)]

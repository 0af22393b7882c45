"""The outbox forgets the message ids of slots nothing will edit again, but
never one with an edit queued or on the wire (it would post a new message)."""

import asyncio

from bot.telegram.outbox import Outbox
from tests.bot.test_outbox import FAST, StubBot


async def test_sweep_forgets_disowned_slots_and_keeps_the_rest():
    bot = StubBot()
    ob = Outbox(bot, FAST)
    for key in ("old table", "settings page", "hand"):
        ob.show(7, key, key)
    assert await ob.drain(2)
    assert set(ob.slots) == {"old table", "settings page", "hand"}
    assert ob.sweep(lambda key: key == "hand") == 2
    assert set(ob.slots) == {"hand"}
    ob.show(7, "hand", "edited")  # still edited in place, not sent anew
    assert await ob.drain(2)
    assert bot.messages[(7, 3)] == "edited" and len(bot.messages) == 3


async def test_a_slot_with_an_edit_queued_or_on_the_wire_is_kept():
    bot = StubBot()
    ob = Outbox(bot, FAST)
    ob.show(7, "table", "v1")
    assert await ob.drain(2)
    gate, release = asyncio.Event(), asyncio.Event()
    edit = bot.edit_message_text

    async def slow_edit(text, chat_id, message_id, reply_markup=None):
        gate.set()
        await release.wait()
        return await edit(text, chat_id, message_id, reply_markup)

    bot.edit_message_text = slow_edit
    ob.show(7, "table", "v2")  # the hand's last edit: queued, then on the wire
    assert ob.sweep(lambda key: False) == 0  # queued
    await gate.wait()
    assert ob.sweep(lambda key: False) == 0  # on the wire
    release.set()
    assert await ob.drain(2)
    assert bot.messages[(7, 1)] == "v2" and len(bot.messages) == 1  # edited, not re-sent
    assert ob.sweep(lambda key: False) == 1 and not ob.slots

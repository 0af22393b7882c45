"""Taking buttons off: `unbutton` edits a message by its id and never posts;
the service hears of every message an edit left without buttons (or found
gone), so it can forget the keyboards that had to go."""

import time

from aiogram.exceptions import TelegramBadRequest
from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup

from bot.telegram.outbox import URGENT, Limits, Outbox
from tests.bot.test_outbox import FAST, StubBot

KB = InlineKeyboardMarkup(inline_keyboard=[[InlineKeyboardButton(text="x", callback_data="x")]])


class Bot(StubBot):
    async def edit_message_reply_markup(self, chat_id, message_id, reply_markup=None):
        self._fault("markup", chat_id)
        if (chat_id, message_id) not in self.messages:
            raise TelegramBadRequest(None, "Bad Request: message to edit not found")
        self.calls.append((time.monotonic(), "markup", chat_id, message_id))


def outbox(bot, limits=FAST):
    ob = Outbox(bot, limits)
    told = []
    ob.on_unbuttoned = lambda chat, mid: told.append((chat, mid))
    return ob, told


async def test_unbutton_edits_by_id_and_tells_the_service():
    bot = Bot()
    ob, told = outbox(bot)
    ob.send(7, "question?", KB)
    ob.send(7, "🏁 result", KB)
    await ob.drain(2)
    ob.unbutton(7, 1, "Ended.")  # a new text, no buttons
    ob.unbutton(7, 2)  # its text stays: only the keyboard goes
    await ob.drain(2)
    assert bot.messages[(7, 1)] == "Ended." and bot.calls[-1][1:] == ("markup", 7, 2)
    assert told == [(7, 1), (7, 2)]


async def test_a_message_gone_or_unchanged_is_done_and_nothing_is_posted():
    bot = Bot()
    ob, told = outbox(bot)
    ob.send(7, "Ended.", KB)
    await ob.drain(2)
    sent = len(bot.calls)
    ob.unbutton(7, 1, "Ended.")  # "not modified"
    ob.unbutton(7, 99, "Ended.")  # deleted meanwhile
    ob.unbutton(7, 98)
    await ob.drain(2)
    assert len(bot.calls) == sent  # no new message, no failed retries
    assert told == [(7, 1), (7, 99), (7, 98)]


async def test_a_slot_edit_without_buttons_is_told_one_with_buttons_is_not():
    bot = Bot()
    ob, told = outbox(bot)
    ob.show(7, "end", "🏁", KB)
    await ob.drain(2)
    ob.show(7, "end", "🏁 ·", KB)
    await ob.drain(2)
    assert told == []
    ob.show(7, "end", "🏁 ·", None)  # "not modified" as far as the stub knows: done
    ob.show(7, "table", lambda: ("table", None))
    await ob.drain(2)
    assert told == [(7, 1)]  # the table was a new message: nothing to take off
    ob.show(7, "table", lambda: ("table 2", None))
    await ob.drain(2)
    assert told == [(7, 1), (7, 2)]


async def test_an_urgent_unbutton_goes_before_later_urgent_edits_of_its_chat():
    """The player keeps tapping (each tap an urgent edit of their hand): the
    old message's unbutton, as urgent, is not passed by them."""
    bot = Bot()
    ob, _told = outbox(bot, Limits(chat_rate=2.0, chat_burst=1))
    ob.send(7, "old hand", KB)
    ob.show(7, "hand", "hand 0", KB)
    await ob.drain(5)
    ob.unbutton(7, 1, "sent again below", URGENT)
    for i in range(1, 6):
        ob.show(7, "hand", f"hand {i}", KB, priority=URGENT)
    await ob.drain(10)
    order = [c[3] for c in bot.calls if c[1] == "edit"]
    assert order[0] == "sent again below"

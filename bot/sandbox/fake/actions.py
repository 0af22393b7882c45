"""What users do: write messages, press buttons, follow deep links."""

from __future__ import annotations

import asyncio
import re
import time
from dataclasses import dataclass

from .base import FakeState
from .markup import inline_buttons
from .models import FakeTelegramError
from .text import command_entities, leading_command


@dataclass
class PendingCallback:
    id: str
    user_id: int
    chat_id: int
    message_id: int
    data: str
    t: float
    future: asyncio.Future
    answer: dict | None = None  # the bot's answerCallbackQuery parameters
    answered_t: float | None = None  # monotonic time of that answer


class UserActions(FakeState):
    async def send_message(self, user_id: int, chat_id: int, text: str, *,
                           reply_to: int | None = None) -> dict:
        """The user writes `text` in the chat; returns the Message. Delivered
        to the bot as a "message" update, except (like Telegram) plain group
        text in privacy mode that is neither a command nor a reply to the
        bot, commands addressed to another bot, and anything while the user
        has blocked the bot. "/start ..." in the private chat starts (and
        unblocks) the bot for that user."""
        self._check_can_act(user_id, chat_id)
        self._require_started_server()
        w = self.world
        replied = None
        if reply_to is not None:
            replied = w.get_message(chat_id, reply_to)
            if replied is None:
                raise FakeTelegramError(f"no message {reply_to} in chat {chat_id} to reply to")
        m = w.new_message(chat_id, user_id, text, command_entities(text), None,
                          reply_to=reply_to)
        msg = w.message_dict(m)
        cmd = leading_command(text)
        if chat_id > 0:
            if cmd and cmd[0] == "/start":
                w.started.add(user_id)
                w.blocked.discard(user_id)
            if user_id in w.blocked:
                return msg  # a blocked bot receives nothing
        else:
            if cmd and cmd[1] and cmd[1].lower() != self.bot_username.lower():
                return msg  # addressed to another bot
            to_bot = replied is not None and replied.from_bot
            if self.privacy_mode and not cmd and not to_bot:
                return msg  # privacy mode: plain group text is not delivered
            if w.groups[chat_id].bot_kicked:
                return msg
        self.queue.put("message", msg)
        return msg

    async def open_link(self, user_id: int, url: str) -> dict:
        """The user follows a deep link t.me/<bot>?start=<payload> (from a
        callback answer or a url button) and taps Start: sends "/start
        <payload>" in their private chat. Returns that Message."""
        m = re.fullmatch(r"(?:https?://)?t\.me/([A-Za-z0-9_]+)\?start=([A-Za-z0-9_-]*)", url)
        if not m or m.group(1).lower() != self.bot_username.lower():
            raise FakeTelegramError(f"not a deep link to @{self.bot_username}: {url!r}")
        text = f"/start {m.group(2)}" if m.group(2) else "/start"
        return await self.send_message(user_id, user_id, text)

    async def press(self, user_id: int, chat_id: int, message_id: int, callback_data: str,
                    *, timeout: float = 5.0, wait: bool = True) -> dict:
        """The user taps the inline button with this callback_data. Refused
        (FakeTelegramError) unless the message currently shows it. Waits until
        the bot answers the callback query and returns the answer's
        parameters; the bot's edits after answering may still be on the way
        (use wait_for). wait=False returns {"callback_query_id"} at once."""
        m = self.world.get_message(chat_id, message_id)
        if m is None:
            raise FakeTelegramError(f"no message {message_id} in chat {chat_id}")
        if not any(b.callback_data == callback_data for b in inline_buttons(m.reply_markup)):
            shown = [b.callback_data for b in inline_buttons(m.reply_markup)]
            raise FakeTelegramError(
                f"message {chat_id}/{message_id} has no button {callback_data!r}; "
                f"it shows {shown}")
        return await self.press_forged(user_id, chat_id, message_id, callback_data,
                                       timeout=timeout, wait=wait)

    async def press_forged(self, user_id: int, chat_id: int, message_id: int,
                           callback_data: str, *, timeout: float = 5.0,
                           wait: bool = True) -> dict:
        """press() without the button check: forged or stale payloads (the
        message must exist; a deleted one still works)."""
        self._check_can_act(user_id, chat_id)
        self._require_started_server()
        m = self.world.messages.get(chat_id, {}).get(message_id)
        if m is None:
            raise FakeTelegramError(f"no message {message_id} in chat {chat_id}")
        qid = str(self._next_query)
        self._next_query += 1
        fut = asyncio.get_running_loop().create_future()
        q = PendingCallback(qid, user_id, chat_id, message_id, callback_data,
                            time.monotonic(), fut)
        self.callbacks[qid] = q
        self.queue.put("callback_query", {
            "id": qid,
            "from": self.world.user_dict(user_id),
            "message": self.world.message_dict(m),
            "chat_instance": str(abs(chat_id) * 7919 % 10**18),
            "data": callback_data,
        })
        if not wait:
            return {"callback_query_id": qid}
        try:
            return await asyncio.wait_for(asyncio.shield(fut), timeout)
        except TimeoutError:
            failed = [c.description for c in self.calls("answerCallbackQuery")
                      if not c.ok and str(c.params.get("callback_query_id")) == qid]
            raise FakeTelegramError(
                f"the bot did not answer callback query {qid} ({callback_data!r}) within "
                f"{timeout}s" + (f"; failed answers: {failed}" if failed else "")) from None

    def delete_message_as_user(self, chat_id: int, message_id: int) -> None:
        m = self.world.get_message(chat_id, message_id)
        if m is None:
            raise FakeTelegramError(f"no message {message_id} in chat {chat_id}")
        m.deleted = True

    def _require_started_server(self) -> None:
        if self.queue is None:
            raise FakeTelegramError("start() the fake server first")


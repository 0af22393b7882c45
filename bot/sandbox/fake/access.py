"""What every method that writes to a chat checks first: the chat exists,
the bot may write there, the message may be edited (shared by methods.py
and photos.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .models import ApiError, FakeMessage, bad_request

if TYPE_CHECKING:
    from .telegram import FakeTelegram


def chat_id_of(tg: FakeTelegram, p: dict) -> int:
    if "chat_id" not in p:
        raise bad_request("chat_id is empty")
    return tg.world.require_chat(p["chat_id"])


def can_write(tg: FakeTelegram, chat_id: int) -> None:
    """403 like Telegram for users who never started (or blocked) the bot."""
    w = tg.world
    if chat_id in w.groups:
        if w.groups[chat_id].bot_kicked:
            raise ApiError(403, "Forbidden: bot was kicked from the group chat")
        return
    if chat_id in w.blocked:
        raise ApiError(403, "Forbidden: bot was blocked by the user")
    if chat_id not in w.started:
        raise ApiError(403, "Forbidden: bot can't initiate conversation with a user")


def message_id_of(p: dict) -> int:
    if "inline_message_id" in p:
        raise bad_request("inline messages are not supported by the fake")
    mid = p.get("message_id")
    if not isinstance(mid, int) or isinstance(mid, bool):
        raise bad_request("message identifier is not specified")
    return mid


def editable(tg: FakeTelegram, p: dict) -> tuple[int, FakeMessage]:
    chat_id = chat_id_of(tg, p)
    mid = message_id_of(p)
    m = tg.world.get_message(chat_id, mid)
    if m is None:
        raise bad_request("message to edit not found")
    if not m.from_bot:
        raise bad_request("message can't be edited")
    return chat_id, m

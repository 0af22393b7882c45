"""The bot's place in chats: a group became a supergroup; the bot was
removed from a group or blocked by a user."""

from __future__ import annotations

from aiogram import F, Router
from aiogram.types import ChatMemberUpdated, Message

from bot.tables.service import Service


def router() -> Router:
    r = Router(name="members")
    r.message.register(migrated_to, F.migrate_to_chat_id)
    r.message.register(migrated_from, F.migrate_from_chat_id)
    r.my_chat_member.register(membership)
    return r


async def migrated_to(message: Message, service: Service) -> None:
    assert message.migrate_to_chat_id is not None  # the filter
    await service.chats.migrate(message.chat.id, message.migrate_to_chat_id)


async def migrated_from(message: Message, service: Service) -> None:
    assert message.migrate_from_chat_id is not None  # the filter
    await service.chats.migrate(message.migrate_from_chat_id, message.chat.id)


async def membership(update: ChatMemberUpdated, service: Service) -> None:
    """The bot was removed from a group, or a user blocked it."""
    if update.new_chat_member.status in ("left", "kicked"):
        await service.chats.forbidden(update.chat.id)

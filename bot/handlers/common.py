"""What the feature routers share."""

from __future__ import annotations

from aiogram.types import CallbackQuery, Message

from bot.i18n import N_
from bot.service import Reply, Service

ADMINS_ONLY = N_("Only an admin or whoever started the game can change this.")


def is_private(message: Message) -> bool:
    return message.chat.type == "private"


async def answer(service: Service, cq: CallbackQuery, reply: Reply) -> None:
    """Answer a press exactly once: a toast, a link, or silently."""
    await service.outbox.answer(cq.id, reply.text, alert=reply.alert, url=reply.url)

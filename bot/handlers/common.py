"""What the feature routers share: the two ways an update is answered.

Every handler turns its update into one call of the service (or of the
scores) and answers with what that call returns: a command with `say` (the
messages to post in its chat), a press with `answer` (a toast or link, and
the page the pressed message shows now). Handlers do not reach the outbox
themselves."""

from __future__ import annotations

from collections.abc import Sequence

from aiogram.types import CallbackQuery, Message

from bot.tables.service import Post, Reply, Service

# What a command is answered with: nothing, a text, a text with buttons, or several.
Said = str | Post | Sequence[str | Post] | None


def is_private(message: Message) -> bool:
    return message.chat.type == "private"


def say(service: Service, message: Message, said: Said) -> None:
    """Post the answer to a command in its chat, in order."""
    items = [] if said is None else [said] if isinstance(said, (str, Post)) else said
    for item in items:
        post = Post(item) if isinstance(item, str) else item
        if post.text:
            service.outbox.send(message.chat.id, post.text, post.markup)


async def answer(service: Service, cq: CallbackQuery, reply: Reply) -> None:
    """Answer a press exactly once: a toast, a link, or silently; first the
    pressed message is edited to the reply's page, if it has one."""
    if reply.page is not None and cq.message is not None:
        chat_id, message_id = cq.message.chat.id, cq.message.message_id
        key = ("page", chat_id, message_id)
        service.outbox.bind(key, message_id)
        service.outbox.show(chat_id, key, *reply.page)
    await service.outbox.answer(cq.id, reply.text, alert=reply.alert, url=reply.url)

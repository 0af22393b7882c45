"""The catch-alls, last: a button no router took, a command no router took."""

from __future__ import annotations

from aiogram import F, Router
from aiogram.types import CallbackQuery, Message

from bot.handlers.common import answer, is_private, say
from bot.tables.core import STALE
from bot.tables.service import Reply, Service


def router() -> Router:
    r = Router(name="fallback")
    r.callback_query.register(on_unknown)
    r.message.register(unknown_command, F.text.startswith("/"))
    return r


async def on_unknown(cq: CallbackQuery, service: Service) -> None:
    """Malformed, forged or empty data: a toast, nothing else."""
    await answer(service, cq, Reply(service.t(cq.from_user.id)(STALE)))


async def unknown_command(message: Message, service: Service) -> None:
    """A command no handler took. In a group other bots may own it: answer
    only when it names this bot (/x@paiju_bot); in private always, unless it
    names another bot."""
    assert message.text is not None  # the filter
    command, _sep, mention = message.text.split(maxsplit=1)[0].partition("@")
    if mention and mention.lower() != service.bot_username.lower():
        return
    if not is_private(message) and not mention:
        return
    _ = service.t(message.chat.id)
    say(service, message, _("Unknown command. /help lists what I can do."))

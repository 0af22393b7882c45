"""Reading: /help, /rules and the lobby's rules button."""

from __future__ import annotations

from aiogram import Router
from aiogram.filters import CommandObject
from aiogram.types import CallbackQuery, Message

from bot import commands
from bot.callbacks import RulesCB
from bot.core import STALE
from bot.handlers.common import answer, is_private, say
from bot.service import Reply, Service


def router() -> Router:
    r = Router(name="rules")
    r.message.register(help_, commands.command("help"))
    r.message.register(rules, commands.command("rules"))
    r.callback_query.register(on_rules, RulesCB.filter())
    return r


async def help_(message: Message, service: Service) -> None:
    """The commands of this kind of chat: a group's or a private chat's."""
    say(service, message, commands.help_text(service.t(message.chat.id), is_private(message)))


async def rules(message: Message, command: CommandObject, service: Service) -> None:
    say(service, message, await service.lobby.rules(message.chat.id, (command.args or "").strip()))


async def on_rules(cq: CallbackQuery, callback_data: RulesCB, service: Service) -> None:
    if cq.message is None:
        await answer(service, cq, Reply(service.t(cq.from_user.id)(STALE)))
        return
    await answer(service, cq, service.lobby.rules_press(callback_data.s, cq.from_user.id))

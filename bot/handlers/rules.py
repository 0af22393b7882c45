"""Reading: /help, /rules and the lobby's rules button."""

from __future__ import annotations

from aiogram import Router
from aiogram.filters import Command, CommandObject
from aiogram.types import CallbackQuery, Message

from bot import catalog, commands, rules_text
from bot.callbacks import RulesCB
from bot.core import STALE
from bot.handlers.common import answer, is_private
from bot.service import Reply, Service


def router() -> Router:
    r = Router(name="rules")
    r.message.register(help_, Command("help"))
    r.message.register(rules, Command("rules"))
    r.callback_query.register(on_rules, RulesCB.filter())
    return r


async def help_(message: Message, service: Service) -> None:
    """The commands of this kind of chat: a group's or a private chat's."""
    chat_id = message.chat.id
    service.outbox.send(chat_id, commands.help_text(service.t(chat_id), is_private(message)))


async def rules(message: Message, command: CommandObject, service: Service) -> None:
    chat_id = message.chat.id
    _ = service.t(chat_id)
    arg = (command.args or "").strip()
    gid = service.by_chat.get(chat_id)
    open_ = service.sittings[gid] if gid is not None else None  # the chat's sitting, if any
    game_id = catalog.find(arg) if arg else (open_.game if open_ is not None else None)
    if game_id is None:
        names = ", ".join(f"/rules {g}" for g in catalog.landed())
        service.outbox.send(chat_id, _("Which game? {choices}").format(choices=names))
        return
    if open_ is not None and open_.game == game_id:
        # the rules being played, not the chat's for its next game
        parts = rules_text.messages(game_id, open_.preset, open_.variant, _, in_play=True)
    else:
        cs = await service.people.chat_rules(chat_id)
        g = catalog.game(game_id)
        parts = rules_text.messages(game_id, cs.preset(g), cs.variant(g), _)
    for part in parts:
        service.outbox.send(chat_id, part)


async def on_rules(cq: CallbackQuery, callback_data: RulesCB, service: Service) -> None:
    """The lobby's rules button: the sitting's rules, in the group."""
    s = service.sittings.get(callback_data.g)
    if s is None or cq.message is None:
        await answer(service, cq, Reply(service.t(cq.from_user.id)(STALE)))
        return
    _ = service.t(s.chat_id)
    for part in rules_text.messages(s.game, s.preset, s.variant, _, in_play=True):
        service.outbox.send(s.chat_id, part)
    await answer(service, cq, Reply())

"""Opening a game: /start (and its deep link to a seat), /new with its game
and rules choosers, and the lobby's buttons."""

from __future__ import annotations

from aiogram import Router
from aiogram.filters import CommandObject, CommandStart
from aiogram.types import CallbackQuery, Message

from bot import commands
from bot.callbacks import LobbyCB, NewCB
from bot.handlers.common import answer, is_private, say
from bot.service import Reply, Service


def router() -> Router:
    r = Router(name="lobby")
    r.message.register(start, CommandStart())
    r.message.register(new, commands.command("new"))
    r.callback_query.register(on_new, NewCB.filter())
    r.callback_query.register(on_lobby, LobbyCB.filter())
    return r


async def start(message: Message, command: CommandObject, service: Service) -> None:
    if message.from_user is None:  # a channel's post: nobody to answer
        return
    say(service, message, await service.lobby.start_link(message.from_user, command.args or ""))


async def new(message: Message, command: CommandObject, service: Service) -> None:
    if message.from_user is None:  # a channel's post: nobody to answer
        return
    said = await service.lobby.new_command(message.chat.id, is_private(message),
                                           message.from_user, command.args or "")
    say(service, message, said)


async def on_new(cq: CallbackQuery, callback_data: NewCB, service: Service) -> None:
    if cq.message is None:
        await answer(service, cq, Reply())
        return
    reply = await service.lobby.choose(cq.message.chat.id, cq.message.chat.type == "private",
                                       cq.from_user, callback_data.game, callback_data.preset)
    await answer(service, cq, reply)


async def on_lobby(cq: CallbackQuery, callback_data: LobbyCB, service: Service) -> None:
    reply = await service.lobby.lobby_action(callback_data.s, cq.from_user, callback_data.a)
    await answer(service, cq, reply)

"""Opening a game: /start (and its deep link to a seat), /new with its game
and rules choosers, and the lobby's buttons."""

from __future__ import annotations

from aiogram import Router
from aiogram.filters import Command, CommandObject, CommandStart
from aiogram.types import CallbackQuery, Message

from bot import catalog, house_rules, render
from bot.callbacks import LobbyCB, NewCB
from bot.handlers.common import answer, is_private
from bot.presenters.base import names_list
from bot.service import Reply, Service


def router() -> Router:
    r = Router(name="lobby")
    r.message.register(start, CommandStart())
    r.message.register(new, Command("new"))
    r.callback_query.register(on_new, NewCB.filter())
    r.callback_query.register(on_lobby, LobbyCB.filter())
    return r


async def start(message: Message, command: CommandObject, service: Service) -> None:
    if message.from_user is None:  # a channel's post: nobody to answer
        return
    text = await service.lobby.start_link(message.from_user, command.args or "")
    service.outbox.send(message.chat.id, text)


async def new(message: Message, command: CommandObject, service: Service) -> None:
    if message.from_user is None:  # a channel's post: nobody to answer
        return
    chat_id = message.chat.id
    _ = service.t(chat_id)
    args = (command.args or "").split()
    if (busy := service.lobby.busy(chat_id)) is not None:
        service.outbox.send(chat_id, busy)
        return
    if not args:
        text, kb = render.choose_game(catalog.landed(), _)
        service.outbox.send(chat_id, text, kb)
        return
    game_id = catalog.find(args[0])
    if game_id is None:
        service.outbox.send(chat_id, _("Unknown game. Send /new to choose one."))
        return
    preset = None  # the chat's /settings
    if len(args) > 1:
        presets = catalog.game(game_id).presets
        preset = house_rules.find_preset(game_id, presets, " ".join(args[1:]))
        if preset is None:
            names = names_list([render.preset_name(game_id, p, _) for p in presets], _)
            unknown = _("Unknown rules: {game} has {names}.")  # never echoes what was typed
            service.outbox.send(chat_id, unknown.format(
                game=catalog.presenter(game_id).game_name(_), names=names))
            return
    refusal = await service.lobby.new_game(chat_id, is_private(message), message.from_user,
                                           game_id, preset)
    if refusal:
        service.outbox.send(chat_id, refusal)


async def on_new(cq: CallbackQuery, callback_data: NewCB, service: Service) -> None:
    """The game chooser's buttons, then its rules chooser's."""
    if cq.message is None:
        await answer(service, cq, Reply())
        return
    chat_id = cq.message.chat.id
    _ = service.t(chat_id)
    game_id = callback_data.game
    if game_id not in catalog.landed():
        await answer(service, cq, Reply(_("Unknown game.")))
        return
    presets = list(catalog.game(game_id).presets)
    key = ("choose", chat_id, cq.message.message_id)
    if not callback_data.preset and len(presets) > 1:
        current = (await service.people.chat_rules(chat_id)).preset(catalog.game(game_id))
        text, kb = render.choose_preset(game_id, _, current)
        service.outbox.bind(key, cq.message.message_id)
        service.outbox.show(chat_id, key, text, kb)
        await answer(service, cq, Reply())
        return
    preset = callback_data.preset or presets[0]
    private = cq.message.chat.type == "private"
    refusal = await service.lobby.new_game(chat_id, private, cq.from_user, game_id, preset)
    service.outbox.bind(key, cq.message.message_id)
    name = catalog.presenter(game_id).game_name(_)
    # the chooser's buttons go either way: its choice was made or refused
    chosen = f"{name} · {render.preset_name(game_id, preset, _)}"
    service.outbox.show(chat_id, key, refusal or chosen, None)
    await answer(service, cq, Reply(refusal))


async def on_lobby(cq: CallbackQuery, callback_data: LobbyCB, service: Service) -> None:
    reply = await service.lobby.lobby_action(callback_data.g, cq.from_user, callback_data.a)
    await answer(service, cq, reply)

"""Playing: move buttons, the card picker, 托管's Take over, /hand, the
end-of-hand buttons and /stop with its confirmation."""

from __future__ import annotations

from aiogram import Router
from aiogram.types import CallbackQuery, Message

from bot import commands
from bot.callbacks import HandEndCB, MoveCB, MoveIndexCB, PickCB, StopCB, TakeOverCB
from bot.handlers.common import answer, say
from bot.service import Service


def router() -> Router:
    r = Router(name="play")
    r.message.register(hand, commands.command("hand"))
    r.message.register(stop, commands.command("stop"))
    r.callback_query.register(on_move, MoveCB.filter())
    r.callback_query.register(on_move_index, MoveIndexCB.filter())
    r.callback_query.register(on_pick, PickCB.filter())
    r.callback_query.register(on_take_over, TakeOverCB.filter())
    r.callback_query.register(on_hand_end, HandEndCB.filter())
    r.callback_query.register(on_stop, StopCB.filter())
    return r


async def hand(message: Message, service: Service) -> None:
    if message.from_user is None:  # a channel's post: nobody to answer
        return
    say(service, message, await service.screens.resend_hand(message.chat.id, message.from_user))


async def stop(message: Message, service: Service) -> None:
    if message.from_user is None:  # a channel's post: nobody to answer
        return
    say(service, message, await service.lifecycle.stop_request(message.chat.id, message.from_user))


def pressed_on(cq: CallbackQuery) -> tuple[int, int] | None:
    """(chat, message) the button was on: a hand message /hand replaced is stale."""
    m = cq.message
    return (m.chat.id, m.message_id) if m is not None else None


async def on_move(cq: CallbackQuery, callback_data: MoveCB, service: Service) -> None:
    d = callback_data
    reply = await service.moves.move(d.s, cq.from_user, d.h, d.t, code=d.c,
                                     message=pressed_on(cq))
    await answer(service, cq, reply)


async def on_move_index(cq: CallbackQuery, callback_data: MoveIndexCB, service: Service) -> None:
    d = callback_data
    reply = await service.moves.move(d.s, cq.from_user, d.h, d.t, index=d.i,
                                     message=pressed_on(cq))
    await answer(service, cq, reply)


async def on_pick(cq: CallbackQuery, callback_data: PickCB, service: Service) -> None:
    d = callback_data
    reply = await service.moves.pick(d.s, cq.from_user, d.h, d.t, d.a, d.i,
                                     message=pressed_on(cq))
    await answer(service, cq, reply)


async def on_take_over(cq: CallbackQuery, callback_data: TakeOverCB, service: Service) -> None:
    await answer(service, cq, await service.turns.take_over(callback_data.s, cq.from_user))


async def on_hand_end(cq: CallbackQuery, callback_data: HandEndCB, service: Service) -> None:
    d = callback_data
    await answer(service, cq, await service.lifecycle.hand_end_action(d.s, cq.from_user, d.n, d.a))


async def on_stop(cq: CallbackQuery, callback_data: StopCB, service: Service) -> None:
    d = callback_data
    reply = await service.lifecycle.stop_answer(d.s, cq.from_user, d.k, d.a)
    await answer(service, cq, reply)

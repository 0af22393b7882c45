"""The scores: /score (and its 清账 buttons), /top, /history, /replay,
/stats, and the replay buttons under /history. Thin calls into bot.scores
and bot.settling."""

from __future__ import annotations

from aiogram import Router
from aiogram.filters import Command, CommandObject
from aiogram.types import CallbackQuery, Message

from bot.callbacks import SettleCB
from bot.handlers.common import answer
from bot.scores import Scores
from bot.scores_text import ReplayCB
from bot.service import Reply, Service
from bot.settling import Settling


def router() -> Router:
    r = Router(name="scores")
    r.message.register(score, Command("score"))
    r.message.register(top, Command("top"))
    r.message.register(history, Command("history"))
    r.message.register(replay, Command("replay"))
    r.message.register(stats, Command("stats"))
    r.callback_query.register(on_replay, ReplayCB.filter())
    r.callback_query.register(on_settle, SettleCB.filter())
    return r


async def score(
    message: Message, command: CommandObject, service: Service, scores: Scores
) -> None:
    text, kb = await scores.score(message.chat.id, command.args or "")
    service.outbox.send(message.chat.id, text, kb)


async def on_settle(
    cq: CallbackQuery, callback_data: SettleCB, service: Service, settling: Settling
) -> None:
    if cq.message is None:
        await answer(service, cq, Reply())
        return
    toast = await settling.press(cq.message.chat.id, cq.from_user, callback_data,
                                 cq.message.message_id)
    await answer(service, cq, Reply(toast))


async def top(message: Message, command: CommandObject, service: Service, scores: Scores) -> None:
    service.outbox.send(message.chat.id, await scores.top(message.chat.id, command.args or ""))


async def history(message: Message, service: Service, scores: Scores) -> None:
    text, kb = await scores.history(message.chat.id)
    service.outbox.send(message.chat.id, text, kb)


async def replay(
    message: Message, command: CommandObject, service: Service, scores: Scores
) -> None:
    refusal = await scores.replay(message.chat.id, command.args or "")
    if refusal:
        service.outbox.send(message.chat.id, refusal)


async def stats(message: Message, service: Service, scores: Scores) -> None:
    chat_id = message.chat.id
    if message.chat.type != "private" or message.from_user is None:
        _ = service.t(chat_id)
        service.outbox.send(chat_id, _("Send /stats to me in our private chat."))
        return
    service.outbox.send(chat_id, await scores.stats(message.from_user.id))


async def on_replay(
    cq: CallbackQuery, callback_data: ReplayCB, service: Service, scores: Scores
) -> None:
    refusal = None
    if cq.message is not None:
        refusal = await scores.replay(cq.message.chat.id, str(callback_data.h))
    await service.outbox.answer(cq.id, refusal)

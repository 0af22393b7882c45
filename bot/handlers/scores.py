"""The scores: /score (and its 清账 buttons), /top, /history, /replay,
/stats, and the replay buttons under /history. Thin calls into bot.scores.service
and bot.scores.settling."""

from __future__ import annotations

from aiogram import Router
from aiogram.filters import CommandObject
from aiogram.types import CallbackQuery, Message

from bot.handlers import commands
from bot.handlers.common import answer, is_private, say
from bot.scores.service import Scores
from bot.scores.settling import Settling
from bot.tables.service import Post, Reply, Service
from bot.telegram.callbacks import SettleCB
from bot.words.scores_text import ReplayCB


def router() -> Router:
    r = Router(name="scores")
    r.message.register(score, commands.command("score"))
    r.message.register(top, commands.command("top"))
    r.message.register(history, commands.command("history"))
    r.message.register(replay, commands.command("replay"))
    r.message.register(stats, commands.command("stats"))
    r.callback_query.register(on_replay, ReplayCB.filter())
    r.callback_query.register(on_settle, SettleCB.filter())
    return r


async def score(
    message: Message, command: CommandObject, service: Service, scores: Scores
) -> None:
    say(service, message, Post(*await scores.score(message.chat.id, command.args or "")))


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
    say(service, message, await scores.top(message.chat.id, command.args or ""))


async def history(message: Message, service: Service, scores: Scores) -> None:
    say(service, message, Post(*await scores.history(message.chat.id)))


async def replay(
    message: Message, command: CommandObject, service: Service, scores: Scores
) -> None:
    say(service, message, await scores.replay(message.chat.id, command.args or ""))


async def stats(message: Message, service: Service, scores: Scores) -> None:
    user_id = message.from_user.id if message.from_user is not None else None
    say(service, message, await scores.stats(message.chat.id, is_private(message), user_id))


async def on_replay(
    cq: CallbackQuery, callback_data: ReplayCB, service: Service, scores: Scores
) -> None:
    refusal = None
    if cq.message is not None:
        refusal = await scores.replay(cq.message.chat.id, str(callback_data.h))
    await answer(service, cq, Reply(refusal))

"""A chat's house rules and language: /settings with its pages, /lang."""

from __future__ import annotations

from aiogram import Router
from aiogram.types import CallbackQuery, Message

from bot.handlers import commands
from bot.handlers.common import answer, say
from bot.tables.service import Reply, Service
from bot.telegram.callbacks import LangCB, SettingsCB


def router() -> Router:
    r = Router(name="settings")
    r.message.register(settings_, commands.command("settings"))
    r.message.register(lang, commands.command("lang"))
    r.callback_query.register(on_settings, SettingsCB.filter())
    r.callback_query.register(on_lang, LangCB.filter())
    return r


async def settings_(message: Message, service: Service) -> None:
    say(service, message, await service.chats.settings(message.chat.id))


async def on_settings(cq: CallbackQuery, callback_data: SettingsCB, service: Service) -> None:
    if cq.message is None:
        await answer(service, cq, Reply())
        return
    reply = await service.chats.settings_press(cq.message.chat.id, cq.from_user, callback_data)
    await answer(service, cq, reply)


async def lang(message: Message, service: Service) -> None:
    say(service, message, service.chats.languages(message.chat.id))


async def on_lang(cq: CallbackQuery, callback_data: LangCB, service: Service) -> None:
    if cq.message is None:
        await answer(service, cq, Reply())
        return
    reply = await service.chats.lang_press(cq.message.chat.id, cq.from_user, callback_data.code)
    await answer(service, cq, reply)

"""A chat's house rules and language: /settings with its pages, /lang."""

from __future__ import annotations

from aiogram import Router
from aiogram.filters import Command
from aiogram.types import CallbackQuery, Message

from bot import render, settings_flow
from bot.callbacks import LangCB, SettingsCB
from bot.core import STALE
from bot.handlers.common import ADMINS_ONLY, answer
from bot.i18n import LANG_NAMES, LANGS
from bot.service import Reply, Service


def router() -> Router:
    r = Router(name="settings")
    r.message.register(settings_, Command("settings"))
    r.message.register(lang, Command("lang"))
    r.callback_query.register(on_settings, SettingsCB.filter())
    r.callback_query.register(on_lang, LangCB.filter())
    return r


def host(service: Service) -> settings_flow.Host:
    s = service.settings
    return settings_flow.Host(s.turn_timeout, s.tz, s.weekly_post)


async def settings_(message: Message, service: Service) -> None:
    chat_id = message.chat.id
    cs = await service.people.chat_rules(chat_id)
    text, kb = settings_flow.home(cs, service.lang(chat_id), host(service), service.t(chat_id))
    service.outbox.send(chat_id, text, kb)


async def on_settings(cq: CallbackQuery, callback_data: SettingsCB, service: Service) -> None:
    """Pages are for everyone to read; changes only for admins and the
    sitting's creator (others get a toast and nothing changes)."""
    if cq.message is None:
        await answer(service, cq, Reply())
        return
    chat_id, d = cq.message.chat.id, callback_data
    _ = service.t(cq.from_user.id)  # toasts: the presser's language
    changing = d.a in settings_flow.CHANGES
    if changing and not await service.people.may_configure(chat_id, cq.from_user.id):
        await answer(service, cq, Reply(_(ADMINS_ONLY)))
        return
    cs = await service.people.chat_rules(chat_id)
    if d.a == "langv":
        if not 0 <= d.v < len(LANGS):
            await answer(service, cq, Reply(_(STALE)))
            return
        await service.chats.set_lang(chat_id, LANGS[d.v])
        new, name = None, "home"
        done: str | None = language_set(service, chat_id)
    else:
        try:
            new, name, done = settings_flow.change(cs, d, host(service), _)
        except settings_flow.Refused as e:
            await answer(service, cq, Reply(str(e), alert=True))
            return
    if new is not None:
        await service.people.save_rules(chat_id, new)
        cs = new
    text, kb = settings_flow.page(name, cs, d, service.lang(chat_id), host(service),
                                  service.t(chat_id))
    key = ("settings", chat_id, cq.message.message_id)
    service.outbox.bind(key, cq.message.message_id)
    service.outbox.show(chat_id, key, text, kb)
    await answer(service, cq, Reply(done))


def language_set(service: Service, chat_id: int) -> str:
    """The toast of a language change, in the new language: it applies at once."""
    _ = service.t(chat_id)
    return _("Language: {lang}. The bot speaks it here from now on.").format(
        lang=LANG_NAMES[service.lang(chat_id)])


async def lang(message: Message, service: Service) -> None:
    text, kb = render.languages(service.t(message.chat.id))
    service.outbox.send(message.chat.id, text, kb)


async def on_lang(cq: CallbackQuery, callback_data: LangCB, service: Service) -> None:
    if cq.message is None or callback_data.code not in LANGS:
        await answer(service, cq, Reply())
        return
    chat_id = cq.message.chat.id
    if not await service.people.may_configure(chat_id, cq.from_user.id):
        await answer(service, cq, Reply(service.t(cq.from_user.id)(ADMINS_ONLY)))
        return
    await service.chats.set_lang(chat_id, callback_data.code)
    await answer(service, cq, Reply(language_set(service, chat_id)))

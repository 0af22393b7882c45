"""People and chats: who wrote where (names for seats; whether the bot may
message them), the language each chat is answered in, each chat's /settings,
and who may change them."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, Protocol

from bot.chat_settings import ChatSettings
from bot.core import Core
from bot.i18n import LANGS, Translator, normalize_lang, translator
from storage import repo

# The update being answered: (its sender's id, its chat's id). A group that
# never chose a language answers its sender in theirs; a user whose Telegram
# sends no language reads the chat they wrote in.
ANSWERING: ContextVar[tuple[int | None, int | None]] = ContextVar("answering",
                                                                 default=(None, None))


class UserLike(Protocol):
    """What the table reads of whoever pressed or wrote: aiogram's `User`
    (the handlers pass it on), or a stand-in of the gallery's or tests'."""

    @property
    def id(self) -> int: ...
    @property
    def is_bot(self) -> bool: ...
    @property
    def first_name(self) -> str: ...
    @property
    def username(self) -> str | None: ...
    @property
    def language_code(self) -> str | None: ...


class ChatLike(Protocol):
    """What the table reads of a chat: aiogram's `Chat`, or a stand-in."""

    @property
    def id(self) -> int: ...
    @property
    def type(self) -> str: ...
    @property
    def title(self) -> str | None: ...


class People:
    def __init__(self, core: Core) -> None:
        self.core = core
        self.users: dict[int, dict[str, Any]] = {}
        self.chats: dict[int, dict[str, Any]] = {}
        self.rules: dict[int, ChatSettings] = {}  # chat → its /settings

    async def load_people(self) -> None:
        for u in await self.core.storage.run(repo.all_users):
            self.users[u["id"]] = u
        for c in await self.core.storage.run(repo.chats_with_lang):
            self.chats[c["id"]] = c

    async def see(self, user: UserLike | None, chat: ChatLike | None) -> None:
        """Remember who wrote where (names for seats; started = may be messaged)."""
        storage = self.core.storage
        if chat is not None:  # its language (a private chat's /lang too) and title
            known = self.chats.get(chat.id)
            if known is None:
                known = await storage.run(repo.get_chat, chat.id) or {"id": chat.id}
                self.chats[chat.id] = known
            title = chat.title or ""
            if chat.type != "private" and known.get("title") != title:
                known["title"] = title
                await storage.run(repo.set_chat, chat.id, title=title)
        if user is None or user.is_bot:
            return
        started = 1 if chat is not None and chat.type == "private" else None
        old = self.users.get(user.id, {})
        new: dict[str, str | int | None] = {
            "first_name": user.first_name or "",
            "username": user.username or "",
            "lang": normalize_lang(user.language_code),
        }
        if started:
            new["started"] = 1
        elif "started" not in old:
            new["started"] = 0
        if any(old.get(k) != v for k, v in new.items()):
            self.users[user.id] = {**old, **new, "id": user.id}
            await storage.run(repo.set_user, user.id, **new)

    def started(self, user_id: int) -> bool:
        return bool(self.users.get(user_id, {}).get("started"))

    async def not_started(self, user_id: int) -> None:
        """The user blocked the bot: it may no longer write to them."""
        if user_id in self.users:
            self.users[user_id]["started"] = 0
            await self.core.storage.run(repo.set_user, user_id, started=0)

    @staticmethod
    @contextmanager
    def answering(user_id: int | None, chat_id: int | None) -> Iterator[None]:
        """While an update is handled: whom and where it is answered."""
        token = ANSWERING.set((user_id, chat_id))
        try:
            yield
        finally:
            ANSWERING.reset(token)

    def chosen(self, chat_id: int) -> str | None:
        """The language /lang or /settings chose in a chat (a group's first
        game chooses its creator's); None where nobody chose."""
        lang = (self.chats.get(chat_id) or {}).get("lang")
        return str(lang) if lang in LANGS else None

    def telegram_lang(self, user_id: int) -> str | None:
        lang = self.users.get(user_id, {}).get("lang")
        return str(lang) if lang in LANGS else None

    def lang(self, chat_id: int, where: int | None = None) -> str:
        """The language a chat is answered in (a user's id: their private chat
        and their toasts):
        - what /lang or /settings chose there;
        - a user: their Telegram language, else the language of the chat they
          are playing or writing in (`where`, else the update's chat);
        - a group that never chose (before its first game, see `Lobby.new_game`):
          the language of whoever wrote;
        - else the host's PAIJU_LANG. Never a language nobody asked for."""
        default = self.core.config.default_lang
        if (lang := self.chosen(chat_id)) is not None:
            return lang
        sender, chat = ANSWERING.get()
        if chat_id > 0:
            if (lang := self.telegram_lang(chat_id)) is not None:
                return lang
            where = chat if where is None else where
            if where is not None and where != chat_id:
                return self.chosen(where) or default
            return default
        if sender is not None and chat == chat_id:
            return self.chosen(sender) or self.telegram_lang(sender) or default
        return default

    async def default_group_lang(self, chat_id: int, user_id: int) -> None:
        """A group without a language takes its first game's creator's."""
        if chat_id > 0:
            return
        storage = self.core.storage
        chat = self.chats.get(chat_id) or await storage.run(repo.get_chat, chat_id) or {}
        if chat.get("lang") in LANGS:
            return
        lang = self.lang(user_id, chat_id)
        self.chats[chat_id] = {**chat, "id": chat_id, "lang": lang}
        await storage.run(repo.set_chat, chat_id, lang=lang)

    def t(self, chat_id: int, where: int | None = None) -> Translator:
        return translator(self.lang(chat_id, where))

    async def remember_lang(self, chat_id: int, lang: str) -> None:
        if lang not in LANGS:
            raise ValueError(lang)
        self.chats.setdefault(chat_id, {"id": chat_id})["lang"] = lang
        await self.core.storage.run(repo.set_chat, chat_id, lang=lang)

    def title(self, chat_id: int) -> str:
        return (self.chats.get(chat_id) or {}).get("title") or ""

    # -- /settings -------------------------------------------------------------
    async def chat_rules(self, chat_id: int) -> ChatSettings:
        cs = self.rules.get(chat_id)
        if cs is None:
            row = await self.core.storage.run(repo.get_chat_settings, chat_id)
            cs = ChatSettings.from_row(row)
            self.rules[chat_id] = cs
        return cs

    async def save_rules(self, chat_id: int, cs: ChatSettings) -> None:
        await self.core.storage.run(repo.set_chat_settings, chat_id, **cs.to_row())
        self.rules[chat_id] = cs

    async def may_configure(self, chat_id: int, user_id: int) -> bool:
        """Group admins and the creator of the chat's current sitting."""
        sitting_id = self.core.by_chat.get(chat_id)
        if sitting_id is not None and self.core.sittings[sitting_id].creator_id == user_id:
            return True
        return await self.is_admin(chat_id, user_id)

    async def is_admin(self, chat_id: int, user_id: int) -> bool:
        if chat_id > 0:
            return chat_id == user_id
        try:
            member = await self.core.bot.get_chat_member(chat_id, user_id)
        except Exception:
            return False
        return member.status in ("creator", "administrator")

    def deep_link(self, sitting_id: int) -> str:
        return f"https://t.me/{self.core.bot_username}?start=j{sitting_id}"

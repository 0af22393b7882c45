"""Setting up the fake world: users, groups, membership, what the bot may do."""

from __future__ import annotations

import time
from collections.abc import Iterable
from typing import Any

from .base import FakeState
from .models import FakeTelegramError
from .world import Group


class WorldSetup(FakeState):

    def add_user(self, user_id: int, first_name: str, *, username: str | None = None,
                 language_code: str | None = "zh-hans", started: bool = False,
                 last_name: str | None = None) -> dict:
        if user_id <= 0:
            raise FakeTelegramError("user ids are positive")
        user = {"id": user_id, "is_bot": False, "first_name": first_name}
        if language_code is not None:  # Telegram leaves it out when it does not know
            user["language_code"] = language_code
        if last_name:
            user["last_name"] = last_name
        if username:
            user["username"] = username
        self.world.users[user_id] = user
        if started:
            self.world.started.add(user_id)
        return dict(user)

    def add_group(self, chat_id: int, title: str, *, members: Iterable[int] = (),
                  admins: Iterable[int] = (), owner: int | None = None,
                  bot_is_admin: bool = False, type: str | None = None) -> dict:
        if chat_id >= 0:
            raise FakeTelegramError("group chat ids are negative")
        kind = type or ("supergroup" if chat_id <= -1_000_000_000_000 else "group")
        everyone = set(members) | set(admins) | ({owner} if owner is not None else set())
        for uid in everyone:
            if uid not in self.world.users:
                raise FakeTelegramError(f"add_user({uid}, ...) before adding them to a group")
        self.world.groups[chat_id] = Group(chat_id, title, kind, everyone, set(admins), owner,
                                           bot_is_admin)
        return self.world.chat_dict(chat_id)

    def add_member(self, chat_id: int, user_id: int, *, admin: bool = False) -> None:
        g = self._group(chat_id)
        if user_id not in self.world.users:
            raise FakeTelegramError(f"add_user({user_id}, ...) first")
        g.members.add(user_id)
        if admin:
            g.admins.add(user_id)

    def remove_member(self, chat_id: int, user_id: int) -> None:
        g = self._group(chat_id)
        g.members.discard(user_id)
        g.admins.discard(user_id)

    def set_started(self, user_id: int, started: bool = True) -> None:
        (self.world.started.add if started else self.world.started.discard)(user_id)

    def is_started(self, user_id: int) -> bool:
        return user_id in self.world.started

    def block_bot(self, user_id: int) -> None:
        """The user blocks the bot: sends to them get 403 'bot was blocked by the user'."""
        self.world.blocked.add(user_id)

    def migrate_group(self, chat_id: int, new_chat_id: int) -> dict:
        """The group is upgraded to a supergroup with a new id (members and
        admins move; message ids start again at 1). Calls to the old id get
        400 "group chat was upgraded to a supergroup chat" with
        parameters.migrate_to_chat_id (aiogram: TelegramMigrateToChat). The
        bot receives the two service messages (migrate_to/from_chat_id)."""
        g = self._group(chat_id)
        if new_chat_id in self.world.groups or new_chat_id > -1_000_000_000_000:
            raise FakeTelegramError("the new id must be a free supergroup id (-100...)")
        del self.world.groups[chat_id]
        g.id, g.type = new_chat_id, "supergroup"
        self.world.groups[new_chat_id] = g
        self.world.migrated[chat_id] = new_chat_id
        old_chat: dict[str, Any] = {"id": chat_id, "type": "group", "title": g.title}
        actor = self.world.user_dict(g.owner) if g.owner is not None else None
        for chat, key, value in ((old_chat, "migrate_to_chat_id", new_chat_id),
                                 (self.world.chat_dict(new_chat_id), "migrate_from_chat_id",
                                  chat_id)):
            msg: dict[str, Any] = {
                "message_id": self.world.next_message_id(int(chat["id"])),
                "date": int(time.time()),
                "chat": chat,
                key: value,
            }
            if actor is not None:
                msg["from"] = actor
            if self.queue is not None:
                self.queue.put("message", msg)
        return self.world.chat_dict(new_chat_id)

    def set_bot_admin(self, chat_id: int, admin: bool = True) -> None:
        self._group(chat_id).bot_is_admin = admin

    def kick_bot(self, chat_id: int) -> None:
        self._group(chat_id).bot_kicked = True

    def _group(self, chat_id: int) -> Group:
        g = self.world.groups.get(chat_id)
        if g is None:
            raise FakeTelegramError(f"no group {chat_id}: add_group first")
        return g

    def _check_can_act(self, user_id: int, chat_id: int) -> None:
        if user_id not in self.world.users:
            raise FakeTelegramError(f"unknown user {user_id}: add_user first")
        if chat_id > 0:
            if chat_id != user_id:
                raise FakeTelegramError(
                    f"user {user_id} cannot act in the private chat of user {chat_id}")
            return
        g = self._group(chat_id)
        if user_id not in g.members:
            raise FakeTelegramError(f"user {user_id} is not a member of group {chat_id}")


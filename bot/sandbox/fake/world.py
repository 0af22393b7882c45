"""The fake Telegram world: users, chats, membership and messages, and how
they look as Bot API objects (User, Chat, Message, ChatMember)."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from .models import ApiError, FakeMessage, bad_request


@dataclass
class Group:
    id: int
    title: str
    type: str  # "group" or "supergroup"
    members: set[int] = field(default_factory=set)
    admins: set[int] = field(default_factory=set)
    owner: int | None = None
    bot_is_admin: bool = False
    bot_kicked: bool = False


class World:
    def __init__(self, bot_user: dict):
        self.bot_user = bot_user
        self.users: dict[int, dict] = {}
        self.started: set[int] = set()
        self.blocked: set[int] = set()  # users who blocked the bot
        self.groups: dict[int, Group] = {}
        self.messages: dict[int, dict[int, FakeMessage]] = {}
        self._next_id: dict[int, int] = {}
        self.commands: dict[str, list] = {}  # setMyCommands by scope/lang key
        self.migrated: dict[int, int] = {}  # old group id -> its supergroup id

    # -- objects as the Bot API returns them ---------------------------------

    def user_dict(self, user_id: int) -> dict:
        if user_id == self.bot_user["id"]:
            return dict(self.bot_user)
        return dict(self.users[user_id])

    def chat_dict(self, chat_id: int) -> dict:
        if chat_id in self.groups:
            g = self.groups[chat_id]
            return {"id": g.id, "type": g.type, "title": g.title}
        u = self.users.get(chat_id)
        if u is None:
            raise bad_request("chat not found")
        chat = {"id": chat_id, "type": "private", "first_name": u["first_name"]}
        if u.get("username"):
            chat["username"] = u["username"]
        return chat

    def message_dict(self, m: FakeMessage) -> dict:
        d = {
            "message_id": m.message_id,
            "date": m.date,
            "chat": self.chat_dict(m.chat_id),
            "from": self.user_dict(m.sender_id),
        }
        captioned = m.photo is not None or m.document is not None
        if captioned:
            if m.text:
                d["caption"] = m.text
        else:
            d["text"] = m.text
        if m.entities:
            d["caption_entities" if captioned else "entities"] = [dict(e) for e in m.entities]
        if m.reply_markup is not None:
            d["reply_markup"] = m.reply_markup
        if m.edit_date is not None:
            d["edit_date"] = m.edit_date
        if m.document is not None:
            d["document"] = {"file_id": f"doc{m.chat_id}_{m.message_id}",
                             "file_unique_id": f"u{m.chat_id}_{m.message_id}",
                             "file_name": m.document["file_name"],
                             "file_size": len(m.document["content"])}
        if m.photo is not None:
            from .photos import photo_size
            d["photo"] = [photo_size(m.photo)]
        if m.reply_to is not None:
            replied = self.messages.get(m.chat_id, {}).get(m.reply_to)
            if replied is not None and replied.reply_to is None:
                d["reply_to_message"] = self.message_dict(replied)
        return d

    def member_dict(self, chat_id: int, user_id: int) -> dict:
        user = self.user_dict(user_id) if (user_id in self.users
                                           or user_id == self.bot_user["id"]) else None
        if user is None:
            raise bad_request("PARTICIPANT_ID_INVALID")
        g = self.groups.get(chat_id)
        if g is None:
            self.chat_dict(chat_id)  # 400 chat not found
            status = "member" if user_id in (chat_id, self.bot_user["id"]) else "left"
            return {"status": status, "user": user}
        if user_id == self.bot_user["id"]:
            if g.bot_kicked:
                return {"status": "kicked", "user": user, "until_date": 0}
            return _admin(user) if g.bot_is_admin else {"status": "member", "user": user}
        if user_id == g.owner:
            return {"status": "creator", "user": user, "is_anonymous": False}
        if user_id in g.admins:
            return _admin(user)
        if user_id in g.members:
            return {"status": "member", "user": user}
        return {"status": "left", "user": user}

    # -- chats and messages -------------------------------------------------

    def is_group(self, chat_id: int) -> bool:
        return chat_id in self.groups

    def require_chat(self, chat_id: Any) -> int:
        if not isinstance(chat_id, int) or isinstance(chat_id, bool):
            raise bad_request("chat not found")
        if chat_id in self.migrated:
            raise ApiError(400, "Bad Request: group chat was upgraded to a supergroup chat",
                           {"migrate_to_chat_id": self.migrated[chat_id]})
        if chat_id not in self.groups and chat_id not in self.users:
            raise bad_request("chat not found")
        return chat_id

    def new_message(self, chat_id: int, sender_id: int, text: str, entities: list,
                    reply_markup: dict | None, *, silent: bool = False,
                    reply_to: int | None = None) -> FakeMessage:
        mid = self.next_message_id(chat_id)
        m = FakeMessage(
            message_id=mid, chat_id=chat_id, text=text, reply_markup=reply_markup,
            from_bot=sender_id == self.bot_user["id"], edits=0, date=int(time.time()),
            sender_id=sender_id, entities=entities, silent=silent, reply_to=reply_to,
        )
        self.messages.setdefault(chat_id, {})[mid] = m
        return m

    def next_message_id(self, chat_id: int) -> int:
        """Message ids count 1, 2, 3 ... per chat, whoever sends."""
        mid = self._next_id.get(chat_id, 0) + 1
        self._next_id[chat_id] = mid
        return mid

    def get_message(self, chat_id: int, message_id: Any) -> FakeMessage | None:
        m = self.messages.get(chat_id, {}).get(message_id)
        return None if m is None or m.deleted else m


def _admin(user: dict) -> dict:
    rights = dict.fromkeys(
        ("can_manage_chat", "can_delete_messages", "can_manage_video_chats",
         "can_restrict_members", "can_change_info", "can_invite_users",
         "can_post_stories", "can_edit_stories", "can_delete_stories",
         "can_pin_messages", "can_send_welcome_messages"),
        True,
    )
    return {"status": "administrator", "user": user, "can_be_edited": False,
            "is_anonymous": False, "can_promote_members": False, **rights}

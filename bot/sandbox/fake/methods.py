"""Bot API method handlers: (fake, params, now) -> result or raise ApiError."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import photos
from .markup import check_markup, check_start_url
from .models import ApiError, FakeMessage, bad_request
from .text import parse_text, utf16_len

if TYPE_CHECKING:
    from .telegram import FakeTelegram

MAX_ALERT = 200
QUERY_INVALID = "query is too old and response timeout expired or query ID is invalid"
# Calls that count towards flood limits (sends and edits of messages).
COUNTED = frozenset({"sendMessage", "sendDocument", "sendPhoto", "editMessageText",
                     "editMessageReplyMarkup", "editMessageMedia", "editMessageCaption"})


def _chat(tg: FakeTelegram, p: dict) -> int:
    if "chat_id" not in p:
        raise bad_request("chat_id is empty")
    return tg.world.require_chat(p["chat_id"])


def _can_write(tg: FakeTelegram, chat_id: int) -> None:
    """403 like Telegram for users who never started (or blocked) the bot."""
    w = tg.world
    if chat_id in w.groups:
        if w.groups[chat_id].bot_kicked:
            raise ApiError(403, "Forbidden: bot was kicked from the group chat")
        return
    if chat_id in w.blocked:
        raise ApiError(403, "Forbidden: bot was blocked by the user")
    if chat_id not in w.started:
        raise ApiError(403, "Forbidden: bot can't initiate conversation with a user")


def _text(p: dict) -> tuple[str, list]:
    if "text" not in p or p["text"] in (None, ""):
        raise bad_request("message text is empty")
    plain, ents = parse_text(p["text"], p.get("parse_mode"), p.get("entities"))
    if not plain:
        raise bad_request("message text is empty")
    if utf16_len(plain) > 4096:
        raise bad_request("message is too long")
    return plain, ents


def _message_id(p: dict) -> int:
    if "inline_message_id" in p:
        raise bad_request("inline messages are not supported by the fake")
    mid = p.get("message_id")
    if not isinstance(mid, int) or isinstance(mid, bool):
        raise bad_request("message identifier is not specified")
    return mid


# -- bot and session ----------------------------------------------------------


def get_me(tg: FakeTelegram, p: dict, now: float) -> Any:
    return {**tg.world.bot_user, "can_join_groups": True,
            "can_read_all_group_messages": not tg.privacy_mode,
            "supports_inline_queries": False}


def true(tg: FakeTelegram, p: dict, now: float) -> Any:
    return True


def delete_webhook(tg: FakeTelegram, p: dict, now: float) -> Any:
    if p.get("drop_pending_updates"):
        tg.queue.drop_pending()
    return True


def get_webhook_info(tg: FakeTelegram, p: dict, now: float) -> Any:
    return {"url": "", "has_custom_certificate": False,
            "pending_update_count": len(tg.queue.pending())}


def set_my_commands(tg: FakeTelegram, p: dict, now: float) -> Any:
    cmds = p.get("commands")
    if not isinstance(cmds, list):
        raise bad_request("commands must be an array")
    for c in cmds:
        if not (isinstance(c, dict) and 1 <= len(c.get("command", "")) <= 32
                and 1 <= len(c.get("description", "")) <= 256):
            raise bad_request("BOT_COMMAND_INVALID")
    tg.world.commands[_scope_key(p)] = cmds
    return True


def get_my_commands(tg: FakeTelegram, p: dict, now: float) -> Any:
    return tg.world.commands.get(_scope_key(p), [])


def delete_my_commands(tg: FakeTelegram, p: dict, now: float) -> Any:
    tg.world.commands.pop(_scope_key(p), None)
    return True


def _scope_key(p: dict) -> str:
    scope = p.get("scope") or {"type": "default"}
    return f"{scope.get('type')}:{scope.get('chat_id', '')}:{p.get('language_code', '')}"


# -- messages -----------------------------------------------------------------


def send_message(tg: FakeTelegram, p: dict, now: float) -> Any:
    chat_id = _chat(tg, p)
    plain, ents = _text(p)
    markup = check_markup(p.get("reply_markup"))
    _can_write(tg, chat_id)
    reply = p.get("reply_parameters") or (
        {"message_id": p["reply_to_message_id"]} if "reply_to_message_id" in p else None)
    replied = None
    if reply:
        replied = tg.world.get_message(chat_id, reply.get("message_id"))
        if replied is None and not reply.get("allow_sending_without_reply"):
            raise bad_request("message to be replied not found")
    tg.rate(chat_id, now)
    m = tg.world.new_message(chat_id, tg.bot_id, plain, ents, markup,
                             silent=bool(p.get("disable_notification")),
                             reply_to=replied.message_id if replied else None)
    return tg.world.message_dict(m)


def send_document(tg: FakeTelegram, p: dict, now: float) -> Any:
    """*ext*: an uploaded file (multipart); the message's text is the caption."""
    chat_id = _chat(tg, p)
    content, name = p.get("document"), "file"
    if isinstance(content, str) and content.startswith("attach://"):
        key = content.removeprefix("attach://")
        content, name = p.get(key), p.get("__filenames__", {}).get(key) or name
    if not isinstance(content, bytes):
        raise bad_request("there is no document in the request")
    caption = p.get("caption") or ""
    if utf16_len(caption) > 1024:
        raise bad_request("message caption is too long")
    _can_write(tg, chat_id)
    tg.rate(chat_id, now)
    m = tg.world.new_message(chat_id, tg.bot_id, caption, [], check_markup(p.get("reply_markup")))
    m.document = {"file_name": name, "content": content}
    return tg.world.message_dict(m)


def _editable(tg: FakeTelegram, p: dict) -> tuple[int, FakeMessage]:
    chat_id = _chat(tg, p)
    mid = _message_id(p)
    m = tg.world.get_message(chat_id, mid)
    if m is None:
        raise bad_request("message to edit not found")
    if not m.from_bot:
        raise bad_request("message can't be edited")
    return chat_id, m


def _apply_edit(tg: FakeTelegram, chat_id: int, m: FakeMessage, text: str, ents: list,
                markup: dict | None, now: float) -> dict:
    if text == m.text and ents == m.entities and markup == m.reply_markup:
        raise bad_request(
            "message is not modified: specified new message content and reply markup are "
            "exactly the same as a current content and reply markup of the message")
    _can_write(tg, chat_id)
    tg.rate(chat_id, now)
    return photos.record_edit(tg, m, text, ents, markup)


def edit_message_text(tg: FakeTelegram, p: dict, now: float) -> Any:
    chat_id, m = _editable(tg, p)
    _can_write(tg, chat_id)  # a user who blocked the bot: edits get the 403 too
    if m.photo is not None or m.document is not None:
        raise bad_request("there is no text in the message to edit")
    plain, ents = _text(p)
    # Like Telegram: an edit without reply_markup removes the inline keyboard.
    markup = check_markup(p.get("reply_markup"))
    return _apply_edit(tg, chat_id, m, plain, ents, markup, now)


def edit_message_reply_markup(tg: FakeTelegram, p: dict, now: float) -> Any:
    chat_id, m = _editable(tg, p)
    _can_write(tg, chat_id)
    markup = check_markup(p.get("reply_markup"))
    return _apply_edit(tg, chat_id, m, m.text, m.entities, markup, now)


def delete_message(tg: FakeTelegram, p: dict, now: float) -> Any:
    chat_id = _chat(tg, p)
    m = tg.world.get_message(chat_id, _message_id(p))
    if m is None:
        raise bad_request("message to delete not found")
    group = tg.world.groups.get(chat_id)
    if not m.from_bot and group is not None and not group.bot_is_admin:
        raise bad_request("message can't be deleted")
    m.deleted = True
    return True


def delete_messages(tg: FakeTelegram, p: dict, now: float) -> Any:
    chat_id = _chat(tg, p)
    ids = p.get("message_ids")
    if not isinstance(ids, list) or not 1 <= len(ids) <= 100:
        raise bad_request("message_ids must be a non-empty array of at most 100 ids")
    found = False
    for mid in ids:
        m = tg.world.get_message(chat_id, mid)
        if m is not None and (m.from_bot or chat_id not in tg.world.groups
                              or tg.world.groups[chat_id].bot_is_admin):
            m.deleted = found = True
    if not found:
        raise bad_request("message to delete not found")
    return True


def send_chat_action(tg: FakeTelegram, p: dict, now: float) -> Any:
    chat_id = _chat(tg, p)
    _can_write(tg, chat_id)
    return True


def pin_chat_message(tg: FakeTelegram, p: dict, now: float) -> Any:
    chat_id = _chat(tg, p)
    if tg.world.get_message(chat_id, _message_id(p)) is None:
        raise bad_request("message to pin not found")
    group = tg.world.groups.get(chat_id)
    if group is not None and not group.bot_is_admin:
        raise bad_request("not enough rights to manage pinned messages in the chat")
    return True


def unpin_chat_message(tg: FakeTelegram, p: dict, now: float) -> Any:
    _chat(tg, p)
    return True


# -- callbacks ------------------------------------------------------------------


def answer_callback_query(tg: FakeTelegram, p: dict, now: float) -> Any:
    qid = str(p.get("callback_query_id", ""))
    q = tg.callbacks.get(qid)
    if q is None or q.answer is not None or now - q.t > tg.answer_timeout:
        raise bad_request(QUERY_INVALID)
    text = p.get("text")
    if text is not None and utf16_len(str(text)) > MAX_ALERT:
        raise bad_request("MESSAGE_TOO_LONG")
    url = p.get("url")
    if url:
        check_start_url(str(url), tg.bot_username)
    q.answer = {"callback_query_id": qid, "text": text,
                "show_alert": bool(p.get("show_alert", False)), "url": url,
                "cache_time": int(p.get("cache_time") or 0)}
    q.answered_t = now
    if not q.future.done():
        q.future.set_result(q.answer)
    return True


# -- chats and members -----------------------------------------------------------


def get_chat(tg: FakeTelegram, p: dict, now: float) -> Any:
    chat_id = _chat(tg, p)
    d = tg.world.chat_dict(chat_id)
    d.update({"accent_color_id": 0, "max_reaction_count": 11,
              "accepted_gift_types": {"unlimited_gifts": False, "limited_gifts": False,
                                      "unique_gifts": False, "premium_subscription": False,
                                      "gifts_from_channels": False}})
    return d


def get_chat_member(tg: FakeTelegram, p: dict, now: float) -> Any:
    chat_id = _chat(tg, p)
    user_id = p.get("user_id")
    if not isinstance(user_id, int):
        raise bad_request("user_id is empty")
    return tg.world.member_dict(chat_id, user_id)


def get_chat_administrators(tg: FakeTelegram, p: dict, now: float) -> Any:
    chat_id = _chat(tg, p)
    g = tg.world.groups.get(chat_id)
    if g is None:
        raise bad_request("there are no administrators in the private chat")
    ids = ([g.owner] if g.owner is not None else []) + sorted(g.admins - {g.owner})
    if g.bot_is_admin:
        ids.append(tg.bot_id)
    return [tg.world.member_dict(chat_id, uid) for uid in ids]


def get_chat_member_count(tg: FakeTelegram, p: dict, now: float) -> Any:
    chat_id = _chat(tg, p)
    g = tg.world.groups.get(chat_id)
    if g is None:
        return 2
    return len(g.members | g.admins | ({g.owner} if g.owner else set())) + 1


async def get_updates(tg: FakeTelegram, p: dict, now: float) -> Any:
    return await tg.queue.get(p)


METHODS: dict[str, Any] = {
    "getMe": get_me,
    "getUpdates": get_updates,
    "logOut": true,
    "close": true,
    "deleteWebhook": delete_webhook,
    "getWebhookInfo": get_webhook_info,
    "setMyCommands": set_my_commands,
    "getMyCommands": get_my_commands,
    "deleteMyCommands": delete_my_commands,
    "setMyDescription": true,
    "setMyShortDescription": true,
    "setMyName": true,
    "setChatMenuButton": true,
    "sendMessage": send_message,
    "sendDocument": send_document,
    "sendPhoto": photos.send_photo,
    "editMessageMedia": photos.edit_message_media,
    "editMessageCaption": photos.edit_message_caption,
    "editMessageText": edit_message_text,
    "editMessageReplyMarkup": edit_message_reply_markup,
    "deleteMessage": delete_message,
    "deleteMessages": delete_messages,
    "sendChatAction": send_chat_action,
    "pinChatMessage": pin_chat_message,
    "unpinChatMessage": unpin_chat_message,
    "answerCallbackQuery": answer_callback_query,
    "getChat": get_chat,
    "getChatMember": get_chat_member,
    "getChatAdministrators": get_chat_administrators,
    "getChatMemberCount": get_chat_member_count,
}
CANONICAL = {name.lower(): name for name in METHODS}

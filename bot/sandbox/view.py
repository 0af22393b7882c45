"""What the page shows, as one JSON-ready dict: the group and each person's
private chat as Telegram shows them (messages with their formatting,
buttons, photos; deleted ones gone), toasts, the command menu, the state of
the bot, the faults still to come and the calls behind the rate meter.

The page gets this whole after every change and redraws only what differs
(each message carries `rev`, which changes whenever the message does)."""

from __future__ import annotations

import time
import zlib
from typing import Any

from bot.sandbox.fake import Call, FakeMessage
from bot.sandbox.fake.methods import COUNTED
from bot.sandbox.fake.text import command_entities
from bot.sandbox.host import GROUP, Sandbox

SHOWN = 100  # newest messages of a chat the page keeps
TOASTS = 20
METER_WINDOW = 61.0  # seconds of calls the meter needs (the group's minute)


def snapshot(sb: Sandbox) -> dict[str, Any]:
    tg = sb.tg
    people = sb.people()
    group = tg.world.groups.get(GROUP)
    lc = _menu_lang(tg.world.users[people[0]]["language_code"]) if people else ""
    return {
        "bot": {"name": tg.world.bot_user["first_name"], "username": tg.bot_username,
                "status": sb.status, "restartable": sb.restartable()},
        "group": {"id": GROUP, "title": group.title if group else "",
                  "members": sorted(group.members) if group else [],
                  "messages": messages(sb, GROUP),
                  "menu": menu(sb, "all_group_chats", GROUP, lc)},
        "people": [person(sb, uid) for uid in people],
        "toasts": toasts(sb),
        "pressing": pressing(sb),
        "failing": sb.failing(),
        "meter": meter(sb),
        "lobby": sb.lobby_open(),
    }


def person(sb: Sandbox, uid: int) -> dict[str, Any]:
    tg = sb.tg
    user = tg.world.users[uid]
    return {
        "id": uid, "name": user["first_name"], "started": tg.is_started(uid),
        "link": sb.links.get(uid), "messages": messages(sb, uid),
        "menu": menu(sb, "all_private_chats", uid, _menu_lang(user["language_code"])),
    }


def messages(sb: Sandbox, chat_id: int) -> list[dict[str, Any]]:
    return [message(sb, m) for m in sb.tg.messages(chat_id)[-SHOWN:]]


def message(sb: Sandbox, m: FakeMessage) -> dict[str, Any]:
    tg = sb.tg
    sender = tg.world.user_dict(m.sender_id) if (
        m.from_bot or m.sender_id in tg.world.users) else {"first_name": "?"}
    rows = (m.reply_markup or {}).get("inline_keyboard", [])
    out: dict[str, Any] = {
        "id": m.message_id,
        "from": m.sender_id,
        "name": sender["first_name"],
        "bot": m.from_bot,
        "text": m.text,
        "entities": entities(m),
        "buttons": [[{k: b[k] for k in ("text", "callback_data", "url") if k in b}
                     for b in row] for row in rows],
        "edited": m.edit_date is not None,
        "date": m.date,
        "reply_to": m.reply_to,
    }
    for kind in ("photo", "document"):
        media = getattr(m, kind, None)
        if media:
            out[kind] = {"name": media.get("file_name") or kind,
                         "url": f"/api/file/{m.chat_id}/{m.message_id}/{kind}",
                         "size": len(media.get("content") or b"")}
            if kind == "photo":  # the page keeps its place before the picture loads
                out[kind] |= {"width": media.get("width"), "height": media.get("height")}
    out["rev"] = zlib.crc32(repr((m.text, m.entities, rows, m.edits,
                                  out.get("photo"), out.get("document"))).encode())
    return out


def entities(m: FakeMessage) -> list[dict[str, Any]]:
    """The message's entities, and the /commands in its text that no entity
    covers: Telegram finds those itself and shows them as links a tap sends."""
    ents = list(m.entities or [])
    if not m.text:
        return ents
    taken = [(e["offset"], e["offset"] + e["length"]) for e in ents]
    for c in command_entities(m.text):
        start, end = c["offset"], c["offset"] + c["length"]
        if not any(a < end and start < b for a, b in taken):
            ents.append(c)
    return ents


def media(sb: Sandbox, chat_id: int, message_id: int, kind: str) -> tuple[bytes, str] | None:
    """The bytes of a message's photo or document and their content type."""
    m = sb.tg.message(chat_id, message_id)
    item = getattr(m, kind, None) if m is not None and kind in ("photo", "document") else None
    if not item or not isinstance(item.get("content"), bytes):
        return None
    content = item["content"]
    return content, _content_type(content, str(item.get("file_name") or ""))


def _content_type(content: bytes, name: str) -> str:
    if content.startswith(b"\x89PNG"):
        return "image/png"
    if content.startswith(b"\xff\xd8"):
        return "image/jpeg"
    if content[:4] == b"RIFF" and content[8:12] == b"WEBP":
        return "image/webp"
    if name.endswith((".json", ".txt", ".md")):
        return "text/plain; charset=utf-8"
    return "application/octet-stream"


def toasts(sb: Sandbox) -> list[dict[str, Any]]:
    """The bot's answers that showed something (a toast or an alert), newest last."""
    answered = [q for q in sb.tg.callbacks.values() if q.answer and q.answer.get("text")]
    answered.sort(key=lambda q: q.answered_t or 0.0)
    return [{"id": q.id, "user": q.user_id, "chat": q.chat_id, "message": q.message_id,
             "text": q.answer["text"], "alert": q.answer["show_alert"]}
            for q in answered[-TOASTS:] if q.answer]


def pressing(sb: Sandbox) -> list[dict[str, Any]]:
    """Taps the bot has not answered yet (the button shows it is waiting)."""
    now = time.monotonic()
    return [{"user": q.user_id, "chat": q.chat_id, "message": q.message_id, "data": q.data}
            for q in sb.tg.callbacks.values()
            if q.answer is None and now - q.t < sb.tg.answer_timeout]


def menu(sb: Sandbox, scope: str, chat_id: int, lang: str) -> list[dict[str, str]]:
    """The command menu Telegram shows in this chat to someone of this
    language: the most specific scope and language the bot set."""
    commands = sb.tg.world.commands
    for key in (f"chat:{chat_id}:{lang}", f"chat:{chat_id}:", f"{scope}::{lang}", f"{scope}::",
                f"default::{lang}", "default::"):
        if commands.get(key):
            return [{"command": c["command"], "description": c["description"]}
                    for c in commands[key]]
    return []


def _menu_lang(language_code: str) -> str:
    """Telegram's menus are per two-letter language: zh-hans → zh."""
    return (language_code or "").split("-")[0].lower()


def unchanged(call: Call) -> bool:
    """An edit to what the message already shows: Telegram answers 400 "message
    is not modified" and the bot takes it as done (a restarted bot cannot
    know what its messages show), so the meter does not call it a failure."""
    return call.error_code == 400 and "message is not modified" in (call.description or "")


def meter(sb: Sandbox) -> dict[str, Any]:
    """The limits and the calls of the last minute, [age s, chat, ok, error
    code, counted]: the page counts the windows itself as time passes."""
    tg = sb.tg
    now = time.monotonic()
    lim = tg.limits
    calls = [[round(now - c.t, 3), c.chat_id, c.ok or unchanged(c), c.error_code,
              c.method in COUNTED]
             for c in tg.calls_since(now - METER_WINDOW)
             if c.method != "getUpdates"]
    return {"per_second": lim.overall_per_second, "group_per_minute": lim.group_per_minute,
            "chat_per_second": lim.chat_rate, "enforced": lim.enabled, "calls": calls}

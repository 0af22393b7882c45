"""reply_markup validation and inline buttons, with Telegram's limits."""

from __future__ import annotations

import re
from typing import Any

from .models import Button, bad_request

MAX_BUTTONS = 100
MAX_CALLBACK_DATA = 64  # bytes
_ACTIONS = ("url", "callback_data", "switch_inline_query", "switch_inline_query_current_chat",
            "switch_inline_query_chosen_chat", "web_app", "login_url", "callback_game",
            "pay", "copy_text")
_URL_RE = re.compile(r"^(https?|tg)://[^\s]+$|^t\.me/[^\s]+$", re.I)


def check_markup(markup: Any) -> dict | None:
    """Validate reply_markup; return it if it is an inline keyboard (the only
    kind a Message shows), else None."""
    if markup is None:
        return None
    if not isinstance(markup, dict):
        raise bad_request("can't parse reply keyboard markup JSON object")
    if "inline_keyboard" not in markup:
        if not any(k in markup for k in ("keyboard", "remove_keyboard", "force_reply")):
            raise bad_request("can't parse reply keyboard markup JSON object")
        return None
    rows = markup["inline_keyboard"]
    if not isinstance(rows, list) or not all(isinstance(r, list) for r in rows):
        raise bad_request("field \"inline_keyboard\" of the InlineKeyboardMarkup must be an "
                          "Array of Arrays")
    count = 0
    for row in rows:
        for b in row:
            count += 1
            _check_button(b)
    if count > MAX_BUTTONS:
        raise bad_request("reply markup is too long")
    return markup


def _check_button(b: Any) -> None:
    if not isinstance(b, dict) or not isinstance(b.get("text"), str):
        raise bad_request("can't find field \"text\"")
    if not b["text"].strip():
        raise bad_request("BUTTON_TEXT_INVALID")  # our best guess at the wording
    actions = [k for k in _ACTIONS if k in b]
    if not actions:
        raise bad_request("text buttons are unallowed in the inline keyboard")
    if len(actions) > 1:
        raise bad_request("BUTTON_TYPE_INVALID")
    if "callback_data" in b:
        data = b["callback_data"]
        if not isinstance(data, str) or not 1 <= len(data.encode("utf-8")) <= MAX_CALLBACK_DATA:
            raise bad_request("BUTTON_DATA_INVALID")
    if "url" in b and not (isinstance(b["url"], str) and _URL_RE.match(b["url"])):
        raise bad_request("BUTTON_URL_INVALID")


def inline_buttons(markup: dict | None) -> list[Button]:
    if not markup:
        return []
    return [
        Button(b.get("text", ""), b.get("callback_data"), b.get("url"), r, c)
        for r, row in enumerate(markup.get("inline_keyboard", []))
        for c, b in enumerate(row)
    ]


def check_start_url(url: str, bot_username: str) -> None:
    """answerCallbackQuery url: only t.me/<bot>?start=<payload> deep links
    (payload 0-64 of A-Z a-z 0-9 _ -)."""
    m = re.fullmatch(r"(?:https?://)?t\.me/([A-Za-z0-9_]+)\?start=([A-Za-z0-9_-]{0,64})", url)
    if not m or m.group(1).lower() != bot_username.lower():
        raise bad_request("URL_INVALID")

"""Decode a Bot API request body the way api.telegram.org does.

aiogram's AiohttpSession posts multipart/form-data: strings go as-is, every
other value (ints, bools, reply_markup, entities, allowed_updates ...) is
JSON-encoded. Plain JSON bodies, urlencoded forms and query strings work too.
"""

from __future__ import annotations

import json
from typing import Any

from aiohttp import web

# Parameters that are strings in the Bot API: never JSON-decode them, so that
# a message text "123" or "true" stays a string.
STRING_PARAMS = frozenset(
    {
        "text",
        "caption",
        "parse_mode",
        "callback_query_id",
        "inline_message_id",
        "url",
        "title",
        "description",
        "short_description",
        "name",
        "action",
        "language_code",
        "business_connection_id",
        "secret_token",
        "emoji",
        "custom_title",
        "query",
    }
)


def decode_value(key: str, value: Any) -> Any:
    if not isinstance(value, str) or key in STRING_PARAMS:
        return value
    try:
        return json.loads(value)
    except ValueError:
        return value  # e.g. chat_id "@channelname"


async def read_params(request: web.Request) -> dict[str, Any]:
    params: dict[str, Any] = {k: decode_value(k, v) for k, v in request.query.items()}
    if request.method != "POST" or not request.can_read_body:
        return _ids_as_ints(params)
    ctype = request.content_type
    if ctype == "application/json":
        body = await request.json()
        if not isinstance(body, dict):
            raise ValueError("JSON body must be an object")
        params.update(body)
    elif ctype in ("application/x-www-form-urlencoded", "multipart/form-data"):
        form = await request.post()
        for key, value in form.items():
            if isinstance(value, web.FileField):
                params[key] = value.file.read()
                params.setdefault("__filenames__", {})[key] = value.filename  # *ext*
            else:
                params[key] = decode_value(key, value)
    return _ids_as_ints(params)


_ID_PARAMS = ("chat_id", "user_id", "message_id", "from_chat_id", "offset", "limit", "timeout")


def _ids_as_ints(params: dict[str, Any]) -> dict[str, Any]:
    """Telegram accepts numeric strings for integer parameters."""
    for key in _ID_PARAMS:
        v = params.get(key)
        if isinstance(v, str) and v.lstrip("-").isdigit():
            params[key] = int(v)
    return params

"""Records the fake Telegram server keeps: messages, buttons, calls, errors."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


class FakeTelegramError(Exception):
    """A test asked the fake world for something impossible (e.g. pressing a
    button that is not on the message)."""


class ApiError(Exception):
    """A Bot API error reply: {"ok": false, "error_code", "description", "parameters"}."""

    def __init__(self, error_code: int, description: str, parameters: dict | None = None):
        super().__init__(f"{error_code} {description}")
        self.error_code = error_code
        self.description = description
        self.parameters = parameters

    def body(self) -> dict:
        body: dict[str, Any] = {
            "ok": False,
            "error_code": self.error_code,
            "description": self.description,
        }
        if self.parameters:
            body["parameters"] = self.parameters
        return body


def bad_request(reason: str) -> ApiError:
    return ApiError(400, f"Bad Request: {reason}")


@dataclass
class FakeMessage:
    message_id: int
    chat_id: int
    text: str
    reply_markup: dict | None
    from_bot: bool
    edits: int
    date: int
    # additive extensions
    sender_id: int = 0
    entities: list[dict] = field(default_factory=list)
    deleted: bool = False
    edit_date: int | None = None
    history: list[str] = field(default_factory=list)  # earlier texts, oldest first
    silent: bool = False  # sent with disable_notification
    reply_to: int | None = None  # message_id this one replies to
    document: dict | None = None  # sendDocument: {"file_name", "content" (bytes)}
    photo: dict | None = None  # sendPhoto: {"file_id", "content" (bytes), "width", "height"}


@dataclass(frozen=True)
class Button:
    text: str
    callback_data: str | None
    url: str | None
    row: int
    col: int


@dataclass
class Call:
    t: float  # time.monotonic() when the server handled it (after any injected delay)
    method: str  # canonical Bot API spelling, e.g. "sendMessage"
    params: dict
    chat_id: int | None
    ok: bool
    error_code: int | None
    # additive extensions
    description: str | None = None
    result: Any = None

"""Injecting faults: 429s, other errors, delays, dropped connections."""

from __future__ import annotations

import random

from .base import FakeState
from .limits import Fault
from .models import ApiError

_EDITS = ("edittext", "editmessagetext", "editmessagereplymarkup", "editmessagemedia",
          "editmessagecaption")
_EDIT_ERRORS = (
    "Bad Request: message to edit not found",
    "Bad Request: message is not modified: specified new message content and reply markup "
    "are exactly the same as a current content and reply markup of the message",
)


class FaultInjection(FakeState):
    faults: list[Fault]
    # random faults (random_faults): probability per call, their generator, how many so far
    chaos_rate: float = 0.0
    chaos_rng: random.Random | None = None
    faults_injected: int = 0

    def random_faults(self, rate: float, seed: int = 0) -> None:
        """From now on every call that targets a chat fails with probability
        `rate` (0 stops): a 429 (retry_after 1, with its flood wait), a 500, a
        dropped connection (the call took effect or not), a 0.3 s delay, and
        on edits also "message to edit not found" or "message is not
        modified". Faults queued with inject_* come first.
        `faults_injected` counts the random ones."""
        self.chaos_rate = rate
        self.chaos_rng = random.Random(seed)

    def _random_fault(self, method: str, chat_id: int | None) -> Fault | None:
        rng = self.chaos_rng
        if chat_id is None or rng is None or rng.random() >= self.chaos_rate:
            return None
        kinds = ["429", "500", "drop", "drop_after", "delay"]
        if method.lower() in _EDITS:
            kinds += ["edit_error", "edit_error"]
        kind = rng.choice(kinds)
        self.faults_injected += 1
        if kind == "429":
            err = ApiError(429, "Too Many Requests: retry after 1", {"retry_after": 1})
            return Fault(None, chat_id, err, 0, flood=1)
        if kind == "500":
            return Fault(None, chat_id, ApiError(500, "Internal Server Error"), 0)
        if kind == "edit_error":
            return Fault(None, chat_id, ApiError(400, rng.choice(_EDIT_ERRORS)), 0)
        if kind == "delay":
            return Fault(None, chat_id, None, 0, kind="delay", seconds=0.3)
        return Fault(None, chat_id, None, 0, kind="drop", after=kind == "drop_after")

    def inject_429(self, *, method: str | None = None, chat_id: int | None = None,
                   retry_after: int = 1, times: int = 1) -> None:
        """The next `times` matching calls get 429 with parameters.retry_after;
        each also puts the chat into flood wait for retry_after seconds (a send
        or edit retried sooner gets 429 again). method=None matches any call
        that targets a chat."""
        err = ApiError(429, f"Too Many Requests: retry after {retry_after}",
                       {"retry_after": retry_after})
        self.faults.append(Fault(method.lower() if method else None, chat_id, err, times,
                                 flood=retry_after))

    def inject_error(self, *, method: str | None = None, chat_id: int | None = None,
                     error_code: int = 500, description: str = "Internal Server Error",
                     parameters: dict | None = None, times: int = 1) -> None:
        """The next `times` matching calls fail with this error."""
        self.faults.append(Fault(method.lower() if method else None, chat_id,
                                 ApiError(error_code, description, parameters), times))

    def inject_delay(self, *, method: str | None = None, chat_id: int | None = None,
                     seconds: float = 1.0, times: int = 1) -> None:
        """The next `times` matching calls are answered `seconds` late (they
        take effect after the delay; Call.t stays the arrival time)."""
        self.faults.append(Fault(method.lower() if method else None, chat_id, None, times,
                                 kind="delay", seconds=seconds))

    def inject_disconnect(self, *, method: str | None = None, chat_id: int | None = None,
                          after: bool = False, times: int = 1) -> None:
        """The next `times` matching calls lose their connection with no reply
        (aiogram raises TelegramNetworkError). after=False: the call never took
        effect; after=True: it did (e.g. the message was sent), only the reply
        is lost. Recorded with ok=False / ok=True and a description."""
        self.faults.append(Fault(method.lower() if method else None, chat_id, None, times,
                                 kind="drop", after=after))

"""Injecting faults: 429s, other errors, delays, dropped connections."""

from __future__ import annotations

from .limits import Fault
from .models import ApiError


class FaultInjection:
    faults: list[Fault]

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

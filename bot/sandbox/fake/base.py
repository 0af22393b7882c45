"""What the FakeTelegram mixins share: the state `FakeTelegram.__init__`
sets, and the methods one mixin calls on another, declared once so each
mixin type-checks on its own."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .actions import PendingCallback
    from .limits import Fault, RateLimits
    from .models import Call
    from .updates import UpdateQueue
    from .world import World


class FakeState:
    token: str
    bot_id: int
    bot_username: str
    privacy_mode: bool
    answer_timeout: float
    limits: RateLimits
    world: World
    queue: UpdateQueue  # None until start(): user actions check `_require_started_server`
    callbacks: dict[str, PendingCallback]
    faults: list[Fault]
    watchers: list[Any]
    listeners: list[Any]
    _calls: list[Call]
    _next_query: int

    if TYPE_CHECKING:
        def _check_can_act(self, user_id: int, chat_id: int) -> None: ...

        def calls(self, method: str | None = None,
                  chat_id: int | None = None) -> list[Call]: ...

"""When a hand is over for the bot, and what it scores.

A hand is over when the engine says so, and also when nobody may act: no
button and no timer could ever move it on (a deal over when dealt, or an
engine bug). Such a hand is scored at once so the table never hangs."""

from __future__ import annotations

import logging

from games.base import State

log = logging.getLogger(__name__)


def stuck(state: State) -> bool:
    """Nothing can move this hand on: score it."""
    return state.is_over() or not state.to_act()


def net(state: State) -> list[int]:
    """Per-seat points of a scored hand. A hand nobody can move on that the
    engine does not call over is void (流局): nobody wins or loses."""
    if state.is_over():
        return list(state.result().net)
    log.error("a hand with nobody to act is not over (turn %s): void, 0 each", state.turn)
    return [0] * state.seats

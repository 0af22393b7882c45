"""Playing whole hands with simple policies: random play for property tests,
benchmarks and as the last-resort computer player."""

from __future__ import annotations

import random
from collections.abc import Callable

from games import hands
from games.base import Move, Pick, State

Policy = Callable[[State, int, random.Random], str]


def random_code(state: State, seat: int, rng: random.Random) -> str:
    """A uniformly chosen legal move of `seat` (a random choice inside a Pick)."""
    moves = state.legal_moves(seat)
    m = moves[rng.randrange(len(moves))]
    if isinstance(m, Pick):
        return m.code_for(m.random_choice(rng))
    assert isinstance(m, Move)
    return m.code


def play_out(
    state: State, rng: random.Random, policy: Policy = random_code, limit: int = 10_000
) -> State:
    """Play `state` to the end; seats awaited together answer in seat order."""
    for _ in range(limit):
        if hands.stuck(state):
            return state
        seat = state.to_act()[0]
        state.apply(seat, policy(state, seat, rng))
    raise RuntimeError(f"hand did not end within {limit} moves")

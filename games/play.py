"""Random play: a uniformly chosen legal move, for property tests, benchmarks
and the baseline player (games.players.RandomPlayer; whole hands:
games.players.playout)."""

from __future__ import annotations

import random

from games.base import Move, Pick, State


def random_code(state: State, seat: int, rng: random.Random) -> str:
    """A uniformly chosen legal move of `seat` (a random choice inside a Pick)."""
    moves = state.legal_moves(seat)
    m = moves[rng.randrange(len(moves))]
    if isinstance(m, Pick):
        return m.code_for(m.random_choice(rng))
    assert isinstance(m, Move)
    return m.code

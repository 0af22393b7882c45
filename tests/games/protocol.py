"""Shared checks of the engine protocol, used by every game's property tests.

`random_hands` plays seeded random hands and checks, after every move, that
the move was legal, and on a sample of positions that an illegal move raises
IllegalMove and leaves the state byte-identical, and that the JSON round trip
is exact. At the end: the result is zero-sum and replaying the record gives
the same state. `invariant(state)` lets a game add its own checks (cards
conserved, table caps...).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from games.base import IllegalMove, Move, Pick, State
from games.records import record_of, replay, state_from_json

ILLEGAL_CODES = ("", "zz", "??", "L", "Lzz", "x" * 70)


def assert_illegal_changes_nothing(state: State, seat: int, code: str) -> None:
    before = state.to_json()
    try:
        state.apply(seat, code)
    except IllegalMove:
        pass
    else:
        raise AssertionError(f"seat {seat} code {code!r} was accepted but is not legal")
    assert state.to_json() == before, f"illegal {code!r} changed the state"


def illegal_candidates(state: State, seat: int, rng: random.Random, seen: list[str]) -> list[str]:
    """Codes that must be refused now: garbage, and codes legal earlier but not now."""
    legal = {m.code for m in state.legal_moves(seat) if isinstance(m, Move)}
    picks = [m for m in state.legal_moves(seat) if isinstance(m, Pick)]
    out = [c for c in ILLEGAL_CODES]
    out += [c for c in rng.sample(seen, min(4, len(seen))) if c not in legal]
    if picks:  # a pick code that never fits: wrong prefix + nonsense
        out = [c for c in out if not c.startswith(tuple(p.prefix for p in picks))]
    return [c for c in out if c not in legal]


def random_hands(
    game_id: str,
    hands: int,
    seed: int = 0,
    variant: dict | None = None,
    seats: int | None = None,
    invariant: Callable[[State], None] | None = None,
    check_every: int = 7,
) -> list[State]:
    from games import registry

    game = registry.get(game_id)
    finals = []
    for h in range(hands):
        rng = random.Random(seed * 1_000_003 + h)
        state = game.new_state(variant, seats=seats, seed=seed * 1_000_003 + h)
        seen: list[str] = []
        step = 0
        while not state.is_over():
            actors = state.to_act()
            assert actors, "hand not over but nobody to act"
            seat = actors[rng.randrange(len(actors))]
            moves = state.legal_moves(seat)
            assert moves, f"seat {seat} must act but has no legal move"
            if step % check_every == 0:
                for code in illegal_candidates(state, seat, rng, seen):
                    assert_illegal_changes_nothing(state, seat, code)
                idle = [s for s in range(state.seats) if s not in actors]
                if idle and any(isinstance(m, Move) for m in moves):
                    code = next(m.code for m in moves if isinstance(m, Move))
                    assert_illegal_changes_nothing(state, idle[0], code)
                assert state_from_json(state.to_json()) == state
            m = moves[rng.randrange(len(moves))]
            code = m.code_for(m.random_choice(rng)) if isinstance(m, Pick) else m.code
            state.apply(seat, code)
            seen.append(code)
            if invariant:
                invariant(state)
            step += 1
            assert step < 5000, "hand does not end"
        assert state.to_act() == []
        res = state.result()
        assert len(res.net) == state.seats
        assert sum(res.net) == 0, f"not zero-sum: {res.net}"
        assert state_from_json(state.to_json()) == state
        replayed, _ = replay(record_of(state))
        assert replayed.to_json() == state.to_json()
        finals.append(state)
    return finals

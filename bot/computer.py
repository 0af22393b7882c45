"""Computer players: the game's declared computer player (its Monte Carlo player,
or its heuristic player when that fails or runs out of time) when it exists,
otherwise a plain policy that only ever picks legal moves.

`choose` is blocking and CPU-bound: the bot runs it in a thread executor so
other chats are never delayed."""

from __future__ import annotations

import logging
import random

from games.base import IllegalMove, Move, Pick, State
from games.players import ai_module

log = logging.getLogger(__name__)

# Moves that give something up; a sensible player prefers to play cards.
YIELDING = {"pass", "kou", "fold", "skip", "guo"}


def fallback(state: State, seat: int, rng: random.Random) -> str:
    """Play cards rather than pass, the smallest such play first (keep strength
    for later); among equals, the engine's order. Picks take the fewest cards."""
    moves = state.legal_moves(seat)
    if not moves:
        raise IllegalMove("no_legal_moves", f"seat {seat}")
    plays = [m for m in moves if isinstance(m, Move) and m.cards and m.kind not in YIELDING]
    if plays:
        return min(plays, key=lambda m: len(m.cards)).code
    picks = [m for m in moves if isinstance(m, Pick)]
    if picks:
        p = picks[0]
        return p.code_for(p.choices[: p.min_count])
    others = [m for m in moves if isinstance(m, Move)]
    non_yield = [m for m in others if m.kind not in YIELDING]
    return (non_yield or others)[0].code


def is_legal(state: State, seat: int, code: str) -> bool:
    try:
        state.copy().apply(seat, code)
        return True
    except IllegalMove:
        return False


def choose(state: State, seat: int, rng: random.Random, budget_s: float = 0.3) -> str:
    """A legal move code for `seat`: the game's Monte Carlo player, else its
    heuristic player, else the plain policy."""
    ai = ai_module(state.game.id)
    if ai is not None:
        code = _legal_or_none(state, seat, lambda: ai.choose(state.copy(), seat, rng, budget_s))
        if code is not None:
            return code
    return quick(state, seat, rng)


def quick(state: State, seat: int, rng: random.Random) -> str:
    """A legal move at once (≤ 5 ms): the game's heuristic player, else the
    plain policy. For when the Monte Carlo player failed or ran out of time."""
    ai = ai_module(state.game.id)
    if ai is not None and hasattr(ai, "heuristic"):
        code = _legal_or_none(state, seat, lambda: ai.heuristic().choose(state.copy(), seat, rng))
        if code is not None:
            return code
    return fallback(state, seat, rng)


def _legal_or_none(state: State, seat: int, decide) -> str | None:
    try:
        code = decide()
    except Exception:
        log.exception("%s computer player failed", state.game.id)
        return None
    if isinstance(code, Move):
        code = code.code
    if isinstance(code, str) and is_legal(state, seat, code):
        return code
    log.warning("%s computer player chose an illegal move %r", state.game.id, code)
    return None

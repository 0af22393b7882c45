"""A simple fair computer player for 顶牛 (托管): it sees only its own view.

- 扣: lay down the cheapest tile (扣 tiles are the points that lose).
- Lead / play: shed heavy tiles, keep tiles that fit the new ends, and make a
  算帐 only when its own count after settling would be low (else avoid it).
"""

from __future__ import annotations

import random

from games.base import Move
from games.dingniu import suanzhang as sz
from games.dingniu.state import DingNiuState
from games.dingniu.tiles import FIT, IS_DOUBLE, KIND_OF, PIPS, POINTS

SAFE_COUNT = 8  # settle the account only when left with at most this many points


def choose(state: DingNiuState, seat: int, rng: random.Random, budget_s: float = 0.5) -> str:
    moves = [m for m in state.legal_moves(seat) if isinstance(m, Move)]
    if moves[0].kind == "kou":
        return min(moves, key=lambda m: (POINTS[KIND_OF[m.cards[0]]], m.code)).code
    if moves[0].kind == "lead":
        return max(moves, key=lambda m: (_lead_value(state, seat, m), m.code)).code
    return max(moves, key=lambda m: (_play_value(state, seat, m), m.code)).code


def _lead_value(state: DingNiuState, seat: int, move: Move) -> int:
    t = KIND_OF[move.cards[0]]
    hand = state.hands[seat]
    # a lead whose ends I can follow myself keeps me playing
    follow = sum(hand[u] for v in PIPS[t] for u in FIT[v] if u != t)
    return POINTS[t] * len(move.cards) + 3 * follow


def _play_value(state: DingNiuState, seat: int, move: Move) -> int:
    t = KIND_OF[move.cards[0]]
    side, v = move.data["end"], move.data["on"]
    hand = list(state.hands[seat])
    hand[t] -= 1
    left, right, *_rest, typ = _judge(state, t, side, v)
    mine = sum(POINTS[k] for k in state.kou[seat])
    if typ is not None:
        if typ in sz.CLASSIC_TYPES:  # doubles on the ends still go out
            count = sum(POINTS[u] * n for u, n in enumerate(hand)
                        if n and not (IS_DOUBLE[u] and PIPS[u][0] in (left, right)))
        else:
            count = sum(POINTS[u] * n for u, n in enumerate(hand))
        return 1000 - (mine + count) if mine + count <= SAFE_COUNT else -1000
    fits = sum(hand[u] for e in {left, right} for u in FIT[e])
    return POINTS[t] + 4 * fits


def _judge(state: DingNiuState, t: int, side: str, v: int):
    """The position after the play, judged from public data only (the layout
    basis); with sz_basis=hands the 算帐 test would need hidden 扣 tiles."""
    if state.variant["sz_basis"] != "layout":
        w = PIPS[t][1] if PIPS[t][0] == v else PIPS[t][0]
        left, right = (w, state.right) if side == "L" else (state.left, w)
        return left, right, None
    return state._outcome(t, side, v)

"""The rule-of-thumb 顶牛 player (a good local player's habits), ≤ 5 ms a move.

It reads only what its seat may see: its own hand and 扣 tiles, the layout
and ends, the tile counts, the variant (all of it in `view(seat)` and
`public_view()`; read from the state's public fields for speed).

- 扣 the cheapest tile, but a dead tile (one that can never fit again) first:
  it will be 扣ed anyway, so laying it down now costs nothing.
- Play / lead: shed heavy tiles, keep tiles that fit the new ends, leave the
  others ends they cannot follow (they must 扣), avoid leaving a 算帐 to the
  next players and always cover the 6-end against a 红帐 (死拦红帐 pays 12).
- 算帐: count the reckoning over random deals of the hidden tiles; make the
  算帐 only if it wins on average, avoid it otherwise.
"""

from __future__ import annotations

import math
import random

from games.base import Move
from games.dingniu import suanzhang as sz
from games.dingniu.ai_world import unknown_counts
from games.dingniu.scoring import nearness, score
from games.dingniu.state import DingniuState
from games.dingniu.suanzhang import ND_WEIGHT, reachable
from games.dingniu.tiles import (
    COPIES,
    FIT,
    HONGSHI,
    IS_DOUBLE,
    KIND_OF,
    N_KINDS,
    NON_DOUBLES,
    OTHER,
    PIPS,
    POINTS,
    SIX_COVERS,
)

SZ_SAMPLES = 16  # random deals to judge a 算帐
# Weights of a play's features (points shed = 1).
MY_FIT = 2.0  # each own tile fitting the new ends
THEIR_FIT = 2.0  # each hidden tile fitting the new ends
THREAT = 4.0  # leaving a 算帐 one hidden tile away
SILAN = 20.0  # not covering the 6-end against a 红帐 when I could
SZ_MIN = 0.0  # make a 算帐 when its mean net beats this
HOPE = 0.12  # chance a live tile is played later, per hidden tile linking to it


class Heuristic:
    name = "heuristic"

    def choose(self, state: DingniuState, seat: int, rng: random.Random) -> str:
        moves = state.legal_moves(seat)
        if len(moves) == 1:
            return moves[0].code
        kind = moves[0].kind
        unknown = unknown_counts(state, seat)
        if kind == "kou":
            reach = _reach(_public_sig(state), state.left, state.right)
            return min(
                moves, key=lambda m: (_kou_cost(KIND_OF[m.cards[0]], reach, unknown), m.code)
            ).code
        if kind == "lead":
            return max(moves, key=lambda m: (_lead_value(state, seat, m, unknown), m.code)).code
        return _best_play(state, seat, moves, unknown, rng)


def _public_sig(state: DingniuState) -> int:
    """The non-double signature of V judged from the layout (public)."""
    on = state.on_layout
    return sum((COPIES[t] - on[t]) * ND_WEIGHT[t] for t in NON_DOUBLES)


def _kou_cost(t: int, reach: int, unknown: list[int]) -> float:
    """Expected extra points of 扣ing t now rather than keeping it."""
    a, b = PIPS[t]
    if not reach >> a & 1 and not reach >> b & 1:
        return 0.0  # dead: it ends up face down whatever happens
    links = sum(unknown[u] for v in {a, b} for u in FIT[v] if u != t)
    return POINTS[t] * min(0.9, 0.3 + HOPE * links)


def _reach(nd: int, left: int, right: int) -> int:
    """Pips that can still show on an end: reachable from the ends through
    non-doubles off the layout."""
    alive = []
    s = nd
    for t in NON_DOUBLES:
        if s % 3:
            alive.append(PIPS[t])
        s //= 3
    return reachable(alive, left, right)


def _fits(counts: list[int], left: int, right: int) -> int:
    n = sum(counts[u] for u in FIT[left])
    if right != left:
        n += sum(counts[u] for u in FIT[right] if left not in PIPS[u])
    return n


def _lead_value(state: DingniuState, seat: int, move: Move, unknown: list[int]) -> float:
    t = KIND_OF[move.cards[0]]
    hand = list(state.hands[seat])
    hand[t] -= len(move.cards)
    a, b = PIPS[t]
    return (
        POINTS[t] * len(move.cards) + MY_FIT * _fits(hand, a, b) - THEIR_FIT * _fits(unknown, a, b)
    )


def _best_play(
    state: DingniuState, seat: int, moves: list[Move], unknown: list[int], rng: random.Random
) -> str:
    variant = state.variant
    doubles = -1  # judged without doubles unless the variant counts them
    if variant["smother_counts_doubles"]:
        on = state.on_layout
        doubles = sz.signatures([COPIES[t] - on[t] for t in range(N_KINDS)])[1]
    mask = sz.SMOTHER_MASKS[variant["smother_values"]]
    nd = _public_sig(state)
    left, right = state.left, state.right
    old = sz.analyse(nd, doubles, left, right)
    plays = []
    for m in moves:
        assert m.data is not None  # a play names its end and the value it goes on
        t, side, v = KIND_OF[m.cards[0]], m.data["end"], m.data["on"]
        w = OTHER[t][v]
        nl, nr = (w, right) if side == "L" else (left, w)
        nd2 = nd - ND_WEIGHT[t]
        d2 = doubles - sz.D_WEIGHT[t] if doubles >= 0 else -1
        new = sz.analyse(nd2, d2, nl, nr)
        typ = sz.classify(old, new, nl, nr, mask) if new != old else None
        plays.append((m, t, side, nl, nr, nd2, d2, typ))
    forced = all(p[7] is not None for p in plays)  # 死砸: no 算帐 either way
    hand = state.hands[seat]
    six = "L" if left == 6 else "R"
    hong_threat = ({left, right} == {4, 6} and state.on_layout[HONGSHI] == 1
                   and any(hand[u] for u in SIX_COVERS))
    best, best_val = None, -math.inf
    for m, t, side, nl, nr, nd2, d2, typ in plays:
        after = list(hand)
        after[t] -= 1
        if typ is not None and not forced:
            ev = _suanzhang_ev(state, seat, after, typ, nl, nr, rng)
            val = (1000.0 if ev > SZ_MIN else -1000.0) + ev
        else:
            val = (POINTS[t] + MY_FIT * _fits(after, nl, nr) - THEIR_FIT * _fits(unknown, nl, nr)
                   - THREAT * _threats(unknown, nd2, d2, nl, nr, mask))
            if hong_threat and not (t in SIX_COVERS and side == six):
                val -= SILAN
        if best is None or val > best_val or (val == best_val and m.code < best.code):
            best, best_val = m, val
    assert best is not None  # the seat has a play
    return best.code


def _threats(unknown: list[int], nd: int, d: int, left: int, right: int, mask: int) -> int:
    """Hidden non-doubles that would make a 算帐 from this position."""
    old = sz.analyse(nd, d, left, right)
    n = 0
    for v in {left, right}:
        for u in FIT[v]:
            if unknown[u] and not IS_DOUBLE[u]:
                w = OTHER[u][v]
                nl, nr = (w, right) if v == left else (left, w)
                new = sz.analyse(nd - ND_WEIGHT[u], d - sz.D_WEIGHT[u] if d >= 0 else -1, nl, nr)
                if new != old and sz.classify(old, new, nl, nr, mask):
                    n += 1
    return n


def _suanzhang_ev(state: DingniuState, seat: int, after: list[int], typ: str,
               left: int, right: int, rng: random.Random) -> float:
    """My mean net if I make this 算帐 now, over random deals of the hidden tiles."""
    variant = state.variant
    classic = typ in sz.CLASSIC_TYPES
    mode = variant["sz_settlement"]
    if mode == "play_out":
        return 0.0  # play goes on: nothing to count now, judge it as no 算帐
    count_all = mode == "immediate_all" or not classic

    def counted(t: int) -> bool:  # a hand tile that ends up in the count
        return count_all or not (IS_DOUBLE[t] and PIPS[t][0] in (left, right))

    mine = sum(POINTS[t] for t in state.kou[seat])
    mine += sum(POINTS[t] * n for t, n in enumerate(after) if n and counted(t))
    # (points if 扣ed, points if still in hand) of every hidden tile
    pool = [(POINTS[t], POINTS[t] if counted(t) else 0)
            for t, n in enumerate(unknown_counts(state, seat)) for _ in range(n)]
    places = []  # (seat, 扣 count, hand count) of the others
    for s in range(4):
        if s != seat:
            places.append((s, len(state.kou[s]), state.sizes[s]))
    head = state.dealer
    near = nearness(head, variant["tie_distance"] == "physical")
    exempt = mine == 0 and (seat == head or variant["zero_point_exemption"] == "anyone")
    # the common rules: +12 if I rank first, else 包庄 −12; anything else via score()
    quick = variant["payout"] == "standard" and not exempt
    strict = variant["sz_tie"] == "fail"
    my_key = (mine, near(seat))
    deal = {"type": typ, "seat": seat, "silan": None}
    total = 0.0
    for _ in range(SZ_SAMPLES):
        rng.shuffle(pool)
        points = [0, 0, 0, 0]
        points[seat] = mine
        i = 0
        for s, k, h in places:
            p = 0
            for j in range(i, i + k):
                p += pool[j][0]
            i += k
            for j in range(i, i + h):
                p += pool[j][1]
            i += h
            points[s] = p
        if quick:
            if strict:
                won = all(points[s] > mine for s, _, _ in places)
            else:
                won = all((points[s], near(s)) > my_key for s, _, _ in places)
            total += 12 if won else -12
        else:
            total += score(points, head, variant, deal)[0][seat]
    return total / SZ_SAMPLES


def heuristic() -> Heuristic:
    return Heuristic()

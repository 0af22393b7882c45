"""The Monte Carlo player for 幺地人: the shared Monte Carlo loop
(games.players), tuned.

- Candidates: every 起/打/仰 and claim option, but only the heuristic's best
  few discards (a hand has up to 15 kinds to throw; playouts are too few to
  rank them all).
- A hand scores from −8 to +32 and a few dozen playouts cannot tell close
  moves apart, so the heuristic's move is left for one that beats it on the
  same worlds by `z` standard errors.
- Playouts stop after `horizon` decisions (full hands are too slow for
  enough of them in 300 ms on this machine): an unfinished table is judged
  by the seat's realistic hand value against the best other active hand.
"""

from __future__ import annotations

import random

from games.changpai.ai_heuristic import Heuristic, Position
from games.changpai.ai_world import clone
from games.changpai.state import ChangpaiState
from games.players import MonteCarloPlayer

TOP_DISCARDS = 4
MARGIN = 0.9  # of the budget: the last round and the bookkeeping may run over
HORIZON = 12  # decisions played out after the candidate before judging the table
POINTS_PER_VALUE = 2.0 / 100  # table points per unit of hand-value lead (a 坎 ≈ 2 points)


class ChangpaiMonteCarlo(MonteCarloPlayer[ChangpaiState]):
    z = 0.5
    margin = MARGIN
    horizon = HORIZON
    top_discards = TOP_DISCARDS
    points_per_value = POINTS_PER_VALUE

    def candidates(self, st: ChangpaiState, seat: int, rng: random.Random) -> list[str]:
        codes = [m.code for m in st.legal_moves(seat)]
        if st.phase == "discard" and isinstance(self.heuristic, Heuristic):
            ranked = self.heuristic.ranked_discards(st, seat)
            return [c for c in codes if c[0] != "D"] + ranked[: self.top_discards]
        return codes

    def with_default(self, st: ChangpaiState, cands: list[str], default: str) -> list[str]:
        if default == "H":
            return [default]  # a win now is never worth gambling
        return super().with_default(st, cands, default)

    def copy(self, world: ChangpaiState) -> ChangpaiState:
        return clone(world)

    def value(self, w: ChangpaiState, seat: int, rng: random.Random) -> float:
        player = self.heuristic
        plies = 0
        while not w.is_over() and plies < self.horizon:
            s = w.to_act()[0]
            w.apply(s, player.choose(w, s, rng))
            plies += 1
        return leaf(w, seat, self.points_per_value)


def leaf(w: ChangpaiState, seat: int, per_value: float = POINTS_PER_VALUE) -> float:
    """The seat's result: its net points when the hand is over, else its hand
    value against the best other active hand, in points (clipped)."""
    if w.is_over():
        return float(w.result().net[seat])
    status = w.status[seat]
    if status != "in":
        return -6.0 if status == "baozi" else -2.0
    mine = _value(w, seat)
    others = [_value(w, s) for s in range(w.seats) if s != seat and w.status[s] == "in"]
    if not others:
        return 6.0
    return max(-6.0, min(6.0, (mine - max(others)) * per_value))


def _value(w: ChangpaiState, s: int) -> int:
    p = Position(w, s)
    return p.value({}, p.fixed)

"""The Monte Carlo player for 幺地人: the shared flat Monte Carlo idea, tuned.

- Candidates: every 起/打/仰 and claim option, but only the heuristic's best
  few discards (a hand has up to 15 kinds to throw; playouts are too few to
  rank them all).
- One world per round for all candidates (a paired comparison), and it
  leaves the heuristic's move only for one that beats it on the same worlds by
  more than `z` standard errors: a hand scores from −8 to +32, and a few
  dozen playouts cannot tell close moves apart.
- Playouts stop after `horizon` decisions (full hands are too slow for
  enough of them in 300 ms on this machine): an unfinished table is judged
  by the seat's realistic hand value against the best other active hand.
- It stops before a round that would overrun the budget.
"""

from __future__ import annotations

import logging
import random
import time

from games.changpai.ai_heuristic import Heuristic, Position
from games.changpai.ai_world import clone
from games.changpai.state import ChangpaiState
from games.players import MonteCarloPlayer, clearly_better

TOP_DISCARDS = 4
MARGIN = 0.9  # of the budget: the last round and the bookkeeping may run over
HORIZON = 12  # decisions played out after the candidate before judging the table
POINTS_PER_VALUE = 2.0 / 100  # table points per unit of hand-value lead (a 坎 ≈ 2 points)
log = logging.getLogger(__name__)


class ChangpaiMonteCarlo(MonteCarloPlayer):
    z = 0.5
    horizon = HORIZON

    def candidates(self, st: ChangpaiState, seat: int, rng: random.Random) -> list[str]:
        codes = [m.code for m in st.legal_moves(seat)]
        if st.phase == "discard" and isinstance(self.heuristic, Heuristic):
            ranked = self.heuristic.ranked_discards(st, seat)
            return [c for c in codes if c[0] != "D"] + ranked[:TOP_DISCARDS]
        return codes

    def choose(self, st: ChangpaiState, seat: int, rng: random.Random) -> str:
        start = time.perf_counter()
        codes = [m.code for m in st.legal_moves(seat)]
        if len(codes) == 1:
            return codes[0]
        default = self.heuristic.choose(st, seat, rng)
        if default == "H":
            return default  # a win now is never worth gambling
        cands = self.candidates(st, seat, rng)
        if default not in cands:
            cands.append(default)
        nets: dict[str, list[float]] = {c: [] for c in cands}
        deadline = start + self.budget_s * MARGIN
        player = self.heuristic
        slowest = 0.0
        for _ in range(self.max_rounds):
            t0 = time.perf_counter()
            try:
                world = self.determinize(st, seat, rng)
                outcome = []
                for code in cands:
                    w = clone(world)
                    w.apply(seat, code)
                    plies = 0
                    while not w.is_over() and plies < self.horizon:
                        s = w.to_act()[0]
                        w.apply(s, player.choose(w, s, rng))
                        plies += 1
                    outcome.append(leaf(w, seat))
            except Exception:  # never lose a table over a bad world: keep what we have
                log.exception("changpai Monte Carlo playout failed")
                break
            for code, net in zip(cands, outcome):
                nets[code].append(net)
            now = time.perf_counter()
            slowest = max(slowest, now - t0)
            if now + slowest >= deadline:
                break
        return clearly_better(nets, default, self.z, 2)


def leaf(w: ChangpaiState, seat: int) -> float:
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
    return max(-6.0, min(6.0, (mine - max(others)) * POINTS_PER_VALUE))


def _value(w: ChangpaiState, s: int) -> int:
    p = Position(w, s)
    return p.value({}, p.fixed)

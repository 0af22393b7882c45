"""Computer players for 顶牛: the rule-of-thumb player and the Monte Carlo
player the bot uses (seat fill, 托管).

- `heuristic()`: games/dingniu/ai_heuristic.py.
- `determinize(state, seat, rng)`: games/dingniu/ai_world.py (hidden tiles
  re-dealt, 扣 voids respected, public history replayed).
- `choose(state, seat, rng, budget_s)`: flat Monte Carlo over determinized
  worlds with heuristic playouts (the shared driver, with a cheap state copy).
"""

from __future__ import annotations

import random
import time

from games.dingniu.ai_heuristic import Heuristic, heuristic
from games.dingniu.ai_world import clone, determinize
from games.dingniu.state import DingNiuState
from games.players import MonteCarloPlayer, clearly_better

__all__ = ["choose", "determinize", "heuristic", "monte_carlo"]


class DingNiuMonteCarlo(MonteCarloPlayer):
    """The shared flat Monte Carlo (worlds from `determinize` copy cheaply),
    with two changes for 顶牛:

    - it leaves the heuristic's move only for one that beats it on the same
      worlds by more than `z` standard errors: a hand scores ±1..12, and a
      few dozen playouts cannot tell close moves apart, so the plain argmax
      would often trade a sound move for noise;
    - it stops before a round that would overrun the budget, not after it.
    """

    z = 1.0
    shape = 0.0  # weight of the point margin added to the net (smoother scores)

    def choose(self, state: DingNiuState, seat: int, rng: random.Random) -> str:
        start = time.perf_counter()
        cands = [m.code for m in state.legal_moves(seat)]
        if len(cands) == 1:
            return cands[0]
        default = self.heuristic.choose(state, seat, rng)
        nets: dict[str, list[float]] = {c: [] for c in cands}
        deadline = start + self.budget_s
        player = self.heuristic
        slowest = 0.0
        for _ in range(self.max_rounds):
            t0 = time.perf_counter()
            world = self.determinize(state, seat, rng)  # one world per round: paired comparison
            for code in cands:
                w = clone(world)
                w.apply(seat, code)
                while not w.is_over():
                    s = w.actor
                    w.apply(s, player.choose(w, s, rng))
                v = w.result().net[seat]
                if self.shape:
                    pts = w.points()
                    v += self.shape * ((sum(pts) - pts[seat]) / 3 - pts[seat])
                nets[code].append(v)
            now = time.perf_counter()
            slowest = max(slowest, now - t0)
            if now + slowest >= deadline:
                break
        return clearly_better(nets, default, self.z, 3)


def monte_carlo(budget_s: float = 0.3) -> DingNiuMonteCarlo:
    return DingNiuMonteCarlo(Heuristic(), determinize, budget_s)


def choose(state: DingNiuState, seat: int, rng: random.Random, budget_s: float = 0.3) -> str:
    """The bot's entry point: the Monte Carlo player within `budget_s` seconds."""
    return monte_carlo(budget_s).choose(state, seat, rng)

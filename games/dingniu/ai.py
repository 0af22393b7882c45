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

from games.dingniu.ai_heuristic import Heuristic, heuristic
from games.dingniu.ai_world import clone, determinize
from games.dingniu.state import DingniuState
from games.players import BUDGET, MonteCarloPlayer, playout

__all__ = ["choose", "determinize", "heuristic", "monte_carlo"]


class DingniuMonteCarlo(MonteCarloPlayer[DingniuState]):
    """The shared Monte Carlo loop (games.players) for 顶牛: every legal
    move is a candidate, worlds copy cheaply (`clone`), and a hand scores
    ±1..12, so a move must beat the heuristic's by `z` standard errors on
    at least `min_n` worlds (a few dozen playouts cannot tell close moves
    apart)."""

    z = 1.0
    min_n = 3
    shape = 0.0  # weight of the point margin added to the net (smoother scores)

    def candidates(self, state: DingniuState, seat: int, rng: random.Random) -> list[str]:
        return [m.code for m in state.legal_moves(seat)]

    def copy(self, world: DingniuState) -> DingniuState:
        return clone(world)

    def value(self, w: DingniuState, seat: int, rng: random.Random) -> float:
        v: float = playout(w, self.heuristic, rng).result().net[seat]
        if self.shape:
            pts = w.points()
            v += self.shape * ((sum(pts) - pts[seat]) / 3 - pts[seat])
        return v


def monte_carlo(budget_s: float = BUDGET) -> DingniuMonteCarlo:
    return DingniuMonteCarlo(Heuristic(), determinize, budget_s)


def choose(state: DingniuState, seat: int, rng: random.Random, budget_s: float = BUDGET) -> str:
    """The bot's entry point: the Monte Carlo player within `budget_s` seconds."""
    return monte_carlo(budget_s).choose(state, seat, rng)

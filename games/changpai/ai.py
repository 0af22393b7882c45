"""Computer players for 幺地人: the rule-of-thumb player and the Monte Carlo
player the bot uses (seat fill, 托管).

- `heuristic()`: games/changpai/ai_heuristic.py (realistic hand value in
  games/changpai/ai_eval.py).
- `determinize(state, seat, rng)`: games/changpai/ai_world.py.
- `choose(state, seat, rng, budget_s)`: flat Monte Carlo over determinized
  worlds with heuristic playouts (ai_mc.py).
"""

from __future__ import annotations

import random

from games.changpai.ai_heuristic import Heuristic, heuristic
from games.changpai.ai_mc import ChangpaiMonteCarlo
from games.changpai.ai_world import determinize
from games.changpai.state import ChangpaiState

__all__ = ["choose", "determinize", "heuristic", "monte_carlo"]


def monte_carlo(budget_s: float = 0.3) -> ChangpaiMonteCarlo:
    return ChangpaiMonteCarlo(Heuristic(), determinize, budget_s)


def choose(state: ChangpaiState, seat: int, rng: random.Random, budget_s: float = 0.3) -> str:
    """The bot's entry point: the Monte Carlo player within `budget_s` seconds."""
    return monte_carlo(budget_s).choose(state, seat, rng)

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
from games.players import BUDGET, tuned

__all__ = ["MC_VARIANTS", "choose", "determinize", "heuristic", "monte_carlo"]


def monte_carlo(budget_s: float = BUDGET) -> ChangpaiMonteCarlo:
    return ChangpaiMonteCarlo(Heuristic(), determinize, budget_s)


# Monte Carlo players to pair with the bot's on the same deals
# (`paiju simulate --seats mc,mc:<name>,heuristic --mirror`).
MC_VARIANTS = {
    "v1": tuned(monte_carlo),
    "d8": tuned(monte_carlo, top_discards=8),
    "dall": tuned(monte_carlo, top_discards=99),
    "h20": tuned(monte_carlo, horizon=20),
    "h30": tuned(monte_carlo, horizon=30),
    "hall": tuned(monte_carlo, horizon=10_000),
    "z03": tuned(monte_carlo, z=0.3),
    "z08": tuned(monte_carlo, z=0.8),
}


def choose(state: ChangpaiState, seat: int, rng: random.Random, budget_s: float = BUDGET) -> str:
    """The bot's entry point: the Monte Carlo player within `budget_s` seconds."""
    return monte_carlo(budget_s).choose(state, seat, rng)

"""Computer players for 刨幺 (`paoyao`): the rule-of-thumb player and the
Monte Carlo player the bot uses.

- `heuristic()`: games/paoyao/ai_heuristic.py.
- `determinize(state, seat, rng)`: games/paoyao/ai_world.py (hidden cards
  re-dealt by card counts; passes say nothing, passing is voluntary).
- `choose(state, seat, rng, budget_s)`: flat Monte Carlo over determinized
  worlds with heuristic playouts, on a pruned candidate list.
"""

from __future__ import annotations

import random

from games.paoyao.ai_heuristic import Heuristic, heuristic
from games.paoyao.ai_world import clone, determinize
from games.paoyao.notation import PASS, SNOW
from games.paoyao.state import PaoyaoState
from games.players import BUDGET, MonteCarloPlayer, playout, tuned

__all__ = ["MC_VARIANTS", "choose", "determinize", "heuristic", "monte_carlo"]


class PaoyaoMonteCarlo(MonteCarloPlayer[PaoyaoState]):
    """The shared Monte Carlo loop (games.players), tuned for 刨幺:

    - candidates are pruned to the heuristic's best few leads, or its best
      few responses plus the pass (a hand can have 123 leads);
    - a playout's value is the team's net plus a small share of the captured
      point margin (a finer signal when few worlds fit in the budget);
    - worlds copy cheaply (`clone`).
    """

    heuristic: Heuristic  # its move scores prune the candidates
    z = 1.0
    min_n = 3
    max_leads = 3  # leads compared (the heuristic's best)
    max_follows = 2  # responses compared, besides the pass
    points_weight = 0.25  # playout value: team net + this × captured-point margin / 200

    def candidates(self, state: PaoyaoState, seat: int, rng: random.Random) -> list[str]:
        if state.phase == "snow":
            return [SNOW]  # 雪 cannot lose: no playouts needed
        moves = state.legal_moves(seat)
        if len(moves) == 1:
            return [moves[0].code]
        h = self.heuristic
        left = state.left[seat]
        for m in moves:
            if len(m.cards) == left:
                return [m.code]  # going out is never worse
        if state.top is None:
            return [c for _, c in h.lead_scores(state, seat, moves)[: self.max_leads]]
        plays = [m for m in moves if m.code != PASS]
        top = state.top_seat
        assert top is not None  # following: a play is on top
        if top % 2 == seat % 2:
            # the partner holds the trick: pass, or the cheapest beats
            scored = h.follow_scores_all(state, seat, plays)
        else:
            scored = h.follow_scores(state, seat, moves)
        keep = 1 if top % 2 == seat % 2 else self.max_follows
        codes = [c for _, c in scored if c != PASS][:keep]
        return [PASS, *codes]

    def copy(self, world: PaoyaoState) -> PaoyaoState:
        return clone(world)

    def value(self, w: PaoyaoState, seat: int, rng: random.Random) -> float:
        playout(w, self.heuristic, rng)
        team = seat % 2
        margin = w.score[team] - w.score[1 - team]
        return w.result().net[seat] + self.points_weight * margin / 200


def monte_carlo(budget_s: float = BUDGET) -> PaoyaoMonteCarlo:
    return PaoyaoMonteCarlo(Heuristic(), determinize, budget_s)


# Monte Carlo players to pair with the bot's on the same deals, as the two teams
# `paiju simulate paoyao --seats mc:<name>,mc:v1,mc:<name>,mc:v1`.
MC_VARIANTS = {
    "v1": tuned(monte_carlo),
    "l5": tuned(monte_carlo, max_leads=5),
    "f3": tuned(monte_carlo, max_follows=3),
    "l5f3": tuned(monte_carlo, max_leads=5, max_follows=3),
    "w0": tuned(monte_carlo, points_weight=0.0),
    "w1": tuned(monte_carlo, points_weight=1.0),
    "z2": tuned(monte_carlo, z=2.0),
}


def choose(state: PaoyaoState, seat: int, rng: random.Random, budget_s: float = BUDGET) -> str:
    """The bot's entry point: the Monte Carlo player within `budget_s` seconds."""
    return monte_carlo(budget_s).choose(state, seat, rng)

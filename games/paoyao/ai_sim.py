"""`paiju simulate` with this package's own Monte Carlo player in the "mc"
seats (the shared `make_player("mc")` builds the generic driver instead).

    python -m games.paoyao.ai_sim paoyao --hands 2000 --seats mc,heuristic,mc,heuristic --budget 0.3
    python -m games.paoyao.ai_sim paoyao --hands 48 --seed 1 --worlds 5
"""

from __future__ import annotations

import argparse

from games import players, simulate
from games.paoyao import ai

WORLDS: int | None = None  # --worlds: a fixed number of worlds instead of the clock


def _make_player(kind: str, game_id: str, budget_s: float = 0.3):
    if kind == "mc":
        mc = ai.monte_carlo(budget_s)
        mc.worlds = WORLDS
        return mc
    return players.make_player(kind, game_id, budget_s)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m games.paoyao.ai_sim")
    ap.add_argument("game", choices=["paoyao"])
    ap.add_argument("--hands", type=int, default=300)
    ap.add_argument("--seats", default="mc,heuristic,mc,heuristic")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--budget", type=float, default=0.3)
    ap.add_argument("--worlds", type=int, default=None,
                    help="exactly this many worlds a decision (no clock): CPU-fair on a loaded machine")
    a = ap.parse_args(argv)
    global WORLDS
    WORLDS = a.worlds
    simulate.make_player = _make_player  # this run only: the package's own MC
    kinds = a.seats.split(",")
    seats = simulate.simulate(a.game, a.hands, kinds, seed=a.seed, budget_s=a.budget)
    print(f"{a.game}: {a.hands} hands, seats {a.seats} rotated, seed {a.seed}, "
          + (f"Monte Carlo {a.worlds} worlds a decision" if a.worlds
             else f"Monte Carlo budget {a.budget * 1000:.0f} ms")
          + " (games.paoyao.ai.monte_carlo)")
    print(simulate.report(seats))


if __name__ == "__main__":
    main()

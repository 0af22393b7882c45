"""Measure the 顶牛 players with the bot's own Monte Carlo player.

`paiju simulate dingniu --seats mc,…` builds the shared driver
(games.players.MonteCarloPlayer); the bot calls games.dingniu.ai.choose,
which is DingNiuMonteCarlo (paired significance test, budget kept). This runs
the same rotated-seat simulation with `mc` meaning the bot's player:

    python -m games.dingniu.ai_simulate --hands 2000 --seats mc,heuristic,heuristic,heuristic --budget 0.3
"""

from __future__ import annotations

import argparse
import random

from games import registry
from games.dingniu.ai import monte_carlo
from games.players import make_player, playout
from games.simulate import BySeat, Seat, Timed, mean_ci, report


def simulate(hands: int, kinds: list[str], seed: int = 0, budget_s: float = 0.3) -> list[Seat]:
    """games.simulate.simulate with `mc` = the bot's Monte Carlo player."""
    game = registry.get("dingniu")
    n = len(kinds)
    labels = [k if kinds.count(k) == 1 else f"{k}#{i + 1}" for i, k in enumerate(kinds)]
    seats = [Seat(lbl, monte_carlo(budget_s) if k == "mc" else make_player(k, "dingniu", budget_s))
             for lbl, k in zip(labels, kinds)]
    v = game.variant()
    for h in range(hands):
        deal_no, rot = divmod(h, n)  # same deals and rotation as games.simulate
        deal_seed = seed * 1_000_003 + deal_no
        state = game.new_state(v, seats=n, seed=deal_seed)
        at_seat = [seats[(s - rot) % n] for s in range(n)]
        rng = random.Random(deal_seed * 31 + rot)
        playout(state, BySeat([Timed(p) for p in at_seat]), rng)
        net = state.result().net
        for s in range(n):
            at_seat[s].nets.append(net[s])
    return seats


def by_kind(seats: list[Seat], kinds: list[str]) -> str:
    """Each kind's seats pooled: per hand, the mean net of one kind's seats
    minus the mean net of another's (paired), with its 95% interval."""
    groups: dict[str, list[Seat]] = {}
    for s, k in zip(seats, kinds):
        groups.setdefault(k, []).append(s)
    if len(groups) < 2 or all(len(g) == 1 for g in groups.values()):
        return ""
    hands = len(seats[0].nets)
    mean = {k: [sum(s.nets[h] for s in g) / len(g) for h in range(hands)] for k, g in groups.items()}
    lines = ["pooled by kind (row − column), mean [95% CI]:"]
    names = list(groups)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            m, hw = mean_ci([x - y for x, y in zip(mean[a], mean[b])])
            verdict = "better" if m - hw > 0 else "worse" if m + hw < 0 else "no clear difference"
            lines.append(f"  {a} − {b}: {m:.3f} [{m - hw:.3f}, {m + hw:.3f}]  {verdict}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--hands", type=int, default=400)
    p.add_argument("--seats", default="mc,heuristic,heuristic,heuristic")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--budget", type=float, default=0.3)
    a = p.parse_args(argv)
    seats = simulate(a.hands, a.seats.split(","), a.seed, a.budget)
    print(f"dingniu: {a.hands} hands, seats {a.seats} rotated, seed {a.seed}, "
          f"mc = games.dingniu.ai.choose at {a.budget * 1e3:.0f} ms")
    print(report(seats))
    print(by_kind(seats, a.seats.split(",")))


if __name__ == "__main__":
    main()

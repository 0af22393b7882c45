"""CPU time a computer's move costs, per game, at the bot's budget:

    python -m bench.computer_cpu [GAME ...] [--hands 12] [--budget 0.2]

Hands as the bench's tables play them (bench.computers): the person in seat
1 plays the plain legal-only policy, computers (`players.decide`, the bot's
policy) every other seat. Reported per game: computer decisions, their CPU
time (the deciding thread's, so the machine's load does not count) mean and
p50/p90/p99, and why the searches stopped. The mean × the computer moves a
second gives the cores the computers need (docs/SCALING.md).
"""

from __future__ import annotations

import argparse
import random
import statistics

from games import players, registry
from games.players import decide, fallback


def measure(game_id: str, hands: int, budget: float) -> dict:
    game = registry.get(game_id)
    cpu: list[float] = []
    stops: dict[str, int] = {}
    moves = 0
    for h in range(hands):
        state = game.new_state(seed=35_000 + h)
        rng = random.Random(h)
        while not state.is_over() and state.to_act():
            seat = state.to_act()[0]
            moves += 1
            if seat == 0:
                state.apply(seat, fallback(state, seat, rng))
                continue
            d = decide(state, seat, random.Random(f"{h}:{state.turn}:{seat}"), budget)
            cpu.append(d.cpu)
            stops[d.stop] = stops.get(d.stop, 0) + 1
            state.apply(seat, d.code)
    cpu.sort()
    return {"game": game_id, "hands": hands, "moves": moves, "decisions": len(cpu),
            "mean_ms": statistics.fmean(cpu) * 1e3,
            "p50_ms": cpu[len(cpu) // 2] * 1e3, "p90_ms": cpu[int(0.9 * len(cpu))] * 1e3,
            "p99_ms": cpu[int(0.99 * (len(cpu) - 1))] * 1e3, "stops": stops}


def main() -> None:
    p = argparse.ArgumentParser(prog="python -m bench.computer_cpu")
    p.add_argument("games", nargs="*", default=None)
    p.add_argument("--hands", type=int, default=12)
    p.add_argument("--budget", type=float, default=players.BUDGET)
    args = p.parse_args()
    print("| game | computer decisions (of all moves) | CPU a decision: mean | p50 / p90 / p99 "
          "| how the searches stopped |\n|---|---|---|---|---|")
    for game_id in args.games or registry.ids():
        r = measure(game_id, args.hands, args.budget)
        stops = ", ".join(f"{k} {v}" for k, v in sorted(r["stops"].items(), key=lambda x: -x[1]))
        print(f"| {game_id} | {r['decisions']} ({r['moves']}) | {r['mean_ms']:.0f} ms | "
              f"{r['p50_ms']:.0f} / {r['p90_ms']:.0f} / {r['p99_ms']:.0f} ms | {stops} |",
              flush=True)


if __name__ == "__main__":
    main()

"""Engine benchmarks: `python -m bench [game ...] [--seconds S]`.

Per registered engine: random-legal-play full hands per CPU-second, and the
CPU time (process_time: comparable on a shared machine, unlike wall clock)
of `legal_moves` in the worst positions each game's
`bench/worst_<package>.py` constructs (`worst_positions()` yields
(label, state, seat)). Results go into docs/PERFORMANCE.md by hand.
"""

from __future__ import annotations

import argparse
import importlib
import random
import time

from games import registry
from games.players import RandomPlayer, playout


def hands_per_second(game_id: str, seconds: float) -> tuple[float, int]:
    game = registry.get(game_id)
    rng = random.Random(1)
    n = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        playout(game.new_state(seed=n), RandomPlayer(), rng)
        n += 1
    return n / (time.process_time() - start), n


def time_call(fn, min_seconds: float = 0.2) -> float:
    """Best-of-5 mean CPU seconds per call of fn()."""
    reps = 1
    while True:
        t = time.process_time()
        for _ in range(reps):
            fn()
        dt = time.process_time() - t
        if dt >= min_seconds / 5:
            break
        reps *= 2
    best = dt
    for _ in range(4):
        t = time.process_time()
        for _ in range(reps):
            fn()
        best = min(best, time.process_time() - t)
    return best / reps


def worst_positions(game_id: str):
    package = registry.package_of(game_id).split(".")[-1]
    try:
        module = importlib.import_module(f"bench.worst_{package}")
    except ModuleNotFoundError:
        return []
    return [p for p in module.worst_positions() if p[1].game.id == game_id]


def extras(game_id: str):
    """Game-specific timings: `bench/worst_<package>.py` may define extra_timings()."""
    package = registry.package_of(game_id).split(".")[-1]
    try:
        module = importlib.import_module(f"bench.worst_{package}")
    except ModuleNotFoundError:
        return []
    fn = getattr(module, "extra_timings", None)
    return [e for e in fn() if e[0] == game_id] if fn else []


def main() -> None:
    p = argparse.ArgumentParser(prog="python -m bench")
    p.add_argument("games", nargs="*", help="game ids (default: all)")
    p.add_argument("--seconds", type=float, default=5.0, help="CPU time per throughput run")
    args = p.parse_args()
    ids = args.games or registry.ids()
    for game_id in ids:
        rate, n = hands_per_second(game_id, args.seconds)
        print(f"{game_id:9s} random play: {rate:8.0f} hands/CPU-s ({n} hands)")
        for label, state, seat in worst_positions(game_id):
            moves = state.legal_moves(seat)
            t = time_call(lambda s=state, q=seat: s.legal_moves(q))
            print(f"{game_id:9s} legal_moves {label}: {t * 1e3:.3f} ms CPU ({len(moves)} moves)")
        for _gid, label, fn in extras(game_id):
            t = time_call(fn)
            print(f"{game_id:9s} {label}: {t * 1e3:.3f} ms CPU")


if __name__ == "__main__":
    main()

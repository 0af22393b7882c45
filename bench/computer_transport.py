"""What sending a computer's move to a worker costs: the hand's record or a
pickled copy of its state.

    python -m bench.computer_transport [--positions 40]

For positions a few moves to a few dozen into random hands of every game:
in the bot's event loop, the time to make what is sent and pickle it (the
pickled state: `state.copy()` then `pickle.dumps`, as the thread pool's
copy was; the record: `thinking.ask`, then `pickle.dumps`); in the worker,
the time to have the state back (`pickle.loads`; for the record also its
replay, `thinking.state_of`); and the bytes on the pipe. Medians over the
positions, each timed in CPU time (the thread's) over 20 runs (5 for the replay).
"""

from __future__ import annotations

import argparse
import pickle
import random
import statistics
import time

from games import registry, thinking
from games.players import fallback


def positions(game_id: str, n: int) -> list:
    game = registry.get(game_id)
    out = []
    for k in range(n):
        state = game.new_state(seed=k)
        rng = random.Random(k)
        target = rng.randrange(5, 60)
        while not state.is_over() and state.turn < target:
            seat = state.to_act()[0]
            state.apply(seat, fallback(state, seat, rng))
        if not state.is_over():
            out.append(state)
    return out


def median_us(fn, xs: list, reps: int = 20) -> float:
    each = []
    for x in xs:
        t0 = time.thread_time()
        for _ in range(reps):
            fn(x)
        each.append((time.thread_time() - t0) / reps)
    return statistics.median(each) * 1e6


def main() -> None:
    p = argparse.ArgumentParser(prog="python -m bench.computer_transport")
    p.add_argument("--positions", type=int, default=40)
    args = p.parse_args()
    print("| game | pickled state: loop / worker / bytes "
          "| record: loop / worker (replay) / bytes |")
    print("|---|---|---|")
    for game_id in registry.ids():
        xs = positions(game_id, args.positions)
        blobs = [pickle.dumps(s.copy(), protocol=pickle.HIGHEST_PROTOCOL) for s in xs]
        s_loop = median_us(lambda s: pickle.dumps(s.copy(), protocol=pickle.HIGHEST_PROTOCOL), xs)
        s_worker = median_us(pickle.loads, blobs)
        asks = [pickle.dumps(thinking.ask(s, s.to_act()[0], "seed", 0.3)) for s in xs]
        r_loop = median_us(
            lambda s: pickle.dumps(thinking.ask(s, s.to_act()[0], "seed", 0.3)), xs)
        r_worker = median_us(lambda b: thinking.state_of(pickle.loads(b).record), asks, 5)
        print(f"| {game_id} | {s_loop:.0f} µs / {s_worker:.0f} µs / "
              f"{statistics.median(map(len, blobs)):,.0f} B | {r_loop:.0f} µs / "
              f"{r_worker:.0f} µs / {statistics.median(map(len, asks)):,.0f} B |", flush=True)


if __name__ == "__main__":
    main()

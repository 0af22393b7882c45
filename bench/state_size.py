"""How much a state holds, per engine: `python -m bench.state_size [ENGINE ...]`.

Issue 14 asks for a 刨幺 state ≤ 12 KB without saying how it is counted, so
three counts, each the largest over `--hands` random hands:

  json  len(state.to_json()) at any step (what is stored per sitting)
  held  bytes a fresh state holds once the seat to act was asked its legal
        moves (tracemalloc; the engine's move caches included; one state of
        the game is made and asked first, untraced, so that what a process
        makes once for every state — an engine's tables, a cached deck — is
        not counted as the first state's)
  copy  bytes state.copy() allocates for that state (a computer player makes
        one per sampled world)
"""

from __future__ import annotations

import argparse
import random
import tracemalloc

from games import registry
from games.base import Pick


def sizes(game_id: str, seed: int) -> tuple[int, int, int]:
    game = registry.get(game_id)
    warm = game.new_state(seed=seed + 1)  # the process-wide tables, untraced
    warm.legal_moves(warm.to_act()[0])
    del warm
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    state = game.new_state(seed=seed)
    state.legal_moves(state.to_act()[0])
    held = tracemalloc.get_traced_memory()[0] - base
    before = tracemalloc.get_traced_memory()[0]
    twin = state.copy()
    copy = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    del twin
    rng = random.Random(seed)
    most = 0
    while not state.is_over():
        most = max(most, len(state.to_json()))
        seat = state.to_act()[0]
        ms = state.legal_moves(seat)
        m = ms[rng.randrange(len(ms))]
        state.apply(seat, m.code_for(m.random_choice(rng)) if isinstance(m, Pick) else m.code)
    return max(most, len(state.to_json())), held, copy


def main() -> None:
    p = argparse.ArgumentParser(prog="python -m bench.state_size")
    p.add_argument("engines", nargs="*", help="game ids (default: all)")
    p.add_argument("--hands", type=int, default=20)
    args = p.parse_args()
    print(f"{'engine':10s} {'json B':>8s} {'held B':>8s} {'copy B':>8s}   (max over hands)")
    for game_id in args.engines or registry.ids():
        rows = [sizes(game_id, seed) for seed in range(args.hands)]
        j, h, c = (max(col) for col in zip(*rows))
        print(f"{game_id:10s} {j:8,d} {h:8,d} {c:8,d}")


if __name__ == "__main__":
    main()

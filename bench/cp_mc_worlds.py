"""Worlds per CPU-second of 川牌's Monte Carlo player, on fixed positions.

    python bench/cp_mc_worlds.py [POSITIONS] [WORLDS]    # this tree's games
    PYTHONPATH=/tmp/cp-main python bench/cp_mc_worlds.py  # another checkout's

Run as a script (like bench/cpu_worker.py) so that PYTHONPATH picks whose
`games` package is measured. Positions: decision points of heuristic play
(seeded), those with a real choice; on each the Monte Carlo player samples
exactly WORLDS worlds (`worlds`: no clock, no early stop) and the CPU time
(process_time) is summed. Prints worlds per CPU-second and what that buys
in the bot's 300 ms budget.
"""

from __future__ import annotations

import random
import sys
import time


def positions(n: int, seed: int = 7):
    from games import registry
    from games.changpai import ai

    game = registry.get("changpai")
    heur = ai.heuristic()
    rng = random.Random(seed)
    out = []
    h = 0
    while len(out) < n:
        st = game.new_state(seed=seed * 100_000 + h)
        h += 1
        for _ in range(rng.randrange(0, 40)):
            if st.is_over():
                break
            s = st.to_act()[0]
            st.apply(s, heur.choose(st, s, rng))
        if not st.is_over():
            seat = st.to_act()[0]
            if len(st.legal_moves(seat)) > 1:
                out.append((st, seat))
    return out


def main() -> None:
    from games.changpai import ai

    n = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    worlds = int(sys.argv[2]) if len(sys.argv) > 2 else 6
    pos = positions(n)
    cpu = 0.0
    done = [0]
    for i, (st, seat) in enumerate(pos):
        mc = ai.monte_carlo(1e9)
        mc.worlds = worlds
        sample = mc.sampler

        def counted(state, s, sample=sample):
            draw = sample(state, s)

            def one(rng):
                done[0] += 1  # a world actually sampled (one candidate: none)
                return draw(rng)

            return one

        mc.sampler = counted
        t = time.process_time()
        mc.choose(st, seat, random.Random(i))
        cpu += time.process_time() - t
    done = done[0]
    print(f"{n} positions × {worlds} worlds: {cpu:.2f} s CPU, {done / cpu:,.1f} worlds/CPU-s, "
          f"{0.3 * done / cpu:.1f} worlds per 300 ms")


if __name__ == "__main__":
    main()

"""One engine's random-legal-play throughput in CPU time, in its own process.

    python bench/cpu_worker.py ENGINE SECONDS SEED

Run as a script (not -m) so that PYTHONPATH picks whose `games` package is
measured: bench.side points it at this tree or at another checkout (e.g.
main's code in a temporary directory) for a before/after run. ENGINE is a
Paiju game id, `rlcard:doudizhu` or `openspiel:dou_dizhu`. Prints one JSON
line: hands, moves, cpu (process_time seconds).
"""

from __future__ import annotations

import json
import random
import sys
import time


def paiju(game_id: str, seconds: float, seed: int):
    from games import registry
    from games.base import Pick

    game = registry.get(game_id)
    rng = random.Random(seed)
    hands = moves = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        st = game.new_state(seed=seed * 1_000_000 + hands)
        while not st.is_over():
            seat = st.to_act()[0]
            ms = st.legal_moves(seat)
            m = ms[rng.randrange(len(ms))]
            st.apply(seat, m.code_for(m.random_choice(rng)) if isinstance(m, Pick) else m.code)
            moves += 1
        hands += 1
    return hands, moves, time.process_time() - start


def rlcard_ddz(seconds: float, seed: int):
    import rlcard  # noqa: F401  (import cost outside the timed loop)
    from rlcard.games.doudizhu.game import DoudizhuGame

    game = DoudizhuGame(allow_step_back=False)
    game.np_random.seed(seed)
    rng = random.Random(seed)
    hands = moves = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        _state, pid = game.init_game()
        while not game.is_over():
            acts = game.state["actions"]
            _state, pid = game.step(acts[rng.randrange(len(acts))])
            moves += 1
        hands += 1
    return hands, moves, time.process_time() - start


def openspiel_ddz(seconds: float, seed: int):
    import pyspiel

    game = pyspiel.load_game("dou_dizhu")
    rng = random.Random(seed)
    hands = moves = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        st = game.new_initial_state()
        while not st.is_terminal():
            if st.is_chance_node():
                outcomes = st.chance_outcomes()
                st.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                continue
            acts = st.legal_actions()
            st.apply_action(acts[rng.randrange(len(acts))])
            moves += 1
        hands += 1
    return hands, moves, time.process_time() - start


def main() -> None:
    engine, seconds, seed = sys.argv[1], float(sys.argv[2]), int(sys.argv[3])
    if engine == "rlcard:doudizhu":
        h, m, cpu = rlcard_ddz(seconds, seed)
    elif engine == "openspiel:dou_dizhu":
        h, m, cpu = openspiel_ddz(seconds, seed)
    else:
        h, m, cpu = paiju(engine, seconds, seed)
    print(json.dumps({"hands": h, "moves": m, "cpu": cpu}))


if __name__ == "__main__":
    main()

"""Behaviour golden of 幺地人's computer players, for the engine speed work
(issue 14): the random-play golden (tests/games/golden.py) rarely gets past
the 起 round and the first claims, and never asks the players. Here the
heuristic plays every seat (with a share of random moves, so that unlikely
branches are reached too), and a hash per block of hands covers, before every
move: to_act(), every seat's legal move codes and the heuristic's choice for
the seat to act; after it: the applied move and its events; at the end:
result() and every seat's view. Some decisions also ask the Monte Carlo
player with a fixed number of worlds (no clock): its choice is hashed too.

The digests in golden_ai_digests.json were made from the code before the
lazy claim/estimate work.

    pytest tests/games/changpai/test_golden_ai.py            # CI: first block of each
    pytest -m slow tests/games/changpai/test_golden_ai.py    # the other blocks
    python -m tests.games.changpai.golden_ai --write         # re-record: only on purpose!
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
from pathlib import Path

from games import registry
from games.changpai import ai
from tests.games.golden import CP_FLAGS, _dumps

GAME = registry.get("changpai")
PATH = Path(__file__).with_name("golden_ai_digests.json")
BLOCK = 20
CI_BLOCKS = 1
RANDOM_SHARE = 0.15  # moves made at random instead of the heuristic's
MC_EVERY = 7  # every 7th decision with a choice also asks the Monte Carlo player
MC_WORLDS = 2

# (label, variant overrides, hands): every preset and the flag combination of the golden.
ENTRIES: list[tuple[str, dict, int]] = [
    ("default", {}, 200),
    ("xy_server", dict(GAME.presets["xy_server"]), 200),
    ("titi", {"fan_mode": "titi"}, 100),
    ("off", {"qualify_mode": "off"}, 100),
    ("flags", CP_FLAGS, 100),
]


def play_hand(variant: dict, seed: int, h) -> None:
    state = GAME.new_state(variant, seed=seed)
    rng = random.Random(seed)
    heur = ai.heuristic()
    decisions = 0
    for _ in range(10_000):
        if state.is_over():
            break
        to_act = state.to_act()
        offered = [[m.code for m in state.legal_moves(s)] for s in range(state.seats)]
        seat = to_act[0]
        moves = offered[seat]
        choice = heur.choose(state, seat, random.Random(rng.random()))
        mc_choice = None
        if len(moves) > 1:
            decisions += 1
            if decisions % MC_EVERY == 0:
                mc = ai.monte_carlo(1e9)
                mc.worlds = MC_WORLDS
                mc_choice = mc.choose(state, seat, random.Random(rng.random()))
        code = choice if rng.random() >= RANDOM_SHARE else moves[rng.randrange(len(moves))]
        events = state.apply(seat, code)
        h.update(_dumps([to_act, offered, seat, choice, mc_choice, code, events]))
    else:
        raise RuntimeError(f"seed {seed} did not end")
    r = state.result()
    h.update(_dumps([r.net, r.details, [state.view(s) for s in range(state.seats)]]))


def block_digest(entry, block: int) -> str:
    _label, variant, _n = entry
    h = hashlib.sha256()
    for seed in range(block * BLOCK, (block + 1) * BLOCK):
        play_hand(variant, seed, h)
    return h.hexdigest()[:16]


def key(entry) -> str:
    return entry[0]


def compute(entry, n_blocks: int | None = None) -> list[str]:
    total = entry[2] // BLOCK
    n = total if n_blocks is None else min(n_blocks, total)
    return [block_digest(entry, b) for b in range(n)]


def load() -> dict[str, list[str]]:
    return json.loads(PATH.read_text())


def main() -> None:
    """Record the digests (only on purpose: they are the "before")."""
    p = argparse.ArgumentParser(prog="python -m tests.games.changpai.golden_ai")
    p.add_argument("--write", action="store_true", required=True)
    p.parse_args()
    PATH.write_text(json.dumps({key(e): compute(e) for e in ENTRIES}, indent=1) + "\n")


if __name__ == "__main__":
    main()

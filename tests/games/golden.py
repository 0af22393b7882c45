"""Behaviour golden for the engine speed work: fixed seeds of random legal play
per game and preset, digested, so a faster engine can be shown to offer the
same moves and reach the same results as the code the digests were made from.

Per hand the digest covers: every seat's legal moves (code, kind, cards, data;
a Pick's fields) and to_act() before every move, every applied move, the
events apply returns, every seat's view at the start and the end, and
result().net and details. Hands are digested in blocks of BLOCK seeds.

    python -m tests.games.golden --check [--all]   # compare with golden_digests.json
    python -m tests.games.golden --write           # regenerate (only on purpose!)
    python -m tests.games.golden --add             # record entries added since (new presets)

The CI test (tests/games/test_golden.py) checks the first CI_BLOCKS blocks of
every entry; `pytest -m slow tests/games/test_golden.py` (or --check --all)
checks every block.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from pathlib import Path

from games import registry
from games.base import Move, Pick, State

PATH = Path(__file__).with_name("golden_digests.json")
BLOCK = 100
CI_BLOCKS = {"changpai": 4}  # blocks per entry the CI test checks (default 1)

# (game id, label, variant overrides, seat count, number of seeds).
# changpai: 5 entries × 1,200 seeds = 6,000 hands in all.
CP_FLAGS = {"tou_optional": True, "after_kill": "public_flip", "chi_type_hu_restricted": True,
            "hu_pass_scope": "others_discards_only", "upgrade_melds": True, "auto_fold": False,
            "threshold_strict": True, "estimate_mode": "xy"}
ENTRIES: list[tuple[str, str, dict, int, int]] = [
    ("changpai", "default", {}, 3, 1200),
    ("changpai", "xy_server", registry.get("changpai").presets["xy_server"], 3, 1200),
    ("changpai", "titi", {"fan_mode": "titi"}, 3, 1200),
    ("changpai", "off", {"qualify_mode": "off"}, 3, 1200),
    ("changpai", "flags", CP_FLAGS, 3, 1200),
]
for _gid in ("xianniu", "niujiu", "dingniu", "paoyao"):
    _game = registry.get(_gid)
    for _name, _over in _game.presets.items():
        for _seats in _game.seat_counts:
            ENTRIES.append((_gid, _name, dict(_over), _seats, 300))


def _moves(state: State, seat: int) -> list:
    out = []
    for m in state.legal_moves(seat):
        if isinstance(m, Pick):
            out.append(["pick", m.kind, m.prefix, list(m.choices), m.min_count, m.max_count])
        else:
            assert isinstance(m, Move)
            out.append(m.to_dict())
    return out


def _dumps(x) -> bytes:
    return json.dumps(x, sort_keys=True, separators=(",", ":"), ensure_ascii=True).encode()


def play_hand(game_id: str, variant: dict, seats: int, seed: int, h) -> None:
    """Play one random hand from `seed`, feeding everything observed to hash h."""
    state = registry.get(game_id).new_state(variant, seats=seats, seed=seed)
    rng = random.Random(seed)
    h.update(_dumps([state.view(s) for s in range(seats)]))
    for _ in range(10_000):
        if state.is_over():
            break
        to_act = state.to_act()
        offered = [_moves(state, s) for s in range(seats)]
        seat = to_act[0]
        moves = state.legal_moves(seat)
        m = moves[rng.randrange(len(moves))]
        code = m.code_for(m.random_choice(rng)) if isinstance(m, Pick) else m.code
        events = state.apply(seat, code)
        h.update(_dumps([to_act, offered, seat, code, events]))
    else:
        raise RuntimeError(f"{game_id} seed {seed} did not end")
    r = state.result()
    h.update(_dumps([r.net, r.details, [state.view(s) for s in range(seats)]]))


def key(entry) -> str:
    game_id, label, _v, seats, _n = entry
    return f"{game_id}/{label}/{seats}"


def block_digest(entry, block: int) -> str:
    game_id, _label, variant, seats, _n = entry
    h = hashlib.sha256()
    for seed in range(block * BLOCK, (block + 1) * BLOCK):
        play_hand(game_id, variant, seats, seed, h)
    return h.hexdigest()[:16]


def blocks(entry) -> int:
    return entry[4] // BLOCK


def compute(entry, n_blocks: int | None = None) -> list[str]:
    n = blocks(entry) if n_blocks is None else min(n_blocks, blocks(entry))
    return [block_digest(entry, b) for b in range(n)]


def load() -> dict[str, list[str]]:
    return json.loads(PATH.read_text())


def main() -> None:
    p = argparse.ArgumentParser(prog="python -m tests.games.golden")
    p.add_argument("--write", action="store_true", help="regenerate golden_digests.json")
    p.add_argument("--add", action="store_true", help="record entries not in the file yet")
    p.add_argument("--check", action="store_true", help="compare with golden_digests.json")
    p.add_argument("--all", action="store_true", help="every block (default: the CI blocks)")
    p.add_argument("games", nargs="*")
    args = p.parse_args()
    entries = [e for e in ENTRIES if not args.games or e[0] in args.games]
    if args.write:
        PATH.write_text(json.dumps({key(e): compute(e) for e in ENTRIES}, indent=1) + "\n")
        return
    golden = load()
    if args.add:
        golden.update({key(e): compute(e) for e in ENTRIES if key(e) not in golden})
        PATH.write_text(json.dumps(golden, indent=1) + "\n")
        return
    bad = 0
    for e in entries:
        n = None if args.all else CI_BLOCKS.get(e[0], 1)
        got = compute(e, n)
        if key(e) not in golden:
            print(f"{key(e):28s} no golden recorded (--add)")
            continue
        want = golden[key(e)][: len(got)]
        diff = [i for i, (a, b) in enumerate(zip(got, want)) if a != b]
        print(f"{key(e):28s} {len(got)} blocks {'OK' if not diff else f'DIFFER in {diff}'}")
        bad += bool(diff)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()

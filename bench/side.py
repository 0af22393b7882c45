"""Side-by-side engine throughput in CPU time: `python -m bench.side`.

    python -m bench.side [ENGINE ...] [--rounds 5] [--seconds 2]
                         [--before DIR] [--refs]

Every engine runs in its own fresh process (bench/cpu_worker.py) for
`--seconds` of CPU time, round after round, the engines' order rotated each
round (interleaved: a busy moment hits every engine alike). Reported per
engine: hands and moves per CPU-second, median and min–max over the rounds.
CPU time (process_time), not wall clock: on a shared machine it is the
comparable figure. `--before DIR` also measures the `games` package found in
DIR (e.g. `git archive main games | tar -x -C /tmp/main`) as "ENGINE@before";
`--refs` adds RLCard's 斗地主 and OpenSpiel's dou_dizhu when installed.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from importlib.util import find_spec
from pathlib import Path

from games import registry

ROOT = Path(__file__).resolve().parent.parent
WORKER = Path(__file__).with_name("cpu_worker.py")


def run(engine: str, root: Path, seconds: float, seed: int) -> dict:
    env = dict(os.environ, PYTHONPATH=str(root))
    out = subprocess.run([sys.executable, str(WORKER), engine, str(seconds), str(seed)],
                         env=env, capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    p = argparse.ArgumentParser(prog="python -m bench.side")
    p.add_argument("engines", nargs="*", help="game ids (default: all)")
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per run")
    p.add_argument("--before", type=Path, help="a checkout whose games package is 'before'")
    p.add_argument("--refs", action="store_true", help="add RLCard and OpenSpiel 斗地主")
    args = p.parse_args()
    runs: list[tuple[str, str, Path]] = []  # (label, engine, code root)
    for game_id in args.engines or registry.ids():
        if args.before:
            runs.append((f"{game_id}@before", game_id, args.before))
        runs.append((game_id, game_id, ROOT))
    if args.refs:
        runs += refs()
    report(measure(runs, args.rounds, args.seconds))


def measure(runs: list[tuple[str, str, Path]], rounds: int,
            seconds: float) -> dict[str, list[dict]]:
    """Each (label, engine, code root) for `seconds` of CPU a round, in its own
    process, the order rotated each round (interleaved)."""
    results: dict[str, list[dict]] = {label: [] for label, _e, _r in runs}
    for r in range(rounds):
        order = runs[r % len(runs):] + runs[: r % len(runs)]
        for label, engine, root in order:
            results[label].append(run(engine, root, seconds, seed=r + 1))
        print(f"round {r + 1}/{rounds} done", file=sys.stderr)
    return results


def report(results: dict[str, list[dict]]) -> None:
    print(
        f"{'engine':22s} {'hands/CPU-s median (min–max)':>34s}"
        f" {'moves/CPU-s median (min–max)':>36s}"
    )
    for label, rs in results.items():
        hs = [x["hands"] / x["cpu"] for x in rs]
        ms = [x["moves"] / x["cpu"] for x in rs]
        print(f"{label:22s} {statistics.median(hs):12,.0f} ({min(hs):,.0f}–{max(hs):,.0f})"
              f"{statistics.median(ms):16,.0f} ({min(ms):,.0f}–{max(ms):,.0f})")


def refs() -> list[tuple[str, str, Path]]:
    """RLCard's and OpenSpiel's 斗地主, those installed."""
    out = []
    if find_spec("rlcard"):
        out.append(("rlcard:doudizhu", "rlcard:doudizhu", ROOT))
    if find_spec("pyspiel"):
        out.append(("openspiel:dou_dizhu", "openspiel:dou_dizhu", ROOT))
    return out


if __name__ == "__main__":
    main()

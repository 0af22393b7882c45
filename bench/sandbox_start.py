"""How long `paiju sandbox` takes to start: `python -m bench.sandbox_start [--runs N]`.

Each run starts the command as a host types it (`paiju sandbox --port 0`,
plus `--game xianniu` on every other run) and reads its output:

  page   wall seconds until it prints the page's address (the page serves
         from then on and shows "bot starting…" until the bot is up)
  ready  wall seconds until it prints that the bot is ready (people seated
         in the lobby with --game)
  cpu    the process's CPU seconds (user + system) at that moment: the
         figure that does not depend on what else the machine runs

then Ctrl-C, and checks the exit status is 0. Prints each run, the medians
and the load (os.getloadavg) before and after.
"""

from __future__ import annotations

import argparse
import os
import selectors
import signal
import statistics
import subprocess
import sys
import time


def cpu_seconds(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def one_run(game: str | None) -> tuple[float, float, float]:
    args = [sys.executable, "-m", "bot.cli.main", "sandbox", "--port", "0"]
    if game:
        args += ["--game", game]
    t0 = time.perf_counter()
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    sel = selectors.DefaultSelector()
    sel.register(proc.stdout, selectors.EVENT_READ)
    times: list[float] = []
    cpu = 0.0
    while len(times) < 2:
        if not sel.select(120):
            proc.kill()
            raise TimeoutError("paiju sandbox printed nothing for 120 s")
        line = proc.stdout.readline()
        if not line:
            raise RuntimeError(f"paiju sandbox ended: {proc.stderr.read() if proc.stderr else ''}")
        times.append(time.perf_counter() - t0)
        if len(times) == 2:
            cpu = cpu_seconds(proc.pid)
    proc.send_signal(signal.SIGINT)
    proc.communicate(timeout=60)
    if proc.returncode != 0:
        raise RuntimeError(f"exit status {proc.returncode} after Ctrl-C")
    return times[0], times[1], cpu


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.sandbox_start", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=6)
    args = ap.parse_args(argv)
    print(f"load before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    rows = []
    for i in range(args.runs):
        game = "xianniu" if i % 2 else None
        page, ready, cpu = one_run(game)
        rows.append((page, ready, cpu))
        print(f"run {i + 1} ({'--game xianniu' if game else 'no game'}): page {page:.2f} s, "
              f"ready {ready:.2f} s, cpu {cpu:.2f} s")
    med = [statistics.median(r[k] for r in rows) for k in range(3)]
    print(f"median: page {med[0]:.2f} s, ready {med[1]:.2f} s, cpu {med[2]:.2f} s")
    print(f"load after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

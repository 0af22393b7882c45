"""How long `paiju sandbox` takes to start: `python -m bench.sandbox_start [--runs N]`.

Each run starts the command as a host types it (`paiju sandbox --port 0`,
plus `--game xianniu` on every other run) and reads its output:

  page   wall seconds until it prints the page's address (the page serves
         from then on and shows "bot starting…" until the bot is up)
  ready  wall seconds until it prints that the bot is ready (people seated
         in the lobby with --game)
  cpu    CPU seconds (user + system) at that moment of the command's
         processes: the sandbox's own (page and fake Telegram), the bot's
         (a process of its own, started first) and all: the figures that
         do not depend on what else the machine runs

then Ctrl-C, and checks the exit status is 0 (the modules compiled first, as
`pip install` does). Prints each run, the medians and the load
(os.getloadavg) before and after.

`--python EXE` (repeatable) runs the same command under other interpreters
too (another virtual environment: another pydantic, say), and `--checkout
DIR` another checkout's code (DIR/.venv/bin/python, run in DIR: main before
a change, say); one run of each in turn, each with its own medians: side by
side on the same load.
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


def _stat(pid: int) -> tuple[int, float]:
    """(parent pid, CPU seconds used) of a live process."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return int(fields[1]), (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> tuple[float, float]:
    """CPU seconds of the process `pid` and of it with all its descendants."""
    stats: dict[int, tuple[int, float]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stats[int(entry)] = _stat(int(entry))
            except (OSError, IndexError, ValueError):  # ended meanwhile
                pass

    def in_tree(p: int) -> bool:
        while p > 1:
            if p == pid:
                return True
            p = stats[p][0] if p in stats else 0
        return False

    return stats[pid][1], sum(cpu for p, (_, cpu) in stats.items() if in_tree(p))


def one_run(game: str | None, python: str = sys.executable,
            cwd: str | None = None) -> tuple[float, float, float, float]:
    args = [python, "-m", "bot.cli.main", "sandbox", "--port", "0"]
    if game:
        args += ["--game", game]
    t0 = time.perf_counter()
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            cwd=cwd)
    assert proc.stdout is not None
    sel = selectors.DefaultSelector()
    sel.register(proc.stdout, selectors.EVENT_READ)
    times: list[float] = []
    own = cpu = 0.0
    while len(times) < 2:
        if not sel.select(120):
            proc.kill()
            raise TimeoutError("paiju sandbox printed nothing for 120 s")
        line = proc.stdout.readline()
        if not line:
            raise RuntimeError(f"paiju sandbox ended: {proc.stderr.read() if proc.stderr else ''}")
        times.append(time.perf_counter() - t0)
        if len(times) == 2:
            own, cpu = cpu_seconds(proc.pid)
    proc.send_signal(signal.SIGINT)
    proc.communicate(timeout=60)
    if proc.returncode != 0:
        raise RuntimeError(f"exit status {proc.returncode} after Ctrl-C")
    return times[0], times[1], own, cpu


def _summary(xs: list[float]) -> str:
    return f"{statistics.median(xs):.2f} s ({min(xs):.2f}-{max(xs):.2f})"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.sandbox_start", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=6, help="runs of each interpreter")
    ap.add_argument("--python", action="append", default=[], metavar="EXE",
                    help="another interpreter to run side by side (repeatable)")
    ap.add_argument("--checkout", action="append", default=[], metavar="DIR",
                    help="another checkout (with its .venv) to run side by side (repeatable)")
    args = ap.parse_args(argv)
    # (label, interpreter, working directory): `python -m` imports from the latter
    pythons = [(sys.executable, sys.executable, None), *((p, p, None) for p in args.python),
               *((d, os.path.join(d, ".venv", "bin", "python"), d) for d in args.checkout)]
    for _, py, cwd in pythons:  # as `pip install` does for a host (even where
        # PYTHONDONTWRITEBYTECODE is set, which would recompile them every run)
        subprocess.run([py, "-m", "compileall", "-q", "bot", "games", "storage"],
                       cwd=cwd, check=True, stdout=subprocess.DEVNULL)
    print(f"load before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    rows: dict[str, list[tuple[float, ...]]] = {label: [] for label, _, _ in pythons}
    for i in range(args.runs):
        game = "xianniu" if i % 2 else None
        for label, py, cwd in pythons:
            page, ready, own, cpu = one_run(game, py, cwd)
            rows[label].append((page, ready, own, cpu - own, cpu))
            who = f"{label}: " if len(pythons) > 1 else ""
            print(f"{who}run {i + 1} ({'--game xianniu' if game else 'no game'}): "
                  f"page {page:.2f} s, ready {ready:.2f} s; cpu: sandbox {own:.2f} s, "
                  f"bot {cpu - own:.2f} s, all {cpu:.2f} s")

    for label, runs in rows.items():
        s_page, s_ready, s_own, s_bot, s_all = (_summary([r[k] for r in runs]) for k in range(5))
        who = f"{label}: " if len(pythons) > 1 else ""
        print(f"{who}median (range): page {s_page}, ready {s_ready}; "
              f"cpu: sandbox {s_own}, bot {s_bot}, all {s_all}")
    print(f"load after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

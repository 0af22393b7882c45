"""Soak: many sittings for minutes against the fake Bot API server enforcing
Telegram's limits, with the bot's backlog, memory and database sampled over
time. Not a test (it takes minutes); figures go into docs/PERFORMANCE.md.

    python -m bench.soak [--games 200] [--seconds 600] [--game xianniu] [--rate 100]
                         [--warm-engine HANDS] [--count-objects]

Built on bench.bot_load (two processes: this one runs the bot, a child runs
the fake server and the players). Reported: limit violations (windows above
20 a minute in a group or 30 a second overall, audited by the fake), 429s
received, press → first API call p50/p99, and every --every seconds the
outbox backlog, the bot's RSS, the database size (with its WAL) and the
number of sittings in memory.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import time
import tracemalloc

from bench import bot_load


def rss_kb() -> int:
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def db_bytes(path: str) -> int:
    return sum(os.path.getsize(p) for p in (path, path + "-wal") if os.path.exists(p))


DB_CALLS: dict[str, list[float]] = {}  # seconds on the DB thread, by function, whole run


def db_calls_report() -> None:
    """Which DB calls hold the thread longest (a move's write waits for them)."""
    print("DB calls by function (whole run): count, p50 / p99 / max ms, total s")
    rows = sorted(DB_CALLS.items(), key=lambda kv: -sum(kv[1]))
    for name, xs in rows[:12]:
        xs = sorted(xs)
        print(f"  {name:<28} {len(xs):>7}  {xs[len(xs) // 2] * 1e3:6.2f} / "
              f"{_p99(xs) * 1e3:6.2f} / {xs[-1] * 1e3:7.2f}  {sum(xs):7.2f}")


def time_db(storage, waits: list[float], busy: list[float], first: list[float]) -> None:
    """Each DB call's wait for the one DB thread (queued behind other calls,
    `first` for the moves' lane alone) and its time on that thread: is the
    answer to a press waiting there?"""
    submit = storage._submit

    def timed_submit(lane, fn, args, kwargs, direct=False):
        queued = time.monotonic()

        def timed(*a, **k):
            started = time.monotonic()
            (first if lane == 0 else waits).append(started - queued)
            try:
                return fn(*a, **k)
            finally:
                took = time.monotonic() - started
                busy.append(took)
                name = getattr(fn, "__name__", "?")
                DB_CALLS.setdefault(name, []).append(took)

        return submit(lane, timed, args, kwargs, direct)

    storage._submit = timed_submit


def census(app) -> dict[str, int]:
    """What the outbox backlog holds: each queued op by kind, chat (group or
    private) and, for an edit of a slot, which message: the current hand's,
    an older hand's (its final edit), or another (lobby, notify…)."""
    out: dict[str, int] = {}
    sittings = app.service.sittings
    for chat_id, chat in app.outbox._chats.items():
        where = "group" if chat_id < 0 else "private"
        for op in chat.ops:
            what = op.kind
            key = op.key
            if op.kind == "show" and isinstance(key, tuple) and len(key) == 3:
                s = sittings.get(key[0])
                hand = "current" if s is not None and s.hand_no == key[1] else "old"
                seen = "shown" if app.outbox.slots.get(key) else "unsent"
                what = f"show {str(key[2]).split(':')[0]} {hand} {seen}"
            elif op.kind == "show" and isinstance(key, tuple) and len(key) == 2:
                seen = "shown" if app.outbox.slots.get(key) else "unsent"
                what = f"show {str(key[1]).split(':')[0]} {seen}"  # lobby, a sitting's hand
            name = f"{where}: {what}"
            out[name] = out.get(name, 0) + 1
    return dict(sorted(out.items(), key=lambda kv: -kv[1]))


def watch_loop(lags: list[float], every: float = 0.005):
    """The event loop's lateness: a task that asks to wake every 5 ms and
    records how late it woke (a press waits at least that long)."""
    async def tick() -> None:
        loop = asyncio.get_running_loop()
        while True:
            due = loop.time() + every
            await asyncio.sleep(every)
            lags.append(loop.time() - due)

    return tick


def watch_gc(pauses: list[tuple[int, float]]) -> None:
    """Each garbage collection's generation and CPU-blocking length."""
    started: list[float] = []

    def on_gc(phase: str, info: dict) -> None:
        if phase == "start":
            started[:] = [time.perf_counter()]
        elif started:
            pauses.append((info["generation"], time.perf_counter() - started[0]))

    gc.callbacks.append(on_gc)


def object_counts() -> dict[str, int]:
    """Live objects by type (about a second for a million objects)."""
    counts: dict[str, int] = {}
    for o in gc.get_objects():
        name = type(o).__qualname__
        counts[name] = counts.get(name, 0) + 1
    return counts


def _p99(xs: list[float]) -> float:
    xs = sorted(xs)
    return xs[int(0.99 * (len(xs) - 1))] if xs else 0.0


def sampler(samples: list[dict], every: float, traced: list | None = None):
    """Samples every `every` s; with `traced` (tracemalloc running) a
    snapshot is kept at the first sample after the warm-up minute."""
    async def sample(app) -> None:
        start = time.monotonic()
        waits: list[float] = []
        busy: list[float] = []
        first: list[float] = []
        time_db(app.storage, waits, busy, first)
        lags: list[float] = []
        pauses: list[tuple[int, float]] = []
        asyncio.get_running_loop().create_task(watch_loop(lags)())
        watch_gc(pauses)
        try:
            await sample_every(app, start, waits, busy, first, lags, pauses)
        except asyncio.CancelledError:  # the run is over; the bot is still up
            if traced and isinstance(traced[0], dict):
                traced.append(object_counts())
            raise

    async def sample_every(app, start, waits, busy, first, lags, pauses) -> None:
        while True:
            gen2 = [p for g, p in pauses if g == 2]
            samples.append({
                "t": round(time.monotonic() - start, 1),
                "backlog": app.outbox.pending(),
                "rss_kb": rss_kb(),
                "db_kb": db_bytes(app.config.db_path) // 1024,
                "sittings": len(app.service.sittings),
                "db_calls": len(busy),  # both lanes
                "db_wait_p99_ms": round(_p99(waits) * 1e3, 1),
                "db_move_wait_p99_ms": round(_p99(first) * 1e3, 1),
                "db_busy": round(sum(busy) / every, 2),
                "loop_lag_p99_ms": round(_p99(lags) * 1e3, 1),
                "loop_lag_max_ms": round(max(lags, default=0.0) * 1e3, 1),
                "gc_ms": round(sum(p for _g, p in pauses) * 1e3, 1),
                "gc2": [len(gen2), round(max(gen2, default=0.0) * 1e3, 1)],
                "backlog_by": census(app),
            })
            print(json.dumps(samples[-1]), flush=True)  # as it goes: a long run may be cut short
            if traced is not None and not traced and samples[-1]["t"] >= 60:
                traced.append(tracemalloc.take_snapshot() if tracemalloc.is_tracing()
                              else object_counts())
            waits.clear()
            first.clear()
            busy.clear()
            lags.clear()
            pauses.clear()
            await asyncio.sleep(every)

    return sample


def warm_engine(game_id: str, hands: int) -> None:
    """Random hands of the game: 掀牛's play tables (games/xianniu/shapes.py)
    fill as hands are seen, ~9 MB by 20,000 hands, bounded; a soak that
    starts with them filled shows whether anything else grows."""
    import random

    from games import registry
    from games.play import random_code

    g = registry.all_games()[game_id]
    variant, rng = g.preset("default"), random.Random(0)
    t0 = time.process_time()
    for _ in range(hands):
        st = g.new_state(variant, g.default_seats, rng.getrandbits(48), None)
        while not st.is_over():
            seat = st.to_act()[0]
            st.apply(seat, random_code(st, seat, rng))
    print(f"engine warmed: {hands} hands in {time.process_time() - t0:.0f} CPU-s, "
          f"RSS {rss_kb() // 1024} MB", flush=True)


def main() -> None:
    p = argparse.ArgumentParser(prog="python -m bench.soak")
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--seconds", type=float, default=600.0)
    p.add_argument("--game", default="xianniu")
    p.add_argument("--rate", type=float, default=100.0,
                   help="offered presses/s over all sittings (default 100: one every 2 s each)")
    p.add_argument("--every", type=float, default=30.0, help="seconds between samples")
    p.add_argument("--trace-memory", type=int, default=0, metavar="FRAMES",
                   help="trace allocations (slow: not for latency figures) and print what "
                        "grew between the warm-up minute and the end, by place")
    p.add_argument("--warm-engine", type=int, default=0, metavar="HANDS",
                   help="play HANDS random hands in the bot's process first, so the "
                        "engine's bounded process-wide tables are filled before the run")
    p.add_argument("--count-objects", action="store_true",
                   help="count live objects by type after the warm-up minute and at the end")
    args = p.parse_args()
    samples: list[dict] = []
    if args.warm_engine:
        warm_engine(args.game, args.warm_engine)
    load0 = os.getloadavg()
    # the memory seen after warm-up (and, for counts, at the end): tracemalloc
    # snapshots with --trace-memory, live-object counts with --count-objects
    traced: list | None = [] if args.trace_memory or args.count_objects else None
    if args.trace_memory:
        tracemalloc.start(args.trace_memory)
    r = bot_load.run(args.games, args.seconds, args.game, args.rate,
                     sample=sampler(samples, args.every, traced))
    if traced and isinstance(traced[0], dict) and len(traced) == 2:
        end = traced[1]
        grown = sorted(((n - traced[0].get(k, 0), k) for k, n in end.items()), reverse=True)
        print("live objects grown since t ≥ 60 s (top 20 types):")
        for n, k in grown[:20]:
            print(f"{n:+9d}  {k}")
    elif traced:
        grown = tracemalloc.take_snapshot().compare_to(traced[0], "traceback")
        print(f"memory grown since t ≥ 60 s (top 25 of {len(grown)} places):")
        for stat in grown[:25]:
            print(f"{stat.size_diff / 1024:+9.1f} KB {stat.count_diff:+7d} blocks")
            for line in stat.traceback.format()[-2 * args.trace_memory:]:
                print("    " + line)
    warm = [s for s in samples if s["t"] >= 60] or samples
    summary = {
        "command": f"python -m bench.soak --games {args.games} --seconds {args.seconds:g} "
                   f"--game {args.game} --rate {args.rate:g}",
        "load_before": [round(x, 2) for x in load0],
        "load_after": [round(x, 2) for x in os.getloadavg()],
        "presses": r["presses"], "refused": r["toasts"], "player_failures": r["failures"],
        "limit_violations": r["violations"], "http_429": r["http_429"],
        "press_to_api_p50_ms": round(r["p50_ms"], 1), "press_to_api_p99_ms": round(r["p99_ms"], 1),
        "in_bot_p99_ms": round(r["inbot_p99_ms"], 1),
        "backlog_max": max(s["backlog"] for s in samples) if samples else None,
        "rss_kb_after_warmup": [warm[0]["rss_kb"], warm[-1]["rss_kb"]] if warm else None,
        "rss_growth_kb_per_sitting": round((warm[-1]["rss_kb"] - warm[0]["rss_kb"]) / args.games, 1)
        if warm else None,
        "db_kb": [samples[0]["db_kb"], samples[-1]["db_kb"]] if samples else None,
        "bot_cpu": round(r["bot_cpu"], 2),
        "fake_and_players_cpu": round(r["fake_cpu"], 2),
    }
    print(json.dumps(summary, indent=1))
    print("press → first API call p99 by minute of press time: " + ", ".join(
        f"{t / 60:.0f}′ {p99 * 1e3:.1f} ms (n={n})" for t, n, p99 in r["press_windows"]))
    print("the fake server's loop lateness p99 by minute: " + ", ".join(
        f"{t / 60:.0f}′ {p99 * 1e3:.1f} ms" for t, _n, p99 in r["fake_lag_windows"]))
    db_calls_report()
    print("t(s)  backlog  rss(KB)  db(KB)  sittings  db calls  db wait p99 (ms)  "
          "move write wait p99 (ms)  db thread busy")
    for s in samples:
        print(f"{s['t']:>5}  {s['backlog']:>7}  {s['rss_kb']:>7}  {s['db_kb']:>6}"
              f"  {s['sittings']:>8}  {s['db_calls']:>8}  {s['db_wait_p99_ms']:>16}"
              f"  {s['db_move_wait_p99_ms']:>24}"
              f"  {s['db_busy']:>14.0%}")


if __name__ == "__main__":
    main()

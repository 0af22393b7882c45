"""Computers under load: one person per table, computers in every other seat.

    python -m bench.computers --tables 60 --game xianniu [--seconds 60] [--warmup 20]
                              [--mode both|processes|threads] [--workers N] [--nice N]
                              [--private] [--stagger 15]

Production settings: a computer pauses 1 s (`PAIJU_COMPUTER_DELAY`) and
searches 0.2 s of CPU (`PAIJU_AI_BUDGET`, which this bench reads too); the
person at each table taps a legal move 1–3 s after their buttons show (and
下一局 the same way), so the
tables move as fast as the bot lets them. Two processes, as in
bench.bot_load: this one runs the real bot (`bot.app.App`, long polling,
the outbox with Telegram's limits, SQLite); a child runs the fake Bot API
and the people.

`--mode both` (the default) runs the bot twice, one after the other, each
in a fresh process: its computers in worker processes (`PAIJU_AI_WORKERS`,
default one per core), then in the thread pool of the bot before
issue 35 (`PAIJU_AI_WORKERS=0`), and prints one row each. `--nice` sets
how far below the bot's priority the workers run (games/thinking.py's
WORKER_NICE, 5 in the bot; 0 for the same priority). Measured after
the warm-up (the lobbies and first hands):

- bot CPU: the bot's process and its workers, in cores (CPU seconds per second);
- computer moves, of which over time (the search cut by its wall-clock
  deadline; in the old thread pool: not answered within 2 × budget + 0.5 s)
  and of which the heuristic played without a search result;
- the person's press → the bot's answer (answerCallbackQuery), p50/p99,
  as the fake server sees it;
- event-loop lateness: how late a task asking to wake every 5 ms in the
  bot's loop wakes, p99/max;
- worlds searched per decision that searched, p50;
- counted Telegram calls (sends and edits) per move, people's and computers'.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import multiprocessing as mp
import os
import random
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.bot_load import END_SHOWN, ButtonsSeen, _recv
from games import players

# the search's budget: the bot's default, or what PAIJU_AI_BUDGET asks (a host
# sizing a machine for a smaller one)
BUDGET = float(os.environ.get("PAIJU_AI_BUDGET") or players.BUDGET)
COUNTED = ("sendMessage", "editMessageText", "editMessageReplyMarkup", "sendDocument",
           "sendPhoto")


# -- the child: fake server + people ----------------------------------------------
class Shown(ButtonsSeen):
    """bench.bot_load's record of when buttons showed, which a person can
    also wait on: `wait` for one (chat, game, hand, turn), or `chat(id)`'s
    event, set when anything new shows in that chat."""

    def __init__(self, tg) -> None:
        super().__init__(tg)
        self.waiting: dict[tuple[int, int, int, int], asyncio.Future] = {}
        self.news: dict[int, asyncio.Event] = {}

    def update(self) -> dict[tuple[int, int, int, int], float]:
        known = len(self.at)
        super().update()
        for key in list(self.at)[known:]:  # new since the last look (dicts keep order)
            self.chat(key[0]).set()
            fut = self.waiting.pop(key, None)
            if fut is not None and not fut.done():
                fut.set_result(self.at[key])
        return self.at

    def chat(self, chat_id: int) -> asyncio.Event:
        return self.news.setdefault(chat_id, asyncio.Event())

    async def wait(self, key) -> float:
        if key in self.at:
            return self.at[key]
        fut = self.waiting.setdefault(key, asyncio.get_running_loop().create_future())
        return await fut

    async def scan(self, every: float = 0.01) -> None:
        while True:
            self.update()
            await asyncio.sleep(every)


async def _people(conn, db_path: str, tables: int, seconds: float, warmup: float, game_id: str,
                  private: bool, stagger: float) -> None:
    from bot.sandbox.fake import FakeTelegram
    from bot.telegram.callbacks import HandEndCB, LobbyCB, move_button_data
    from games.base import Move
    from games.players import fallback
    from games.records import state_from_json

    async with FakeTelegram(answer_timeout=60.0) as tg:
        conn.send(tg.base_url)
        loop = asyncio.get_running_loop()
        seats = int(await loop.run_in_executor(None, conn.recv))
        db = sqlite3.connect(db_path, timeout=30)

        def row(chat: int):
            return db.execute("select id, status, state, hand_no from sittings where chat_id = ? "
                              "order by id desc", [chat]).fetchone()

        people = []
        for t in range(tables):
            uid = 200_000 + t
            tg.add_user(uid, f"P{t}", started=True)
            chat = uid if private else -200_000 - t
            if not private:
                tg.add_group(chat, f"G{t}", members=[uid], admins=[uid])
            people.append({"uid": uid, "chat": chat})
        shown = Shown(tg)
        scanner = loop.create_task(shown.scan())
        start = time.monotonic()
        gap = stagger / max(1, tables)

        async def open_table(i: int, p) -> None:
            """Groups do not all start in the same second: table i opens
            i × gap seconds in (tables started together stay in step, and
            their computers then all think at the same moments)."""
            await asyncio.sleep(max(0.0, start + i * gap - time.monotonic()))
            p["pmsg"] = (await tg.send_message(p["uid"], p["uid"], "/start"))["message_id"]
            msg = await tg.send_message(p["uid"], p["chat"], f"/new {game_id}")
            p["msg"] = msg["message_id"]
            while row(p["chat"]) is None:
                await asyncio.sleep(0.1)
            p["sitting_id"] = row(p["chat"])[0]
            if not private:  # computers in every other seat, then start
                for action in ["cpu"] * (seats - 1) + ["start"]:
                    await tg.press_forged(p["uid"], p["chat"], p["msg"],
                                          LobbyCB(s=p["sitting_id"], a=action).pack())

        presses: list[str] = []  # callback query ids of the measured presses
        failures: list[str] = []
        measure_from, stop_at = start + warmup, start + warmup + seconds

        async def person(p) -> None:
            rng = random.Random(p["uid"])
            uid, chat, sitting_id = p["uid"], p["chat"], p["sitting_id"]
            while time.monotonic() < stop_at:
                _sitting_id, status, state_json, hand = row(chat)
                if status == "hand_over":  # 下一局 once the 🏁 shows, after a moment
                    await shown.wait((chat, sitting_id, hand, END_SHOWN))
                    await asyncio.sleep(rng.uniform(1.0, 3.0))
                    await tg.press_forged(uid, chat, p["msg"],
                                          HandEndCB(s=sitting_id, n=hand, a="next").pack())
                    await _until(lambda h=hand: row(chat)[3] != h or row(chat)[1] != "hand_over")
                    continue
                st = state_from_json(state_json) if status == "running" else None
                if st is None or 0 not in st.to_act():  # the person sits in seat 1
                    news = shown.chat(uid)  # their buttons will show in their chat
                    news.clear()
                    try:
                        await asyncio.wait_for(news.wait(), 1.0)
                    except TimeoutError:
                        pass
                    continue
                await shown.wait((uid, sitting_id, hand, st.turn))
                await asyncio.sleep(rng.uniform(1.0, 3.0))  # the person thinks
                code = fallback(st, 0, rng)
                index = next((i for i, m in enumerate(st.legal_moves(0))
                              if isinstance(m, Move) and m.code == code), 0)
                data = move_button_data(sitting_id, hand, st.turn, code, index)
                ans = await tg.press_forged(uid, uid, p["pmsg"], data)
                if time.monotonic() >= measure_from:
                    presses.append(ans["callback_query_id"])
                await _until(lambda t=st.turn, h=hand: _moved(row(chat), h, t))

        async def guarded(i: int, p) -> None:
            await open_table(i, p)
            while time.monotonic() < stop_at:
                try:
                    await person(p)
                except Exception as e:  # a bench survives every deal: go on from the truth
                    failures.append(repr(e))
                    await asyncio.sleep(0.1)

        async def window() -> None:
            await asyncio.sleep(max(0.0, measure_from - time.monotonic()))
            counted0 = _counted(tg)
            conn.send(json.dumps({"window": "start"}))
            await asyncio.sleep(max(0.0, stop_at - time.monotonic()))
            conn.send(json.dumps({"window": "end", "counted": _counted(tg) - counted0}))

        marks = loop.create_task(window())
        await asyncio.gather(*(guarded(i, p) for i, p in enumerate(people)))
        await marks
        scanner.cancel()
        answered = {str(c.params.get("callback_query_id")): c.t
                    for c in tg.calls("answerCallbackQuery")}
        lat = sorted(answered[q] - tg.callbacks[q].t for q in presses if q in answered)
        conn.send(json.dumps({"lat": lat, "unanswered": len(presses) - len(lat),
                              "failures": failures[:5], "failed": len(failures)}))
        await loop.run_in_executor(None, conn.recv)  # serve until the bot has stopped


def _moved(r, hand: int, turn: int) -> bool:
    _sitting_id, status, state_json, hand_no = r
    if hand_no != hand or status != "running":
        return True
    return json.loads(state_json)["history"].__len__() > turn


async def _until(check, every: float = 0.05, timeout: float = 120.0) -> None:
    end = time.monotonic() + timeout
    while not check() and time.monotonic() < end:
        await asyncio.sleep(every)


def _counted(tg) -> int:
    return sum(1 for c in tg._calls if c.ok and c.method in COUNTED)


def _child(conn, db_path, tables, seconds, warmup, game_id, private, stagger) -> None:
    logging.basicConfig(level=logging.CRITICAL)
    asyncio.run(_people(conn, db_path, tables, seconds, warmup, game_id, private, stagger))


# -- the parent: the bot -----------------------------------------------------------
def _cpu_of(pids: list[int]) -> float:
    """CPU seconds (user + system) of these processes so far (Linux /proc)."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for pid in pids:
        try:
            stat = Path(f"/proc/{pid}/stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()
        total += (int(fields[11]) + int(fields[12])) / tick
    return total


def _workers(app) -> list[int]:
    pool = getattr(app.service.turns.thinker, "pool", None)
    return pool.pids() if pool is not None else []


async def _lateness(out: list[float], every: float = 0.005) -> None:
    loop = asyncio.get_running_loop()
    while True:
        due = loop.time() + every
        await asyncio.sleep(every)
        out.append(loop.time() - due)


async def _bot(conn, proc, db_path: str, game_id: str, workers: int | None) -> dict:
    from bot.app import App
    from bot.config import Config
    from bot.presenters import catalog
    from bot.sandbox.fake import FakeTelegram

    base_url = _recv(conn, proc)
    config = Config(
        token=FakeTelegram().token, api_base=base_url, db_path=db_path, turn_timeout=600.0,
        computer_delay=1.0, ai_budget=BUDGET, notify_idle=15.0, polling_timeout=10,
        ai_workers=workers, weekly_post=False,
    )
    app = App(config)
    await app.start()
    assert app.service is not None
    loop = asyncio.get_running_loop()
    thinker = app.service.turns.thinker
    measuring = False
    decisions: list[tuple[int, str, bool]] = []
    moves = 0
    add, apply = thinker.tally.add, app.service.moves.apply

    def counted_add(d):
        if measuring:
            decisions.append((d.worlds, d.stop, d.bare))
        add(d)

    async def counted_apply(*a, **k):
        nonlocal moves
        if measuring:
            moves += 1
        return await apply(*a, **k)

    thinker.tally.add = counted_add  # type: ignore[method-assign]
    app.service.moves.apply = counted_apply  # type: ignore[method-assign]
    lateness: list[float] = []
    ticker = loop.create_task(_lateness(lateness))
    try:
        conn.send(str(catalog.game(game_id).default_seats))
        msg = json.loads(await loop.run_in_executor(None, _recv, conn, proc, 3600.0))
        assert msg["window"] == "start"
        measuring = True
        lateness.clear()
        f0 = thinker.figures()
        wall0, cpu0 = time.monotonic(), time.process_time()
        pids = _workers(app)
        nice = _nice(pids)
        wcpu0 = _cpu_of(pids)
        load0 = os.getloadavg()[0]
        msg = json.loads(await loop.run_in_executor(None, _recv, conn, proc, 3600.0))
        measuring = False
        wall = time.monotonic() - wall0
        main_cpu = (time.process_time() - cpu0) / wall
        worker_cpu = (_cpu_of(pids) - wcpu0) / wall
        f1 = thinker.figures()
        late = sorted(lateness)
        raw = json.loads(await loop.run_in_executor(None, _recv, conn, proc, 600.0))
    finally:
        ticker.cancel()
        await app.stop(drain=0.1)
        conn.send("bye")
    searched = sorted(w for w, stop, _bare in decisions
                      if stop not in ("forced", "search", "heuristic"))
    lat = raw["lat"]
    return {
        "mode": f1["mode"], "workers": f1.get("workers", 0), "nice": nice,
        "seconds": wall,
        "cpu_main": main_cpu, "cpu_workers": worker_cpu, "cpu": main_cpu + worker_cpu,
        "computer_moves": f1["moves"] - f0["moves"],
        "over_time": f1["over_time"] - f0["over_time"],
        "heuristic": f1["heuristic"] - f0["heuristic"],
        "moves": moves, "counted": msg["counted"],
        "press_p50_ms": _q(lat, 0.5) * 1e3, "press_p99_ms": _q(lat, 0.99) * 1e3,
        "presses": len(lat), "unanswered": raw["unanswered"], "failed": raw["failed"],
        "failures": raw["failures"],
        "late_p99_ms": _q(late, 0.99) * 1e3, "late_max_ms": (late[-1] if late else 0) * 1e3,
        "worlds_p50": statistics.median(searched) if searched else 0,
        "searches": len(searched),
        "load": [round(load0, 2), round(os.getloadavg()[0], 2)],
    }


def _nice(pids: list[int]) -> int | None:
    """The workers' niceness, as the system has it (None: no workers)."""
    for pid in pids:
        try:
            return os.getpriority(os.PRIO_PROCESS, pid)
        except OSError:
            continue
    return None


def _q(xs: list[float], q: float) -> float:
    return xs[int(q * (len(xs) - 1))] if xs else float("nan")


def run(tables: int, game_id: str, seconds: float, warmup: float, workers: int | None,
        private: bool, stagger: float = 15.0) -> dict:
    logging.basicConfig(level=logging.WARNING)
    with tempfile.TemporaryDirectory() as tmp:
        db_path = str(Path(tmp) / "bench.sqlite3")
        parent, child = mp.Pipe()
        proc = mp.get_context("spawn").Process(
            target=_child, args=(child, db_path, tables, seconds, warmup, game_id, private,
                                 stagger))
        proc.start()
        try:
            r = asyncio.run(_bot(parent, proc, db_path, game_id, workers))
        finally:
            proc.join(30)
            if proc.is_alive():
                proc.kill()
    return {"game": game_id, "tables": tables, **r}


def row(r: dict) -> str:
    how = (f"{r['workers']} worker process{'es' if r['workers'] != 1 else ''}, nice {r['nice']}"
           if r["mode"] == "processes" else "thread pool (before)")
    if BUDGET != players.BUDGET:
        how += f", budget {BUDGET:g} s"
    per_move = r["counted"] / r["moves"] if r["moves"] else float("nan")
    return (f"| {r['tables']} {r['game']} | {how} | {r['cpu']:.2f} ({r['cpu_main']:.2f} + "
            f"{r['cpu_workers']:.2f}) | {r['over_time']} of {r['computer_moves']} "
            f"({r['heuristic']}) | {r['press_p50_ms']:.0f} / {r['press_p99_ms']:.0f} ms | "
            f"{r['late_p99_ms']:.0f} / {r['late_max_ms']:.0f} ms | {r['worlds_p50']:g} | "
            f"{per_move:.2f} ({r['moves']} moves) | {r['load'][0]:g} → {r['load'][1]:g} |")


HEADER = ("| tables | computers think in | bot CPU, cores (main + workers) | computer moves over "
          "time of all (heuristic) | press → answer p50 / p99 | loop lateness p99 / max | "
          "worlds a search p50 | counted calls a move | load (1 min) |\n"
          "|---|---|---|---|---|---|---|---|---|")


def main() -> None:
    p = argparse.ArgumentParser(prog="python -m bench.computers")
    p.add_argument("--tables", type=int, default=60)
    p.add_argument("--game", default="xianniu")
    p.add_argument("--seconds", type=float, default=60.0, help="measured, after the warm-up")
    p.add_argument("--warmup", type=float, default=20.0, help="seconds not measured at the start")
    p.add_argument("--mode", choices=("both", "processes", "threads"), default="both")
    p.add_argument("--workers", type=int, default=None,
                   help="worker processes (default: PAIJU_AI_WORKERS's, one per core)")
    p.add_argument("--nice", type=int, default=None,
                   help="the workers' niceness above the bot's (default: the bot's, 5)")
    p.add_argument("--private", action="store_true",
                   help="practice tables in private chats (default: group tables)")
    p.add_argument("--stagger", type=float, default=15.0,
                   help="seconds over which the tables open, one after another (0: all at once)")
    p.add_argument("--json", action="store_true", help="one JSON line a run instead of rows")
    args = p.parse_args()
    if args.mode == "both":  # each in a fresh process, one after the other
        print(HEADER)
        for mode in ("processes", "threads"):
            cmd = [sys.executable, "-m", "bench.computers", "--mode", mode, "--json",
                   "--tables", str(args.tables), "--game", args.game,
                   "--seconds", str(args.seconds), "--warmup", str(args.warmup),
                   "--stagger", str(args.stagger)]
            cmd += ["--private"] * args.private
            cmd += ["--workers", str(args.workers)] if args.workers is not None else []
            cmd += ["--nice", str(args.nice)] if args.nice is not None else []
            out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
            r = json.loads(out.strip().splitlines()[-1])
            print(row(r), flush=True)
            _warn(r)
        return
    workers = 0 if args.mode == "threads" else args.workers
    if args.nice is not None:
        from games import thinking

        thinking.WORKER_NICE = args.nice
    r = run(args.tables, args.game, args.seconds, args.warmup, workers, args.private, args.stagger)
    if args.json:
        print(json.dumps(r))
    else:
        print(HEADER)
        print(row(r))
    _warn(r)


def _warn(r: dict) -> None:
    """A person's loop that failed is a broken bench, not a figure: say so."""
    if r["failed"]:
        print(f"bench.computers: {r['failed']} failures of the people's loop, first: "
              f"{r['failures']}", file=sys.stderr)


if __name__ == "__main__":
    main()

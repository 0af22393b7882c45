"""Where the acting player's wait goes: bench.bot_load with the outbox traced.

    python -m bench.outbox_trace [--games 100] [--seconds 60] [--warmup 20] [--game xianniu]
                               [--think S]

Runs `bench.bot_load --wait-buttons` and follows every URGENT edit (the hand
message of a player who must act) from the moment the service asked for it
to the end of its API call. Its chat's worker is always in one state:
waiting on the chat's own budget (1/s, bursts of 3; a flood pause), waiting
for a slot of the overall ≈30/s (for this op or for another op of the chat
it may not overtake), running a call, or idle. The time of each slow op
(> --slow seconds) is split over those states, so the tail can be read.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter, defaultdict

from bench import bot_load


def _label(op, target) -> str:
    if op is target:
        return "self"
    return f"{op.kind}:p{op.priority}"


class Tracer:
    def __init__(self, slow: float) -> None:
        self.slow = slow
        self.timeline: dict[int, list[tuple[float, str]]] = defaultdict(list)
        self.lat: list[float] = []
        self.split: Counter = Counter()  # seconds per state, summed over slow ops
        self.dominant: Counter = Counter()  # slow ops by the state they spent most in
        self.examples: list[str] = []
        self.t0 = time.monotonic()
        self.warmup = 0.0
        self.granted: Counter = Counter()  # counted calls started, by priority
        self.call_time: list[float] = []

    def mark(self, chat_id: int, state: str) -> None:
        tl = self.timeline[chat_id]
        tl.append((time.monotonic(), state))
        if len(tl) > 400:
            del tl[:200]

    def install(self, ob) -> None:
        from bot.telegram.outbox import URGENT

        tr = self
        show, next_, slot, run = ob.show, ob._next, ob._overall_slot, ob._run

        def traced_show(chat_id, key, text, markup=None, on_new=None, priority=2):
            show(chat_id, key, text, markup, on_new, priority)
            if priority != URGENT:
                return
            for op in ob._chats[chat_id].ops:
                if op.kind == "show" and op.key == key and not hasattr(op, "t_urgent"):
                    op.t_urgent = time.monotonic()

        def traced_next(chat_id, chat, now):
            op, wait = next_(chat_id, chat, now)
            target = next((o for o in chat.ops if hasattr(o, "t_urgent")), None)
            who = "none" if target is None else _label(op, target)
            if wait > 0:
                why = "paused" if chat.paused_until > now else (
                    "tokens" if chat.tokens < 1 else "group")
                tr.mark(chat_id, f"chat-wait({why}) for {who}")
            else:
                tr.mark(chat_id, f"ready for {who}")
            chat._traced_choice = who
            return op, wait

        async def traced_slot(chat, op):
            priority = op.priority
            cid = next((k for k, c in ob._chats.items() if c is chat), 0)
            tr.mark(cid, f"overall-slot wait for {getattr(chat, '_traced_choice', '?')}")
            try:
                return await slot(chat, op)
            finally:
                tr.mark(cid, "granted")
                if time.monotonic() - tr.t0 > tr.warmup:
                    kind = "group" if cid < 0 else "private"
                    live = sum(1 for e in ob._line._lines[URGENT]
                               if e[3] and e[4] == URGENT and not e[2].done())
                    now_p = min((o.priority for o in chat.ops), default=-1)
                    tr.granted[f"{kind} urgent-waiting:{live > 0} p{priority} now p{now_p}"] += 1

        async def traced_run(op):
            target = next((o for o in ob._chats[op.chat_id].ops if hasattr(o, "t_urgent")),
                          None)
            tr.mark(op.chat_id, "call " + ("self" if hasattr(op, "t_urgent") else
                                           f"{op.kind}:p{op.priority}" + (
                                               " (ahead of it)" if target else "")))
            t = time.monotonic()
            try:
                return await run(op)
            finally:
                tr.call_time.append(time.monotonic() - t)
                tr.mark(op.chat_id, "idle")
                if hasattr(op, "t_urgent"):
                    tr.done(op)

        ob.show, ob._next, ob._overall_slot, ob._run = (traced_show, traced_next, traced_slot,
                                                        traced_run)

    def done(self, op) -> None:
        now = time.monotonic()
        took = now - op.t_urgent
        if op.t_urgent - self.t0 < self.warmup:
            return
        self.lat.append(took)
        if took <= self.slow:
            return
        spent: Counter = Counter()
        tl = self.timeline[op.chat_id]
        state, since = "before trace", op.t_urgent
        for t, s in tl:
            if t <= op.t_urgent:
                state = s
                continue
            spent[state] += t - since
            state, since = s, t
        spent[state] += now - since
        self.split.update(spent)
        self.dominant[spent.most_common(1)[0][0]] += 1
        if len(self.examples) < 8:
            self.examples.append(f"{took:.1f} s: " + ", ".join(
                f"{k} {v:.1f}" for k, v in spent.most_common(4)))


def main() -> None:
    p = argparse.ArgumentParser(prog="python -m bench.outbox_trace")
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seconds", type=float, default=60.0)
    p.add_argument("--warmup", type=float, default=20.0)
    p.add_argument("--game", default="xianniu")
    p.add_argument("--slow", type=float, default=3.0)
    p.add_argument("--rate", type=float, default=0.0, help="offered presses/s (0: closed loop)")
    p.add_argument("--think", type=float, default=0.0,
                   help="seconds a player thinks once their buttons show (0.5–1.5 ×)")
    args = p.parse_args()
    tr = Tracer(args.slow)

    async def sample(app) -> None:
        tr.t0, tr.warmup = time.monotonic(), args.warmup
        tr.install(app.outbox)

    r = bot_load.run(args.games, args.seconds, args.game, args.rate, True, args.warmup,
                     sample=sample, think=args.think)
    print(f"bench: move → next player sees buttons p50 {r['handover_p50_s']:.2f} s, "
          f"p99 {r['handover_p99_s']:.2f} s ({r['handover_seen']}), "
          f"{r['per_second']:.0f} presses/s, 429s {r['http_429']}, "
          f"backlog at end {r['outbox_backlog']}, bot CPU {r['bot_cpu']:.0%}")
    lat = sorted(tr.lat)
    if lat:
        print(f"URGENT hand edits (asked → call done): {len(lat)}, p50 "
              f"{statistics.median(lat):.2f} s, p99 {lat[int(0.99 * (len(lat) - 1))]:.2f} s, "
              f"over {args.slow:g} s: {sum(x > args.slow for x in lat)}")
    print("overall slots granted after warm-up (chat kind, whether an URGENT call was waiting, "
          "priority asked, priority at the grant):",
          dict(tr.granted.most_common()))
    ct = sorted(tr.call_time)
    print(f"API call time: p50 {statistics.median(ct) * 1e3:.0f} ms, "
          f"p99 {ct[int(0.99 * (len(ct) - 1))] * 1e3:.0f} ms")
    print(f"handover mean {r['handover_mean_s']:.2f} s")
    print("seconds of slow ops, by state:")
    for k, v in tr.split.most_common(12):
        print(f"  {v:8.1f}  {k}")
    print("slow ops by dominant state:")
    for k, v in tr.dominant.most_common(8):
        print(f"  {v:5d}  {k}")
    print("examples:", *tr.examples, sep="\n  ")


if __name__ == "__main__":
    main()

"""Where a press's time goes, stage by stage: the soak's press → first API
call split at each hand-over between the fake server, the bot's event loop
and its DB thread. A diagnostic beside bench.soak (same load, same options).

    python -m bench.press_stages [--games 200] [--seconds 240] [--game xianniu] [--rate 100]

Stages (p50 / p90 / p99 ms; both processes read the same CLOCK_MONOTONIC):
  deliver     press reaches the fake server → the bot has read it (getUpdates)
  dispatch    read → the move handler starts (aiogram's middlewares, routing)
  pre_write   handler → the move's write is queued (checks, engine apply, state JSON)
  write       queued → written and back on the event loop (the DB thread's turn)
  post_write  written → the handler is done (screens marked, timer armed)
  to_fake     the bot calls answerCallbackQuery → the fake server has it
  e2e         the soak's figure: press reaches the server → that call
"""

from __future__ import annotations

import argparse
import time

from bench import bot_load, soak


class Stages:
    def __init__(self) -> None:
        self.ms: dict[str, list[float]] = {}
        self.read: dict[str, float] = {}  # press id → the bot read it
        self.called: dict[str, float] = {}  # press id → answerCallbackQuery made
        self._user_read: dict[int, float] = {}  # a user has one press in flight
        self._written: tuple[float, float] | None = None

    def add(self, stage: str, seconds: float) -> None:
        self.ms.setdefault(stage, []).append(seconds * 1e3)

    def install(self, app) -> None:
        from aiogram.methods import AnswerCallbackQuery, GetUpdates

        from bot.moves import Moves

        session, storage = app.bot.session, app.service.storage
        make_request, run_first = session.make_request, storage.run_first
        move, apply = Moves.move, Moves.apply

        async def timed_request(bot, method, timeout=None):
            if isinstance(method, AnswerCallbackQuery):
                self.called[method.callback_query_id] = time.monotonic()
            result = await make_request(bot, method, timeout)
            if isinstance(method, GetUpdates):
                now = time.monotonic()
                for u in result:
                    if u.callback_query is not None:
                        self.read[u.callback_query.id] = now
                        self._user_read[u.callback_query.from_user.id] = now
            return result

        async def timed_move(moves, sitting_id, user, *a, **k):
            read = self._user_read.pop(user.id, None)
            if read is not None:
                self.add("dispatch", time.monotonic() - read)
            return await move(moves, sitting_id, user, *a, **k)

        async def timed_write(fn, *a, **k):
            queued = time.monotonic()
            result = await run_first(fn, *a, **k)
            self._written = (queued, time.monotonic())
            return result

        async def timed_apply(moves, s, seat, code, by):
            self._written, began = None, time.monotonic()
            result = await apply(moves, s, seat, code, by)
            # taken and cleared at once: a move that ends the hand awaits more after
            # its write, and must never count another press's write as its own
            mine, self._written = self._written, None
            if by == "player" and mine is not None:
                queued, written = mine
                self.add("pre_write", queued - began)
                self.add("write", written - queued)
                self.add("post_write", time.monotonic() - written)
            return result

        session.make_request = timed_request
        storage.run_first = timed_write
        Moves.move, Moves.apply = timed_move, timed_apply

    def join(self, press_times: dict[str, list[float]]) -> None:
        """The fake server's side of each press, read in the same clock."""
        for q, (pressed, answered) in press_times.items():
            if q in self.read and q in self.called:
                self.add("deliver", self.read[q] - pressed)
                self.add("to_fake", answered - self.called[q])
                self.add("e2e", answered - pressed)

    def report(self) -> None:
        order = ["deliver", "dispatch", "pre_write", "write", "post_write", "to_fake", "e2e"]
        print("stage        count     p50     p90     p99  (ms)")
        for stage in order:
            xs = sorted(self.ms.get(stage, []))
            if xs:
                n = len(xs)
                print(f"{stage:<10} {n:>7} {xs[n // 2]:7.2f} {xs[int(0.9 * (n - 1))]:7.2f} "
                      f"{xs[int(0.99 * (n - 1))]:7.2f}")


def main() -> None:
    p = argparse.ArgumentParser(prog="python -m bench.press_stages")
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--seconds", type=float, default=240.0)
    p.add_argument("--game", default="xianniu")
    p.add_argument("--rate", type=float, default=100.0)
    p.add_argument("--warm-engine", type=int, default=20000, metavar="HANDS")
    args = p.parse_args()
    if args.warm_engine:
        soak.warm_engine(args.game, args.warm_engine)
    stages = Stages()
    instrument = bot_load._instrument

    def both(app, arrivals, inbot):
        instrument(app, arrivals, inbot)
        stages.install(app)

    bot_load._instrument = both
    r = bot_load.run(args.games, args.seconds, args.game, args.rate)
    stages.join(r["press_times"])
    print(f"python -m bench.press_stages --games {args.games} --seconds {args.seconds:g} "
          f"--game {args.game} --rate {args.rate:g}: {r['presses']} presses, "
          f"press → first API call p50 {r['p50_ms']:.1f} / p99 {r['p99_ms']:.1f} ms")
    stages.report()


if __name__ == "__main__":
    main()

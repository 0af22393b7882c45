"""Bot load: many concurrent games against the fake Bot API on loopback.

    python -m bench.bot_load [--games 100] [--seconds 20] [--game xianniu] [--rate 300]

Without --rate every game presses again as soon as it is answered (the most
the bot can take); with --rate the presses are offered at that total rate,
spread over the games (the latency a player sees at that load). With
--wait-buttons a player presses only once their buttons show, and with
--think S after a moment's thought (0.5–1.5 × S): a closed loop like a table
of people. With no thought at all, 100 tables each waiting on one message
cannot see a mean hand-over under 100 / 28 ≈ 3.6 s (Little's law, at the
outbox's 28 calls a second and at least one call a move).

Two processes, like production: this one runs the bot (`bot.app.App`, real
long polling, real outbox limits); a child process runs the fake Bot API
server and the players. Every seat is a human player; each game's players
press the button of a legal move as soon as the previous press was answered.
The players read the game state from the bot's SQLite file (WAL: readers do
not block the writer) to know which buttons are legal now, and press them
with `press_forged` (the hand messages lag behind on purpose: the outbox keeps
Telegram's ≈30 messages/s, so at hundreds of presses a second most edits are
merged).

Measured in the fake server: button presses answered per second, and the
time from a press reaching the server to the bot's first resulting API call
(its answerCallbackQuery), p50/p99.

With PAIJU_BENCH_DUMP=FILE set, the fake server's call log (method, chat,
time, ok, parameters, result), the games' events and when each press was
answered are pickled to FILE at the end, to follow one group's table call by
call (how the ordering passes of issue 35 found where the tables waited).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import logging
import multiprocessing as mp
import os
import random
import sqlite3
import statistics
import tempfile
import time
from pathlib import Path


# -- the child: fake server + players ---------------------------------------------
async def _players(
    conn, db_path: str, games: int, seconds: float, game_id: str, rate: float, wait_buttons: bool,
    warmup: float, think: float = 0.0, welcomed: bool = True, stagger: float = 0.0,
) -> None:
    from bench import group_tables
    from bot.sandbox.fake.methods import COUNTED
    from bot.sandbox.fake.telegram import FakeTelegram
    from bot.telegram.callbacks import HandEndCB, LobbyCB, move_button_data
    from games import hands
    from games.base import Move
    from games.players import fallback
    from games.records import state_from_json

    async with FakeTelegram(answer_timeout=60.0) as tg:
        conn.send(tg.base_url)
        loop = asyncio.get_running_loop()
        # the bot tells us the seat counts once it started (never block the server's loop)
        seat_counts = json.loads(await loop.run_in_executor(None, conn.recv))
        kinds = game_id.split(",")  # several games: the tables take them in turn
        tables = []
        for g in range(games):
            chat = -100000 - g
            seats = seat_counts[kinds[g % len(kinds)]]
            uids = [100000 + g * 10 + k for k in range(seats)]
            for uid in uids:
                tg.add_user(uid, f"P{g}{uid % 10}", started=True)
            tg.add_group(chat, f"G{g}", members=uids, admins=[uids[0]])
            msgs = {}
            for uid in uids:
                msgs[uid] = (await tg.send_message(uid, uid, "/start"))["message_id"]
            new = await tg.send_message(uids[0], chat, f"/new {kinds[g % len(kinds)]}")
            tables.append({"chat": chat, "uids": uids, "msgs": msgs, "gmsg": new["message_id"]})
        if welcomed:
            # As people do: the bot's reply to /start has reached each player
            # before they join a game. Dealt while 300 welcomes were still
            # queued, each first hand waited behind its chat's welcome (new
            # messages keep their order), two calls per player at the start.
            everyone = {uid for t in tables for uid in t["uids"]}
            while not everyone <= {c.chat_id for c in tg.calls("sendMessage") if c.ok}:
                await asyncio.sleep(0.1)
        db = sqlite3.connect(db_path, timeout=30)

        def row(chat):
            return db.execute(
                "select id, status, state, hand_no from sittings where chat_id = ?"
                " order by id desc",
                [chat],
            ).fetchone()

        while any(row(t["chat"]) is None for t in tables):
            await asyncio.sleep(0.1)
        # (group, hand, press id, "start" | "move" | "end"): what bench.group_tables
        # follows: each hand's deal, moves and last move, by the press that made them
        events: list[tuple[int, int, str, str]] = []
        opened = time.monotonic()

        async def open_table(i: int, t) -> None:
            """Join and start table i, i × `stagger` / games seconds in (0: all
            in the same second, the bench's old start-up burst)."""
            await asyncio.sleep(max(0.0, opened + i * stagger / games - time.monotonic()))
            sitting_id = row(t["chat"])[0]
            t["sitting_id"] = sitting_id
            # people join on the lobby's buttons: it has been posted
            while not any(c.ok for c in tg.calls("sendMessage", t["chat"])):
                await asyncio.sleep(0.05)
            for uid in t["uids"][1:]:
                await tg.press_forged(uid, t["chat"], t["gmsg"],
                                      LobbyCB(s=sitting_id, a="join").pack())
            start_button = LobbyCB(s=sitting_id, a="start").pack()
            ans = await tg.press_forged(t["uids"][0], t["chat"], t["gmsg"], start_button)
            events.append((t["chat"], 1, ans["callback_query_id"], "start"))

        if not stagger:
            for i, t in enumerate(tables):
                await open_table(i, t)

        qids: list[str] = []
        refusals: list[str] = []

        failures: list[str] = []
        buttons = ButtonsSeen(tg)
        handed: list[tuple[str, int, int, int, int]] = []  # (press, game, hand, turn, next player)

        async def play(i: int, t) -> None:
            """One game's players; a failure is counted and the game goes on
            from the bot's truth (a bench must survive every deal)."""
            if stagger:
                await open_table(i, t)
            while time.monotonic() < stop_at:
                try:
                    await play_on(t)
                except Exception as e:
                    failures.append(repr(e))
                    await asyncio.sleep(0.05)

        async def play_on(t) -> None:
            """Mirror the game locally: the bot writes every move before it
            answers, so after an answer without a toast our copy is current;
            the DB is read only at the start of each hand."""
            rng = random.Random(t["sitting_id"])
            st = None
            interval = games / rate if rate else 0.0
            next_at = time.monotonic() + rng.random() * interval
            while time.monotonic() < stop_at:
                if interval:  # open loop: this game's share of the offered rate
                    await asyncio.sleep(max(0.0, next_at - time.monotonic()))
                    next_at += interval
                if st is None or hands.stuck(st):
                    sitting_id, status, state_json, hand_no = row(t["chat"])
                    if status == "hand_over":
                        # 下一局 is on the 🏁 message: nobody can press it before that shows
                        while (t["chat"], sitting_id, hand_no, END_SHOWN) not in buttons.update():
                            if time.monotonic() >= stop_at:
                                return
                            await asyncio.sleep(0.05)
                        data = HandEndCB(s=sitting_id, n=hand_no, a="next").pack()
                        ans = await tg.press_forged(t["uids"][0], t["chat"], t["gmsg"], data)
                        qids.append(ans["callback_query_id"])
                        events.append((t["chat"], hand_no + 1, ans["callback_query_id"], "start"))
                        st = None
                        continue
                    if status != "running":
                        await asyncio.sleep(0.01)
                        continue
                    st, hand = state_from_json(state_json), hand_no
                seat = st.to_act()[0]
                uid = t["uids"][seat]
                if wait_buttons:  # like a person: tap once the buttons are there
                    while (uid, t["sitting_id"], hand, st.turn) not in buttons.update():
                        if time.monotonic() >= stop_at:
                            return
                        await asyncio.sleep(0.02)
                    if think:  # and after a moment's thought (0.5–1.5 × --think)
                        await asyncio.sleep(think * (0.5 + rng.random()))
                code = fallback(st, seat, rng)
                moves = st.legal_moves(seat)
                index = next(
                    (i for i, m in enumerate(moves) if isinstance(m, Move) and m.code == code), 0)
                data = move_button_data(t["sitting_id"], hand, st.turn, code, index)
                ans = await tg.press_forged(uid, uid, t["msgs"][uid], data)
                qids.append(ans["callback_query_id"])
                if ans.get("text"):
                    refusals.append(ans["text"])
                    st = None  # refused: read the truth again
                else:
                    st.apply(seat, code)
                    events.append((t["chat"], hand, ans["callback_query_id"],
                                   "end" if hands.stuck(st) else "move"))
                    if not hands.stuck(st):
                        nxt = t["uids"][st.to_act()[0]]
                        handed.append(
                            (ans["callback_query_id"], t["sitting_id"], hand, st.turn, nxt))

        start = time.monotonic()
        cpu0 = time.process_time()
        stop_at = start + seconds
        # the fake server's own loop lateness: a press and each API call wait
        # here too, so the harness's share of the end-to-end figure shows
        lags: list[tuple[float, float]] = []
        ticker = loop.create_task(_tick(lags))
        await asyncio.gather(*(play(i, t) for i, t in enumerate(tables)))
        ticker.cancel()
        elapsed = time.monotonic() - start
        fake_cpu = (time.process_time() - cpu0) / elapsed
        answered = {str(c.params.get("callback_query_id")): c.t
                    for c in tg.calls("answerCallbackQuery")}
        lat = sorted(answered[q] - tg.callbacks[q].t for q in qids if q in answered)
        # the same by when each press came: the start-up burst apart from the rest
        lat_by_time = [(tg.callbacks[q].t - start, answered[q] - tg.callbacks[q].t)
                       for q in qids if q in answered]
        toasts = len(refusals)
        seen = buttons.update()
        measured = [x for x in handed if tg.callbacks[x[0]].t >= start + warmup]
        handover = sorted(seen[(uid, g, h, turn)] - tg.callbacks[q].t
                          for q, g, h, turn, uid in measured if (uid, g, h, turn) in seen)
        # every hand-over by when its press came (warm-up included): where the
        # start-up burst's shadow ends and the steady state begins
        by_time = [(tg.callbacks[q].t - start, seen[(uid, g, h, turn)] - tg.callbacks[q].t)
                   for q, g, h, turn, uid in handed if (uid, g, h, turn) in seen]
        refused = len([c for c in tg.calls() if c.error_code == 429])
        if os.environ.get("PAIJU_BENCH_DUMP"):
            import pickle
            with open(os.environ["PAIJU_BENCH_DUMP"], "wb") as f:
                pickle.dump({"calls": [(c.method, c.chat_id, c.t, c.ok, c.params, c.result)
                                       for c in tg.calls()], "events": events,
                             "answered": answered, "start": start}, f)
        groups = group_tables.figures(tg.calls(), events, answered,
                                      {t["chat"] for t in tables}, start, start + seconds)
        # an audit of what was let through: windows above Telegram's limits
        violations = sum(tg.sends_in_window(t["chat"], 60.0) > 20 for t in tables)
        violations += tg.sends_in_window(None, 1.0) > 30
        conn.send(json.dumps({
            "presses": len(qids), "seconds": elapsed, "lat": lat, "toasts": toasts,
            "http_429": refused,
            "fake_cpu": fake_cpu, "failures": len(failures), "handover": handover,
            "handed": len(measured), "violations": violations, "by_time": by_time,
            "lat_by_time": lat_by_time, "groups": groups,
            "sends_per_second": sum(c.ok and c.method in COUNTED and start <= c.t < start + elapsed
                                    for c in tg.calls()) / elapsed,
            "group_most_a_minute": max(tg.sends_in_window(t["chat"], 60.0) for t in tables),
            "fake_lag_by_time": [(t - start, lag) for t, lag in lags],
            # press id → (reached the server, first API call for it): bench.press_stages
            "press_times": {q: (tg.callbacks[q].t, answered[q]) for q in qids if q in answered},
        }))
        await loop.run_in_executor(None, conn.recv)  # keep serving until the bot has stopped


async def _tick(lags: list[tuple[float, float]], every: float = 0.005) -> None:
    """(when, how late) for a task that asks to wake every 5 ms."""
    loop = asyncio.get_running_loop()
    while True:
        due = loop.time() + every
        await asyncio.sleep(every)
        lags.append((due, loop.time() - due))


END_SHOWN = -1  # ButtonsSeen's "turn" for a hand's 🏁 buttons in the group
# calls that show a message's buttons (a photo's with its caption)
SHOWN = ("sendMessage", "editMessageText", "sendPhoto", "editMessageMedia", "editMessageCaption")


class ButtonsSeen:
    """(player, game, hand, turn) → when that player's chat first showed move
    buttons drawn for that turn (a successful send or edit), and (group, game,
    hand, END_SHOWN) → when the 🏁 buttons showed; read incrementally from the
    fake server's call log."""

    def __init__(self, tg) -> None:
        self.tg = tg
        self.read = 0
        self.at: dict[tuple[int, int, int, int], float] = {}

    def update(self) -> dict[tuple[int, int, int, int], float]:
        calls = self.tg._calls
        for c in calls[self.read:]:
            if not c.ok or c.method not in SHOWN:
                continue
            for row in (c.params.get("reply_markup") or {}).get("inline_keyboard", []):
                for b in row:
                    parts = str(b.get("callback_data", "")).split(":")
                    if len(parts) < 4 or not parts[1].isdigit() or not parts[2].isdigit():
                        continue
                    if parts[0] in ("m", "mi", "p") and parts[3].isdigit():
                        key = (c.chat_id, int(parts[1]), int(parts[2]), int(parts[3]))
                        self.at.setdefault(key, c.t)
                    elif parts[0] == "h":  # the 🏁 message's 下一局 / 结束
                        self.at.setdefault((c.chat_id, int(parts[1]), int(parts[2]), END_SHOWN),
                                           c.t)
        self.read = len(calls)
        return self.at


def _child(conn, db_path, games, seconds, game_id, rate, wait_buttons, warmup, think,
           welcomed, stagger) -> None:
    logging.basicConfig(level=logging.CRITICAL)
    asyncio.run(_players(conn, db_path, games, seconds, game_id, rate, wait_buttons, warmup,
                         think, welcomed, stagger))


# -- the parent: the bot ----------------------------------------------------------
def _instrument(app, arrivals: dict[str, float], inbot: list[float]) -> None:
    """In-bot latency: from the moment a press arrives in the bot (its
    getUpdates response is read) to the moment the bot calls the API for it."""
    from aiogram.methods import GetUpdates

    session = app.bot.session
    make_request = session.make_request
    answer = app.outbox.answer

    async def timed_request(bot, method, timeout=None):
        result = await make_request(bot, method, timeout)
        if isinstance(method, GetUpdates):
            now = time.monotonic()
            for u in result:
                if u.callback_query is not None:
                    arrivals[u.callback_query.id] = now
        return result

    async def timed_answer(query_id, *a, **k):
        t = arrivals.pop(query_id, None)
        if t is not None:
            inbot.append(time.monotonic() - t)
        return await answer(query_id, *a, **k)

    session.make_request = timed_request
    app.outbox.answer = timed_answer


def _recv(conn, proc, timeout: float = 600.0):
    """The child's next message; never wait on a child that has died."""
    deadline = time.monotonic() + timeout
    while not conn.poll(0.5):
        if not proc.is_alive() or time.monotonic() > deadline:
            raise RuntimeError(f"the players' process stopped (exit code {proc.exitcode})")
    return conn.recv()


async def _bot(conn, proc, db_path: str, game_id: str, sample=None, limits=None) -> dict:
    """The bot's side; `sample(app)`, if given, runs while the players play
    (bench/soak.py records the bot's backlog, memory and database over time)."""
    from bot.app import App
    from bot.config import Config
    from bot.presenters import catalog

    base_url = _recv(conn, proc)
    from bot.sandbox.fake.telegram import FakeTelegram

    config = Config(
        token=FakeTelegram().token, api_base=base_url, db_path=db_path, turn_timeout=600.0,
        computer_delay=0.0, ai_budget=0.01, notify_idle=1e9, polling_timeout=1,
    )
    pictures = os.environ.get("PAIJU_BENCH_PICTURES", "default")
    if pictures != "default":  # every chat's default, as --pictures asks
        from bot.pictures.scenes import drawn

        for sc in drawn().values():
            sc.on_by_default = pictures == "on"
    app = App(config, limits)
    await app.start()
    try:
        conn.send(json.dumps({g: catalog.game(g).default_seats for g in game_id.split(",")}))
        loop = asyncio.get_running_loop()
        cpu0, wall0 = time.process_time(), time.monotonic()
        arrivals: dict[str, float] = {}
        inbot: list[float] = []
        _instrument(app, arrivals, inbot)
        sampling = loop.create_task(sample(app)) if sample else None
        # the players report when their run is over: allow for its length and set-up
        raw = await loop.run_in_executor(None, _recv, conn, proc, 3600.0)
        if sampling is not None:  # its last census must not count the players' figures below
            sampling.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await sampling
        result = json.loads(raw)
        result["bot_cpu"] = (time.process_time() - cpu0) / (time.monotonic() - wall0)
        inbot.sort()
        result["inbot_p50_ms"] = statistics.median(inbot) * 1e3 if inbot else 0.0
        result["inbot_p99_ms"] = inbot[int(0.99 * (len(inbot) - 1))] * 1e3 if inbot else 0.0
        result["outbox_backlog"] = app.outbox.pending()
    finally:
        await app.stop(drain=0.1)
        conn.send("bye")
    return result


def run(
    games: int, seconds: float, game_id: str, rate: float = 0.0, wait_buttons: bool = False,
    warmup: float = 0.0, sample=None, think: float = 0.0, welcomed: bool = True, limits=None,
    stagger: float = 0.0,
) -> dict:
    logging.basicConfig(level=logging.CRITICAL)
    with tempfile.TemporaryDirectory() as tmp:
        db_path = str(Path(tmp) / "bench.sqlite3")
        parent, child = mp.Pipe()
        ctx = mp.get_context("spawn")
        child_args = (child, db_path, games, seconds, game_id, rate, wait_buttons, warmup, think,
                      welcomed, stagger)
        proc = ctx.Process(target=_child, args=child_args)
        proc.start()
        try:
            r = asyncio.run(_bot(parent, proc, db_path, game_id, sample, limits))
        finally:
            proc.join(30)
            if proc.is_alive():
                proc.kill()
    lat = r.pop("lat")
    handover = r.pop("handover") or [float("nan")]
    r["handover_p50_s"] = statistics.median(handover)
    r["handover_mean_s"] = statistics.fmean(handover)
    r["handover_p99_s"] = handover[int(0.99 * (len(handover) - 1))]
    r["handover_seen"] = f"{len(handover)}/{r.pop('handed')}"
    r["handover_windows"] = windows(r.pop("by_time"), WINDOW)
    r["press_windows"] = windows(r.pop("lat_by_time"), 60.0)
    r["fake_lag_windows"] = windows(r.pop("fake_lag_by_time"), 60.0)
    return {
        "game": game_id,
        "games": games,
        **r,
        "per_second": r["presses"] / r["seconds"],
        "p50_ms": statistics.median(lat) * 1e3,
        "p99_ms": lat[int(0.99 * (len(lat) - 1))] * 1e3,
        "max_ms": lat[-1] * 1e3,
    }


WINDOW = 10.0  # seconds per line of the hand-over time series


def windows(by_time: list[tuple[float, float]], width: float) -> list[tuple[float, int, float]]:
    """(window start, count, p99) per `width` seconds of press time."""
    out: list[tuple[float, int, float]] = []
    for w in sorted({int(t // width) for t, _ in by_time}):
        lat = sorted(x for t, x in by_time if int(t // width) == w)
        out.append((w * width, len(lat), lat[int(0.99 * (len(lat) - 1))]))
    return out


def main() -> None:
    from bot.presenters import catalog

    p = argparse.ArgumentParser(prog="python -m bench.bot_load")
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seconds", type=float, default=20.0)
    p.add_argument("--game", default=None,
                   help="game id, or several with commas (the tables take them in turn; "
                        "default: the first landed)")
    p.add_argument("--rate", type=float, default=0.0,
                   help="offered presses/s over all games (default 0: as fast as answered)")
    p.add_argument("--wait-buttons", action="store_true",
                   help="each player presses only once their buttons are shown (as people do)")
    p.add_argument("--think", type=float, default=0.0,
                   help="with --wait-buttons: seconds a player thinks once shown (0.5–1.5 ×)")
    p.add_argument("--warmup", type=float, default=0.0,
                   help="seconds at the start not counted in the hand-over figures")
    p.add_argument("--unwelcomed", action="store_true",
                   help="deal while the replies to the players' /start are still queued "
                        "(before 2 Dec: each first hand waits behind its welcome)")
    p.add_argument("--pictures", choices=("default", "on", "off"), default="default",
                   help="tables and hands as photos: the chats' default (顶牛, 川牌 on), "
                        "every game, or none")
    p.add_argument("--stagger", type=float, default=0.0,
                   help="seconds over which the tables start, one after another (default 0: "
                        "all in the same second)")
    args = p.parse_args()
    os.environ["PAIJU_BENCH_PICTURES"] = args.pictures
    game_id = args.game or catalog.landed()[0]
    r = run(args.games, args.seconds, game_id, args.rate, args.wait_buttons, args.warmup,
            think=args.think, welcomed=not args.unwelcomed, stagger=args.stagger)
    offered = f"offered {args.rate:.0f}/s" if args.rate else "closed loop"
    if args.think:
        offered += f", think {args.think:g} s"
    print(
        f"move → next player sees buttons: p50 {r['handover_p50_s']:.2f} s, "
        f"p99 {r['handover_p99_s']:.2f} s ({r['handover_seen']} hand-overs seen"
        f"{f', after {args.warmup:.0f} s warm-up' if args.warmup else ''})"
    )
    print(
        f"bot load ({r['game']}, {r['games']} concurrent games, {offered}, "
        f"{r['seconds']:.1f} s): {r['per_second']:.0f} presses/s answered "
        f"({r['presses']} presses, {r['toasts']} refused); "
        f"press → first API call p50 {r['p50_ms']:.1f} ms, p99 {r['p99_ms']:.1f} ms, "
        f"max {r['max_ms']:.1f} ms; in the bot (update read → API call) "
        f"p50 {r['inbot_p50_ms']:.1f} ms, p99 {r['inbot_p99_ms']:.1f} ms; "
        f"CPU: bot {r['bot_cpu']:.0%}, fake+players {r['fake_cpu']:.0%} of a core; "
        f"429s {r['http_429']}; player failures {r['failures']}; "
        f"outbox backlog at end {r['outbox_backlog']}"
    )
    print("hand-over p99 by press time (warm-up included): " + ", ".join(
        f"{t:.0f}–{t + WINDOW:.0f} s {p99:.2f} s (n={n})" for t, n, p99 in r["handover_windows"]))


if __name__ == "__main__":
    main()

"""Leaderboard and tally queries over a big ledger: `python -m bench.leaderboard [--rows N]`.

Builds a database file (WAL, every migration, like `paiju run`) whose ledger
holds N rows (default 100,000: 25,000 four-seat hands), then times each
query the bot runs: CPU time of the calling thread (`time.thread_time`),
median of `--repeat` runs after one warm-up. Two layouts: every row in one
chat (the worst case for a chat's all-time board) and the rows spread over
200 chats, over a year; and the extreme of every row in one chat and one
week. The tally (账本) is timed as `/score` asks for it: one game never
settled (every row of that game in the chat), every game of the chat
(`tallies`, what `/score` and the weekly post read), and one game settled
half-way. Prints the load average, since the machine is shared.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import tempfile
import time
from collections.abc import Callable

from storage import ledger, tally
from storage.db import open_db
from storage.scores import from_computers

GAMES = ("xianniu", "niujiu", "dingniu", "paoyao", "changpai")
WEEK = 7 * 86400.0
NOW = 1_796_000_000.0  # a fixed instant (Nov 2026): the same data every run


def build(path: str, rows: int, chats: int, weeks: int, seed: int = 1,
          games: tuple[str, ...] = GAMES) -> None:
    """`rows` ledger rows over `weeks` weeks, four seats a hand, one in ten a
    computer, each sitting one of `games`."""
    rng = random.Random(seed)
    db = open_db(path)
    hands = rows // 4
    per_chat_users = {c: [1000 * c + u for u in range(12)] for c in range(chats)}
    sittings: list[dict] = []
    hand_rows, ledger_rows = [], []
    for h in range(hands):
        chat = rng.randrange(chats)
        sitting_id = h // 20 + 1  # a sitting of 20 hands
        if sitting_id > len(sittings):
            sittings.append({"id": sitting_id, "chat_id": -(chat + 1), "game": rng.choice(games),
                          "preset": "default", "status": "finished", "seats": "[]"})
        sitting = sittings[sitting_id - 1]
        at = NOW - rng.random() * weeks * WEEK
        hand_rows.append({"id": h + 1, "sitting_id": sitting_id, "hand_no": h % 20 + 1,
                          "state": "{}", "net": "[]", "at": at})
        users = rng.sample(per_chat_users[-sitting["chat_id"] - 1], 4)
        net = [rng.randint(-8, 8) for _ in range(3)]
        net.append(-sum(net))
        computer = [rng.random() < 0.1 for _seat in range(4)]
        shares = from_computers(net, computer)
        for seat in range(4):
            ledger_rows.append({
                "hand_id": h + 1, "chat_id": sitting["chat_id"], "sitting_id": sitting_id,
                "hand_no": h % 20 + 1, "game": sitting["game"], "preset": "default",
                "seat": seat, "user_id": None if computer[seat] else users[seat],
                "name": "" if computer[seat] else f"user{users[seat]}", "net": net[seat],
                "details": "{}", "finished_at": at, "from_computers": shares[seat]})
    with db.atomic():
        db["sittings"].insert_all(sittings, batch_size=2000)
        db["hands"].insert_all(hand_rows, batch_size=2000)
        db["ledger"].insert_all(ledger_rows, batch_size=2000)
        # What ledger.post adds hand by hand, in one statement.
        db.execute(
            "insert into ledger_totals (chat_id, user_id, game, name, net, hands, wins, best,"
            " last_at, from_computers) select chat_id, user_id, game, max(name), sum(net),"
            " count(*), sum(net > 0), max(net), max(finished_at), sum(from_computers) from ledger"
            " where user_id is not null group by chat_id, user_id, game")
    db.execute("analyze")
    db.close()


def cpu_ms(fn: Callable[[], object], repeat: int) -> float:
    fn()  # warm-up: pages in the cache, statements prepared
    times = []
    for _ in range(repeat):
        t = time.thread_time()
        fn()
        times.append((time.thread_time() - t) * 1e3)
    return statistics.median(times)


def run(rows: int, chats: int, weeks: int, repeat: int, games: tuple[str, ...] = GAMES) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "bench.sqlite3")
        build(path, rows, chats, weeks, games=games)
        db = open_db(path)
        chat = db.execute(
            "select chat_id from ledger group by chat_id order by count(*) desc limit 1"
        ).fetchone()[0]
        in_chat = db.execute("select count(*) from ledger where chat_id = ?", [chat]).fetchone()[0]
        user = db.execute(
            "select user_id from ledger where user_id is not null limit 1"
        ).fetchone()[0]
        start, end = NOW - WEEK, NOW
        game = db.execute("select game from ledger where chat_id = ? group by game"
                          " order by count(*) desc limit 1", [chat]).fetchone()[0]
        in_game = db.execute("select count(*) from ledger where chat_id = ? and game = ?",
                             [chat, game]).fetchone()[0]
        queries = {
            "this week": lambda: ledger.leaderboard(db, chat, start, end),
            "all time": lambda: ledger.leaderboard(db, chat),
            "all time, one game": lambda: ledger.leaderboard(db, chat, game="xianniu"),
            "a user's /stats": lambda: ledger.user_stats(db, user),
            "/history (10 hands)": lambda: ledger.recent_hands(db, chat),
            "weekly: chats that played": lambda: ledger.chats_with_hands(db, start, end),
            "tally, one game": lambda: tally.tally(db, chat, game),
            "tally, every game (/score)": lambda: tally.tallies(db, chat),
        }
        half = db.execute("select hand_id from ledger where chat_id = ? and game = ?"
                          " order by hand_id limit 1 offset ?", [chat, game, in_game // 2]
                          ).fetchone()[0]
        settled = tally.stretch(db, chat, game, 0, half)
        assert settled is not None
        queries["settling up half of it"] = lambda: tally.stretch(db, chat, game, 0, half)
        with db.atomic():
            tally.settle(db, chat, game, 0, settled["through"], 1, "bench", NOW, None)
        queries["tally, one game, settled half-way"] = lambda: tally.tally(db, chat, game)
        print(f"{rows:,} ledger rows over {weeks} week(s) in {chats} chat(s), {len(games)} game(s);"
              f" the biggest chat has {in_chat:,} ({in_game:,} of its most played game)")
        for label, fn in queries.items():
            print(f"  {label:28s} {cpu_ms(fn, repeat):7.2f} ms CPU (median of {repeat})")
        db.close()


def main() -> None:
    p = argparse.ArgumentParser(prog="python -m bench.leaderboard")
    p.add_argument("--rows", type=int, default=100_000)
    p.add_argument("--repeat", type=int, default=21)
    args = p.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f}")
    for chats, weeks in ((1, 52), (200, 52), (1, 1)):
        run(args.rows, chats, weeks, args.repeat)
    run(args.rows, 1, 52, args.repeat, games=GAMES[:1])  # the tally's worst case


if __name__ == "__main__":
    main()

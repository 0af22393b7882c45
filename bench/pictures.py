"""Pictures: CPU time and size of every picture the bot sends, game by game.

    python -m bench.pictures [--hands 20] [--game G ...]

Plays `--hands` hands of each game with the heuristic computer players and,
at every step, builds and draws what the bot would send: the group's table
and the hand of the seat to act (the hand is drawn again only when it
changed, as the outbox does: an unchanged picture goes by its file_id), and
the 🏁 picture at the end. Per game and kind: how many, the CPU time
(process_time, this thread) of building the source description and of
drawing + encoding the PNG (what runs in the outbox's worker thread), p50 /
p95 / max, and the PNG's size. The first picture of a process also draws
each piece once (cached after): reported apart as "cold".
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from bot.pictures import pieces
from bot.pictures.draw import png
from bot.pictures.scenes import scenes
from bot.presenters import catalog
from games.players import ai_module


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, round(q * (len(values) - 1)))]


def measure(game_id: str, hands: int) -> dict[str, dict[str, list[float]]]:
    sc = scenes(game_id)
    ai = ai_module(game_id)
    assert ai is not None
    player = ai.heuristic()
    game = catalog.game(game_id)
    out: dict[str, dict[str, list[float]]] = {}

    def draw(kind: str, build) -> None:
        t0 = time.process_time()
        picture = build()
        t1 = time.process_time()
        data = png(picture)
        t2 = time.process_time()
        row = out.setdefault(kind, {"build": [], "draw": [], "kb": []})
        row["build"].append((t1 - t0) * 1e3)
        row["draw"].append((t2 - t1) * 1e3)
        row["kb"].append(len(data) / 1024)

    for hand in range(hands):
        state = game.new_state(seed=hand)
        rng = random.Random(hand)
        shown: dict[int, object] = {}
        while not state.is_over():
            draw("table", lambda: sc.table(state.public_view()))  # noqa: B023
            seat = state.to_act()[0]
            view = state.view(seat)
            if shown.get(seat) != sc.hand(view, seat):
                shown[seat] = sc.hand(view, seat)
                draw("hand", lambda: sc.hand(view, seat))  # noqa: B023 (called at once)
            state.apply(seat, player.choose(state, seat, rng))
        draw("end", lambda: sc.end(state.revealed(), state.result()))  # noqa: B023
    return out


def main() -> None:
    ap = argparse.ArgumentParser(prog="python -m bench.pictures", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--hands", type=int, default=20)
    ap.add_argument("--game", action="append", default=[])
    args = ap.parse_args()
    games = args.game or catalog.landed()
    pieces.piece.cache_clear()
    t0 = time.process_time()
    png(scenes("dingniu").table({"head": 0, "layout": ["66", "65"], "ends": [6, 5],
                                 "hand_counts": [5, 5, 6, 6], "kou_counts": [0] * 4,
                                 "turn": 2}))
    print(f"cold: the first picture of a process (its pieces drawn) "
          f"{(time.process_time() - t0) * 1e3:.1f} ms CPU")
    print("| game | kind | pictures | build p50 / p95 ms | draw+encode p50 / p95 / max ms "
          "| PNG p50 / max KB |")
    print("|---|---|---|---|---|---|")
    every: list[float] = []
    biggest = 0.0
    for game_id in games:
        for kind, row in measure(game_id, args.hands).items():
            total = [b + d for b, d in zip(row["build"], row["draw"])]
            every += total
            biggest = max(biggest, max(row["kb"]))
            print(f"| {game_id} | {kind} | {len(total)} | {statistics.median(row['build']):.2f}"
                  f" / {pct(row['build'], 0.95):.2f} | {statistics.median(row['draw']):.1f} / "
                  f"{pct(row['draw'], 0.95):.1f} / {max(row['draw']):.1f} | "
                  f"{statistics.median(row['kb']):.1f} / {max(row['kb']):.1f} |")
    print(f"all pictures: {len(every)}, CPU per picture p50 {statistics.median(every):.1f} ms, "
          f"p95 {pct(every, 0.95):.1f} ms, max {max(every):.1f} ms; largest PNG {biggest:.1f} KB")


if __name__ == "__main__":
    main()

"""No chat starves: many busy group tables, today's outbox beside another.

    python -m bench.group_tables [--games 100] [--seconds 120] [--think 3]
                                 [--game xianniu] [--baseline main] [--order base,this]

Runs `bench.bot_load --wait-buttons --think S` (every seat a person who taps
once their buttons show, after a moment's thought; the fake Bot API with
Telegram's real limits) once with this tree's outbox and once with the
outbox of `--baseline` (a git ref: its `bot/telegram/outbox.py` is loaded in place of
ours, the rest of the bot is this tree's), one after the other in one
command, so both meet the same machine. Per run, from the fake server's
call log:

- per group, the longest time its table went without an update while its
  hand moved: from a move (or the deal) to the next send or edit of that
  hand's table, or to the hand's last move if none came before it (a move
  still unshown when the run stops counts up to the stop, and is marked);
- the 🏁 message's delay: from the hand's last move to its 🏁 message;
- the lobby's "started" edit: from the start press to the lobby losing its
  buttons;
- the next player's buttons: from a press to the next player's chat showing
  buttons for the new turn (bench.bot_load's hand-over);
- calls a second, the most calls in one group in any minute, 429s.

Times of a move are the moments the bot answered its press (it answers
only once the move is written).
"""

from __future__ import annotations

import argparse
import bisect
import importlib.util
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

BOUND = 20.0  # seconds: the bound for a table update and a 🏁 message
STARTUP = 40.0  # seconds after the start left out of the `_later` figures
_HAND_NO = re.compile(r"\d+")


# what a group sees change: a text, or a photo (a drawn table: its caption)
NEW = ("sendMessage", "sendPhoto")
SHOWS = (*NEW, "editMessageText", "editMessageCaption", "editMessageMedia")


def _text(call: Any) -> str:
    """The message's text as this call leaves it (a photo's caption)."""
    p = call.params
    media = p.get("media")
    if isinstance(media, dict):
        return str(media.get("caption", ""))
    return str(p.get("text", p.get("caption", "")))


def _buttons(call: Any) -> list[str]:
    rows = (call.params.get("reply_markup") or {}).get("inline_keyboard", [])
    return [str(b.get("callback_data", "")) for row in rows for b in row]


def figures(calls: Iterable[Any], events: list[tuple[int, int, str, str]],
            answered: dict[str, float], groups: set[int], start: float, stop: float) -> dict:
    """The group figures of one run (see the module's docstring). `calls`:
    the fake server's calls in time order; `events`: (group, hand, press id,
    "start" | "move" | "end"); `answered`: press id → when it was answered.
    The `_later` figures leave out the first STARTUP seconds (all the tables
    are dealt in the same second: 100 lobbies, tables and first hands at once)."""
    table: dict[tuple[int, int], list[float]] = defaultdict(list)  # (group, hand) → updates
    flag: dict[tuple[int, int], float] = {}  # (group, hand) → its 🏁 message shown
    lobby: dict[int, int] = {}  # group → the lobby's message id
    lobby_off: dict[int, float] = {}  # group → the lobby lost its buttons
    for c in calls:
        if not c.ok or c.chat_id not in groups or c.method not in SHOWS:
            continue
        data = _buttons(c)
        text = _text(c)
        if any(d.startswith("h:") for d in data):
            hand = int(next(d for d in data if d.startswith("h:")).split(":")[2])
            flag.setdefault((c.chat_id, hand), c.t)
        elif text.startswith("🂠") and (n := _HAND_NO.search(text.split("\n", 1)[0])):
            table[(c.chat_id, int(n.group()))].append(c.t)
        else:
            if c.method in NEW and c.chat_id not in lobby:
                # the lobby: the bot's first message there (sent with its
                # buttons, or already "started" when it was queued that long)
                lobby[c.chat_id] = int(c.result["message_id"])
            mid = c.result["message_id"] if c.method in NEW else c.params.get(
                "message_id")
            if int(mid or 0) == lobby.get(c.chat_id) and not any(d.startswith("l:") for d in data):
                lobby_off.setdefault(c.chat_id, c.t)

    by_hand: dict[tuple[int, int], list[tuple[float, str]]] = defaultdict(list)
    started: dict[int, float] = {}
    for chat, hand, qid, what in events:
        t = answered.get(qid)
        if t is None or t >= stop:
            continue
        by_hand[(chat, hand)].append((t, what))
        if what == "start" and hand == 1:
            started[chat] = t

    longest = dict.fromkeys(groups, 0.0)
    longest_later = dict.fromkeys(groups, 0.0)
    first_posts: list[float] = []  # hand 1's table: from the deal to its first post
    next_posts: list[float] = []  # the same for later hands
    flags_later: list[float] = []
    unshown: set[int] = set()  # groups whose longest wait was still open at the stop
    never_posted = 0  # hands that moved with no table ever shown
    flags: list[float] = []
    flags_missing = 0
    for (chat, hand), evs in by_hand.items():
        evs.sort()
        updates = sorted(table.get((chat, hand), []))
        end = next((t for t, what in evs if what == "end"), None)
        moved = [t for t, what in evs if what != "end"]
        if moved and not any(u >= moved[0] for u in updates):
            never_posted += 1
        if evs[0][1] == "start":  # the deal → the new table's first post
            first = next((u for u in updates if u >= evs[0][0]), stop)
            (first_posts if hand == 1 else next_posts).append(first - evs[0][0])
        for t in moved:
            i = bisect.bisect_left(updates, t)
            shown = updates[i] if i < len(updates) else None
            until = min(x for x in (shown, end, stop) if x is not None)
            if t >= start + STARTUP:
                longest_later[chat] = max(longest_later[chat], until - t)
            if until - t > longest[chat]:
                longest[chat] = until - t
                if shown is None and end is None and until - t > BOUND:
                    unshown.add(chat)  # still waiting at the stop, already too long
                else:
                    unshown.discard(chat)
        if end is not None:
            if (chat, hand) in flag:
                flags.append(flag[(chat, hand)] - end)
            else:
                flags.append(stop - end)  # not shown yet: at least this long
                flags_missing += 1
            if end >= start + STARTUP:
                flags_later.append(flags[-1])
    lobbies = [lobby_off.get(chat, stop) - t for chat, t in started.items()]
    return {
        "longest": sorted(longest.values()), "longest_unshown": len(unshown),
        "longest_later": sorted(longest_later.values()), "flags_later": sorted(flags_later),
        "first_posts": sorted(first_posts), "next_posts": sorted(next_posts),
        "never_posted": never_posted, "flags": sorted(flags), "flags_missing": flags_missing,
        "lobbies": sorted(lobbies), "lobbies_missing": len(set(started) - set(lobby_off)),
    }


# -- an outbox from another commit ------------------------------------------------
def _at(root: Path, ref: str, path: str) -> str:
    """The file as it is at git `ref`."""
    return subprocess.run(["git", "show", f"{ref}:{path}"], cwd=root, check=True,
                          capture_output=True, text=True).stdout


def _load(name: str, src: str) -> Any:
    """A module from source text, importable by `name` while the bench runs."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / f"{name}.py"
        path.write_text(src)
        spec = importlib.util.spec_from_file_location(name, path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return module


@contextmanager
def outbox_of(ref: str | None) -> Iterator[str]:
    """Run the bot with `bot/telegram/outbox.py` as it is at git `ref` (None: this tree's),
    and its `bot/telegram/overall.py` (who goes next), which changed with it."""
    if ref is None:
        yield "this tree"
        return
    import bot.app

    root = Path(__file__).resolve().parent.parent
    if ref.endswith(".py"):  # a file: a variant being tried
        src, commit = Path(ref).read_text(), "a file"
    else:
        src = _at(root, ref, "bot/telegram/outbox.py")
        overall = _at(root, ref, "bot/telegram/overall.py") if "bot.telegram.overall" in src else ""
        if overall:  # the ref's own line: its outbox speaks to it
            _load("bench_overall_baseline", overall)
            src = src.replace("from bot.telegram.overall import",
                              "from bench_overall_baseline import")
        commit = subprocess.run(["git", "rev-parse", "--short", ref], cwd=root, check=True,
                                capture_output=True, text=True).stdout.strip()
    module = _load("bench_outbox_baseline", src)
    ours = bot.app.Outbox
    baseline = module.Outbox
    if not hasattr(module, "LATER"):  # before issue 35: those messages were NORMAL
        class baseline(module.Outbox):  # type: ignore[no-redef]
            def show(self, *args, **kwargs):
                if "priority" in kwargs:
                    kwargs["priority"] = min(kwargs["priority"], module.NORMAL)
                return super().show(*args, **kwargs)

            def unnotify(self, chat_id, key) -> bool:
                return False  # before issue 35 a queued "your turn" always went

    bot.app.Outbox = baseline  # type: ignore[misc]
    try:
        yield f"{ref} ({commit})"
    finally:
        bot.app.Outbox = ours  # type: ignore[misc]
        sys.modules.pop("bench_outbox_baseline", None)
        sys.modules.pop("bench_overall_baseline", None)


def _q(xs: list[float], q: float) -> float:
    return xs[int(q * (len(xs) - 1))] if xs else float("nan")


def count_grants(grants: dict[tuple[int, int], int], waits: list[float]):
    """A bench.bot_load `sample` that counts the overall slots granted, by
    20 s window and the class of the call that asked (either outbox's), and
    keeps how long each call carrying a player's buttons waited in the
    overall line from when they were asked for (or the call joined the line,
    if later): the buttons' share of the wait that the order decides, apart
    from the machine's own noise in the end-to-end figure."""
    from bot.telegram.outbox import NORMAL, URGENT

    async def sample(app) -> None:
        ob, t0 = app.outbox, time.monotonic()
        slot, show = ob._overall_slot, ob.show

        def stamped(chat_id, key, *args, **kwargs):
            show(chat_id, key, *args, **kwargs)
            if kwargs.get("priority") == URGENT:
                for op in ob._chats[chat_id].ops:
                    if op.kind == "show" and op.key == key and not hasattr(op, "urgent_at"):
                        op.urgent_at = time.monotonic()

        async def counted(chat, op):
            asked = time.monotonic()
            granted = await slot(chat, op)
            # the class it goes as (merges may have raised it while it waited)
            priority = min((o.priority for o in chat.ops), default=NORMAL)
            key = (int((time.monotonic() - t0) // 20), priority)
            grants[key] = grants.get(key, 0) + 1
            since = [o.urgent_at for o in chat.ops if hasattr(o, "urgent_at")]
            if priority == URGENT and since:
                waits.append(time.monotonic() - max(asked, min(since)))
            return granted

        ob._overall_slot, ob.show = counted, stamped

    return sample


def report(name: str, r: dict, grants: dict[tuple[int, int], int],
           waits: list[float]) -> list[str]:
    g = r["groups"]
    longest, flags, lobbies = g["longest"], g["flags"], g["lobbies"]
    over = sum(x > BOUND for x in longest)
    return [
        f"== outbox of {name}",
        f"  table without an update while its hand moves, longest per group: "
        f"p50 {statistics.median(longest):.1f} s, p90 {_q(longest, 0.9):.1f} s, "
        f"max {longest[-1]:.1f} s; groups over {BOUND:g} s: {over} of {len(longest)} "
        f"({g['longest_unshown']} of them still waiting at the stop); hands whose table was never "
        f"posted: {g['never_posted']}",
        f"  the same from {STARTUP:g} s on: longest per group p50 "
        f"{statistics.median(g['longest_later']):.1f} s, max {g['longest_later'][-1]:.1f} s, "
        f"groups over {BOUND:g} s: {sum(x > BOUND for x in g['longest_later'])}; 🏁 p50 "
        f"{_q(g['flags_later'], 0.5):.1f} s, p99 {_q(g['flags_later'], 0.99):.1f} s, max "
        f"{_q(g['flags_later'], 1.0):.1f} s of {len(g['flags_later'])}",
        f"  a new table's first post after the deal: hand 1 p50 "
        f"{_q(g['first_posts'], 0.5):.1f} s, max {_q(g['first_posts'], 1.0):.1f} s; later hands "
        f"p50 {_q(g['next_posts'], 0.5):.1f} s, max {_q(g['next_posts'], 1.0):.1f} s",
        f"  🏁 after the hand's last move: p50 {statistics.median(flags):.1f} s, "
        f"p99 {_q(flags, 0.99):.1f} s, max {flags[-1]:.1f} s; over {BOUND:g} s: "
        f"{sum(x > BOUND for x in flags)} of {len(flags)} ({g['flags_missing']} never shown)"
        if flags else "  🏁: no hand ended",
        f"  lobby's 'started' edit after the start press: p50 {statistics.median(lobbies):.1f} s,"
        f" max {lobbies[-1]:.1f} s ({g['lobbies_missing']} never shown)",
        f"  next player's buttons after a press: p50 {r['handover_p50_s']:.2f} s, "
        f"p99 {r['handover_p99_s']:.2f} s ({r['handover_seen']} seen)",
        "  buttons p99 by press time: " + ", ".join(
            f"{t:.0f}–{t + 10:.0f} s {p99:.2f}" for t, _n, p99 in r["handover_windows"]),
        f"  buttons' wait for an overall slot: p50 {_q(waits, 0.5) * 1e3:.0f} ms, p99 "
        f"{_q(waits, 0.99) * 1e3:.0f} ms, max {_q(waits, 1.0) * 1e3:.0f} ms ({len(waits)} calls)",
        "  calls granted a second by class (urgent/end/normal/later), per 20 s: " + "; ".join(
            f"{w * 20}–{w * 20 + 20} s " + "/".join(
                f"{grants.get((w, k), 0) / 20:.1f}" for k in range(4))
            for w in sorted({w for w, _k in grants})),
        f"  {r['per_second']:.1f} presses/s, {r['sends_per_second']:.1f} calls/s counted, "
        f"at most {r['group_most_a_minute']} in one group in a minute, 429s {r['http_429']}, "
        f"bot CPU {r['bot_cpu']:.0%}, fake+players {r['fake_cpu']:.0%} of a core",
    ]


def main() -> None:
    from bench import bot_load

    p = argparse.ArgumentParser(prog="python -m bench.group_tables")
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seconds", type=float, default=120.0)
    p.add_argument("--think", type=float, default=3.0,
                   help="seconds a player thinks once their buttons show (0.5–1.5 ×)")
    p.add_argument("--game", default="xianniu,dingniu,changpai",
                   help="the tables' games, taken in turn")
    p.add_argument(
        "--baseline",
        default="main",
        help="git ref whose bot/telegram/outbox.py is run beside this tree's, or a .py file "
        "('': none)",
    )
    p.add_argument("--patience", default="",
                   help="this tree's Limits.patience, e.g. 0,2,10,30 "
                        "(default: as in bot/telegram/outbox.py)")
    p.add_argument("--share", type=int, default=None,
                   help="this tree's Limits.ordinary_share (default: as in bot/telegram/outbox.py)")
    p.add_argument("--stagger", type=float, default=0.0,
                   help="seconds over which the tables start, one after another (default 0: "
                        "all in the same second: the start-up burst)")
    p.add_argument("--order", default="base,this",
                   help="which outbox runs first: base,this or this,base")
    args = p.parse_args()
    refs = {"base": args.baseline or None, "this": None}
    limits = None
    if args.patience or args.share is not None:
        from dataclasses import replace

        from bot.telegram.outbox import Limits

        limits = Limits()
        if args.patience:
            limits = replace(limits, patience=tuple(float(x) for x in args.patience.split(",")))
        if args.share is not None:
            limits = replace(limits, ordinary_share=args.share)
    order = [k for k in args.order.split(",") if k == "this" or refs["base"]]
    print(f"{args.games} group tables of {args.game}, {args.seconds:g} s each run, every seat "
          f"a person who taps {args.think:g} s × 0.5–1.5 after their buttons show; "
          f"load before: {os.getloadavg()[0]:.2f}")
    for which in order:
        grants: dict[tuple[int, int], int] = {}
        waits: list[float] = []
        with outbox_of(refs[which]) as name:
            r = bot_load.run(args.games, args.seconds, args.game, wait_buttons=True,
                             think=args.think, sample=count_grants(grants, waits),
                             stagger=args.stagger,
                             limits=limits if which == "this" else None)
        waits.sort()
        print("\n".join(report(name, r, grants, waits)), f"  load after: {os.getloadavg()[0]:.2f}",
              sep="\n", flush=True)


if __name__ == "__main__":
    main()

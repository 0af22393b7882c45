"""`paiju` command line. Subcommands import what they need lazily, so
`paiju replay` works without touching the Telegram stack."""

from __future__ import annotations

import argparse
import json
import sys


def _replay(args: argparse.Namespace) -> int:
    from games.records import RecordError, load, replay

    try:
        record = load(args.file)
        state, events = replay(record)
    except (OSError, json.JSONDecodeError) as e:
        print(f"paiju replay: cannot read {args.file}: {e}", file=sys.stderr)
        return 2
    except RecordError as e:
        out = {"error": str(e), "index": e.index, "reason": e.reason}
        print(json.dumps(out, ensure_ascii=False), file=sys.stderr)
        return 1
    out = {
        "game": state.game.id,
        "events": events,
        "over": state.is_over(),
        "to_act": state.to_act(),
        "result": state.result().to_dict() if state.is_over() else None,
    }
    print(json.dumps(out, ensure_ascii=False, indent=1 if args.pretty else None))
    return 0


def _run(args: argparse.Namespace) -> int:
    import asyncio
    import logging
    import pathlib

    from bot import settings as settings_mod

    try:
        settings = settings_mod.load(dotenv=pathlib.Path(args.env_file))
    except settings_mod.SettingsError as e:
        print(f"paiju run: {e}", file=sys.stderr)
        return 2
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    from bot.app import App

    asyncio.run(App(settings).run_forever())
    return 0


def _simulate(args: argparse.Namespace) -> int:
    from games.simulate import report, simulate

    kinds = [k.strip() for k in args.seats.split(",") if k.strip()]
    try:
        seats = simulate(args.game, args.hands, kinds, args.seed, args.budget,
                         worlds=args.worlds, jobs=args.jobs, progress=args.progress)
    except (KeyError, ValueError, ModuleNotFoundError) as e:
        print(f"paiju simulate: {e}", file=sys.stderr)
        return 2
    mc = (f"Monte Carlo {args.worlds} worlds a decision" if args.worlds
          else f"Monte Carlo budget {args.budget * 1e3:.0f} ms")
    print(f"{args.game}: {args.hands} hands, seats {','.join(kinds)} rotated, seed {args.seed}, {mc}")
    print(report(seats))
    return 0


def _play(args: argparse.Namespace) -> int:
    from bot.terminal import play

    play(args.game, seat=args.seat, lang=args.lang, seed=args.seed, budget_s=args.budget)
    return 0


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="paiju", description="Paiju (牌局): regional card games")
    sub = p.add_subparsers(dest="command", required=True)

    r = sub.add_parser("replay", help="replay a game record; print events and result as JSON")
    r.add_argument("file")
    r.add_argument("--pretty", action="store_true", help="indent the JSON")
    r.set_defaults(func=_replay)

    run = sub.add_parser("run", help="run the Telegram bot (long polling); BOT_TOKEN from env or .env")
    run.add_argument("--env-file", default=".env", help="settings file (default ./.env)")
    run.set_defaults(func=_run)

    sim = sub.add_parser("simulate", help="play computer players against each other, seats rotated")
    sim.add_argument("game")
    sim.add_argument("--hands", type=int, default=300)
    sim.add_argument("--seats", required=True, help="one player per seat: mc, heuristic, random")
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--budget", type=float, default=0.3, help="Monte Carlo seconds a decision")
    sim.add_argument("--worlds", type=int, default=None,
                     help="Monte Carlo: exactly this many worlds a decision, no clock (where supported)")
    sim.add_argument("--jobs", type=int, default=1,
                     help="processes sharing the deals (each hand is played as in one process)")
    sim.add_argument("--progress", action="store_true", help="report progress on stderr")
    sim.set_defaults(func=_simulate)

    from games import registry

    play = sub.add_parser("play", help="play a hand in this terminal against computer players")
    play.add_argument("game", choices=registry.ids())
    play.add_argument("--seat", type=int, default=0)
    play.add_argument("--lang", default="zh_Hans", choices=["zh_Hans", "zh_Hant", "en"])
    play.add_argument("--seed", type=int, default=None)
    play.add_argument("--budget", type=float, default=0.3, help="computer seconds a decision")
    play.set_defaults(func=_play)
    return p


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())

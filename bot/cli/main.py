"""`paiju` command line. Subcommands import what they need lazily, so
`paiju replay` works without touching the Telegram stack.

Every wrong option or setting is one line on stderr and exit status 2. Output
cut short by its reader (`paiju play … | head`) ends quietly.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

if TYPE_CHECKING:  # the commands import lazily; these are for mypy only
    from pathlib import Path

    from bot.i18n import Translator
    from bot.sandbox.process import BotProcess
    from games.base import State
    from games.records import RecordError

PLAYER_KINDS = ("mc", "heuristic", "random")
FEW_DEALS = 30  # fewer deals than this: the normal-approximation intervals are rough


class Parser(argparse.ArgumentParser):
    """argparse with a one-line error (no usage dump)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (see {self.prog} --help)\n")


def _fail(command: str, message: str) -> int:
    print(f"paiju {command}: {message}", file=sys.stderr)
    return 2


# -- replay -------------------------------------------------------------------------
def _replay(args: argparse.Namespace) -> int:
    from games.records import RecordError, load, replay

    try:
        record = load(args.file)
    except OSError as e:
        return _fail("replay", f"cannot read {args.file}: {e.strerror or e}")
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        return _fail("replay", f"cannot read {args.file}: not a JSON record ({e})")
    try:
        state, events = replay(record)
    except RecordError as e:
        if args.text:
            print(f"paiju replay: {args.file}: {refused_text(record, e, args.lang)}",
                  file=sys.stderr)
        else:  # scripts read the failing move and the engine's reason
            error = {"error": refused_text(record, e, "en"), "index": e.index,
                     "reason": e.reason}
            print(json.dumps(error, ensure_ascii=False), file=sys.stderr)
        return 1
    if args.text:
        print(replay_text(state, events, args.lang))
        return 0
    out = {
        "game": state.game.id,
        "events": events,
        "over": state.is_over(),
        "to_act": state.to_act(),
        "result": state.result().to_dict() if state.is_over() else None,
    }
    print(json.dumps(out, ensure_ascii=False, indent=1 if args.pretty else None))
    return 0


def refused_text(record: dict[str, Any], e: RecordError, lang: str) -> str:
    """Why a record does not replay, in words: the move by its number as
    `--text` prints it, who played what, and the rules' reason."""
    from bot.i18n import translator
    from bot.presenters import presenter
    from games.base import IllegalMove
    from games.records import start_of

    if e.index is None or e.reason == "malformed":
        return str(e)
    _ = translator(lang)
    state = start_of(record)
    p = presenter(state.game.id)
    names = [_("Seat {n}").format(n=s + 1) for s in range(state.seats)]
    for seat, code in record["moves"][:e.index]:
        state.apply(int(seat), code)
    seat, code = int(record["moves"][e.index][0]), record["moves"][e.index][1]
    if not 0 <= seat < state.seats:
        why = _("There is no such seat")
    elif e.reason == "not_your_turn":
        asked = names_of(state.to_act(), names, _)
        why = (_("The game waits for {who}").format(who=asked) if asked
               else _("Nobody may move now"))
    else:
        why = p.reason_text(e.reason, _) or _("The rules do not allow it now")
    who = names[seat] if 0 <= seat < state.seats else _("Seat {n}").format(n=seat + 1)
    try:
        move = p.replay_move(state, seat, code, _) if 0 <= seat < state.seats else code
    except IllegalMove:
        move = code
    if move == code:  # not a move of that seat now: its code is all there is to say
        move = _("code {code}").format(code=code)
    return _("Move {n} ({who}: {move}) cannot be played. {why}.").format(
        n=e.index + 1, who=who, move=move, why=why.rstrip(".。"))


def names_of(seats: list[int], names: list[str], _: Translator) -> str:
    from bot.presenters.base import names_list

    return names_list([names[s] for s in seats], _)


def replay_text(state: State, events: list[dict[str, Any]], lang: str) -> str:
    """The record as players read it: one line per event, in the presenters'
    words, numbered by move, then the result with every hand."""
    from bot.i18n import translator
    from bot.presenters import presenter

    _ = translator(lang)
    p = presenter(state.game.id)
    names = [_("Seat {n}").format(n=s + 1) for s in range(state.seats)]
    lines = [p.game_name(_)]
    for ev in events:
        line = p.event_line(ev, names, _)
        if line:
            lines.append(f"{ev['move'] + 1:>4}. {line}")
    lines.append("")
    if state.is_over():
        lines.append(p.result_text(state.result(), state.revealed(), names, _))
    else:
        waiting = ", ".join(names[s] for s in state.to_act())
        lines.append(_("Not finished: waiting for {who}.").format(who=waiting))
    return p.gloss_text("\n".join(lines), names)  # each game term glossed once


# -- run, healthcheck, db ---------------------------------------------------------------
def _run(args: argparse.Namespace) -> int:
    import asyncio
    import logging
    import pathlib

    from bot import config as config_mod
    from bot import logs

    env_file = pathlib.Path(args.env_file or ".env")
    if args.env_file and not env_file.is_file():
        return _fail("run", f"--env-file {args.env_file}: no such file")
    try:
        config = config_mod.load(dotenv=env_file)
        level = logs.level_from_env()
    except (config_mod.ConfigError, logs.LogLevelError) as e:
        return _fail("run", str(e))
    from storage.check import unusable

    # before Telegram: a wrong PAIJU_DB is one line at once, even with the network down
    if (reason := unusable(config.db_path)) is not None:
        return _fail("run", f"database {config.db_path} (PAIJU_DB): {reason}")
    logs.setup(level, as_json=args.log_json)
    from bot.app import App
    from bot.connect import TokenRefused

    try:
        asyncio.run(App(config).run_forever())
    except TokenRefused as e:
        logging.getLogger("paiju").error("%s", e)
        return 2
    except KeyboardInterrupt:  # a second Ctrl-C while stopping
        return 130
    return 0


def _healthcheck(args: argparse.Namespace) -> int:
    """Exit 0 while the heartbeat is fresh (the bot heard Telegram lately)."""
    import os

    from bot.config import heartbeat_path
    from bot.heartbeat import MAX_AGE, age, figures_path

    path = heartbeat_path(args.file or os.environ.get("PAIJU_HEARTBEAT", ""),
                          os.environ.get("PAIJU_DB") or "paiju.sqlite3")
    max_age = MAX_AGE if args.max_age is None else args.max_age
    seconds = age(path)
    if seconds is None:
        print(f"unhealthy: no heartbeat at {path}", file=sys.stderr)
        return 1
    if seconds > max_age:
        print(f"unhealthy: last getUpdates {seconds:.0f} s ago (limit {max_age:.0f} s)",
              file=sys.stderr)
        return 1
    print(f"healthy: last getUpdates {max(seconds, 0):.0f} s ago")
    if args.verbose:
        print(_figures(figures_path(path)))
    return 0


def _figures(path: Path) -> str:
    """What the running bot last wrote beside its heartbeat, one line a part."""
    import time

    from bot.heartbeat import read_figures
    from bot.tables.computer import summary

    data = read_figures(path)
    if data is None or not isinstance(data.get("computers"), dict):
        return f"computers: no figures at {path} (written every 10 s while the bot runs)"
    ago = max(0.0, time.time() - float(data.get("at", 0)))
    try:
        return f"computers ({ago:.0f} s ago): {summary(data['computers'])}"
    except (KeyError, TypeError, ValueError):
        return f"computers: unreadable figures at {path}"


def _db_path(args: argparse.Namespace) -> str:
    import os

    return args.db or os.environ.get("PAIJU_DB") or "paiju.sqlite3"


def _db_backup(args: argparse.Namespace) -> int:
    from storage.backup import BackupError, backup

    source = _db_path(args)
    try:
        size = backup(source, args.path)
    except BackupError as e:
        return _fail("db backup", str(e))
    print(f"{source} → {args.path} ({size} bytes)")
    return 0


def _db_migrate(args: argparse.Namespace) -> int:
    import sqlite3

    from storage.backup import migrate

    path = _db_path(args)
    try:
        applied = migrate(path)
    except (sqlite3.Error, OSError) as e:
        return _fail("db migrate", str(e))
    print(f"{path}: applied {', '.join(applied)}" if applied else f"{path}: up to date")
    return 0


# -- sandbox ---------------------------------------------------------------------------
def _sandbox(args: argparse.Namespace) -> int:
    import os

    from bot import logs

    if not 0 <= args.port <= 65535:
        return _fail("sandbox", f"--port must be 0 to 65535, got {args.port}")
    try:  # the bot's log: warnings only, unless LOG_LEVEL asks for more
        level = logs.level_from_env({"LOG_LEVEL": os.environ.get("LOG_LEVEL") or "WARNING"})
    except logs.LogLevelError as e:
        return _fail("sandbox", str(e))
    from bot.sandbox.process import BotProcess

    # main() began it before reading the options; made here only if its
    # look at the command line missed this command (it never should)
    spare = args.bot_process or BotProcess()
    try:
        from bot.sandbox.host import Options, check
        from bot.sandbox.run import serve

        options = Options(game=args.game, players=args.players, lang=args.lang, db=args.db,
                          process=True)
        if (problem := check(options)) is not None:
            return _fail("sandbox", problem)
        logs.setup(level)
        return serve(options, args.host, args.port, spare)
    finally:
        spare.discard()  # unless the sandbox told it to start a bot (then stopped it)


# -- simulate -------------------------------------------------------------------------
def _simulate(args: argparse.Namespace) -> int:
    from games import registry
    from games.players import BUDGET, is_monte_carlo, make_player
    from games.simulate import report, seatings, simulate

    kinds = [k.strip() for k in args.seats.split(",") if k.strip()]
    try:
        game = registry.get(args.game)
    except KeyError:
        return _fail("simulate", f"unknown game {args.game!r}; known: {', '.join(registry.ids())}")
    unknown = [k for k in kinds if k not in PLAYER_KINDS and not is_monte_carlo(k)]
    if unknown:
        known = ", ".join((*PLAYER_KINDS, "mc:<variant>"))
        return _fail("simulate", f"unknown player kind {unknown[0]!r}; known: {known}")
    if len(kinds) not in game.seat_counts:
        counts = " or ".join(str(n) for n in game.seat_counts)
        return _fail("simulate", f"{args.game} is played by {counts}: --seats names {len(kinds)}")
    if args.hands < 1:
        return _fail("simulate", "--hands must be at least 1")
    if args.budget is None:
        args.budget = BUDGET
    if args.budget <= 0 or (args.worlds is not None and args.worlds < 1) or args.jobs < 1:
        return _fail("simulate", "--budget must be positive, --worlds and --jobs at least 1")
    try:  # a Monte Carlo variant the game does not declare is refused before any run
        for kind in dict.fromkeys(kinds):
            make_player(kind, args.game, args.budget)
    except (ValueError, ModuleNotFoundError) as e:
        return _fail("simulate", str(e))
    n = len(seatings(len(kinds), args.mirror))  # hands a deal
    deals = -(-args.hands // n)
    if deals < FEW_DEALS:
        print(f"paiju simulate: warning: {deals} deal{'s' if deals > 1 else ''} "
              + ("gives no interval" if deals < 2 else "make rough intervals")
              + f"; use --hands {FEW_DEALS * n} or more", file=sys.stderr)
    # rotation keeps the order round the table: a search seated right before
    # another and never right after it biases their pair (alternating is fair)
    nexts = set(zip(kinds, kinds[1:] + kinds[:1]))
    side_by_side = [(a, b) for a, b in nexts if a != b and (b, a) not in nexts
                    and is_monte_carlo(a) and is_monte_carlo(b)]
    if side_by_side and not args.mirror:
        a, b = min(side_by_side, key=lambda p: kinds.index(p[0]))
        print(f"paiju simulate: warning: {a} always plays right before {b}, which biases "
              "their paired row; add --mirror or seat them apart (docs/AI.md, \"Seat order\")",
              file=sys.stderr)
    try:
        seats = simulate(args.game, args.hands, kinds, args.seed, args.budget,
                         worlds=args.worlds, jobs=args.jobs, progress=args.progress,
                         mirror=args.mirror)
    except (ValueError, ModuleNotFoundError) as e:
        return _fail("simulate", str(e))
    played = len(seats[0].nets)
    how = "rotated and mirrored" if args.mirror else "rotated"
    header = f"{args.game}: {played} hands, seats {','.join(kinds)} {how}, seed {args.seed}"
    if any(is_monte_carlo(k) for k in kinds):
        header += (f", Monte Carlo {args.worlds} worlds a decision" if args.worlds
                   else f", Monte Carlo budget {args.budget * 1e3:.0f} ms")
    print(header)
    print(report(seats, args.mirror))
    return 0


# -- play ---------------------------------------------------------------------------
def _play(args: argparse.Namespace) -> int:
    from bot.cli.terminal import play
    from bot.i18n import translator
    from bot.words.house_rules import find_preset, preset_name
    from games import registry

    game = registry.get(args.game)
    preset = find_preset(args.game, game.presets, args.preset)
    if preset is None:
        _ = translator(args.lang)
        known = ", ".join(preset_name(args.game, p, _) for p in game.presets)
        return _fail("play", f"unknown preset {args.preset!r} for {args.game}; known: {known}")
    seats = game.default_seats
    if not 1 <= args.seat <= seats:
        return _fail("play", f"--seat must be 1 to {seats} for {args.game}, got {args.seat}")
    if args.seed is not None and args.seed < 0:
        return _fail("play", "--seed must not be negative")
    if args.budget is None:
        from games.players import BUDGET

        args.budget = BUDGET
    if args.budget <= 0:
        return _fail("play", "--budget must be positive")
    ask = input if _is_tty(sys.stdin) else _echoing_input
    play(args.game, ask=ask, seat=args.seat - 1, lang=args.lang, seed=args.seed,
         budget_s=args.budget, preset=preset, auto=args.auto, pictures=args.pictures)
    return 0


def _is_tty(stream: object) -> bool:
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


def _echoing_input(prompt: str) -> str:
    """input() whose answer shows in the output, as a terminal would show it
    (answers piped in are otherwise missing from a transcript)."""
    answer = input(prompt)
    print(answer)
    return answer


def _presets_epilog() -> str:
    """Each game's presets by the names players see (English)."""
    from bot.i18n import translator
    from bot.words.house_rules import preset_name
    from games import registry

    _ = translator("en")
    lines = ["house rules (--preset), by name or in any language of the bot:"]
    for game_id in registry.ids():
        names = ", ".join(preset_name(game_id, p, _) for p in registry.get(game_id).presets)
        lines.append(f"  {game_id}: {names}")
    return "\n".join(lines)


def build_parser() -> argparse.ArgumentParser:
    from bot.i18n import DEFAULT_LANG, LANGS

    p = Parser(prog="paiju", description="Paiju (牌局): regional card games")
    p.add_argument("--version", action="version", version=f"%(prog)s {version()}")
    sub = p.add_subparsers(dest="command", required=True, parser_class=Parser)

    r = sub.add_parser("replay", help="replay a game record; print events and result as JSON")
    r.add_argument("file")
    r.add_argument("--pretty", action="store_true", help="indent the JSON")
    r.add_argument("--text", action="store_true", help="the moves as players read them, not JSON")
    r.add_argument("--lang", default=DEFAULT_LANG, choices=LANGS, help="language of --text")
    r.set_defaults(func=_replay)

    run = sub.add_parser(
        "run", help="run the Telegram bot (long polling); BOT_TOKEN from env or .env")
    run.add_argument("--env-file", default=None, help="config file (default ./.env if it exists)")
    run.add_argument("--log-json", action="store_true", help="log one JSON object a line")
    run.set_defaults(func=_run)

    from games import registry

    sb = sub.add_parser(
        "sandbox", help="try the bot without a token: the real bot and a make-believe Telegram "
                        "in a local web page")
    sb.add_argument("--port", type=int, default=8080, help="the page's port (default 8080; "
                                                           "0: any free one)")
    sb.add_argument("--host", default=None,
                    help="listen here instead of 127.0.0.1 (anyone who reaches it can play "
                         "as anyone)")
    sb.add_argument("--game", default=None, choices=registry.ids(),
                    help="open a lobby of this game at start, with the people seated")
    sb.add_argument("--players", type=int, default=2,
                    help="people in the group who have opened the bot (default 2)")
    sb.add_argument("--lang", default=DEFAULT_LANG, choices=LANGS,
                    help="the people's language and the page's")
    sb.add_argument("--db", default=None,
                    help="keep the games in this database (default: a throwaway one)")
    sb.set_defaults(func=_sandbox)

    hc = sub.add_parser("healthcheck", help="exit 0 while `paiju run` hears Telegram (for Docker)")
    hc.add_argument("--file", default=None, help="heartbeat file (default: PAIJU_HEARTBEAT, "
                                                 "else the database path + .heartbeat)")
    hc.add_argument("--max-age", type=float, default=None, help="seconds a heartbeat stays fresh")
    hc.add_argument("--verbose", "-v", action="store_true",
                    help="also the bot's figures: computer moves, their queue, over time")
    hc.set_defaults(func=_healthcheck)

    db = sub.add_parser("db", help="database tools: backup, migrate")
    dbsub = db.add_subparsers(dest="db_command", required=True, parser_class=Parser)
    b = dbsub.add_parser(
        "backup", help="a consistent copy of the database, safe while the bot runs")
    b.add_argument("path", help="where to write the copy")
    b.add_argument("--db", default=None, help="the database (default: PAIJU_DB or paiju.sqlite3)")
    b.set_defaults(func=_db_backup)
    m = dbsub.add_parser("migrate", help="bring the database's schema up to date")
    m.add_argument("--db", default=None, help="the database (default: PAIJU_DB or paiju.sqlite3)")
    m.set_defaults(func=_db_migrate)

    sim = sub.add_parser("simulate", help="play computer players against each other, seats rotated")
    sim.add_argument("game")
    sim.add_argument("--hands", type=int, default=300)
    sim.add_argument("--seats", required=True,
                     help="one player per seat: mc, heuristic, random, mc:wall (mc on the wall "
                          "clock, as before issue 35) or mc:<variant> (a Monte Carlo variant "
                          "the game declares, to pair with mc); a Monte Carlo kind may name "
                          "its own budget, mc@0.2 or mc:wall@0.3, to pair two budgets")
    sim.add_argument("--seed", type=int, default=0)
    # "0.2": games.players.BUDGET by value, so that the CLI's start does not
    # import the players (tests/bot/test_cli.py holds the two equal)
    sim.add_argument("--budget", type=float, default=None,
                     help="Monte Carlo CPU seconds a decision (wall-clock seconds for mc:wall; "
                          "default: the bot's, 0.2)")
    sim.add_argument("--worlds", type=int, default=None,
                     help="Monte Carlo: exactly this many worlds a decision, no clock "
                          "(where supported)")
    sim.add_argument("--jobs", type=int, default=1,
                     help="worker processes sharing the deals (each hand is played as in one "
                          "process)")
    sim.add_argument("--progress", action="store_true", help="report progress on stderr")
    sim.add_argument("--mirror", action="store_true",
                     help="also play every deal with the seats' order reversed, so neighbours "
                          "even out (pair two players this way)")
    sim.set_defaults(func=_simulate)

    play = sub.add_parser("play", help="play a hand in this terminal against computer players",
                          epilog=_presets_epilog(),
                          formatter_class=argparse.RawDescriptionHelpFormatter)
    play.add_argument("game", choices=registry.ids())
    play.add_argument("--seat", type=int, default=1, help="your seat, 1 = first (default 1)")
    play.add_argument("--preset", default="Standard",
                      help="house rules by name, e.g. \"Game hall\" (listed below)")
    play.add_argument("--auto", action="store_true", help="computers play every seat (a demo)")
    play.add_argument("--lang", default=DEFAULT_LANG, choices=LANGS)
    play.add_argument("--seed", type=int, default=None)
    play.add_argument("--budget", type=float, default=None,
                      help="computer CPU seconds a decision (default: the bot's, 0.2)")
    play.add_argument("--pictures", type=Path, default=None, metavar="DIR",
                      help="also write the pictures the bot sends (table, hand, end) into DIR")
    play.set_defaults(func=_play)
    return p


def version() -> str:
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed

    try:
        return installed("paiju")
    except PackageNotFoundError:  # run from a checkout that was never installed
        return "unknown"


def _bot_process_first(argv: list[str]) -> BotProcess | None:
    """`paiju sandbox`: its bot's process, begun before this one builds its
    parser (0.15 s of imports): the bot's seconds of importing aiogram, the
    longest part of the sandbox's start, run on the other core while this
    process brings up the page and the make-believe Telegram. None for
    every other command, and for `sandbox --help`."""
    if argv[:1] != ["sandbox"] or {"-h", "--help"} & set(argv):
        return None
    from bot.sandbox.process import BotProcess

    return BotProcess()


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    bot_process = _bot_process_first(argv)
    try:
        args = build_parser().parse_args(argv)
        args.bot_process = bot_process
        code = args.func(args)
        sys.stdout.flush()
        return code
    except BrokenPipeError:
        # the reader went away (`paiju play … | head`): stop quietly, as a
        # command killed by SIGPIPE does; stdout is closed so the flush at
        # exit cannot complain again
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 128 + 13
    finally:  # never started (a wrong option): not left behind
        if bot_process is not None:
            bot_process.discard()


if __name__ == "__main__":
    sys.exit(main())

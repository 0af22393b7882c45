"""The command line's promises: one-line errors with exit 2, `replay --text`,
`simulate` checking its arguments and counting the hands it played."""

from __future__ import annotations

import json
import pathlib

import pytest

from bot import config
from bot.cli.main import main

EXAMPLES = pathlib.Path(__file__).resolve().parents[2] / "docs" / "examples"


def one_line(capsys) -> str:
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1, err
    return err[0]


# -- settings ---------------------------------------------------------------------------
def test_a_missing_env_file_is_an_error(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("BOT_TOKEN", "1:abcdef")
    assert main(["run", "--env-file", str(tmp_path / "nope.env")]) == 2
    assert "nope.env: no such file" in one_line(capsys)


@pytest.mark.parametrize("env, needle", [
    ({"PAIJU_AI_BUDGET": "-1"}, "PAIJU_AI_BUDGET"),
    ({"PAIJU_POLLING_TIMEOUT": "0"}, "PAIJU_POLLING_TIMEOUT"),
    ({"PAIJU_WEEKLY_POST": "maybe"}, "PAIJU_WEEKLY_POST"),
    ({"PAIJU_TZ": "Mars/Base"}, "PAIJU_TZ"),
    ({"LOG_LEVEL": "loud"}, "LOG_LEVEL"),
])
def test_bad_values_are_one_line_naming_the_variable(env, needle, capsys, monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("BOT_TOKEN", "1:abcdef")
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    assert main(["run"]) == 2
    assert needle in one_line(capsys)


def test_every_setting_from_env_file_typed(tmp_path):
    f = tmp_path / "prod.env"
    f.write_text("BOT_TOKEN=9:secret_x\nPAIJU_POLLING_TIMEOUT=25\nPAIJU_WEEKLY_POST=false\n"
                 "PAIJU_TZ=UTC\nPAIJU_BACKOFF_MAX=30\nPAIJU_HEARTBEAT=/tmp/hb\nTZ=Europe/Paris\n")
    s = config.load({"DB_PATH": "stray.db", "TZ": "Asia/Tokyo"}, f)
    assert s.polling_timeout == 25 and s.weekly_post is False and s.tz == "UTC"
    assert s.backoff_max == 30.0 and str(s.heartbeat_path) == "/tmp/hb"
    assert s.db_path == "paiju.sqlite3"  # DB_PATH and TZ are not ours
    assert config.Config(token="1:x", db_path="/d/p.db").heartbeat_path == pathlib.Path(
        "/d/p.db.heartbeat")


def test_a_token_never_appears_in_an_error():
    with pytest.raises(config.ConfigError) as e:
        config.load({"BOT_TOKEN": "12:x/yz"}, pathlib.Path("/nonexistent"))
    assert "x/yz" not in str(e.value) and "BOT_TOKEN" in str(e.value)


# -- replay --------------------------------------------------------------------------------
@pytest.mark.parametrize("lang, word", [("en", "Seat 1"), ("zh_Hans", "1号位")])
def test_replay_text_reads_like_the_bot(lang, word, capsys):
    record = EXAMPLES / "paoyao-kangqi.json"
    assert main(["replay", str(record), "--text", "--lang", lang]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert word in out and lines[1].lstrip().startswith("1. ")
    moves = len(json.loads(record.read_text())["moves"])
    numbered = [int(line.split(".")[0]) for line in lines[1:] if line[:4].strip().isdigit()]
    assert numbered == sorted(numbered) and numbered[-1] <= moves
    assert "{" not in out  # not JSON


@pytest.mark.parametrize("content, needle", [
    ("[1, 2]", "a record is a JSON object"),
    ('{"game": "xianniu"}', "missing 'deal'"),
    ('{"game": "xianniu", "deal": [], "dealer": 0, "moves": 3}', "moves must be a list"),
    ("{not json", "cannot read"),
])
def test_a_malformed_record_is_one_line(content, needle, tmp_path, capsys):
    path = tmp_path / "r.json"
    path.write_text(content)
    assert main(["replay", str(path), "--text"]) in (1, 2)
    assert needle in one_line(capsys)


# -- simulate ------------------------------------------------------------------------------
@pytest.mark.parametrize("args, needle", [
    (["xianniu", "--hands", "0", "--seats", "random,random,random"], "--hands must be at least 1"),
    (["xianniu", "--seats", "random,random"], "xianniu is played by 3: --seats names 2"),
    (["xianniu", "--seats", "random,genius,random"],
     "unknown player kind 'genius'; known: mc, heuristic, random, mc:<variant>"),
    (["xianniu", "--seats", "mc:genius,mc,random"], "no Monte Carlo variant 'genius'"),
    # refused before any warning about too few hands
    (["niujiu", "--hands", "3", "--seats", "mc:genius,mc,random"],
     "niujiu has no Monte Carlo variant 'genius' (known: mc:wall, mc:v1, mc:v2)"),
    (["mahjong", "--seats", "random"], "unknown game 'mahjong'"),
    (["xianniu", "--hands", "many", "--seats", "random"], "invalid int value"),
])
def test_simulate_refuses_bad_arguments_in_one_line(args, needle, capsys):
    with pytest.raises(SystemExit) as e:
        raise SystemExit(main(["simulate", *args]))
    assert e.value.code == 2
    assert needle in one_line(capsys)


def test_simulate_reports_the_hands_it_played(capsys):
    assert main(["simulate", "xianniu", "--hands", "4", "--seats", "random,heuristic,random"]) == 0
    captured = capsys.readouterr()
    out = captured.out
    assert out.startswith("xianniu: 4 hands") and "budget" not in out and "Monte Carlo" not in out
    assert "hands: 4 (1 deal × 3 rotations + 1 deal × 1 rotation;" in out
    assert "2 deals make rough intervals" in captured.err


@pytest.mark.parametrize("game, seats, mirror, warned", [
    ("xianniu", "mc:v1,mc,heuristic", False, "mc:v1 always plays right before mc"),
    ("xianniu", "heuristic,mc,mc:v1", False, "mc always plays right before mc:v1"),
    ("xianniu", "mc:v1,mc,heuristic", True, None),
    ("xianniu", "mc,heuristic,heuristic", False, None),
    # teams apart: each sits right before the other as often as after it
    ("paoyao", "mc:l5,mc:v1,mc:l5,mc:v1", False, None),
    ("paoyao", "mc:l5,mc:v1,mc:v1,heuristic", False, "mc:l5 always plays right before mc:v1"),
])
def test_simulate_warns_when_two_searches_sit_side_by_side(game, seats, mirror, warned, capsys):
    args = ["simulate", game, "--hands", "4", "--worlds", "1", "--seats", seats]
    assert main(args + ["--mirror"] * mirror) == 0
    err = capsys.readouterr().err
    assert (warned in err and "--mirror" in err) if warned else "right before" not in err


def test_simulate_mirrored_plays_each_deal_in_twice_the_seatings(capsys):
    args = ["simulate", "xianniu", "--hands", "8", "--seats", "random,heuristic,random", "--mirror"]
    assert main(args) == 0
    captured = capsys.readouterr()
    header = "xianniu: 8 hands, seats random,heuristic,random rotated and mirrored"
    assert captured.out.startswith(header)
    hands = "hands: 8 (1 deal × 6 seatings (rotations, mirrored) + 1 deal × 2 seatings;"
    assert hands in captured.out
    assert "2 deals make rough intervals; use --hands 180 or more" in captured.err


# -- the terminal as players meet it (issue 30) -------------------------------------------
def test_version(capsys):
    from importlib.metadata import version

    with pytest.raises(SystemExit) as e:
        main(["--version"])
    assert e.value.code == 0
    assert capsys.readouterr().out.strip() == f"paiju {version('paiju')}"


@pytest.mark.parametrize("lang, want", [
    ("en", "Move 2 (Seat 3: code C3335) cannot be played. The game waits for Seat 2."),
    ("zh_Hans", "第2步 (3号位: 代码 C3335) 不能这样出。该 2号位 出。"),
])
def test_a_replay_refused_move_is_told_in_words(lang, want, tmp_path, capsys):
    record = json.loads((EXAMPLES / "changpai-huang.json").read_text())
    record["moves"][1][0] = 2  # seat 3 plays out of turn
    path = tmp_path / "r.json"
    path.write_text(json.dumps(record))
    assert main(["replay", str(path), "--text", "--lang", lang]) == 1
    assert one_line(capsys) == f"paiju replay: {path}: {want}"
    assert main(["replay", str(path)]) == 1  # scripts: the words, the index and the key
    error = json.loads(one_line(capsys))
    assert error == {"error": want if lang == "en" else error["error"], "index": 1,
                     "reason": "not_your_turn"}
    assert "not_your_turn" not in error["error"]


def test_a_replay_move_the_rules_refuse_names_the_cards_and_the_reason(tmp_path, capsys):
    record = json.loads((EXAMPLES / "xianniu-worked-hand.json").read_text())
    record["moves"][3][1] = record["moves"][2][1]  # seat 3 plays seat 2's cards
    path = tmp_path / "r.json"
    path.write_text(json.dumps(record))
    assert main(["replay", str(path), "--text", "--lang", "en"]) == 1
    line = one_line(capsys)
    assert line.startswith(f"paiju replay: {path}: Move 4 (Seat 3: ")
    assert "cannot be played." in line
    assert "_" not in line.split("cannot be played.")[1]  # the rules' reason, not its key


@pytest.mark.parametrize("command", ["play", "simulate"])
def test_help_names_the_bots_budget(command, capsys):
    """The CLI does not import the players to say their default (start-up
    time): its help names games.players.BUDGET by value, and must follow it."""
    from games.players import BUDGET

    with pytest.raises(SystemExit):
        main([command, "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    assert f"default: the bot's, {BUDGET:g})" in help_text

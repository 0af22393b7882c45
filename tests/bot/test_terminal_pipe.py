"""`paiju play` as a command in a pipeline: the preset by the name players
see, named in the header; a reader that stops early (`| head`) ends it
quietly; counts agree with their nouns."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from bot.cli.terminal import choose_cards
from bot.i18n import translator
from games.base import Pick

PAIJU = [sys.executable, "-c", "import sys; from bot.cli.main import main; sys.exit(main())"]


def test_a_closed_pipe_ends_without_a_traceback():
    """`paiju play … | head -3`: the reader goes away; no BrokenPipeError."""
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    play = subprocess.Popen([*PAIJU, "play", "paoyao", "--auto", "--seed", "1", "--budget",
                             "0.01", "--lang", "en"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=env)
    assert play.stdout is not None and play.stderr is not None
    play.stdout.readline()
    play.stdout.close()  # `head` has read enough
    err = play.stderr.read().decode()
    assert play.wait(timeout=120) == 141  # as a command stopped by SIGPIPE
    assert "Traceback" not in err and "BrokenPipe" not in err and err == ""


@pytest.mark.parametrize("typed, code", [
    ("Game hall", "gamehall"), ("game hall", "gamehall"), ("游戏厅", "gamehall"),
    ("gamehall", "gamehall"), ("Standard", "default"), ("標準", "default")])
def test_a_preset_by_the_name_players_see(typed, code, monkeypatch, capsys):
    from bot.cli import main as cli
    from bot.cli import terminal

    seen = {}
    monkeypatch.setattr(terminal, "play", lambda game, **kw: seen.update(kw))
    assert cli.main(["play", "xianniu", "--preset", typed]) == 0
    assert seen["preset"] == code


def test_unknown_preset_lists_the_names_players_see(capsys):
    from bot.cli import main as cli

    assert cli.main(["play", "niujiu", "--preset", "nope", "--lang", "en"]) == 2
    err = capsys.readouterr().err
    assert "known: Standard, Two-five (二五), Skewer (串串) counts 3" in err and "er_wu" not in err


def test_the_header_names_the_preset(capsys):
    from bot.cli.terminal import play
    from bot.presenters import presenter

    lines: list[str] = []
    play("changpai", say=lines.append, lang="en", seed=1, preset="titi", auto=True,
         budget_s=0.01)
    game = presenter("changpai").game_name(translator("en"))
    assert lines[0] == f"{game} · rules: Ladder (梯梯番) · seed 1"


@pytest.mark.parametrize("count, noun", [(1, "number of the 1 card"),
                                         (2, "numbers of the 2 cards")])
def test_a_count_agrees_with_its_noun(count, noun):
    """At 1 and at 2: "the 1 card", "the 2 cards"; the wrong count refused with
    how many are needed (the presenter's words, as the bot's toast says it)."""
    from bot.presenters import presenter

    said: list[str] = []
    answers = iter(["1 2 3", " ".join(str(i) for i in range(1, count + 1))] if count == 1
                   else ["1", "1 2"])
    pick = Pick(kind="discard", prefix="D", choices=("5s", "6s", "7s", "8s"), min_count=count,
                max_count=count)
    choose_cards(pick, lambda p: next(answers), said.append, presenter("xianniu"),
                 translator("en"))
    text = "\n".join(said)
    assert f"Type the {noun} to choose" in text
    wrong = 3 if count == 1 else 1
    need = f"{count} card{'s' if count != 1 else ''}"
    assert f"Choose exactly {need}; you have chosen {wrong}." in text


def test_the_readme_example_reads_as_paiju_play_prints_today(monkeypatch, capsys):
    """README's `paiju play dingniu --seed 11`: what the seed decides (the
    header, your seat, the hand dealt) and the answer refused are
    printed today exactly as the README shows them; after that the
    computers, who think against the clock, may play otherwise."""
    import pathlib

    from bot.cli import main as cli

    readme = (pathlib.Path(__file__).resolve().parents[2] / "README.md").read_text("utf-8")
    example = readme.split("```text\n$ paiju play dingniu --seed 11\n")[1].split("```")[0]
    shown = example.splitlines()
    answers = iter(["0", "1"] + ["1"] * 40)
    monkeypatch.setattr("builtins.input", lambda prompt="": (sys.stdout.write(prompt),
                                                             next(answers))[1])
    assert cli.main(["play", "dingniu", "--seed", "11", "--budget", "0.05"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == shown[0]  # the header
    for start in ("你是", "你的牌: "):  # who you are and the hand dealt you
        assert next(x for x in out if x.startswith(start)) == \
            next(x for x in shown if x.startswith(start))
    asked = shown.index("你出: 0")
    assert shown[asked + 1].startswith("0 不在列表里：请在 1 到 ")
    assert "你出: 0" in out and shown[asked + 1].split("到")[0] in "\n".join(out)


def test_the_end_of_a_hand_reads_as_the_group_reads_it(monkeypatch):
    """One 🏁 header, the game's account, then "This hand: You: −4 · …"."""
    from games import players

    monkeypatch.setattr(players, "choose", lambda state, seat, rng, budget_s=0.3:
                        players.quick(state, seat, rng))
    from bot.cli.terminal import play

    lines: list[str] = []
    state = play("dingniu", say=lines.append, lang="en", seed=2, auto=True)
    assert [line for line in lines if "🏁" in line] == ["🏁 Ding Niu · hand 1 is over"]
    scores = lines[-1]
    assert scores.startswith("This hand: ") and "Computer 1: " in scores
    assert len(scores.split(" · ")) == state.seats

"""`paiju play`: a demo of every game, and a human typing at stdin, wrong
answers included. Computers play their quick heuristic here (the Monte Carlo
player watches the clock, so a scripted session would not be repeatable)."""

from __future__ import annotations

import io
import re
import sys

import pytest

from bot.cli.main import main
from bot.cli.terminal import play
from bot.i18n import translator
from bot.presenters import paoyao as paoyao_presenter
from games import players, registry

BAD = ["0", "-1", "99", "abc", ""]


@pytest.fixture
def quick_computers(monkeypatch):
    monkeypatch.setattr(players, "choose", lambda state, seat, rng, budget_s=0.3:
                        players.quick(state, seat, rng))


class Session:
    """stdin and stdout of `paiju play`: reads what was printed and types an
    answer, like a person would. Bad answers first; one wrong choice of cards
    at the first card prompt; then sensible answers. `eof_after`: Ctrl-D
    once this many answers were typed."""

    def __init__(self, eof_after: int | None = None, interrupt: bool = False) -> None:
        self.out = io.StringIO()
        self.bad = list(BAD)
        self.wrong_pick_done = False
        self.answers: list[str] = []
        self.eof_after = eof_after
        self.interrupt = interrupt
        self.seen = 0  # stdout read up to here
        self.picker = False  # the last move list was the card picker's
        self.hand_size = 0

    # stdout
    def write(self, text: str) -> int:
        return self.out.write(text)

    def flush(self) -> None:
        pass

    # stdin
    def readline(self) -> str:
        if self.eof_after is not None and len(self.answers) >= self.eof_after:
            if self.interrupt:
                raise KeyboardInterrupt
            return ""  # Ctrl-D
        screen = self.out.getvalue()[self.seen:]
        self.seen = len(self.out.getvalue())
        answer = self.answer(screen)
        self.answers.append(answer)
        return answer + "\n"

    def answer(self, screen: str) -> str:
        if "  #1 " in screen:  # the card picker: cards by number, moves by #number
            self.picker = True
            listed = screen.split("cards to play")[1]
            self.hand_size = max(int(k) for k in re.findall(r"(\d+):", listed))
        elif "  1. " in screen:
            self.picker = False
        if self.bad and screen.endswith("Your move: "):
            return self.bad.pop(0)
        if self.picker and not self.wrong_pick_done:
            self.wrong_pick_done = True  # the whole hand at once: never one play
            return " ".join(str(i) for i in range(1, self.hand_size + 1))
        m = re.search(r"numbers? of the (\d+)(?:–(\d+))? cards? to (keep|choose)", screen)
        if m and not self.wrong_pick_done:
            self.wrong_pick_done = True
            return "1" if int(m.group(1)) != 1 else "1 2"
        if m:
            return " ".join(str(i) for i in range(1, int(m.group(1)) + 1))
        if "Card numbers" in screen:  # asked again after a refusal: the last explanation holds
            m = re.findall(r"numbers? of the (\d+)(?:–\d+)? cards?", self.out.getvalue())
            return " ".join(str(i) for i in range(1, int(m[-1]) + 1))
        if self.picker:  # a move by its number, not cards
            return "#1"
        for wish in ("Xian", "Tighten"):  # the moves that lead to a choice of cards
            m = re.search(rf"^  (\d+)\. {wish}", screen, re.M)
            if m:
                return m.group(1)
        return "1"

    def text(self) -> str:
        return self.out.getvalue()


def run_play(monkeypatch, session: Session, *args: str) -> int:
    monkeypatch.setattr(sys, "stdin", session)
    monkeypatch.setattr(sys, "stdout", session)
    return main(["play", *args, "--lang", "en", "--budget", "0.01"])


def refusals(text: str) -> list[str]:
    return [line for line in text.splitlines()
            if "not in the list" in line or "Please" in line]


@pytest.mark.parametrize("game_id", ["xianniu", "paoyao"])
def test_a_human_plays_a_hand_through_stdin(game_id, monkeypatch, quick_computers):
    for seed in range(1, 40):
        session = Session()
        assert run_play(monkeypatch, session, game_id, "--seed", str(seed)) == 0
        if session.wrong_pick_done:
            break
    else:
        pytest.fail("no deal in 40 asked for a choice of cards")
    text = session.text()
    assert session.answers[:5] == BAD
    lines = text.splitlines()
    # each bad answer refused with its own reason, and nothing played for it; an
    # answer piped in shows after its prompt, as a terminal shows what was typed
    assert "Your move: 0\n0 is not in the list: choose from 1 to" in text
    assert "Your move: -1\n-1 is not in the list" in text
    assert "Your move: 99\n99 is not in the list" in text
    assert "Your move: abc\nPlease answer with numbers." in text
    assert "Your move: \nPlease type a number." in text
    if game_id == "paoyao":  # the engine's reason, in the presenter's words
        _ = translator("en")
        reasons = {_(r) for r in paoyao_presenter.REASONS.values()}
        reasons.add(_(paoyao_presenter.NOT_ALLOWED))
        assert any(line in reasons for line in lines)
    else:
        assert re.search(r"Choose exactly (1 card|\d+ cards); you have chosen \d+\.", text)
    # the hand was played to its end, its result shown once
    assert "Bye." not in text
    assert re.search(r"\b(win|wins|pay|pays)\b", text)
    # no line of an event printed twice in a row
    assert not [a for a, b in zip(lines, lines[1:]) if a == b and a.strip()]


@pytest.mark.parametrize("interrupt", [False, True], ids=["ctrl-d", "ctrl-c"])
def test_ctrl_d_and_ctrl_c_end_cleanly(interrupt, monkeypatch, quick_computers):
    session = Session(eof_after=6, interrupt=interrupt)
    assert run_play(monkeypatch, session, "xianniu", "--seed", "3") == 0
    assert session.text().rstrip().endswith("Bye.")
    assert len(session.answers) == 6


@pytest.mark.parametrize("game_id", registry.ids())
def test_auto_plays_a_hand_of_every_game(game_id, monkeypatch, capsys):
    args = ["play", game_id, "--auto", "--seed", "7", "--lang", "en", "--budget", "0.005"]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "You" not in out.replace("Your", "")  # nobody human at the table
    assert "Computer 1" in out and "Bye." not in out


def test_a_redeal_deals_again_and_goes_on(quick_computers):
    lines: list[str] = []
    for seed in range(40):  # about one deal in five is redealt
        lines.clear()
        state = play("changpai", say=lines.append, lang="en", seed=seed, auto=True)
        said = [i for i, line in enumerate(lines) if "dealt again" in line]
        if said:
            break
    else:
        pytest.fail("no redeal in 40 deals")
    # said once per redeal (the old terminal said it twice and stopped there)
    assert all(b - a > 1 for a, b in zip(said, said[1:])), lines
    assert state.is_over() and state.result().details["outcome"] != "redeal"
    after = lines[said[-1] + 1:]
    assert len([line for line in after if line.strip()]) > 5  # a new deal, played to the end


@pytest.mark.parametrize("args, message", [
    (["changpai", "--seat", "5"], "--seat must be 1 to 3"),
    (["paoyao", "--seat", "0"], "--seat must be 1 to 4"),
    (["xianniu", "--preset", "nope"], "unknown preset 'nope'"),
    (["xianniu", "--seed", "-3"], "--seed must not be negative"),
    (["mahjong"], "invalid choice"),
    (["xianniu", "--seat", "two"], "invalid int value"),
])
def test_invalid_options_are_one_line_and_exit_2(args, message, capsys):
    with pytest.raises(SystemExit) as e:
        code = main(["play", *args])
        raise SystemExit(code)
    assert e.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and message in err[0], err


def test_each_event_once_and_the_screen_without_repeats(monkeypatch, quick_computers):
    lines: list[str] = []
    answers = iter(["2"] * 50)
    play("xianniu", ask=lambda p: next(answers), say=lines.append, lang="en", seed=3)
    # 扣了 announced once by its event; the table does not say it again below it
    for i, line in enumerate(lines):
        if line.endswith("stands"):
            block = lines[i + 1:i + 30]
            assert line not in block


def test_pictures_writes_the_bots_pictures_beside_the_text(tmp_path, quick_computers):
    """`paiju play --pictures DIR`: the table and the player's hand each time
    they are shown (when they changed), the end of the hand at the end; each
    file the picture the bot sends for that view, and its path told."""
    from bot.pictures.draw import described
    from bot.pictures.scenes import scenes

    said: list[str] = []
    answers = iter(["1"] * 400)
    state = play("dingniu", ask=lambda _p: next(answers), say=said.append, seed=5, lang="en",
                 budget_s=0.01, pictures=tmp_path)
    files = sorted(tmp_path.iterdir())
    kinds = [f.name.split("-", 1)[1] for f in files]
    assert kinds[0] == "table.png" and "hand.png" in kinds and kinds[-1] == "end.png"
    assert [line for line in said if line.startswith("🖼 ")] == [f"🖼 {f}" for f in files]
    end = scenes("dingniu").end(state.revealed(), state.result())
    assert described(files[-1].read_bytes()) == end.describe()
    # a picture only when it changed: no two files of a kind in a row alike
    tables = [described(f.read_bytes()) for f in files if f.name.endswith("table.png")]
    assert all(a != b for a, b in zip(tables, tables[1:]))

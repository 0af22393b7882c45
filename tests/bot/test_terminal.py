"""Offline terminal play: a scripted player finishes a hand of every game,
and bad answers are refused without changing anything."""

from __future__ import annotations

import pytest

from bot.terminal import play
from games import registry


class Script:
    """Answers prompts: first a few bad answers, then always the first
    option (for card numbers: the first cards the prompt allows)."""

    def __init__(self) -> None:
        self.bad = ["", "abc", "999", "#0"]
        self.asked = 0
        self.lines: list[str] = []

    def say(self, text: str) -> None:
        self.lines.append(text)

    def ask(self, prompt: str) -> str:
        self.asked += 1
        if self.bad:
            return self.bad.pop()
        if "Card numbers" in prompt or "牌的编号" in prompt:
            return " ".join(str(i + 1) for i in range(self.need))
        return "#1"

    @property
    def need(self) -> int:
        # the last "between a and b" hint, or 1
        for line in reversed(self.lines):
            if "between" in line:
                return int(line.split("between")[1].split()[0])
        return self._pick_min

    _pick_min = 1


@pytest.mark.parametrize("game_id", registry.ids())
def test_scripted_player_finishes_a_hand(game_id, monkeypatch):
    from bot import terminal

    script = Script()
    real = terminal.choose_cards

    def choose_cards(pick, ask, say, label, _):
        script._pick_min = pick.min_count
        return real(pick, ask, say, label, _)

    monkeypatch.setattr(terminal, "choose_cards", choose_cards)
    for seed in range(5, 15):  # some deals never ask seat 0 (川牌: no hope, 仰 at once)
        state = play(game_id, ask=script.ask, say=script.say, lang="en", seed=seed, budget_s=0.01)
        assert state.is_over()
        if script.asked >= 5:
            break
    assert script.asked >= 5
    assert any("Please answer" in line or "Not allowed" in line for line in script.lines)


def test_eof_quits_cleanly():
    def ask(prompt):
        raise EOFError

    lines = []
    state = play("xianniu", ask=ask, say=lines.append, lang="en", seed=1, budget_s=0.01)
    assert not state.is_over()
    assert lines[-1] == "Bye."

"""A computer move's cost: at most one JSON round trip (issue 12/14). The bot's
path is Turns.think: `state.copy()`, then games.players.choose (the game's
Monte Carlo player copying worlds, its legality check) or players.quick."""

from __future__ import annotations

import random

import pytest

from games import players, records, registry
from games.base import State
from games.play import random_code


@pytest.fixture
def json_calls(monkeypatch):
    calls = {"to_json": 0, "from_json": 0}
    to_json, from_json = State.to_json, records.state_from_json

    def counting_to_json(self):
        calls["to_json"] += 1
        return to_json(self)

    def counting_from_json(text):
        calls["from_json"] += 1
        return from_json(text)

    monkeypatch.setattr(State, "to_json", counting_to_json)
    monkeypatch.setattr(records, "state_from_json", counting_from_json)
    return calls


@pytest.mark.parametrize("game_id", registry.ids())
def test_one_computer_move_makes_at_most_one_json_round_trip(game_id, json_calls):
    state = registry.get(game_id).new_state(seed=4)
    rng = random.Random(4)
    for _ in range(3):  # a few moves in, where the players have something to weigh
        if len(state.to_act()) and not state.is_over():
            seat = state.to_act()[0]
            state.apply(seat, random_code(state, seat, rng))
    seat = state.to_act()[0]
    json_calls.update(to_json=0, from_json=0)
    copy = state.copy()  # what Turns.think does first
    code = players.choose(copy, seat, random.Random(1), 0.05)
    players.quick(copy, seat, random.Random(2))
    assert json_calls["to_json"] <= 1 and json_calls["from_json"] <= 1, json_calls
    assert code in {m.code for m in state.legal_moves(seat) if hasattr(m, "code")} or \
        players.is_legal(state, seat, code)


def test_the_count_sees_a_json_copy(json_calls):
    """The counter is not blind: a JSON copy is counted."""
    state = registry.get("dingniu").new_state(seed=1)
    records.state_from_json(state.to_json())
    assert json_calls == {"to_json": 1, "from_json": 1}

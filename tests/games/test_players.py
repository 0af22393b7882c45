"""A computer seat's policy (games.players.choose): the game's player when it
answers a legal move, else its heuristic, else the plain legal-only policy."""

import random
from types import SimpleNamespace

import pytest

from games import players, registry
from games.base import Move


@pytest.mark.parametrize("game_id", registry.ids())
def test_fallback_plays_whole_hands_with_legal_moves_only(game_id):
    game = registry.get(game_id)
    for seed in range(3):
        state = game.new_state(seed=seed)
        rng = random.Random(seed)
        for _ in range(5000):
            if state.is_over():
                break
            seat = state.to_act()[0]
            state.apply(seat, players.fallback(state, seat, rng))  # IllegalMove would fail
        assert state.is_over()


def first_position():
    state = registry.get(registry.ids()[0]).new_state(seed=5)
    seat = state.to_act()[0]
    return state, seat, [m.code for m in state.legal_moves(seat) if isinstance(m, Move)]


def test_choose_uses_the_games_ai_and_falls_back_when_it_errs(monkeypatch):
    state, seat, legal = first_position()
    plain = players.fallback(state, seat, random.Random(1))
    wanted = legal[-1]
    def ai_answering(code):
        return lambda game_id: SimpleNamespace(choose=lambda s, q, r, b: code)

    monkeypatch.setattr(players, "ai_module", ai_answering(wanted))
    assert players.choose(state, seat, random.Random(1), 0.01) == wanted
    monkeypatch.setattr(players, "ai_module", ai_answering("nonsense"))
    assert players.choose(state, seat, random.Random(1), 0.01) == plain

    def boom(*a):
        raise RuntimeError("ai broke")

    monkeypatch.setattr(players, "ai_module", lambda game_id: SimpleNamespace(choose=boom))
    assert players.choose(state, seat, random.Random(1), 0.01) in legal + [plain]


def test_a_failing_monte_carlo_player_gives_way_to_the_heuristic(monkeypatch):
    state, seat, legal = first_position()
    plain = players.fallback(state, seat, random.Random(1))
    wanted = next(c for c in reversed(legal) if c != plain)

    def boom(*a):
        raise RuntimeError("ai broke")

    def steady(code):  # a heuristic player that always answers `code`
        return lambda: SimpleNamespace(name="heuristic", choose=lambda s, q, r: code)

    ai = SimpleNamespace(choose=boom, heuristic=steady(wanted))
    monkeypatch.setattr(players, "ai_module", lambda game_id: ai)
    assert players.choose(state, seat, random.Random(1), 0.01) == wanted
    ai.heuristic = steady("nonsense")  # and a broken heuristic gives way to the plain policy
    assert players.choose(state, seat, random.Random(1), 0.01) == plain


def test_is_legal_asks_a_copy():
    state, seat, legal = first_position()
    before = state.to_json()
    assert players.is_legal(state, seat, legal[0]) and not players.is_legal(state, seat, "nonsense")
    assert state.to_json() == before

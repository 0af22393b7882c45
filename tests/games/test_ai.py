"""Computer players of every game that has one (games/<pkg>/ai.py): they only
ever choose legal moves, and they never peek: two states that differ only in
cards hidden from the seat give the same decision under the same seed."""

from __future__ import annotations

import random

import pytest

from games import registry
from games.players import MonteCarloPlayer, RandomPlayer, ai_module, playout
from games.records import state_from_json
from games.simulate import report, simulate


def games_with_ai() -> list[str]:
    out = []
    for game_id in registry.ids():
        ai = ai_module(game_id)
        if ai is not None and hasattr(ai, "heuristic") and hasattr(ai, "determinize"):
            out.append(game_id)
    return out


GAMES = games_with_ai()


def ai_of(game_id):
    return ai_module(game_id)


def positions(game_id: str, n: int, seed: int = 0):
    """Positions reached by random play: (state, seat to decide)."""
    game = registry.get(game_id)
    rng = random.Random(seed)
    out = []
    for h in range(n):
        state = game.new_state(seed=seed * 7919 + h)
        stop = rng.randrange(1, 60)
        for _ in range(stop):
            if state.is_over():
                break
            seat = state.to_act()[0]
            state.apply(seat, RandomPlayer().choose(state, seat, rng))
        if not state.is_over():
            out.append((state, state.to_act()[0]))
    return out


@pytest.mark.parametrize("game_id", GAMES)
def test_determinize_keeps_the_view_and_reshuffles_hidden_cards(game_id):
    ai = ai_of(game_id)
    differed = 0
    for state, seat in positions(game_id, 30):
        before = state.to_json()
        world = ai.determinize(state, seat, random.Random(3))
        assert state.to_json() == before, "determinize must not change the real state"
        assert world.view(seat) == state.view(seat)
        assert world.legal_moves(seat) == state.legal_moves(seat)
        others = [s for s in range(state.seats) if s != seat]
        if any(world.view(s)["hand"] != state.view(s)["hand"] for s in others):
            differed += 1
    assert differed > 0, "determinize never re-dealt a hidden card"


@pytest.mark.parametrize("game_id", GAMES)
def test_players_do_not_peek(game_id):
    ai = ai_of(game_id)
    heur = ai.heuristic()
    mc = MonteCarloPlayer(ai.heuristic(), ai.determinize, budget_s=1e9, max_rounds=2)
    checked = 0
    for state, seat in positions(game_id, 12, seed=1):
        twin = ai.determinize(state, seat, random.Random(11))
        assert twin.view(seat) == state.view(seat)
        assert heur.choose(state, seat, random.Random(5)) == heur.choose(
            twin, seat, random.Random(5)
        )
        assert mc.choose(state, seat, random.Random(5)) == mc.choose(twin, seat, random.Random(5))
        checked += 1
    assert checked > 0


@pytest.mark.parametrize("game_id", GAMES)
def test_heuristic_plays_whole_hands_legally(game_id):
    heur = ai_of(game_id).heuristic()
    game = registry.get(game_id)
    for h in range(20):
        state = game.new_state(seed=h)
        playout(state, heur, random.Random(h))  # apply raises on any illegal choice
        assert state.is_over()
        assert sum(state.result().net) == 0
        assert state_from_json(state.to_json()) == state


@pytest.mark.parametrize("game_id", GAMES)
def test_simulate_smoke(game_id):
    n = registry.get(game_id).default_seats
    kinds = (["mc", "heuristic", "random", "heuristic"])[:n]
    seats = simulate(game_id, n, kinds, seed=1, budget_s=0.01)
    assert all(len(s.nets) == n for s in seats)
    assert abs(sum(sum(s.nets) for s in seats)) < 1e-9  # every hand zero-sum
    assert "paired difference" in report(seats)

"""A computer move thought in a worker process (games/thinking.py) is the
move the in-process player makes; the Monte Carlo player's budget is CPU
time and its deadline wall time."""

from __future__ import annotations

import os
import random
import time

import pytest

from games import players, registry, thinking
from games.players import MonteCarloPlayer, decide, fallback


def searched_positions(game_id: str, count: int = 3, worlds: int = 4):
    """Positions where the Monte Carlo player has more than one candidate
    (it searches), each with the seat to move."""
    game = registry.get(game_id)
    found = []
    for seed in range(40):
        state = game.new_state(seed=seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(0, 30)):
            if state.is_over():
                break
            seat = state.to_act()[0]
            state.apply(seat, fallback(state, seat, rng))
        if state.is_over():
            continue
        seat = state.to_act()[0]
        if decide(state, seat, random.Random(1), worlds=worlds).stop == "worlds":
            found.append((state, seat))
            if len(found) == count:
                return found
    raise AssertionError(f"{game_id}: no position with a search")


@pytest.fixture(scope="module")
def pool():
    with thinking.pool(1) as p:
        yield p


@pytest.mark.parametrize("game_id", registry.ids())
def test_a_worker_decides_as_the_in_process_player_for_a_fixed_seed_and_worlds(game_id, pool):
    for n, (state, seat) in enumerate(searched_positions(game_id)):
        seed = f"7:1:{state.turn}:{seat}"
        here = decide(state, seat, random.Random(seed), worlds=12)
        there = pool.submit(thinking.think, thinking.ask(state, seat, seed, 0.3, worlds=12))
        assert there.result(60).code == here.code, n
        assert there.result().worlds == here.worlds == 12


def test_the_workers_think_below_the_callers_priority(pool):
    from tests.games import pool_tasks

    mine = os.nice(0)
    assert pool.submit(pool_tasks.niceness).result(60) == min(19, mine + thinking.WORKER_NICE)


def test_the_record_sent_replays_to_the_same_state():
    for game_id in registry.ids():
        state, _seat = searched_positions(game_id, count=1)[0]
        assert thinking.state_of(thinking.ask(state, 0, "s", 0.3).record) == state


class _Sleepy(MonteCarloPlayer):
    """A search whose every playout waits 10 ms without using the CPU."""

    race_after = 10_000  # no candidate dropped: only the clocks end it

    def value(self, world, seat, rng):
        time.sleep(0.01)
        return float(rng.random())


def _sleepy(game_id="dingniu", **attrs):
    state, seat = searched_positions(game_id, count=1)[0]
    ai = players.ai_module(game_id)
    player = _Sleepy(ai.heuristic(), ai.determinize, budget_s=0.05, max_rounds=25)
    for k, v in attrs.items():
        setattr(player, k, v)
    return player, state, seat


def test_the_budget_is_cpu_time_so_waiting_does_not_spend_it():
    player, state, seat = _sleepy()
    player.choose(state, seat, random.Random(1))
    assert (player.stop, player.searched) == ("rounds", 25)  # 250 ms of waiting, ~0 CPU
    player, state, seat = _sleepy(cpu_time=False)  # before issue 35: the wall clock
    player.choose(state, seat, random.Random(1))
    assert player.stop == "budget" and player.searched <= 6


def test_the_deadline_stops_the_search_and_it_plays_its_best_so_far():
    player, state, seat = _sleepy(budget_s=10.0, max_rounds=1_000)
    player.deadline = time.monotonic() + 0.4
    player.choose(state, seat, random.Random(1))
    assert time.monotonic() < player.deadline + 0.25  # not its 10 s budget
    assert player.stop == "deadline" and player.searched >= 2


def test_past_its_deadline_before_it_began_the_search_plays_the_heuristics_move():
    state, seat = searched_positions("xianniu", count=1)[0]
    late = decide(state, seat, random.Random(3), deadline=time.monotonic() - 1)
    assert (late.stop, late.worlds, late.bare) == ("deadline", 0, True)
    heuristic = players.ai_module("xianniu").monte_carlo(0.3).heuristic
    assert late.code == heuristic.choose(state.copy(), seat, random.Random(3))

"""`paiju simulate`'s bookkeeping: rotations, processes, the shared Monte
Carlo loop's stopping rules."""

import random

import pytest

from games import registry
from games.players import MonteCarloPlayer, survivors
from games.simulate import simulate


def test_processes_play_every_hand_as_one_process_does():
    kinds = ["heuristic", "random", "random"]
    one = simulate("xianniu", 12, kinds, seed=3)
    two = simulate("xianniu", 12, kinds, seed=3, jobs=2)
    assert [s.nets for s in one] == [s.nets for s in two]
    assert [len(s.times) for s in one] == [len(s.times) for s in two]


def test_rotation_gives_each_player_every_seat_of_a_deal():
    # heuristic vs itself on one deal in all rotations: each player's nets
    # are the deal's seat results in a rotated order, so they sum alike.
    seats = simulate("xianniu", 3, ["heuristic", "heuristic", "heuristic"], seed=5)
    assert sorted(seats[0].nets) == sorted(seats[1].nets) == sorted(seats[2].nets)


def test_mirrored_seatings_give_each_player_every_neighbour_on_both_sides():
    from itertools import permutations

    from games.simulate import seatings

    # three players: the rotations and their mirrors are every seating
    assert sorted(map(tuple, seatings(3, mirror=True))) == sorted(permutations(range(3)))
    assert len(set(map(tuple, seatings(3)))) == 3
    for n in (3, 4):
        assert _ahead(seatings(n))[0, 1] == n  # rotated only: 0 always sits right before 1
        ways = seatings(n, mirror=True)
        ahead = _ahead(ways)
        assert all(ahead[a, b] == ahead[b, a] for a, b in ahead)
        for i in range(n):  # and every player sits in every seat twice
            assert sorted(p.index(i) for p in ways) == sorted(list(range(n)) * 2)


def _ahead(ways: list[list[int]]) -> dict[tuple[int, int], int]:
    """How often player a sits right before player b (seat s, then s + 1)."""
    n = len(ways[0])
    ahead = {(a, b): 0 for a in range(n) for b in range(n) if a != b}
    for player_at in ways:
        for s in range(n):
            ahead[player_at[s], player_at[(s + 1) % n]] += 1
    return ahead


def test_mirror_plays_every_seating_of_a_deal_and_splits_over_processes_alike():
    kinds = ["heuristic", "heuristic", "random"]
    one = simulate("xianniu", 12, kinds, seed=3, mirror=True)
    two = simulate("xianniu", 12, kinds, seed=3, jobs=2, mirror=True)
    assert [s.nets for s in one] == [s.nets for s in two]
    plain = simulate("xianniu", 12, kinds, seed=3)
    # the first three hands of a deal are its rotations either way
    assert [s.nets[:3] for s in one] == [s.nets[:3] for s in plain]
    assert [s.nets[3:6] for s in one] != [s.nets[3:6] for s in plain]


def test_survivors_drop_only_candidates_clearly_behind_the_leader():
    nets = {
        "lead": [3.0, 2.0, 4.0, 3.0, 2.0, 4.0, 3.0, 3.0],
        "close": [3.0, 3.0, 3.0, 2.0, 2.0, 4.0, 4.0, 2.0],  # behind on average, within noise
        "bad": [-1.0, -2.0, 0.0, -1.0, -2.0, 0.0, -1.0, -1.0],
        "same": [3.0, 2.0, 4.0, 3.0, 2.0, 4.0, 3.0, 3.0],  # identical: nothing to learn
    }
    assert survivors(nets, list(nets), 2.0) == ["lead", "close"]


class _Counting(MonteCarloPlayer):
    """Scores moves by a fixed table plus noise, counting the worlds."""

    def __init__(self, scores, noise):
        super().__init__(None, None, budget_s=60.0, max_rounds=400)
        self.scores, self.noise, self.rounds = scores, noise, 0

    def candidates(self, state, seat, rng):
        return list(self.scores)

    def sampler(self, state, seat):
        def draw(rng):
            self.rounds += 1
            return _World()
        return draw

    def copy(self, world):
        return _World()

    def value(self, w, seat, rng):
        return self.scores[w.code] + rng.gauss(0, self.noise)


class _World:
    def apply(self, seat, code):
        self.code = code


class _First:
    name = "first"

    def choose(self, state, seat, rng):
        return "a"


def test_monte_carlo_stops_early_once_one_move_is_left():
    mc = _Counting({"a": 0.0, "b": -5.0, "c": -6.0}, noise=1.0)
    mc.heuristic = _First()
    assert mc.choose(None, 0, random.Random(1)) == "a"
    assert mc.rounds < 20  # not the 400 rounds the clock would allow


def test_monte_carlo_leaves_the_heuristic_for_a_clearly_better_move():
    mc = _Counting({"a": 0.0, "b": 2.0, "c": -1.0}, noise=1.0)
    mc.heuristic = _First()
    assert mc.choose(None, 0, random.Random(2)) == "b"


def test_fixed_worlds_ignore_the_clock_and_never_drop():
    mc = _Counting({"a": 0.0, "b": -5.0}, noise=1.0)
    mc.heuristic = _First()
    mc.worlds = 30
    mc.choose(None, 0, random.Random(3))
    assert mc.rounds == 30


def test_a_failing_world_keeps_the_heuristic_move():
    class Broken(_Counting):
        def value(self, w, seat, rng):
            raise RuntimeError("bad world")

    mc = Broken({"a": 0.0, "b": 9.0}, noise=0.0)
    mc.heuristic = _First()
    assert mc.choose(None, 0, random.Random(4)) == "a"


def test_every_game_has_a_tuned_monte_carlo_player():
    from games.players import ai_module

    for game_id in registry.ids():
        assert isinstance(ai_module(game_id).monte_carlo(0.01), MonteCarloPlayer)


def test_intervals_treat_a_deals_rotations_as_one_sample():
    from games.simulate import mean_ci

    # a seat's luck cancels over a deal's rotations: no spread between deals
    assert mean_ci([5.0, -5.0, 5.0, -5.0, 5.0, -5.0], cluster=2) == (0.0, 0.0)
    m, hw = mean_ci([5.0, -5.0, 5.0, -5.0, 5.0, -5.0])
    assert m == 0.0 and hw > 4.0
    m, hw = mean_ci([1.0, 3.0, 2.0, 2.0, 4.0, 4.0], cluster=2)
    assert abs(m - 8 / 3) < 1e-12 and hw > 0


def test_mc_variants_are_built_by_name_and_unknown_ones_refused(monkeypatch):
    from games.players import ai_module, make_player

    ai = ai_module("xianniu")

    def careful(budget_s):
        player = ai.monte_carlo(budget_s)
        player.z = 3.0
        return player

    monkeypatch.setattr(ai, "MC_VARIANTS", {"careful": careful})
    player = make_player("mc:careful", "xianniu", 0.05)
    assert isinstance(player, MonteCarloPlayer) and player.z == 3.0 and player.budget_s == 0.05
    assert make_player("mc", "xianniu").z == 1.0  # plain mc stays the bot's player
    known = "no Monte Carlo variant 'genius' \\(known: mc:wall, mc:careful\\)"
    with pytest.raises(ValueError, match=known):
        make_player("mc:genius", "xianniu")
    with pytest.raises(ValueError, match="no Monte Carlo variant"):
        simulate("xianniu", 3, ["mc:genius", "mc", "heuristic"])
    # a variant sits beside the bot's player and plays fixed worlds like it
    seats = simulate("xianniu", 3, ["mc:careful", "mc", "heuristic"], seed=2, worlds=2)
    assert [s.label for s in seats] == ["mc:careful", "mc", "heuristic"]
    assert abs(sum(sum(s.nets) for s in seats)) < 1e-9


def test_a_seat_may_name_its_own_budget_to_pair_two_budgets():
    from games.players import is_monte_carlo, make_player

    assert make_player("mc@0.2", "xianniu", 0.3).budget_s == 0.2
    wall = make_player("mc:wall@0.05", "xianniu")
    assert wall.budget_s == 0.05 and wall.cpu_time is False
    assert make_player("mc", "xianniu", 0.3).budget_s == 0.3  # the others keep --budget
    assert is_monte_carlo("mc@0.2") and is_monte_carlo("mc:wall@0.3")
    assert not is_monte_carlo("heuristic") and not is_monte_carlo("random")
    for bad in ("mc@", "mc@fast", "mc@0", "mc@-1"):
        with pytest.raises(ValueError, match="the budget after @ is seconds above 0"):
            make_player(bad, "xianniu")
    seats = simulate("xianniu", 3, ["mc@0.01", "mc:wall@0.01", "heuristic"], seed=3)
    assert [s.label for s in seats] == ["mc@0.01", "mc:wall@0.01", "heuristic"]
    assert abs(sum(sum(s.nets) for s in seats)) < 1e-9

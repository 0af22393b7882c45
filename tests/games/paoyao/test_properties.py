"""Property tests over thousands of random hands (shared protocol checks plus
刨幺's invariants: cards conserved, points only from 5/10/K and at most 200,
exactly one winning team)."""

import collections

import pytest

from games.paoyao.cards import POINTS, RANK_OF, deck
from tests.games.protocol import random_hands


def invariant(state):
    on_table = [c for _, cards in state.trick if cards for c in cards]
    taken = state.taken[0] + state.taken[1]
    n = 100 if state.variant["remove_threes"] else 108
    assert sum(state.left) + len(on_table) + len(taken) == n
    assert [sum(map(len, state.hands[s])) for s in range(4)] == state.left
    for team in (0, 1):
        pts = [c for c in state.taken[team] if POINTS[RANK_OF[c[0]]]]
        assert all(c[0] in "5TK" for c in pts)
        assert state.score[team] == sum(POINTS[RANK_OF[c[0]]] for c in pts)
    assert 0 <= state.score[0] + state.score[1] <= 200
    if state.is_over():
        held = [c for s in range(4) for c in state.hand_codes(s)]
        everything = collections.Counter(held + on_table + taken)
        assert everything == collections.Counter(deck(state.variant["remove_threes"]))
        res = state.result()
        winner = res.details["winner_team"]
        m = res.details["multiplier"]
        assert m in (1, 2, 4)
        assert res.net == [m if s % 2 == winner else -m for s in range(4)]


VARIANTS = [  # (flags, hands, protocol checks every n moves)
    (None, 1500, 60),
    (None, 100, 7),
    ({"remove_threes": True, "three_beats_two": False}, 200, 25),
    (
        {"jiefeng": "next_active", "kangqi_check": "on_out_only", "snow_vote": "unanimous_snow"},
        200,
        25,
    ),
    (
        {"snow_deciders": "all_winners", "snow_threshold": 40, "snow_threshold_inclusive": False},
        200,
        25,
    ),
    (
        {"leftover_points": "to_opponents_of_holder", "win_threshold": 100, "kangqi_threshold": 70},
        200,
        25,
    ),
]


@pytest.mark.parametrize("variant,hands,every", VARIANTS)
def test_random_hands(variant, hands, every):
    finals = random_hands(
        "paoyao", hands, seed=11, variant=variant, invariant=invariant, check_every=every
    )
    assert len(finals) == hands
    wins = collections.Counter(s.result().details["win"] for s in finals)
    assert len(wins) >= 2  # the random hands reach several endings
    if variant is None and hands >= 1500:
        assert set(wins) == {"double_out", "kangqi", "140"}
        snows = collections.Counter(s.result().details["snow"] for s in finals)
        assert set(snows) >= {"escaped", "declined", "small"}
        assert any(s.result().details["chased"] for s in finals)

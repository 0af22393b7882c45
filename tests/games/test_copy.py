"""The fast State.copy (no JSON): every list/dict attribute is declared in the
state's MUTABLE, SHARED or REBUILT, a copy equals its original, and moves on
a copy never reach the original (nor moves on the original the copy)."""

from __future__ import annotations

import random

import pytest

from games import registry
from games.play import random_code
from games.records import state_from_json

GAMES = registry.ids()


def _undeclared(state) -> set[str]:
    declared = set(state.MUTABLE) | state.SHARED | state.REBUILT
    return {
        k
        for k, v in state.__dict__.items()
        if isinstance(v, (list, dict, set)) and k not in declared
    }


@pytest.mark.parametrize("game_id", GAMES)
def test_copy_is_independent_and_equal(game_id):
    game = registry.get(game_id)
    for seed in range(4):
        variant = {"qualify_mode": "off"} if game_id == "changpai" and seed % 2 else None
        st = game.new_state(variant, seed=seed)
        rng = random.Random(seed)
        while not st.is_over():
            seat = st.to_act()[0]
            st.legal_moves(seat)  # fill the move caches: they are copied too
            assert not _undeclared(st)
            before = st.to_json()
            cp = st.copy()
            assert type(cp) is type(st) and cp.to_json() == before
            # play the copy to the end: the original stays as it was
            crng = random.Random(seed + 1)
            while not cp.is_over():
                s = cp.to_act()[0]
                cp.apply(s, random_code(cp, s, crng))
            assert st.to_json() == before
            # and the original's next move leaves a fresh copy untouched
            cp2 = st.copy()
            snapshot = cp2.to_json()
            st.apply(seat, random_code(st, seat, rng))
            assert cp2.to_json() == snapshot
            fresh = state_from_json(snapshot)  # caches copied along still hold
            if not cp2.is_over():
                s = cp2.to_act()[0]
                assert cp2.legal_moves(s) == fresh.legal_moves(s)

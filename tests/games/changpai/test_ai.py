"""The computer player only makes legal moves, wins hands and avoids 包子."""

import random
from collections import Counter

from games import registry
from games.changpai import ai
from tests.games.changpai.invariants import check

GAME = registry.get("changpai")
HEUR = ai.heuristic()


def test_ai_plays_legal_hands_and_wins():
    c = Counter()
    for seed in range(60):
        st = GAME.new_state(seed=seed)
        rng = random.Random(seed)
        while not st.is_over():
            seat = st.to_act()[0]
            code = HEUR.choose(st, seat, rng)
            assert code in {m.code for m in st.legal_moves(seat)}
            st.apply(seat, code)
            check(st)
        c[st.outcome["kind"]] += 1
        c["baozi"] += st.status.count("baozi")
    assert c["win"] > 0.6 * (60 - c["redeal"]) and c["baozi"] < 15


def test_ai_takes_a_win():
    from tests.games.changpai.helpers import start
    from tests.games.changpai.test_flags import TIANHU

    st = start([TIANHU, [], []], stock=["幺四"], qualify_mode="off")
    assert HEUR.choose(st, 0, random.Random(0)) == "H"
    assert ai.choose(st, 0, random.Random(0), budget_s=0.05) == "H"


def test_the_bots_monte_carlo_does_not_peek():
    """ai.choose's player (not the shared driver) decides the same on a twin
    that differs only in cards hidden from the seat."""
    from tests.games.changpai.test_ai_world import positions

    checked = 0
    for st, seat in positions(12, seed=2):
        if len(st.legal_moves(seat)) < 2:
            continue
        twin = ai.determinize(st, seat, random.Random(11))
        mc = ai.monte_carlo(1e9)
        mc.max_rounds = 2
        assert mc.choose(st, seat, random.Random(5)) == mc.choose(twin, seat, random.Random(5))
        checked += 1
    assert checked > 3


def test_monte_carlo_plays_legally_and_leaves_the_state_alone():
    from tests.games.changpai.test_ai_world import positions

    for st, seat in positions(6, seed=5):
        before = st.to_json()
        code = ai.choose(st, seat, random.Random(1), budget_s=0.02)
        assert code in {m.code for m in st.legal_moves(seat)}
        assert st.to_json() == before


def test_mc_v1_is_the_player_before_issue_14():
    """mc:v1 keeps the settings the bot's player had before issue 14's
    search pass, for paired runs (`--seats mc,mc:v1,heuristic --mirror`)."""
    from games.players import make_player

    v1 = make_player("mc:v1", "changpai")
    assert (v1.top_discards, v1.horizon, v1.z, v1.margin) == (4, 12, 0.5, 0.9)
    assert v1.points_per_value == 2.0 / 100


def test_monte_carlo_variants_play_legally():
    from games.players import make_player
    from tests.games.changpai.test_ai_world import positions

    for name in ai.MC_VARIANTS:
        player = make_player(f"mc:{name}", "changpai", 0.02)
        for st, seat in positions(2, seed=7):
            before = st.to_json()
            code = player.choose(st, seat, random.Random(3))
            assert code in {m.code for m in st.legal_moves(seat)}
            assert st.to_json() == before

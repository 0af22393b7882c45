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

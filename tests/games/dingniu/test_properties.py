"""Random hands: the shared protocol checks plus 顶牛's own invariants."""

from collections import Counter

import pytest

from games.dingniu.tiles import CODES, DECK, FIT, KIND_OF, PIPS, POINTS
from tests.games.protocol import random_hands

FULL = Counter(CODES[t] for t in DECK)


def make_invariant():
    last = {}  # hands and ends before the move just applied

    def check(state):
        # 24 tiles conserved: hands + 扣 + layout
        tiles = Counter()
        for s in range(4):
            tiles.update(state.view(s)["hand"])
            tiles.update(CODES[t] for t in state.kou[s])
        tiles.update("".join(sorted(c)) for c in state.layout)
        assert tiles == FULL
        # the layout is one chain whose outer pips are the open ends
        lay = state.layout
        assert all(a[1] == b[0] for a, b in zip(lay, lay[1:]))
        assert [state.left, state.right] == [int(lay[0][0]), int(lay[-1][1])]
        assert state.sizes == [sum(h) for h in state.hands]
        # never 扣 while holding a playable tile (不能扣活牌)
        seat, code = state.history[-1]
        if code[0] == "K" and last:
            hand, ends = last["hands"][seat], last["ends"]
            assert not any(hand[t] for v in ends for t in FIT[v]), (code, hand, ends)
        # a play really fitted the end it was put on
        if code[0] in "LR" and last:
            v = last["ends"][0 if code[0] == "L" else 1]
            assert v in PIPS[KIND_OF[code[1:]]]
        last["hands"] = [list(h) for h in state.hands]
        last["ends"] = (state.left, state.right)
        assert len(state.history) <= 24
        if state.is_over():
            res = state.result()
            d = res.details
            pts = [sum(POINTS[KIND_OF[c]] for c in d["kou"][s] + d["counted_hand"][s])
                   for s in range(4)]
            assert pts == d["points"]
            net = [0, 0, 0, 0]
            for p in d["payments"]:
                net[p["from"]] -= p["amount"]
                net[p["to"]] += p["amount"]
            assert net == res.net and sum(res.net) == 0
            out = d["suanzhang"]
            if out and not out["exempt"]:
                if out["success"]:  # the declarer collects, doubled
                    assert res.net[out["seat"]] == max(res.net) > 0
                else:  # 包庄: he alone pays the winner
                    assert res.net[out["seat"]] == min(res.net) < 0
                    assert sum(1 for x in res.net if x) == 2
            last.clear()

    return check


def test_default_rules_thousands_of_hands():
    finals = random_hands("dingniu", 2000, seed=1, invariant=make_invariant(), check_every=9)
    ends = Counter(s.end for s in finals)
    assert ends["all_out"] and ends["runout"] and ends["smothered"]
    assert any(s.suanzhang for s in finals) and any(s.sizha for s in finals)


VARIANTS = [
    {"sz_basis": "hands", "smother_values": "all", "smother_counts_doubles": True},
    {"sz_settlement": "play_out", "sizha_scope": "smothered_only", "silan_scope": "all_classic"},
    {"sz_settlement": "immediate_all", "sizha_smothered_end": True, "payout": "doubletony"},
    {"pair_double_lead_all": True, "tie_distance": "physical", "sz_tie": "fail",
     "zero_point_exemption": "anyone"},
]


@pytest.mark.parametrize("variant", VARIANTS)
def test_variants_hold_the_invariants(variant):
    random_hands("dingniu", 400, seed=7, variant=variant, invariant=make_invariant(),
                 check_every=9)

"""Seeded random hands through the shared protocol checks, plus the 掀牛
invariants: 48 cards conserved, table ≤ 16, the table count is the leaves."""

import pytest

from games.xianniu.state import CAP
from tests.games.protocol import random_hands


def conserved(state):
    hands = [h for h in state.hands]
    leaves = 0
    for p in state.leaves:
        for info, _ in p:
            assert leaves & info.mask == 0
            leaves |= info.mask
    parts = hands + [leaves, state.waste] + list(state.hidden)
    if state.top is not None:  # the play on top of a running trick
        parts.append(state.top[1].mask)
    union = 0
    for m in parts:
        assert union & m == 0, "a card is in two places"
        union |= m
    assert union == (1 << 48) - 1, "48 cards conserved"
    assert state.table == leaves.bit_count() == sum(state.counts) <= CAP
    assert all(a == sum(i.size for i, _ in p) for a, p in zip(state.counts, state.leaves))


@pytest.mark.parametrize("game_id", ["xianniu", "niujiu"])
def test_default_variant(game_id):
    random_hands(game_id, 1400, seed=11, invariant=conserved)


VARIANTS = {
    "xianniu": [
        {"xian_poll": "all_may_xian", "tie_rule": "xianee_leaves", "xibaoliang": True,
         "j_in_bai": True, "mixed_ten_pair": True, "pair_33_rule": "cpp"},
        {"leader_kou_keeps_xian_right": True, "ci_ends_hand": True, "tie_rule": "limit16",
         "bighand_payment": "bao_ci", "liang_split_rule": "any_split", "max_bai_yu_multiple": 2,
         "xi_first": "first_play", "stake": [2, 5], "min_base_for_six": 1},
    ],
    "niujiu": [
        {"xian_poll": "all_may_xian", "tie_rule": "match_xianee_hand", "chuan_points": 3,
         "n_four_9_5_tier": "none", "tighten": True, "liang_bai_combo": True,
         "kkkk_attach_bai": True, "ba_da_dui": True, "bighand_mandatory": True},
        {"tie_rule": "off", "xi_first": "first_play", "xibaoliang": True, "j_in_bai": True,
         "bighand_payment": "double_last_xianer", "bighand_double_includes_xian": True,
         "liang_split_rule": "kkk_bai_only"},
    ],
}


@pytest.mark.parametrize("game_id", ["xianniu", "niujiu"])
@pytest.mark.parametrize("which", [0, 1])
def test_other_variants(game_id, which):
    random_hands(game_id, 350, seed=20 + which, variant=VARIANTS[game_id][which],
                 invariant=conserved)

"""The engine's shortcuts agree with the plain ways they replace: the dealt
masks with the parsed deal, the play tables with an enumeration of the hand,
the whole-code apply of a lead or beat with the checked path (State.apply)."""

from __future__ import annotations

import random
from itertools import combinations
from operator import attrgetter

import pytest

from games import registry
from games.base import IllegalMove, Pick, State
from games.xianniu.shapes import LONGFENG, Rules

FLAGS = [{}, {"j_in_bai": True}, {"mixed_ten_pair": True}, {"xibaoliang": True},
         {"max_bai_yu_multiple": 2}, {"liang_bai_combo": False}]


@pytest.mark.parametrize("game_id", ["xianniu", "niujiu"])
def test_new_state_is_start_of_its_deal(game_id):
    game = registry.get(game_id)
    v = game.variant(None)
    for seed in range(300):
        masks, deal = game._dealt(seed)
        assert deal == game.deal(v, 3, seed)
        st = game.new_state(seed=seed)
        assert st._parse_deal(deal) == masks
        assert st.to_json() == game.start(v, deal, st.dealer).to_json()


def _plays_by_subsets(rules: Rules, hand: int) -> set[int]:
    """Every normal play inside a small hand, by classifying each subset."""
    bits = [1 << c for c in range(48) if hand >> c & 1]
    out = set()
    for k in range(1, len(bits) + 1):
        for sub in combinations(bits, k):
            i = rules.info(sum(sub))
            if i is not None and i.shape < LONGFENG:
                out.add(i.mask)
    return out


@pytest.mark.parametrize("game_id", ["xianniu", "niujiu"])
@pytest.mark.parametrize("flags", FLAGS)
def test_tables_agree_with_the_hand(game_id, flags):
    game = registry.get(game_id)
    rules = Rules(game.mode, game.variant(flags))  # fresh tables
    # 掀牛's singles come sorted from byte tables (of_shape below checks them)
    assert (rules._single_bytes is not None) == (game.mode == "P")
    rng = random.Random(7)
    for n in range(60):
        # small hands rich in 摆/鱼 kinds, so every table is reached
        pool = [c for c in range(48) if c // 4 in (0, 1, 2, 3, 6, 8, 9, 11) or n % 3 == 0]
        hand = sum(1 << c for c in rng.sample(pool, 10))
        plays = rules.combos(hand)
        assert len({i.mask for i in plays}) == len(plays)
        assert {i.mask for i in plays} == _plays_by_subsets(rules, hand)
        for cap in range(17):
            want = [i.lead for i in plays if i.size <= cap]
            assert rules.leads(hand, cap) == want
        for shape in {i.shape for i in plays}:
            want = sorted([i for i in plays if i.shape == shape], key=attrgetter("tier"),
                          reverse=True)
            assert rules.of_shape(hand, shape) == want


@pytest.mark.parametrize("game_id", ["xianniu", "niujiu"])
def test_fast_apply_is_the_checked_apply(game_id):
    """Random hands played twice: through the engine's apply and through
    State.apply (the full checks), with a wrong code tried on the way."""
    game = registry.get(game_id)
    rng = random.Random(3)
    for seed in range(60):
        fast = game.new_state(seed=seed)
        slow = game.new_state(seed=seed)
        while not fast.is_over():
            seat = fast.to_act()[0]
            moves = fast.legal_moves(seat)
            assert moves == slow.legal_moves(seat)
            m = moves[rng.randrange(len(moves))]
            code = m.code_for(m.random_choice(rng)) if isinstance(m, Pick) else m.code
            other = (seat + 1) % 3
            theirs = fast.rules.combos(fast.hands[other])
            legal = {x.code for x in moves if not isinstance(x, Pick)}
            tries = [(other, code), (seat, "L" + code[1:]), (seat, "B" + code[1:])]
            tries += [(seat, k + theirs[0].codes) for k in "LB" if theirs]
            for who, bad in tries:  # another seat; a wrong kind; cards not in hand
                if who == seat and bad in legal:
                    continue
                with pytest.raises(IllegalMove) as e1:
                    fast.apply(who, bad)
                with pytest.raises(IllegalMove) as e2:
                    State.apply(slow, who, bad)
                assert e1.value.args == e2.value.args
            assert fast.apply(seat, code) == State.apply(slow, seat, code)
            assert fast.to_json() == slow.to_json()

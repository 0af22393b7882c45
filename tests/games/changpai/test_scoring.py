"""Spec B5: payout, caps, who pays, 包子 (CP-27, CP-28)."""

import random

from games import registry
from games.changpai.scoring import net_of, payments, unit
from tests.games.changpai.test_properties import greedy

GAME = registry.get("changpai")
WIN2 = {"winner": 0, "fan": 2, "self_draw": False, "from": 2}


def pay(variant=None, status=("in", "in", "in"), win=WIN2, baozi=()):
    return net_of(3, payments(3, GAME.variant(variant), list(status), win, list(baozi)))


def test_cp28_baozi_pays_everyone_and_still_pays_the_winner():
    assert pay(status=("in", "baozi", "in"), baozi=[1]) == [10, -8, -2]


def test_fan_modes_and_caps():
    assert unit(2, GAME.variant()) == (2, 4)
    assert unit(2, GAME.variant({"fan_mode": "titi"})) == (2, 3)
    assert unit(6, GAME.variant()) == (4, 16)  # capped at 4 番
    assert unit(6, GAME.variant({"fan_cap": 3})) == (3, 8)
    assert unit(6, GAME.variant({"fan_cap": 0})) == (6, 64)
    assert unit(6, GAME.variant({"fan_mode": "titi", "fan_cap": 0})) == (6, 7)
    assert pay({"base_stake": 5}) == [40, -20, -20]


def test_payer_modes():
    assert pay() == [8, -4, -4]  # default: every other seat, even on a discard
    assert pay({"payer": "fangchong"}) == [4, 0, -4]  # only the 放铳 player (seat 2)
    self_draw = {**WIN2, "self_draw": True, "from": None}
    assert pay({"payer": "fangchong"}, win=self_draw) == [8, -4, -4]
    assert pay({"payer": "active_only"}, status=("in", "yang", "in")) == [4, 0, -4]
    assert pay(status=("in", "yang", "in")) == [8, -4, -4]  # 仰 players pay too by default


def test_baozi_penalty_options_and_huang():
    assert pay({"baozi_penalty": 4}, status=("in", "baozi", "in"), win=None, baozi=[1]) == [
        4,
        -8,
        4,
    ]
    assert pay({"baozi_penalty": 0}, status=("in", "baozi", "in"), win=None, baozi=[1]) == [0, 0, 0]
    assert pay(win=None) == [0, 0, 0]  # 荒: no win payment


def _play(variant, seed, policy):
    rng = random.Random(seed)
    st = GAME.new_state(variant, seed=seed)
    while not st.is_over():
        seat = st.to_act()[0]
        st.apply(seat, policy(st, seat, rng))
    return st


def test_cp27_huang_when_the_stock_runs_out_dealer_stays():
    def passive(st, seat, rng):
        codes = [m.code for m in st.legal_moves(seat)]
        return "N" if "N" in codes else [c for c in codes if c != "H"][0]

    st = _play({"qualify_mode": "off"}, 3, passive)
    assert st.outcome == {"kind": "huang"} and st.pos == 105
    assert st.last[-1] == {"type": "huang"} and st.last[-2]["type"] == "dead"
    assert st.result().net == [0, 0, 0]
    assert GAME.next_dealer(st.variant, st, 0) == st.dealer
    assert GAME.next_dealer(GAME.variant({"dealer_on_draw": "next"}), st, 0) == (st.dealer + 1) % 3


def test_cp28_baozi_in_play_is_out_and_pays():
    found = 0
    for seed in range(200):
        st = GAME.new_state(seed=seed)
        rng = random.Random(seed)
        out: list[int] = []
        while not st.is_over():
            seat = st.to_act()[0]
            code = greedy(st, seat, rng)
            st.apply(seat, code)
            for i, e in enumerate(st.last):
                if e["type"] == "baozi":  # right after that player's own discard or claim
                    before = [x for x in st.last[:i] if x["type"] in ("discard", "claim")][-1]
                    assert before["seat"] == e["seat"]
                    out.append(e["seat"])
            if not st.is_over():
                assert not set(out) & set(st.to_act())
                assert all(st.status[s] == "baozi" for s in out)
        if out:
            found += 1
            pays = st.result().details["payments"]
            assert [p for p in pays if p["reason"] == "baozi"] == [
                {"from": b, "to": s, "amount": 2, "reason": "baozi"}
                for b in sorted(out)
                for s in range(3)
                if s != b
            ]
            assert sum(st.result().net) == 0
    assert found >= 3


def test_winner_deals_next():
    for seed in range(50):
        st = _play({}, seed, greedy)
        if st.outcome["kind"] == "win":
            assert GAME.next_dealer(st.variant, st, 0) == st.outcome["win"]["winner"]
            return
    raise AssertionError("no win in 50 greedy hands")

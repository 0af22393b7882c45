"""Property tests over thousands of random and greedy 幺地人 hands."""

import random
from collections import Counter

import pytest

from games import registry
from games.base import IllegalMove
from games.changpai.cards import KIND_OF, RED
from games.changpai.scoring import unit
from games.changpai.variants import PRESETS
from games.records import record_of, replay, state_from_json
from tests.games.changpai.invariants import check
from tests.games.protocol import random_hands

GAME = registry.get("changpai")


@pytest.mark.parametrize(
    "variant,hands",
    [
        (None, 700),
        ({"qualify_mode": "off"}, 200),
        ({"qualify_mode": "off", "tou_optional": True, "after_kill": "public_flip"}, 120),
        ({"qualify_mode": "off", "upgrade_melds": True, "no_discard_from_triple": True}, 120),
        (
            {"estimate_mode": "xy", "qi_fan_guard": True, "auto_fold": False, "tou_optional": True},
            300,
        ),
        (PRESETS["xy_server"], 300),
        (
            {
                "hu_pass_scope": "off",
                "chi_type_hu_restricted": True,
                "payer": "active_only",
                "baozi_penalty": 4,
                "fan_mode": "titi",
                "fan_cap": 0,
            },
            300,
        ),
    ],
)
def test_random_hands(variant, hands):
    finals = random_hands("changpai", hands, seed=7, variant=variant, invariant=check)
    kinds = Counter(s.outcome["kind"] for s in finals)
    assert set(kinds) <= {"win", "huang", "redeal"}


PRIORITY = {"H": 0, "F": 1, "K": 2, "T": 2, "Q": 0, "P": 3, "C": 4, "A": 5}


def greedy(st, seat, rng):
    """Claims and wins first; discard a lone black card when possible."""
    codes = [m.code for m in st.legal_moves(seat)]
    best = min(codes, key=lambda c: (PRIORITY.get(c[0], 9), rng.random()))
    if best[0] != "D":
        return best
    conc = st.conc[seat]
    return min((c for c in codes if c[0] == "D"),
               key=lambda c: (conc[KIND_OF[c[1:]]], RED[KIND_OF[c[1:]]], rng.random()))


@pytest.mark.parametrize(
    "variant",
    [
        {},
        {"qualify_mode": "off"},
        {"qualify_mode": "off", "tou_optional": True},
        {"payer": "fangchong", "fan_mode": "titi", "base_stake": 3},
        {
            "threshold_strict": True,
            "all_black_exempt": True,
            "k3_breaks_duidui": False,
            "tianhu": False,
        },
    ],
)
def test_greedy_hands_win_and_pay_correctly(variant):
    v = GAME.variant(variant)
    wins = 0
    for h in range(150):
        rng = random.Random(h)
        st = GAME.new_state(variant, seed=h)
        check(st)
        step = 0
        while not st.is_over():
            seat = st.to_act()[0]
            if step % 11 == 0:
                before = st.to_json()
                with pytest.raises(IllegalMove):
                    st.apply(seat, "Dzz")
                assert st.to_json() == before
            st.apply(seat, greedy(st, seat, rng))
            check(st)
            step += 1
        res = st.result()
        assert sum(res.net) == 0
        d = res.details
        if d["outcome"] == "win":
            wins += 1
            w = d["winner"]
            assert d["amount"] == v["base_stake"] * unit(d["fan"], v)[1]
            assert d["fan"] == d["set_fan"] + d["duidui"] + d["extra_fan"]
            assert (
                sum(p["amount"] for p in d["payments"] if p["to"] == w and p["reason"] == "win") > 0
            )
            assert len(d["concealed_kan"]) + len(d["melds"]) == 7
        else:
            assert all(p["reason"] == "baozi" for p in d["payments"])
        assert state_from_json(st.to_json()) == st
        assert replay(record_of(st))[0].to_json() == st.to_json()
    assert wins > 20


def test_peng_is_offered_exactly_when_the_estimate_survives_it():
    """DECISION (B3.6): no 碰 that would make the claimer fail his own estimate."""
    refused = 0
    for seed in range(150):
        st = GAME.new_state(seed=seed)
        rng = random.Random(seed)
        while not st.is_over():
            off = st.offer
            if off is not None and not any("F" in c or "K" in c for c in off["options"].values()):
                x = off["card"]
                for s in range(3):
                    if (not st.active(s) or (off["kind"] == "discard" and s == off["src"])
                            or st.conc[s][x] != 2 or x in st.peng_bar[s]):
                        continue
                    offered = "P" in off["options"].get(str(s), [])
                    assert offered == st.claim_keeps_hand(s, (x, x), x)
                    refused += not offered
            seat = st.to_act()[0]
            st.apply(seat, greedy(st, seat, rng))
    assert refused > 0


def test_no_hand_is_over_at_creation():
    assert not any(GAME.new_state(seed=seed).is_over() for seed in range(600))

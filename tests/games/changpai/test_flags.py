"""Each variant flag of spec B7 changes what it should, and DECISIONs hold."""

import random
from collections import Counter

from games.changpai.cards import KIND_OF
from tests.games.changpai.helpers import GAME, cards, code, codes_of, start
from tests.games.changpai.test_claims import cp20, cp23
from tests.games.changpai.test_qualify import E1

OFF = {"qualify_mode": "off"}
TIANHU = cards(("天", 3), ("地", 3), ("人", 3), ("幺四", 3), ("和", 3), ("四六", 3), ("红九", 2))


def test_tianhu_on_the_dealers_21st_card():
    st = start([TIANHU, [], []], stock=["幺四"], **OFF)
    assert st.to_act() == [0] and "H" in codes_of(st, 0)
    st.apply(0, "H")
    d = st.result().details
    assert d["self_draw"] and d["winner"] == 0 and d["card"] == code("幺四")
    # 51 砣: 地 人 幺四 +1 each, +1 for (51-34)//10 → 4 番 → 16 from each
    assert (d["tuo"], d["fan"], d["amount"]) == (51, 4, 16)
    assert st.result().net == [32, -16, -16]
    off = start([TIANHU, [], []], stock=["幺四"], tianhu=False, **OFF)
    assert "H" not in codes_of(off, 0)


def test_titi_and_cap_in_a_real_hand():
    st = start([TIANHU, [], []], stock=["幺四"], fan_mode="titi", fan_cap=3, base_stake=2, **OFF)
    st.apply(0, "H")
    assert st.result().details["amount"] == 2 * (1 + 3)


def test_tou_optional_asks_and_may_keep_the_cards():
    st = start([cards(("地", 5)), [], cards(("梅子", 4))], tou_optional=True, **OFF)
    assert st.phase == "tou" and st.to_act() == [0] and codes_of(st, 0) == ["T11", "N"]
    st.apply(0, "N")
    assert st.conc[0][KIND_OF["11"]] == 5 and st.melds[0] == []
    assert st.to_act() == [2] and codes_of(st, 2) == ["T55", "N"]
    st.apply(2, "T55")
    assert st.melds[2][0][0] == "tou" and st.holds(2) == 21
    assert st.phase == "discard" and st.to_act() == [0]


def test_after_kill_public_flip():
    st = cp23(after_kill="public_flip")
    st.apply(2, "N")
    assert st.melds[1][0][0] == "sha"
    assert not any(e["type"] == "supplement" for e in st.last)
    flips = [e for e in st.last if e["type"] == "flip"]
    assert flips[0] == {"type": "flip", "seat": 1, "card": code("红九")}
    assert st.holds(1) == 21  # 20 + extra: nothing to discard


def test_chi_type_hu_restricted():
    # P2 wins only with 人 in (二红 二红 人), and may not 吃 P0's flip (P0, P1 may)
    st = cp23(chi_type_hu_restricted=True)
    assert st.melds[1][0][0] == "sha"  # P2 was never asked; P1's 杀 went through
    assert st.hu_bar[2] == []


def test_hu_pass_scope():
    assert cp23().hu_bar[2] == []  # not yet answered
    for scope, barred in [
        ("all", [KIND_OF[code("人")]]),
        ("others_discards_only", []),
        ("off", []),
    ]:
        st = cp23(hu_pass_scope=scope)
        st.apply(2, "N")
        assert st.hu_bar[2] == barred, scope


def test_hu_pass_bar_blocks_only_peng_type_wins():
    st = cp23()
    st.apply(2, "N")
    ren = KIND_OF[code("人")]
    # P2's (二红 二红 人) win puts 人 in a K2: still allowed after the bar
    assert st.claim_hu(2, ren, need_k23=ren in st.hu_bar[2], need_k1=False)
    st.conc[2][KIND_OF[code("二红")]] = 0  # make a K1-only win: 人人 + 人 (test-only edit)
    st.conc[2][ren] = 2
    assert st.claim_hu(2, ren, need_k23=False, need_k1=False)
    assert not st.claim_hu(2, ren, need_k23=ren in st.hu_bar[2], need_k1=False)


def test_rules_follow_the_flags():
    st = start(
        [[], [], []], threshold_strict=True, k3_breaks_duidui=False, all_black_exempt=True, **OFF
    )
    r = st.rules()
    assert (r.threshold_strict, r.k3_breaks_duidui, r.all_black_exempt) == (True, False, True)


def test_no_discard_from_triple():
    hand = cards(("梅子", 3))
    assert "D55" in codes_of(start([hand, [], []], **OFF), 0)
    assert "D55" not in codes_of(start([hand, [], []], no_discard_from_triple=True, **OFF), 0)


def test_estimate_mode_xy():
    hand = cards(("天", 3), ("人", 3))
    a = start([hand, [], []], **OFF).estimate_of(0)
    b = start([hand, [], []], estimate_mode="xy", **OFF).estimate_of(0)
    assert b.tuo > a.tuo  # a concealed red triple counts as its 4-set (12, not 8)


def _lone_qi(**variant):
    # P0 起 with E1, the others cannot play; P0 discards 斧头 and flips 猫猫
    st = start([E1, [], []], stock=["黑九", "猫猫"], avoid=((), (), ()), **variant)
    st.apply(0, "Q")
    assert st.status == ["in", "yang", "yang"]
    st.apply(0, "D" + code("斧头"))
    return st


def test_qi_fan_guard():
    st = _lone_qi()
    assert st.offer["card"] == KIND_OF[code("猫猫")] and st.offer["src"] == 0
    assert codes_of(st, 0) == ["C4444", "N"]  # 人 人 猫猫* on his own flip
    guarded = _lone_qi(qi_fan_guard=True)
    assert guarded.offer is None or guarded.offer["card"] != KIND_OF[code("猫猫")]
    assert any(e == {"type": "dead", "card": code("猫猫")} for e in guarded.last)


def test_upgrade_melds_sha_onto_own_peng():
    def run(**variant):
        st = cp20(stock=("黑九", "猫猫"), **variant)
        st.apply(0, "D" + code("猫猫"))
        st.apply(1, "N")
        st.apply(2, "P")
        for c in codes_of(st, 2):  # a discard nobody claims, so P0 flips the next 猫猫
            trial = st.copy()
            trial.apply(2, c)
            if [e["type"] for e in trial.last[:3]] == ["discard", "dead", "flip"]:
                return trial
        raise AssertionError("no quiet discard")

    plain = run()
    assert plain.last[2]["card"] == code("猫猫")
    assert 2 not in plain.to_act() and plain.melds[2][0][0] == "peng"
    up = run(upgrade_melds=True)
    assert up.melds[2][0] == ["sha", [KIND_OF["15"]] * 4, KIND_OF["15"], 0]


def test_auto_fold_flag():
    def events(variant):
        c = Counter()
        for seed in range(120):
            st = GAME.new_state(variant, seed=seed)
            rng = random.Random(seed)
            while not st.is_over():
                seat = st.to_act()[0]
                moves = st.legal_moves(seat)
                st.apply(seat, moves[rng.randrange(len(moves))].code)
                c.update(e["type"] for e in st.last)
        return c

    on, off = events({}), events({"auto_fold": False})
    assert on["fold"] > 0 and off["fold"] == 0 and off["baozi"] > 0


def test_dealer_stays_on_redeal_even_with_next():
    st = start([E1, [], []], dealer=1, dealer_on_draw="next")
    while not st.is_over():
        st.apply(st.to_act()[0], "A" if "A" in codes_of(st, st.to_act()[0]) else "Y")
    assert st.outcome["kind"] == "redeal"
    assert GAME.next_dealer(st.variant, st, 0) == 1


def _discard_ren(**variant):
    # dealer P1 discards 人; P2 (his 下家) wins with (二红 二红 人) and may also 吃 it
    from tests.games.changpai.test_claims import P2_WIN

    st = start(
        [[], cards("人"), P2_WIN],
        stock=["黑九"],
        avoid=(("人", "二红"), ("人", "二红"), ()),
        dealer=1,
        **{**OFF, **variant},
    )
    st.apply(1, "D44")
    assert "H" in codes_of(st, 2)
    return st


def test_hu_pass_on_a_discard_is_barred_under_both_scopes():
    for scope in ("all", "others_discards_only"):
        st = _discard_ren(hu_pass_scope=scope)
        st.apply(2, "N")
        assert st.hu_bar[2] == [KIND_OF["44"]], scope


def test_chi_type_hu_allowed_for_the_player_who_may_chi():
    st = _discard_ren(chi_type_hu_restricted=True)
    assert codes_of(st, 2)[0] == "H"
    st.apply(2, "H")
    assert st.result().details["winner"] == 2


def test_no_discard_from_triple_also_keeps_triples_out_of_chi():
    def chi_codes(**variant):
        st = start([cards("猫猫"), cards("人", ("平八", 3), "猫猫"), []], stock=["黑九"],
                   avoid=((), ("三五",), ("猫猫",)), **{**OFF, **variant})
        st.apply(0, "D15")
        return sorted(c for c in codes_of(st, 1) if c[0] == "C")

    assert chi_codes() == ["C1526", "C1544", "C2626"]
    assert chi_codes(no_discard_from_triple=True) == ["C1544"]

"""Spec B3.3–B3.5: 偷, claims, priorities and pass rules (CP-20 … CP-25)."""

import pytest

from games.base import IllegalMove
from games.changpai.cards import KIND_OF
from tests.games.changpai.helpers import cards, code, codes_of, start

OFF = {"qualify_mode": "off"}
MAO = code("猫猫")  # "15"
REN = code("人")  # "44"


def cp20(stock=("黑九", "梅子"), **variant):
    # dealer P0 discards 猫猫; P1 (下家) holds 人×2; P2 holds 猫猫×2
    v = {**OFF, **variant}
    return start([cards("猫猫"), cards(("人", 2)), cards(("猫猫", 2))], stock=list(stock),
                 avoid=((), ("猫猫",), ()), **v)


def test_cp20_peng_beats_chi_and_both_are_asked_together():
    st = cp20()
    assert st.to_act() == [0]
    st.apply(0, "D" + MAO)
    assert st.to_act() == [1, 2]
    assert codes_of(st, 1) == ["C4444", "N"]
    assert codes_of(st, 2) == ["P", "N"]
    st.apply(1, "C4444")
    assert st.to_act() == [2] and st.melds[1] == []  # nothing resolves before everyone answered
    st.apply(2, "P")
    assert st.melds[2] == [["peng", [KIND_OF[MAO]] * 3, KIND_OF[MAO], 0]]
    assert st.fixed(2).tuo == 8
    assert st.phase == "discard" and st.to_act() == [2]
    assert st.peng_bar[1] == [] and st.hu_bar[1] == []


def test_declined_peng_bars_that_card_for_the_hand():
    st = cp20()
    st.apply(0, "D" + MAO)
    st.apply(1, "N")
    st.apply(2, "N")
    assert st.peng_bar[2] == [KIND_OF[MAO]]
    assert st.peng_bar[1] == []  # P1 was offered only 吃


def test_cp21_every_chi_option_is_its_own_move():
    st = start([cards("猫猫"), cards("人", ("平八", 2), "猫猫"), []], stock=["黑九"],
               avoid=((), ("三五",), ("猫猫",)), **OFF)
    st.apply(0, "D" + MAO)
    assert st.to_act() == [1]
    assert sorted(codes_of(st, 1)) == ["C1526", "C1544", "C2626", "N"]
    labels = {m.code: m.cards for m in st.legal_moves(1)}
    assert labels["C2626"] == ("26", "26", MAO)
    st.apply(1, "C2626")
    assert st.melds[1][-1][0] == "chi" and sorted(st.melds[1][-1][1]) == sorted(
        KIND_OF[c] for c in ("26", "26", MAO))
    assert st.to_act() == [1] and st.phase == "discard"


# CP-23/24: dealer P2 discards an idle 斧头, P0 flips 人; P1 holds 人×3 (杀 due);
# P2 wins with (二红 二红 人): 地 天 幺四 和 梅子 板凳 ×3 + 二红×2.
P2_WIN = cards(("地", 3), ("天", 3), ("幺四", 3), ("和", 3), ("二红", 2), ("梅子", 3), ("板凳", 3))


def cp23(p1_extra=(), stock_after=("红九", "黑九"), **variant):
    v = {**OFF, **variant}
    hands = [[], cards(("人", 3), *p1_extra), P2_WIN]
    st = start(
        hands,
        stock=["斧头", "人", *stock_after],
        avoid=(("斧头", "人", "丁丁"), ("斧头", "丁丁"), ()),
        dealer=2,
        **v,
    )
    assert st.to_act() == [2]
    st.apply(2, "D" + code("斧头"))
    assert {"type": "flip", "seat": 0, "card": REN} in st.last
    return st


def test_cp23_hu_beats_a_due_sha():
    st = cp23()
    assert st.to_act() == [2]  # P1's 杀 is automatic: he is not asked
    assert codes_of(st, 2) == ["H", "N"]
    st.apply(2, "H")
    assert st.is_over()
    d = st.result().details
    assert d["winner"] == 2 and d["card"] == REN and not d["self_draw"] and d["from"] == 0
    assert d["tuo"] == 8 * 4 + 3 + 4 + 4 and d["fan"] == 2  # 地 +1, 幺四 +1
    assert st.result().net == [-4, -4, 8]


def test_cp23_declined_hu_lets_the_sha_happen_and_bars_peng_type_hu():
    st = cp23()
    st.apply(2, "N")
    assert st.hu_bar[2] == [KIND_OF[REN]]
    assert st.melds[1] == [["sha", [KIND_OF[REN]] * 4, KIND_OF[REN], 0]]
    # CP-24: meld 人×4 is 12 砣 and +2 番; the public supplementary draw joins P1's hand
    assert st.fixed(1).tuo == 12 and st.fixed(1).fan == 2
    assert {"type": "supplement", "seat": 1, "card": code("红九")} in st.last
    assert st.phase == "discard" and st.to_act() == [1]
    assert st.conc[1][KIND_OF[code("红九")]] >= 1


def test_cp24_supplement_making_four_is_locked_and_draws_again():
    st = cp23(p1_extra=(("长三", 3),), stock_after=("长三", "黑九"))
    st.apply(2, "N")
    kinds = [e["type"] for e in st.last]
    assert kinds[-3:] == ["supplement", "tou", "supplement"]
    assert st.melds[1][-1] == ["tou", [KIND_OF[code("长三")]] * 4, -1, -1]
    assert st.phase == "discard" and st.to_act() == [1]
    assert st.holds(1) == 21 + 2  # 21 + extra while he must discard


def test_cp25_tou_at_the_start():
    st = start([cards(("地", 5)), [], cards(("梅子", 4))], **OFF)
    assert st.melds[0] == [["tou", [KIND_OF["11"]] * 5, -1, -1]]
    assert st.melds[2] == [["tou", [KIND_OF["55"]] * 4, -1, -1]]
    assert st.fixed(0).tuo == 16 and st.fixed(0).fan == 3 and st.fixed(2).tuo == 6
    assert st.holds(0) == 23 and st.holds(2) == 21 and st.holds(1) == 20
    assert st.to_act() == [0] and st.phase == "discard"
    # the locked set is not discardable
    assert "D11" not in codes_of(st, 0)
    assert [e for e in st.last if e["type"] == "tou"] == [
        {"type": "tou", "seat": 0, "card": "11", "size": 5},
        {"type": "tou", "seat": 2, "card": "55", "size": 4},
    ]


def test_illegal_moves_raise_and_change_nothing():
    st = cp20()
    before = st.to_json()
    for seat, c in [(1, "D15"), (0, "D66x"), (0, "P"), (0, "C4444"), (0, "Dzz")]:
        with pytest.raises(IllegalMove):
            st.apply(seat, c)
    assert st.to_json() == before


def test_cp23_lone_player_and_flip_source_may_chi_his_own_flip():
    # P0 (src of the flip) holds 人 + 猫猫: he may 吃 his own flipped 人 (人 人* 猫猫)
    hands = [cards("人", "猫猫"), [], P2_WIN]
    st = start(hands, stock=["斧头", "人", "红九"], avoid=(("斧头",), ("斧头", "人", "猫猫"), ()),
               dealer=2, **OFF)
    st.apply(2, "D" + code("斧头"))
    assert "C1544" in codes_of(st, 0)
    assert st.to_act() == [0, 2]


def test_cp24_supplement_fifth_card_makes_tuhuo_on_the_new_sha():
    st = cp23(stock_after=("人", "黑九"))
    st.apply(2, "N")
    ren = KIND_OF[REN]
    assert st.melds[1] == [["fire", [ren] * 5, ren, 0]]
    assert st.fixed(1).tuo == 16 and st.fixed(1).fan == 3
    assert [e["type"] for e in st.last][-3:] == ["supplement", "tou", "supplement"]
    assert st.holds(1) == 21 + 2 and st.to_act() == [1]


P1_WIN = cards(
    ("四六", 3), ("红九", 3), ("高脚", 3), ("三四", 3), ("猫猫", 2), ("黑九", 3), ("平八", 3)
)


def _two_hu():
    st = start([[], P1_WIN, P2_WIN], stock=["斧头", "人", "红九"],
               avoid=(("斧头", "人", "丁丁"), (), ()), dealer=2, **OFF)
    st.apply(2, "D" + code("斧头"))
    assert st.to_act() == [1, 2]
    assert codes_of(st, 1)[0] == "H" and codes_of(st, 2)[0] == "H"
    return st


def test_single_winner_by_seat_order_from_the_flipper():
    st = _two_hu()
    st.apply(2, "H")
    assert not st.is_over()  # P1 comes first after the flipper P0: wait for him
    st.apply(1, "H")
    assert st.result().details["winner"] == 1
    st = _two_hu()
    st.apply(1, "N")
    st.apply(2, "H")
    assert st.result().details["winner"] == 2

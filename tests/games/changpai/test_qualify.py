"""Spec B3.2 and B3.6: the 起/打/仰 round and the estimate (CP-17, CP-18, CP-29)."""

from games.changpai.estimate import estimate
from tests.games.changpai.helpers import GAME, cards, codes_of, counts, start

E1 = cards(("地", 2), ("人", 2), ("天", 2), ("幺四", 2), "红九", "高脚", "二五", "三四",
           ("梅子", 2), ("和", 2), ("四六", 2), "斧头", "丁丁")
E2 = cards(
    ("梅子", 2),
    ("长三", 2),
    ("板凳", 2),
    ("斧头", 2),
    ("黑九", 2),
    ("平八", 2),
    ("拐子", 2),
    ("二五", 2),
    ("三五", 2),
    "地",
    "人",
)


def fresh_estimate(hand, threshold=33, xy=False):
    c = counts(*hand)
    return estimate(c, [5 - n for n in c], 0, 0, threshold, xy=xy)


def test_cp17_estimate_52_and_qi_offered():
    e = fresh_estimate(E1)
    assert (e.tuo, e.groups, e.ok) == (52, 7, True)
    st = start([[], E1, []])
    assert codes_of(st, 0) == ["Y"] or st.to_act() == [1]  # the filler dealer cannot play
    assert st.qualify_options(1) == ["Q", "A", "Y"]


def test_cp18_hopeless_hand_only_folds():
    e = fresh_estimate(E2)
    assert (e.tuo, e.ok) == (28, False)
    st = start([E1, E2, []])
    assert st.qualify_options(1) == ["Y"]
    st.apply(0, "Q")
    # P1 and P2 have no choice: they are folded without being asked
    assert st.status == ["in", "yang", "yang"]
    assert {"type": "qualify", "seat": 1, "choice": "yang", "forced": True} in st.last
    assert st.phase == "discard" and st.to_act() == [0]  # the lone 起 player plays on


def test_estimate_xy_mode_values_a_concealed_triple_as_its_4_set():
    hand = cards(("人", 3))
    assert fresh_estimate(hand).tuo == 8
    assert fresh_estimate(hand, xy=True).tuo == 12


def test_pair_counts_only_while_a_copy_is_unseen():
    c = counts(("人", 2))
    assert estimate(c, [3] * 21, 0, 0, 33).tuo == 8
    unseen = [3] * 21
    unseen[2] = 0  # every other 人 is visible elsewhere: the pair cannot grow
    assert estimate(c, unseen, 0, 0, 33).tuo == 0


def test_cp29_nobody_qi_means_redeal_and_the_dealer_stays():
    st = start([E1, [], []], dealer=0)
    assert "Q" in codes_of(st, 0)
    st.apply(0, "A")  # plays without declaring; nobody else can 起
    assert st.is_over() and st.outcome == {"kind": "redeal"}
    assert st.result().net == [0, 0, 0]
    assert GAME.next_dealer(st.variant, st, 0) == 0


def test_every_hand_hopeless_dealer_taps_fold_then_redeal():
    st = start([E2, [], []])
    assert not st.is_over() and st.to_act() == [0] and codes_of(st, 0) == ["Y"]
    st.apply(0, "Y")
    assert st.is_over() and st.outcome["kind"] == "redeal" and st.to_act() == []
    assert [e["forced"] for e in st.last if e["type"] == "qualify"] == [False, True, True]


def test_qi_only_once():
    st = start([E1, E1, []])
    st.apply(0, "Q")
    assert st.to_act() == [1] and codes_of(st, 1) == ["A", "Y"]
    st.apply(1, "A")
    assert st.qchoice[:2] == ["qi", "da"] and st.status[1] == "in"


def test_qualify_mode_off_skips_the_round():
    st = start([E2, [], []], qualify_mode="off")
    assert st.phase == "discard" and st.to_act() == [0] and st.status == ["in"] * 3

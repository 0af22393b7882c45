"""A4.1 and A4.4 scoring vectors DN-S1 … DN-S8 and the scoring flags."""

import pytest

from games import registry
from games.dingniu.scoring import rank, score

V = registry.get("dingniu").variant()
H, B, C, D = 0, 1, 2, 3


def net(points, sz=None, head=0, **flags):
    return score(points, head, {**V, **flags}, sz)[0]


def test_dn_s1_plain_ranking():
    assert net([12, 20, 8, 30]) == [-1, -2, 6, -3]


def test_dn_s2_navpil_tie_example():
    assert rank([10, 5, 5, 10], 0) == (B, [H, D, C])
    assert net([10, 5, 5, 10]) == [-3, 6, -1, -2]


def test_dn_s3_four_clean_hands():
    assert net([0, 0, 0, 0]) == [6, -3, -2, -1]
    assert net([0, 0, 0, 0], head=2) == [-2, -1, 6, -3]  # head 2: 3 大庄, 0 二庄, 1 小庄


def test_dn_s4_success_doubles():
    assert net([20, 6, 15, 9], {"type": "wu", "seat": B, "silan": None}) == [-6, 12, -4, -2]


def test_dn_s5_failure_baozhuang():
    assert net([20, 6, 15, 9], {"type": "yi", "seat": D, "silan": None}) == [0, 12, 0, -12]


def test_dn_s6_own_silan_replaces_doubled_payments():
    sz = {"type": "hong", "seat": C, "silan": B}
    n, d = score([51, 28, 16, 34], 0, V, sz)
    assert n == [0, -12, 12, 0]
    assert d["payments"] == [{"from": B, "to": C, "amount": 12, "why": "silan"}]
    # a liable seat is ignored when the 算帐 fails: the declarer pays (包庄)
    assert net([10, 28, 16, 34], sz) == [12, 0, -12, 0]


def test_dn_s7_tie_at_minimum():
    sz = {"type": "hong", "seat": B, "silan": None}
    assert net([20, 9, 15, 9], sz) == [-6, 12, -4, -2]
    assert net([20, 9, 15, 9], sz, sz_tie="fail") == [0, -12, 0, 12]


def test_dn_s8_head_clean():
    n, d = score([0, 10, 15, 4], 0, V, {"type": "ersan", "seat": H, "silan": None})
    assert n == [6, -2, -3, -1] and d["suanzhang"]["exempt"] == "head_clean"


def test_dn_s9_own_sz_tie_fail_when_head_is_tied_winner():
    # the head's 算帐 at a tie with D: tiebreak → success; fail → D is paid 12
    sz = {"type": "wu", "seat": H, "silan": None}
    assert net([5, 9, 15, 5], sz) == [12, -4, -6, -2]
    n, d = score([5, 9, 15, 5], 0, {**V, "sz_tie": "fail"}, sz)
    assert n == [-12, 0, 0, 12] and d["winner"] == D


def test_flag_tie_distance_physical():
    # H is clear 大庄; B and D tie for the win: both sit next to the head → play order
    assert net([30, 5, 9, 5], tie_distance="physical") == [-3, 6, -2, -1]
    # C and D tie for the win: physically D (next to the head) is nearer than C
    assert net([30, 20, 5, 5]) == [-3, -2, 6, -1]
    assert net([30, 20, 5, 5], tie_distance="physical") == [-3, -2, -1, 6]
    # C and D tie among losers: physical makes D the bigger 庄
    assert net([0, 4, 10, 10]) == [6, -1, -3, -2]
    assert net([0, 4, 10, 10], tie_distance="physical") == [6, -1, -2, -3]


@pytest.mark.parametrize(
    "points, want",
    [
        ([12, 20, 8, 30], [-1, -1, 4, -2]),  # highest pays 2, others 1
        ([5, 5, 20, 9], [2, 1, -2, -1]),  # tied winners split 3: nearer head gets the odd one
        ([7, 7, 7, 7], [0, 0, 0, 0]),
        ([3, 20, 20, 9], [5, -2, -2, -1]),  # two highest losers both pay 2
    ],
)
def test_flag_payout_doubletony(points, want):
    assert net(points, payout="doubletony") == want


def test_doubletony_suanzhang_doubles_and_baozhuang():
    sz = {"type": "wu", "seat": B, "silan": None}
    assert net([20, 6, 15, 9], sz, payout="doubletony") == [-4, 8, -2, -2]
    sz = {"type": "wu", "seat": D, "silan": None}
    assert net([20, 6, 15, 9], sz, payout="doubletony") == [0, 8, 0, -8]

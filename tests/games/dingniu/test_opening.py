"""A3.3: the head's opening. 不能拉三家 and the paired 红八 lead."""

import pytest

from games.base import IllegalMove

from .helpers import codes, codes_of_moves, play, start


def test_dn1_changsan_forbidden_when_head_holds_both_yisan_and_sanliu():
    s = start(codes("一三", "一三", "三六", "长三", "大天", "红十"))
    assert codes_of_moves(s) == {"O13", "O36", "O66", "O46"}
    before = s.to_json()
    with pytest.raises(IllegalMove) as e:
        s.apply(0, "O33")
    assert e.value.reason == "lalian" and s.to_json() == before


def test_dn2_own_hongba_forbidden_with_both_hongshi():
    # seed example ②: with both 红十, a red lead must be 红十
    s = start(codes("红十", "红十", "红八", "大天", "一三", "地幺"))
    assert "O44" not in codes_of_moves(s) and "O46" in codes_of_moves(s)
    # with one 红十 the single 红八 is a legal lead
    s = start(codes("红十", "虎头", "红八", "大天", "一三", "地幺"))
    assert "O44" in codes_of_moves(s)


def test_dn3_erban_forbidden_with_erliu():
    s = start(codes("二六", "二板", "二板", "虎头", "一六", "长三"))
    assert codes_of_moves(s) == {"O26", "O56", "O16", "O33"}


def test_dn4_paired_hongba_lead():
    s = start(codes("红八", "红八", "红十", "大天", "一三", "地幺"))
    moves = codes_of_moves(s)
    assert "O4444" in moves and "O44" not in moves
    with pytest.raises(IllegalMove) as e:
        s.apply(0, "O44")
    assert e.value.reason == "must_lead_pair"
    ev = play(s, "O4444")
    assert ev[0] == {"type": "lead", "seat": 0, "tiles": ["44", "44"], "ends": [4, 4]}
    assert s.layout == ["44", "44"] and [s.left, s.right] == [4, 4]
    assert s.sizes[0] == 4 and s.to_act() == [1]


def test_dn5_own_dawu_forbidden_with_both_hutou_and_both_yiwu():
    s = start(codes("大五", "虎头", "虎头", "一五", "一五", "地幺"))
    assert "O55" not in codes_of_moves(s)
    s = start(codes("大五", "虎头", "虎头", "一五", "一三", "地幺"))
    assert "O55" in codes_of_moves(s)


def test_datian_and_diyao_never_forbidden_and_pair_only_for_hongba_by_default():
    s = start(codes("大天", "大天", "地幺", "地幺", "虎头", "虎头"))
    assert {"O66", "O11", "O56"} == codes_of_moves(s)


def test_flag_pair_double_lead_all():
    hand = codes("大天", "大天", "地幺", "二板", "虎头", "红十")
    assert "O6666" in codes_of_moves(start(hand, variant={"pair_double_lead_all": True}))
    assert "O66" not in codes_of_moves(start(hand, variant={"pair_double_lead_all": True}))
    default = start(hand)
    assert "O66" in codes_of_moves(default)
    with pytest.raises(IllegalMove):
        default.apply(0, "O6666")


def test_head_seat_leads_and_play_goes_on_in_seat_order():
    s = start(codes("一六"), codes("一五"), codes("红十"), codes("虎头"), head=2)
    assert s.to_act() == [2]
    with pytest.raises(IllegalMove) as e:
        s.apply(2, "L16")
    assert e.value.reason == "must_lead"
    play(s, s.legal_moves(2)[0].code)
    assert s.to_act() == [3]

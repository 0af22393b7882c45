"""A3.1-A3.2: two open ends, forced play (不能扣活牌) and 扣."""

import pytest

from games.base import IllegalMove

from .helpers import codes, codes_of_moves, play, position


def test_dn6_only_yiwu_on_the_five_end_and_kou_illegal():
    s = position(["56"], codes("长三", "地幺", "红八", "一五"))
    assert codes_of_moves(s) == {"L15"}
    for bad in ("K33", "K15", "R15", "L33"):
        before = s.to_json()
        with pytest.raises(IllegalMove) as e:
            s.apply(1, bad)
        assert s.to_json() == before
    with pytest.raises(IllegalMove) as e:
        s.apply(1, "K15")
    assert e.value.reason == "must_play"
    play(s, "L15")
    assert [s.left, s.right] == [1, 6] and s.layout == ["15", "56"]


def test_dn7_no_playable_tile_means_kou_any_tile():
    s = position(["26", "63"], codes("大天", "红八", "虎头"))
    assert [s.left, s.right] == [2, 3]
    assert codes_of_moves(s) == {"K66", "K44", "K56"}
    ev = play(s, "K56")
    assert ev == [{"type": "kou", "seat": 1, "count": 1}]  # which tile stays hidden
    assert s.kou[1] == [1] and s.view(1)["kou"] == ["56"] and "kou" not in s.public_view()


def test_equal_ends_offer_a_tile_once():
    s = position(["46", "64"], codes("红八", "大天", "虎头"))  # ends (4, 4)
    assert codes_of_moves(s) == {"L44"}
    with pytest.raises(IllegalMove) as e:
        s.apply(1, "R44")
    assert e.value.reason == "same_end"


def test_tile_matching_both_different_ends_is_offered_on_each():
    s = position(["56"], codes("虎头", "一五", "长三"))
    assert codes_of_moves(s) == {"L56", "R56", "L15"}
    move = {m.code: m for m in s.legal_moves(1)}["R56"]
    assert move.data == {"end": "R", "on": 6, "to": 5}
    play(s, "L56")
    assert s.layout == ["65", "56"] and [s.left, s.right] == [6, 6]


def test_double_keeps_the_end_and_players_with_empty_hands_are_skipped():
    s = position(["36"], codes("大天"), seat=1, others={2: [], 3: codes("长三")},
                 kou={2: codes("地幺")})
    play(s, "R66")
    assert [s.left, s.right] == [3, 6]
    assert s.to_act() == [3]  # seat 2 has no tiles left

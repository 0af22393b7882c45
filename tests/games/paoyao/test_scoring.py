"""End of hand and scoring: every worked example of spec §8, each DECISION
of §6 and the scoring flags of §10. Team A = seats 0 (N), 2 (S); B = 1 (E), 3 (W)."""

import pytest

from games.base import IllegalMove
from games.paoyao.scoring import match_over, match_totals
from tests.games.paoyao.helpers import GAME, play, position

EVERYONE_PASSES_AFTER_N = [(1, "P"), (2, "P"), (3, "P")]


def finished(s):
    assert s.is_over() and s.to_act() == []
    return s.result()


def test_example_1_140_mian_xue():
    s = position(["TT 4", "4 6", "4 7", "4 8"], score=(125, 40))
    play(s, (0, "TT"), *EVERYONE_PASSES_AFTER_N)
    r = finished(s)
    assert s.score == [145, 40]
    assert r.net == [1, -1, 1, -1]
    assert (r.details["win"], r.details["snow"], r.details["multiplier"]) == ("140", "escaped", 1)
    assert r.details["next_leader"] == 0  # nobody out: winner of the last trick
    assert GAME.next_dealer(s.variant, s, 0) == 0


def test_example_2_140_both_bu_xue():
    s = position(["TT 4", "4 6", "4 7", "4 8"], score=(130, 15))
    ev = play(s, (0, "TT"), *EVERYONE_PASSES_AFTER_N)
    assert ev[-1] == {"type": "snow_offer", "team": 0, "reason": "140", "deciders": [0, 2]}
    assert sorted(s.to_act()) == [0, 2]
    assert [m.code for m in s.legal_moves(2)] == ["X", "N"] and s.legal_moves(1) == []
    with pytest.raises(IllegalMove):
        s.apply(1, "N")
    play(s, (2, "N"))
    assert s.to_act() == [0]
    play(s, (0, "N"))
    r = finished(s)
    assert r.net == [1, -1, 1, -1] and r.details["snow"] == "declined"


def _snowed_at_150():
    s = position(["TT 4 5", "4 K", "4 7", "4 8"], score=(130, 15))
    play(s, (0, "TT"), *EVERYONE_PASSES_AFTER_N, (2, "X"))
    assert s.chase == 0 and s.to_act() == [0]  # play resumes: N won the trick and leads
    return s


def test_example_3_snow_then_mian_xue():
    s = _snowed_at_150()
    play(s, (0, "4"), (1, "K"), (2, "P"), (3, "P"), (0, "P"))
    r = finished(s)
    assert s.score == [150, 25]
    assert r.net == [1, -1, 1, -1] and r.details["snow"] == "escaped" and r.details["chased"]


def test_example_4_snow_then_xiao_xue_by_double_out():
    s = position(["TT 9", "4 6", "Q", "4 8"], score=(120, 10))
    play(s, (0, "TT"), *EVERYONE_PASSES_AFTER_N)
    assert s.snow["deciders"] == [0, 2]
    play(s, (0, "X"))  # one 雪 is enough (any_snow)
    assert s.chase == 0
    play(s, (0, "9"), (1, "P"), (2, "P"), (3, "P"))  # N out, trick to N: 接风 to S
    assert s.to_act() == [2]
    play(s, (2, "Q"))
    r = finished(s)
    assert r.net == [2, -2, 2, -2] and r.details["snow"] == "small"
    assert r.details["next_leader"] == 0  # 头跑 leads the next hand


def test_example_5_kangqi_snow_then_da_xue():
    s = position(["9", "4 6", "Q 5", "4 8"], score=(95, 0))
    ev = play(s, (0, "9"))
    assert ev[-1] == {"type": "snow_offer", "team": 0, "reason": "kangqi", "deciders": [2]}
    play(s, (2, "X"))
    assert s.to_act() == [1]  # resumes after N's play
    play(s, (1, "P"), (2, "P"), (3, "P"), (2, "Q"))
    assert s.is_over() is False  # S still holds a 5
    play(s, (3, "P"), (1, "P"), (2, "5"))
    r = finished(s)
    assert r.net == [4, -4, 4, -4] and r.details["snow"] == "big" and r.details["win"] == "kangqi"


@pytest.mark.parametrize(
    "b,inclusive,mult", [(20, True, 2), (25, True, 1), (20, False, 1), (19, False, 2), (0, True, 4)]
)
def test_examples_8_and_9_double_out_grades(b, inclusive, mult):
    s = position(
        ["", "4 6", "9", "4 8"],
        leader=2,
        out=[0],
        score=(50, b),
        variant={"snow_threshold_inclusive": inclusive},
    )
    ev = play(s, (2, "9"))
    r = finished(s)
    assert ev[-1]["win"] == "double_out"
    assert r.net == [mult, -mult, mult, -mult]


def test_double_out_wins_regardless_of_points():
    s = position(["", "4 6", "9", "4 8"], leader=2, out=[0], score=(10, 130))
    play(s, (2, "9"))
    assert finished(s).details["winner_team"] == 0


def test_example_10_200_in_one_trick_is_da_xue_without_decision():
    s = position(["4 5", "TTT 4", "KKKK 4", "4 6"], leader=1, score=(130, 0))
    ev = play(s, (1, "TTT"), (2, "KKKK"), (3, "P"), (0, "P"), (1, "P"))
    r = finished(s)
    assert s.score == [200, 0] and not any(e["type"] == "snow_offer" for e in ev)
    assert r.net == [4, -4, 4, -4] and r.details["win"] == "200"


def test_example_13_match_tally():
    hands = [(0, 1), (1, 2), (0, 4), (1, 1)]  # (winner team, multiplier)
    variant = GAME.variant()
    from games.paoyao.scoring import score_hand

    totals = match_totals(score_hand(t, m, variant)[1] for t, m in hands)
    assert totals == [2, -2, 2, -2]


def test_zero_sum_false_tallies_winners_only():
    from games.paoyao.scoring import score_hand

    v = GAME.variant({"zero_sum": False})
    net, tally = score_hand(1, 2, v)
    assert net == [-2, 2, -2, 2] and tally == [0, 2, 0, 2]
    assert score_hand(1, 2, GAME.variant({"zero_sum": "winners_only"}))[1] == [0, 2, 0, 2]
    s = position(["TT 4", "4 6", "4 7", "4 8"], score=(125, 40), variant={"zero_sum": False})
    play(s, (0, "TT"), *EVERYONE_PASSES_AFTER_N)
    assert finished(s).details["tally"] == [1, 0, 1, 0]


def test_hands_per_match():
    assert not match_over(7, GAME.variant())
    assert match_over(8, GAME.variant())
    assert not match_over(8, GAME.variant({"hands_per_match": 12}))


def test_140_and_kangqi_together_are_labelled_140():
    s = position(["", "4 6", "TT 4", "4 8"], leader=2, out=[0], score=(130, 30))
    play(s, (2, "TT"), (3, "P"), (1, "P"))
    assert finished(s).details["win"] == "140"


@pytest.mark.parametrize("check,offered", [("continuous", True), ("on_out_only", False)])
def test_d5_kangqi_after_going_out(check, offered):
    s = position(["9", "4 6", "K 5 5", "4 8"], score=(80, 0), variant={"kangqi_check": check})
    ev = play(s, (0, "9"))
    assert ev[-1]["type"] != "snow_offer"  # 80 < 90 when N goes out
    play(s, (1, "P"), (2, "K"), (3, "P"), (1, "P"))  # S banks 10 more: 90
    assert s.score == [90, 0]
    assert (s.phase == "snow") is offered
    if offered:
        assert s.snow["reason"] == "kangqi" and s.snow["deciders"] == [2]


def test_kangqi_only_for_the_first_out_team():
    s = position(["4 5", "9", "K 5 5", "4 8"], leader=1, score=(95, 0))
    play(s, (1, "9"))  # E (team B) goes out first
    assert not s.is_over() and s.phase == "play"
    play(s, (2, "K"), (3, "P"), (0, "P"))  # A banks to 105: not 扛旗, not 140
    assert s.phase == "play" and s.score == [105, 0]


def test_kangqi_threshold_and_win_threshold_flags():
    s = position(["9", "4 6", "Q", "4 8"], score=(60, 30), variant={"kangqi_threshold": 60})
    play(s, (0, "9"))
    assert finished(s).details["win"] == "kangqi"
    s = position(["TT 4", "4 6", "4 7", "4 8"], score=(80, 40), variant={"win_threshold": 100})
    play(s, (0, "TT"), *EVERYONE_PASSES_AFTER_N)
    assert finished(s).details["win"] == "140"


def test_snow_threshold_flag():
    s = position(["TT 4", "4 6", "4 7", "4 8"], score=(130, 25), variant={"snow_threshold": 25})
    play(s, (0, "TT"), *EVERYONE_PASSES_AFTER_N)
    assert s.phase == "snow"
    s = position(["TT 4", "4 6", "4 7", "4 8"], score=(130, 25))
    play(s, (0, "TT"), *EVERYONE_PASSES_AFTER_N)
    assert finished(s).details["snow"] == "escaped"


def test_d6_all_winners_decide_and_unanimous_vote():
    s = position(
        ["9", "4 6", "Q 5", "4 8"], score=(95, 0), variant={"snow_deciders": "all_winners"}
    )
    play(s, (0, "9"))
    assert s.snow["deciders"] == [0, 2] and sorted(s.to_act()) == [0, 2]
    s = position(
        ["TT 4", "4 6", "4 7", "4 8"], score=(130, 15), variant={"snow_vote": "unanimous_snow"}
    )
    play(s, (0, "TT"), *EVERYONE_PASSES_AFTER_N, (0, "X"))
    assert s.phase == "snow" and s.to_act() == [2]  # one 雪 is not enough
    play(s, (2, "N"))
    assert finished(s).details["snow"] == "declined"
    s = position(
        ["TT 4", "4 6", "4 7", "4 8"], score=(130, 15), variant={"snow_vote": "unanimous_snow"}
    )
    play(s, (0, "TT"), *EVERYONE_PASSES_AFTER_N, (0, "X"), (2, "X"))
    assert s.chase == 0 and s.phase == "play"


def test_snow_timeout_default_flag():
    s = position(["TT 4", "4 6", "4 7", "4 8"], score=(130, 15))
    play(s, (0, "TT"), *EVERYONE_PASSES_AFTER_N)
    assert s.timeout_move(0) == "N"
    s2 = position(
        ["TT 4", "4 6", "4 7", "4 8"], score=(130, 15), variant={"snow_timeout_default": "snow"}
    )
    play(s2, (0, "TT"), *EVERYONE_PASSES_AFTER_N)
    assert s2.timeout_move(0) == "X"
    play(s2, (0, s2.timeout_move(0)))
    assert s2.chase == 0
    assert s2.timeout_move(0) is None  # leading: the computer plays (托管)
    play(s2, (0, "4"))
    assert s2.timeout_move(1) is None  # following: likewise


def test_d8_chase_ends_when_the_losers_are_out_and_the_trick_closed():
    s = position(["TT 4 5 6", "9", "4 7", "8"], score=(130, 15))
    play(s, (0, "TT"), *EVERYONE_PASSES_AFTER_N, (0, "X"), (0, "4"), (1, "9"))  # E out
    assert not s.is_over()
    play(s, (2, "P"), (3, "P"))  # W passes; trick still open: W... then N
    play(s, (0, "P"))
    assert s.last_trick_winner == 1 and s.to_act() == [3]  # 接风: E's partner W leads
    play(s, (3, "8"))  # W out: both losers out, but the trick is open
    assert not s.is_over()
    play(s, (0, "P"), (2, "P"))
    r = finished(s)
    assert r.details["snow"] == "small" and r.details["winner_team"] == 0  # B still 15


def test_d8_chase_ends_when_every_point_is_captured():
    s = position(["TT 4", "4 6", "4 7", "4 8"], score=(170, 10))
    play(s, (0, "TT"), *EVERYONE_PASSES_AFTER_N, (0, "X"))
    r = finished(s)  # 190 + 10 = 200: nothing left to fight for
    assert r.net == [2, -2, 2, -2]


def test_d9_leftover_points():
    hands = ["TT 4 5", "K 6", "4 7", "4 8"]
    s = position(hands, score=(125, 40))
    play(s, (0, "TT"), *EVERYONE_PASSES_AFTER_N)
    assert finished(s).details["final_points"] == [145, 40]
    s = position(hands, score=(125, 40), variant={"leftover_points": "to_opponents_of_holder"})
    play(s, (0, "TT"), *EVERYONE_PASSES_AFTER_N)
    r = finished(s)
    assert r.details["final_points"] == [155, 45]  # E's K to A, N's 5 to B
    assert r.net == [1, -1, 1, -1]  # the result was already decided


def test_d1_first_leader_and_d2_rotate():
    v = GAME.variant()
    assert {GAME.first_dealer(v, 4, seed) for seed in range(40)} == {0, 1, 2, 3}
    assert GAME.first_dealer(GAME.variant({"first_leader": "seat0"}), 4, 5) == 0
    assert GAME.first_dealer(GAME.variant({"first_leader": "host"}), 4, 5) == 0
    s = position(
        ["", "4 6", "9", "4 8"], leader=2, out=[0], score=(50, 0), variant={"next_leader": "rotate"}
    )
    play(s, (2, "9"))
    assert finished(s).details["next_leader"] == 3  # leader 2 + 1
    s = position(["", "4 6", "9", "4 8"], leader=2, out=[0], score=(50, 0))
    play(s, (2, "9"))
    assert GAME.next_dealer(s.variant, s, 0) == 0  # 头跑


def test_show_partner_hand_after_out_and_ming_yao():
    s = position(["9", "4 6", "Q 5", "4 A 8"], variant={"show_partner_hand_after_out": True})
    assert "partner_hand" not in s.view(0)
    play(s, (0, "9"))
    assert sorted(x[0] for x in s.view(0)["partner_hand"]) == ["5", "Q"]
    assert "partner_hand" not in s.view(2) and "partner_hand" not in s.view(1)
    plain = position(["9", "4 6", "Q 5", "4 A 8"])
    play(plain, (0, "9"))
    assert "partner_hand" not in plain.view(0)
    assert "yao_counts" not in plain.public_view()
    m = position(["9", "4 6", "Q 5", "4 A 8"], variant={"ming_yao": True})
    assert m.public_view()["yao_counts"] == [[0, 0], [0, 1], [0, 0], [1, 1]]


def test_kangqi_with_losers_above_20_is_mian_xue_without_decision():
    s = position(["9", "4 6", "Q 5", "4 8"], score=(95, 30))
    ev = play(s, (0, "9"))
    r = finished(s)
    assert not any(e["type"] == "snow_offer" for e in ev)
    assert (r.details["win"], r.details["snow"], r.net) == ("kangqi", "escaped", [1, -1, 1, -1])


def test_other_team_can_still_win_by_140_after_the_first_out():
    s = position(["9", "TT 4 4", "Q 55", "4 8"], score=(60, 120))
    play(s, (0, "9"), (1, "P"), (2, "P"), (3, "P"))  # N out first, A only 60
    assert not s.is_over() and s.to_act() == [2]  # 接风
    play(s, (2, "55"), (3, "P"), (1, "TT"), (2, "P"), (3, "P"))
    r = finished(s)
    assert r.details["winner_team"] == 1 and r.details["win"] == "140"
    assert r.details["next_leader"] == 0  # 头跑 still leads next


def test_losers_going_out_during_the_chase_do_not_win():
    s = position(["TT 4 5 6", "9", "4 7", "8"], score=(130, 15))
    play(s, (0, "TT"), *EVERYONE_PASSES_AFTER_N, (2, "X"), (0, "4"), (1, "9"))
    play(s, (2, "P"), (3, "P"), (0, "P"), (3, "8"))  # E, then W out: B's 双飞
    assert not s.is_over()  # the winners stay fixed; the trick is still open
    play(s, (0, "P"), (2, "P"))
    assert finished(s).details["winner_team"] == 0

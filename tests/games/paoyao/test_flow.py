"""Trick flow (spec §5): leading, passing, trick end, going out, 接风, points."""

import pytest

from games.base import IllegalMove
from games.paoyao.cards import rank_order
from games.paoyao.combos import beats, classify, leads, responses
from games.paoyao.moves import code_of
from games.records import state_from_json
from tests.games.paoyao.helpers import GAME, cnt, play, position


def test_deal_27_each_two_packs():
    v = GAME.variant()
    deal = GAME.deal(v, 4, 3)
    assert [len(h) for h in deal["hands"]] == [27] * 4
    every = [c for h in deal["hands"] for c in h]
    assert len(every) == 108 and every.count("SJ") == 2 and every.count("BJ") == 2
    assert sum(1 for x in every if x[0] == "5") == 8
    assert GAME.deal(v, 4, 3) == deal and GAME.deal(v, 4, 4) != deal


def test_remove_threes_deals_25_each_without_threes():
    v = GAME.variant({"remove_threes": True})
    deal = GAME.deal(v, 4, 3)
    assert [len(h) for h in deal["hands"]] == [25] * 4
    assert not any(c[0] == "3" for h in deal["hands"] for c in h)
    state = GAME.start(v, deal, 0, 4)
    assert all(m.code.count("3") == 0 for m in state.legal_moves(0))


def test_leader_cannot_pass_and_follow_may_always_pass():
    s = position(["456", "789", "TJQ", "KKA"])
    with pytest.raises(IllegalMove) as e:
        s.apply(0, "P")
    assert e.value.reason == "must_lead"
    play(s, (0, "4"))
    assert "P" in [m.code for m in s.legal_moves(1)]
    play(s, (1, "P"))  # could beat with 7 but passes
    assert s.to_act() == [2]


def test_pass_does_not_lock_out_and_trick_ends_after_all_others_pass():
    s = position(["4 8 9", "5 6 7", "6 7 8", "Q J T"], leader=0)
    play(s, (0, "4"), (1, "P"), (2, "6"), (3, "P"))
    assert s.to_act() == [0]
    play(s, (0, "8"))
    assert s.to_act() == [1]  # seat 1 passed before and may play again
    play(s, (1, "P"), (2, "P"))
    events = play(s, (3, "Q"))  # 3 passed before too
    assert events[0]["type"] == "play"
    ev = play(s, (0, "P"), (1, "P"), (2, "P"))
    trick = [e for e in ev if e["type"] == "trick"][0]
    assert trick["seat"] == 3 and trick["leader"] == 3
    assert s.top is None and s.to_act() == [3]


def test_illegal_plays_raise_with_reasons_and_change_nothing():
    s = position(["44556 A", "789KK", "TJQ", "KKA"])
    before = s.to_json()
    for code, reason in [
        ("45", "straight_too_short"),
        ("4A", "bad_yao"),
        ("777", "not_in_hand"),
        ("54", "malformed_move"),
        ("444A", "not_in_hand"),
    ]:
        with pytest.raises(IllegalMove) as e:
            s.apply(0, code)
        assert e.value.reason == reason, code
    assert s.to_json() == before
    with pytest.raises(IllegalMove) as e:
        s.apply(1, "7")
    assert e.value.reason == "not_your_turn"
    play(s, (0, "456"))
    with pytest.raises(IllegalMove) as e:
        s.apply(1, "89")
    assert e.value.reason == "straight_too_short"
    with pytest.raises(IllegalMove) as e:
        s.apply(1, "KK")
    assert e.value.reason == "wrong_type"
    assert s.to_json() != before


def test_points_of_every_card_in_the_trick_go_to_the_winner_team():
    s = position(["55 4", "TT 4", "KK 4", "66 4"], score=(0, 0))
    play(s, (0, "55"), (1, "TT"), (2, "KK"), (3, "P"), (0, "P"), (1, "P"))
    assert s.score == [50, 0]
    assert sorted(s.taken[0]) == sorted(["5c", "5d", "Tc", "Td", "Kc", "Kd"])
    assert s.to_act() == [2]


def test_bomb_points_count_too():
    s = position(["KKK 4", "TTTT 4", "5 4", "7 4"])
    play(s, (0, "KKK"), (1, "TTTT"), (2, "P"), (3, "P"), (0, "P"))
    assert s.score == [0, 70]


def test_going_out_play_stays_on_top_and_can_be_beaten():
    s = position(["9", "T 4", "J 4", "5 4"])
    ev = play(s, (0, "9"))
    assert {"type": "out", "seat": 0, "place": 1} in ev
    assert s.out == [0] and s.to_act() == [1]
    play(s, (1, "T"))  # beats the out player's last card
    play(s, (2, "P"), (3, "P"))  # seat 0 is out and never asked
    assert s.to_act() == [1] and s.last_trick_winner == 1


def test_trick_of_an_out_player_needs_every_active_player_to_pass():
    s = position(["9", "4 5", "4 6", "4 7"])
    play(s, (0, "9"))
    play(s, (1, "P"), (2, "P"))
    assert s.top is not None and s.to_act() == [3]  # active_count passes, not active − 1
    play(s, (3, "P"))
    assert s.top is None


@pytest.mark.parametrize("jiefeng,leader", [("partner", 2), ("next_active", 1)])
def test_d3_jiefeng(jiefeng, leader):
    s = position(["9", "4 5", "4 6", "4 7"], variant={"jiefeng": jiefeng})
    ev = play(s, (0, "9"), (1, "P"), (2, "P"), (3, "P"))
    assert ev[-1]["type"] == "trick" and ev[-1]["leader"] == leader
    assert s.to_act() == [leader]


def test_jiefeng_partner_out_goes_to_next_active():
    s = position(["9", "4 5", "", "4 7"], out=[2])
    ev = play(s, (0, "9"))  # 0 out after 2: 双飞 ends the hand
    assert ev[-1]["type"] == "end" and ev[-1]["win"] == "double_out"


def test_legal_moves_match_enumeration_and_apply():
    order = rank_order(True)
    s = position(["4444444 5566778899TTJJQQKKAA", "SSBB 333 22", "4", "5"])
    codes = [m.code for m in s.legal_moves(0)]
    assert len(codes) == 123 == len(set(codes))
    assert sorted(codes) == sorted(
        code_of(sh) for _, sh in leads(cnt("4444444 5566778899TTJJQQKKAA"), order)
    )
    play(s, (0, "55667788"))
    got = sorted(m.code for m in s.legal_moves(1))
    want = sorted(
        code_of(sh)
        for _, sh in responses(cnt("SSBB 333 22"), order, classify(cnt("55667788"), order))
    )
    assert got == sorted(want + ["P"])
    assert "333" not in got and "SB" in got and "SSBB" in got  # 三路 cannot beat 双顺


def test_code_for_cards_validates_a_chosen_set():
    s = position(["4 4 A 5 6 7 9 SJ", "8", "8", "8"])
    hand = s.view(0)["hand"]
    fours = [c for c in hand if c[0] == "4"]
    ace = [c for c in hand if c[0] == "A"]
    assert s.code_for_cards(0, fours + ace) == "44A"
    assert s.code_for_cards(0, [c for c in hand if c[0] in "567"]) == "567"
    for chosen, reason in [
        ([fours[0], ace[0]], "bad_yao"),
        ([c for c in hand if c[0] in "56"], "straight_too_short"),
        ([c for c in hand if c[0] in "579"], "straight_gap"),
        (["SJ", fours[0]], "joker_mix"),
        (["8c"], "not_in_hand"),
        (["zz"], "unknown_card"),
        ([], "no_cards"),
    ]:
        with pytest.raises(IllegalMove) as e:
            s.code_for_cards(0, chosen)
        assert e.value.reason == reason
    with pytest.raises(IllegalMove) as e:
        s.code_for_cards(1, ["8c"])
    assert e.value.reason == "not_your_turn"
    play(s, (0, "7"))
    assert s.code_for_cards(1, [s.view(1)["hand"][0]]) == "8"
    s2 = position(["4", "8", "8", "8"])
    play(s2, (0, "4"), (1, "8"))
    with pytest.raises(IllegalMove) as e:
        s2.code_for_cards(2, s2.view(2)["hand"])
    assert e.value.reason == "cannot_beat"


def test_code_for_cards_gives_the_code_apply_accepts():
    s = position(["4 4 4 A 5 6 7", "8", "8", "8"])
    hand = s.view(0)["hand"]
    code = s.code_for_cards(0, [c for c in hand if c[0] in "4A"])
    assert code == "444A" and code in [m.code for m in s.legal_moves(0)]
    ev = s.apply(0, code)
    assert ev[0]["combo"] == "bomb"


def test_every_listed_move_beats_the_top():
    s = position(["4444444 5566778899TTJJQQKKAA", "SSBB 333 22 456 KK", "4", "5"])
    play(s, (0, "567"))
    order = rank_order(True)
    for m in s.legal_moves(1):
        if m.code != "P":
            assert beats(classify(cnt(m.code), order), s.top)
    assert "667788" not in [m.code for m in s.legal_moves(1)]  # not held


def test_listed_moves_equal_the_reference_enumeration_along_random_hands():
    """Along random hands the listed plays are exactly combos.leads /
    combos.responses of the held counts (the plain §9 enumeration), each
    once, with the lowest suits of each rank held; the seat's kept bombs
    never go stale (a copy of the state without them lists the same)."""
    import random

    rng = random.Random(3)
    for seed in range(40):
        s = GAME.new_state(seed=seed)
        while not s.is_over():
            seat = s.to_act()[0]
            moves = s.legal_moves(seat)
            if s.phase == "play":
                have = s.cnt[seat]
                ref = leads(have, s.order) if s.top is None else responses(have, s.order, s.top)
                codes = [m.code for m in moves if m.code != "P"]
                assert sorted(codes) == sorted(code_of(sh) for _, sh in ref)
                assert len(codes) == len(set(codes))
                hand = s.hands[seat]
                for m in moves:
                    if m.code != "P":
                        want = cnt(m.code)
                        lowest = [c for r, k in enumerate(want) for c in hand[r][:k]]
                        assert list(m.cards) == lowest
                fresh = s.copy()
                fresh.seat_bombs = [None] * 4
                assert fresh.legal_moves(seat) == moves
            s.apply(seat, moves[rng.randrange(len(moves))].code)


def test_timeout_move_is_always_legal():
    import random

    rng = random.Random(4)
    for seed in range(30):
        s = GAME.new_state({"snow_timeout_default": "snow"} if seed % 2 else None, seed=seed)
        while not s.is_over():
            for seat in s.to_act():
                code = s.timeout_move(seat)
                assert code is None or code in [m.code for m in s.legal_moves(seat)]
            seat = s.to_act()[0]
            moves = s.legal_moves(seat)
            s.apply(seat, moves[rng.randrange(len(moves))].code)


def test_a_state_keeps_at_most_29_attributes():
    """CPython 3.11 specialises method calls only on instances of up to 29
    attributes; one more made every random hand ~5% dearer (i14pao5)."""
    s = GAME.new_state(seed=1)
    s.apply(s.current, s.legal_moves(s.current)[0].code)
    assert len(vars(s)) <= 29
    assert len(vars(s.copy())) <= 29 and len(vars(state_from_json(s.to_json()))) <= 29

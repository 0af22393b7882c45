"""The state machine's DECISIONs and every flag that acts during play."""

import random

import pytest

from games import registry
from games.base import IllegalMove, Move, Pick
from games.players import RandomPlayer, playout
from games.xianniu.shapes import rules_for
from games.xianniu.state import CAP
from tests.games.xianniu.helpers import build_deal, codes, move, start
from tests.games.xianniu.test_worked import N_DEAL, P_DEAL


def codes_of(state, seat):
    return {m.code for m in state.legal_moves(seat) if isinstance(m, Move)}


def refuse(state, seat, code, reason):
    before = state.to_json()
    with pytest.raises(IllegalMove) as e:
        state.apply(seat, code)
    assert e.value.reason == reason
    assert state.to_json() == before


# -- opening: big hands at the deal -------------------------------------------
LF_P = "Ks Kh Ts Th 8s 8h As Ah 2s 2h 3s 3h"
LF_N = "Ks Kh Ts Th 8s 8h 2s 2h 3s 3h 4s 4h"


def test_p_longfeng_is_played_at_the_deal_by_any_seat():
    s = start("xianniu", build_deal("xianniu", "", LF_P), dealer=0)
    assert s.opening == {"seat": 1, "shape": "longfeng"} and s.history == []
    assert s.counts == [0, 12, 0] and s.table == 12 and s.to_act() == [1]
    assert all(len(m.cards) <= 4 for m in s.legal_moves(1) if isinstance(m, Move))


def test_p_longfeng_optional_when_not_mandatory():
    s = start("xianniu", build_deal("xianniu", "", LF_P), bighand_mandatory=False)
    assert s.phase == "opening" and s.to_act() == [1]
    assert codes_of(s, 1) == {move("O", LF_P), "W"}
    s.apply(1, "W")
    assert s.phase == "control" and s.to_act() == [0] and s.table == 0


def test_n_longfeng_may_be_played_or_waived_and_passes_to_the_next_holder():
    other = "Kc Kd Tc Td 8c 8d 2c 2d 3c 3d 4c 4d"
    s = start("niujiu", build_deal("niujiu", "", LF_N, other), dealer=1)
    assert s.to_act() == [1] and codes_of(s, 1) == {move("O", LF_N), "W"}
    assert s.apply(1, "W") == [{"type": "waive", "seat": 1}]
    assert s.to_act() == [2]
    ev = s.apply(2, move("O", other))
    assert ev[0]["type"] == "bighand" and s.counts == [0, 0, 12] and s.controller == 2
    s2 = start("niujiu", build_deal("niujiu", "", LF_N, other), dealer=1)
    s2.apply(1, "W")
    s2.apply(2, "W")
    assert s2.phase == "control" and s2.controller == 1 and s2.table == 0


def test_p_hand_with_both_big_hands_chooses():
    hand = LF_P + " 9h 9s 7s 7h"
    s = start("xianniu", build_deal("xianniu", hand))
    assert s.phase == "opening" and codes_of(s, 0) == {move("O", LF_P), move("O", hand)}
    s.apply(0, move("O", hand))
    assert s.is_over() and s.end_reason == "table_full" and s.result().net == [22, -11, -11]


def test_ba_da_dui_flag_and_n_default():
    hand = "2s 2h 3s 3h 5s 5h 6s 6h 7s 7h 8s 8h 9s 9h Ts Th"
    s = start("niujiu", build_deal("niujiu", hand))
    assert s.phase == "control" and s.table == 0  # 八大对 is not in [S2]
    s = start("niujiu", build_deal("niujiu", hand), ba_da_dui=True)
    assert s.phase == "opening" and codes_of(s, 0) == {move("O", hand), "W"}
    s = start("xianniu", build_deal("xianniu", hand.replace("Ts Th", "Qs Qh")), ba_da_dui=False)
    assert s.phase == "control"


# -- control, tricks, cap --------------------------------------------------------
CI_HAND = "Ks Kh Kc Kd Qs Qh Qc Qd 9h 9s 9d As Ad"


def lead_three_big(s):
    for text in ("Ks Kh Kc Kd", "Qs Qh Qc Qd", "9h 9s 9d"):
        ev = s.apply(0, move("L", text))
        assert [e["type"] for e in ev] == ["lead", "pass", "pass", "take"] or s.is_over()


def test_ci_ends_hand_flag():
    deal = build_deal("xianniu", CI_HAND, "7s 7h 7c 7d 8s 8h 8c 8d", "6s 6h 6c 6d Js Jh Jc Jd")
    s = start("xianniu", deal, ci_ends_hand=True)
    lead_three_big(s)
    assert s.is_over() and s.end_reason == "ci" and s.counts[0] == 11
    res = s.result()
    assert res.details["seats"][0]["base"] == 7 and res.details["seats"][0]["bonus"] == 4
    assert res.net == [22, -11, -11]
    s = start("xianniu", deal)
    lead_three_big(s)
    assert s.phase == "control" and s.to_act() == [0]  # 朿 keeps playing by default
    for seat in (0, 1, 2):
        s.apply(seat, "K")
    assert s.result().net == [22, -11, -11]


def test_lead_over_the_sixteen_cap_is_illegal():
    deal = build_deal("xianniu", CI_HAND, "7s 7h 7c 7d 8s 8h 8c 8d", "6s 6h 6c 6d Js Jh Jc Jd")
    s = start("xianniu", deal)
    lead_three_big(s)
    s.apply(0, move("L", "As Ad"))
    while s.phase == "trick":
        (seat,) = s.to_act()
        s.apply(seat, s.legal_moves(seat)[0].code)
    assert s.table == 13
    c = s.controller
    assert all(len(m.cards) <= CAP - s.table for m in s.legal_moves(c) if isinstance(m, Move))
    fours = [i for i in s.rules.combos(s.hands[c]) if i.size == 4]
    assert fours
    refuse(s, c, "L" + fours[0].codes, "table_full")


def test_must_beat_and_automatic_passes():
    s = start("xianniu", P_DEAL)
    ev = s.apply(0, move("L", "7c 7d"))
    assert ev == [{"type": "lead", "seat": 0, "cards": ["7c", "7d"], "shape": "pair", "n": 1}]
    assert s.to_act() == [1]
    beats = s.legal_moves(1)
    assert {m.code for m in beats} == {move("B", t) for t in
                                        ("8s 8h", "8s 8c", "8h 8c", "Ks Kc", "Td Th")}
    refuse(s, 1, move("B", "2s 2h"), "cannot_beat")
    refuse(s, 1, "K", "not_legal")
    refuse(s, 1, move("B", "Kh Kd"), "not_in_hand")
    refuse(s, 2, move("B", "Js Jh"), "not_your_turn")


def test_illegal_moves_change_nothing():
    s = start("xianniu", P_DEAL)
    refuse(s, 0, "L9s9h", "malformed_move")  # not sorted
    refuse(s, 0, "L7c9h", "not_a_shape")
    refuse(s, 0, "LKs", "not_in_hand")
    refuse(s, 0, "J", "tighten_not_allowed")  # table below 9
    refuse(s, 0, "X", "not_legal")
    refuse(s, 0, "Lzz", "malformed_move")
    for seat in (0, 1, 2):
        s.apply(seat, "K")
    refuse(s, 0, "K", "hand_over")


def test_no_lead_of_opening_only_shapes():
    s = start("xianniu", build_deal("xianniu", LF_P), bighand_mandatory=False)
    s.apply(0, "W")
    refuse(s, 0, move("L", LF_P), "not_a_shape")
    assert move("L", "Ks Kh Ts Th 8s 8h") in codes_of(s, 0)  # 双摆 is fine


def test_kkkk_attach_bai_when_beating_a_four():
    deal = build_deal("xianniu", "Ks Kh Kc Kd Ts 8s", "7s 7h 7c 7d Qd", "Qs Qh Qc")
    s = start("xianniu", deal, dealer=1)
    s.apply(1, move("L", "7s 7h 7c 7d"))
    assert s.to_act() == [0]
    have = codes_of(s, 0)
    assert move("B", "Ks Kh Kc Kd") in have and move("B", "Ks Kh Kc Kd Ts 8s") in have
    s.apply(0, move("B", "Ks Kh Kc Kd Ts 8s"))
    assert s.counts[0] == 6 and s.leaves[0][0][0].name == "liang_bai" and s.table == 6
    off = start("xianniu", deal, dealer=1, kkkk_attach_bai=False)
    off.apply(1, move("L", "7s 7h 7c 7d"))
    assert codes_of(off, 0) == {move("B", "Ks Kh Kc Kd")}


def test_si_di_la_yu_is_eaten_by_liang_bai_only():
    deal = build_deal("xianniu", "Ks Kh Kc Kd Ts 8s Th 8h", "As Ah Ac Ad 2s 3s")
    s = start("xianniu", deal, dealer=1)
    s.apply(1, move("L", "As Ah Ac Ad 2s 3s"))
    assert s.to_act() == [0]
    assert all(len(m.cards) == 6 and m.cards.count("Ks") for m in s.legal_moves(0))


# -- 扣 and the 掀 poll ------------------------------------------------------------
def test_sequential_poll_and_all_may_xian():
    s = start("xianniu", P_DEAL)
    s.apply(0, "K")
    s.apply(1, "X")
    assert s.to_act() == [0] and s.must_lead and s.xian[2][0] == 0
    s = start("xianniu", P_DEAL, xian_poll="all_may_xian")
    s.apply(0, "K")
    s.apply(1, "X")
    assert s.to_act() == [2] and s.phase == "poll"
    s.apply(2, "X")
    assert s.to_act() == [0] and s.must_lead
    assert s.xian[1][0] == s.xian[2][0] == 1 and s.last_xianer[0] == 2
    refuse(s, 0, "K", "must_lead")


def test_controller_kou_forfeits_xian_right_unless_flag():
    for keep in (False, True):
        s = start("xianniu", P_DEAL, leader_kou_keeps_xian_right=keep)
        s.apply(0, "K")
        s.apply(1, "X")
        s.apply(0, move("L", "9h 9s"))  # nobody beats 公牛: A keeps control
        s.apply(0, move("L", "As"))  # lowest single: B, then C must beat
        while s.phase == "trick":
            (seat,) = s.to_act()
            s.apply(seat, s.legal_moves(seat)[0].code)
        c = s.controller
        assert c != 0
        s.apply(c, "K")
        eligible = [q for q in ((c + 1) % 3, (c + 2) % 3) if q != c and (q != 0 or keep)]
        assert s.to_act() == [eligible[0]]


def n_to_second_xian(**flags):
    """The §3.4 hand up to D's 扣 (H has 扣ed before)."""
    s = start("niujiu", N_DEAL, **flags)
    s.apply(0, move("L", "5h 5s 5d"))
    s.apply(0, move("L", "Ks Ts 8s"))
    s.apply(0, "K")
    (m, _) = s.legal_moves(1)
    k = m.min_count if isinstance(m, Pick) else 0
    s.apply(1, move("X", " ".join(["9c", "8c", "7c", "6c", "5c", "Jh"][:k])) if k else "X")
    s.apply(0, move("L", "2s 3s 4s"))
    s.apply(2, move("B", "Kh Th 8h"))
    s.apply(2, "K")
    assert s.to_act() == [1]
    return s, k


@pytest.mark.parametrize("rule,first,second", [
    ("limit16", 6, 3),  # |hand| ≤ 16 − T: 16 → 10, then 10 → 7
    ("match_xianee_hand", 6, 0),  # E matches H's 10 cards, then already below D's 13
    ("xianee_leaves", 6, 3),  # H's 6 leaves, then D's 3 leaves
    ("off", 0, 0),
])
def test_tie_rule(rule, first, second):
    s, k = n_to_second_xian(tie_rule=rule)
    assert k == first
    m = s.legal_moves(1)[0]
    if second:
        assert isinstance(m, Pick) and m.prefix == "X" and m.min_count == m.max_count == second
        refuse(s, 1, "X", "malformed_move")
        refuse(s, 1, move("X", "Qc"), "wrong_count")
    else:
        assert m.code == "X"
        refuse(s, 1, move("X", "Qc"), "wrong_count")


def test_tighten_only_where_allowed():
    s, _ = n_to_second_xian()
    assert s.table == 9 and s.controller == 2
    # D 扣ed: E 掀s, D must lead; no 紧牌 in mode N by default
    s.apply(1, move("X", "Qc Jc Tc"))
    assert "J" not in codes_of(s, 2)
    s, _ = n_to_second_xian(tighten=True)
    s.apply(1, move("X", "Qc Jc Tc"))
    assert "J" in codes_of(s, 2) and "K" not in codes_of(s, 2)
    ev = s.apply(2, "J")
    assert ev == [{"type": "tighten", "seat": 2, "limit": 7}]
    # H and E hold 7 = 16 − 9 cards already; only D owes
    assert s.to_act() == [2] and s.owed == [0, 0, 6]
    refuse(s, 2, move("D", "2d"), "wrong_count")
    refuse(s, 0, move("D", "Qs"), "not_your_turn")
    ev = s.apply(2, move("D", "2d 3d 4d 6d 7d 8d"))
    assert ev == [{"type": "discard", "seat": 2, "count": 6}]  # hidden cards
    assert s.to_act() == [2] and s.must_lead and "J" not in codes_of(s, 2)
    assert s.view(2)["my_discards"] == ["2d", "3d", "4d", "6d", "7d", "8d"]
    assert "my_discards" not in s.public_view() and "6d" not in str(s.public_view())


def test_tighten_asks_everyone_at_once():
    s = start("xianniu", P_DEAL)
    while s.table < 9:
        c = s.controller
        assert "J" not in codes_of(s, c)  # only once the table holds 9
        s.apply(c, max((m for m in s.legal_moves(c) if m.kind == "lead"),
                       key=lambda m: len(m.cards)).code)
        while s.phase == "trick":
            (seat,) = s.to_act()
            s.apply(seat, s.legal_moves(seat)[0].code)
    c = s.controller
    s.apply(c, "J")
    limit = CAP - s.table
    owing = [q for q in range(3) if s.hands[q].bit_count() > limit]
    assert s.to_act() == owing and len(owing) >= 2
    for q in owing:
        (pick,) = s.legal_moves(q)
        assert pick.kind == "discard" and pick.min_count == s.hands[q].bit_count() - limit
    for q in owing:
        pick = s.legal_moves(q)[0]
        s.apply(q, pick.code_for(pick.choices[: pick.min_count]))
    assert all(h.bit_count() <= limit for h in s.hands) and s.to_act() == [c]


# -- 喜前不喜后 ------------------------------------------------------------------
@pytest.mark.parametrize("rule,net", [("first_lead", [-2, 4, -2]), ("first_play", [0, 0, 0]),
                                      ("off", [-2, 4, -2])])
def test_xi_first_through_play(rule, net):
    s = start("niujiu", build_deal("niujiu", "2s 3s", "Ks Kh Kc Kd 5h 5s"), xi_first=rule)
    s.apply(0, move("L", "2s"))
    s.apply(1, move("B", "Ks"))  # a beat, not a lead
    s.apply(1, move("L", "5h 5s"))  # 公喜 as the first lead
    s.apply(1, move("L", "Kh Kc Kd"))
    for seat in (1, 2, 0):
        s.apply(seat, "K")
    assert s.counts[1] == 6 and s.result().net == net


# -- dealers -----------------------------------------------------------------------
def test_first_dealer_cut_and_random():
    game = registry.get("niujiu")
    v = game.variant()
    rules = rules_for("N", v)
    seen = set()
    for seed in range(60):
        rounds = game.cut_rounds(v, seed)
        winner, drawn = rounds[-1]
        assert winner in drawn and game.first_dealer(v, 3, seed) == winner
        best = max(rules.info(rules.deck.bit[c]).tier for c in drawn.values())
        assert rules.info(rules.deck.bit[drawn[winner]]).tier == best
        assert all(w == -1 for w, _ in rounds[:-1])
        seen.add(winner)
    assert seen == {0, 1, 2}
    p = registry.get("xianniu")
    pv = p.variant()
    dealers = [p.first_dealer(pv, 3, seed) for seed in range(60)]
    assert set(dealers) == {0, 1, 2}
    assert dealers != [p.first_dealer(p.variant({"dealer_first": "cut"}), 3, s)
                       for s in range(60)]


def test_dealer_next():
    game = registry.get("xianniu")
    rng = random.Random(3)
    finished = playout(game.new_state(seed=5, dealer=1), RandomPlayer(), rng)
    v = game.variant()
    assert game.next_dealer(v, finished, 5) == 2
    rv = game.variant({"dealer_next": "random"})
    assert {game.next_dealer(rv, playout(game.new_state(rv, seed=s), RandomPlayer(), rng), s)
            for s in range(30)} == {0, 1, 2}
    wv = game.variant({"dealer_next": "winner"})
    for s in range(30):
        f = playout(game.new_state(wv, seed=s), RandomPlayer(), rng)
        net = f.result().net
        d = game.next_dealer(wv, f, s)
        assert d == f.dealer if max(net) <= 0 else net[d] == max(net)


# -- endings seen in random play ------------------------------------------------------
def test_end_reasons_in_random_play():
    game = registry.get("xianniu")
    rng = random.Random(9)
    reasons = set()
    for seed in range(200):
        s = playout(game.new_state(seed=seed), RandomPlayer(), rng)
        reasons.add(s.end_reason)
        if s.end_reason == "table_full":
            assert s.table == CAP
    assert {"table_full", "all_kou"} <= reasons


def test_controller_without_cards_ends_the_hand():
    """Rare in play (only after losing cards to 废牌 or discards), so the hand
    is set up directly: B's other cards lie face down, his last is K♠."""
    s = start("xianniu", P_DEAL, dealer=1)
    ks = s.deck.bit["Ks"]
    s.hidden[1] = s.hands[1] ^ ks
    s.hands[1] = ks
    ev = s.apply(1, "LKs")
    assert ev[-1] == {"type": "end", "reason": "no_cards"} and s.is_over()
    assert s.table == 1 and s.to_act() == []


def test_views_hide_other_hands():
    s = start("xianniu", P_DEAL)
    v = s.view(1)
    assert v["hand"] == P_DEAL["hands"][1] or sorted(v["hand"]) == sorted(P_DEAL["hands"][1])
    pub = str(s.public_view())
    assert "hand" not in s.public_view() and "9h" not in pub
    assert codes("9h")[0] in s.view(0)["hand"]

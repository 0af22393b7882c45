"""Rules §3.3 and §3.4: the worked hands, driven through the real state
machine from explicit deals; §4.4: every scoring example."""

import pytest

from games import registry
from games.base import IllegalMove
from games.records import record_of, replay
from games.xianniu.scoring import score_hand
from tests.games.xianniu.helpers import build_deal, codes, play

P_DEAL = {"hands": [
    codes("9h 9s 7c 7d 5d Qs Qh 6s 6h As Ah 2c 5s 6c 7s Ts"),  # A (dealer)
    codes("8s 8h 8c Kc Ks Td 2s 2h Ac Ad 2d 5h 7h Th Jc Qc"),  # B
    codes("Js Jh 3s 3h 3d 3c 5c 6d 8d 9c 9d Tc Jd Qd Kh Kd"),  # C
]}


def lead(state, seat, text):
    return state.apply(seat, "L" + "".join(sorted(codes(text))))


def beat(state, seat, text):
    assert state.to_act() == [seat]
    return state.apply(seat, "B" + "".join(sorted(codes(text))))


def cards_code(prefix, text):
    return prefix + "".join(sorted(codes(text)))


def types(events):
    return [(e["type"], e["seat"]) for e in events if "seat" in e]


def test_worked_hand_mode_p():
    game = registry.get("xianniu")
    s = game.start(game.variant(), P_DEAL, 0)
    A, B, C = 0, 1, 2
    # 1. 公牛: nobody can beat a tier-13 pair, both pass automatically
    ev = lead(s, A, "9h9s")
    assert types(ev) == [("lead", A), ("pass", B), ("pass", C), ("take", A)]
    assert s.table == 2 and s.to_act() == [A]
    # 2. 77: B must beat (only beating pairs are offered), then C must beat 88
    lead(s, A, "7c7d")
    assert s.to_act() == [B]
    assert all(m.kind == "beat" and len(m.cards) == 2 for m in s.legal_moves(B))
    with pytest.raises(IllegalMove):
        s.apply(B, "K")  # 有拦必拦: no 扣 while a beat is possible
    beat(s, B, "8s8h")
    ev = beat(s, C, "JsJh")
    assert ev[-1] == {"type": "take", "seat": C, "count": 2, "leaves": 2}
    assert s.table == 4 and s.controller == C
    # 3. C 扣s, A 掀s
    s.apply(C, "K")
    assert s.to_act() == [A] and s.kou[C]
    s.apply(A, "X")
    assert s.xian[A][C] == 1 and s.last_xianer[C] == A and s.must_lead
    assert "K" not in {m.code for m in s.legal_moves(C)}
    # 4. C leads 3♠, A beats with 5♦, B with K♣
    lead(s, C, "3s")
    beat(s, A, "5d")
    ev = beat(s, B, "Kc")
    assert s.counts == [2, 1, 2] and s.table == 5 and s.controller == B
    # 5. 摆: cannot be beaten
    ev = lead(s, B, "KsTd8c")
    assert types(ev)[1:3] == [("pass", C), ("pass", A)] and s.table == 8
    # 6. 22 → C 33 → A QQ
    lead(s, B, "2s2h")
    beat(s, C, "3h3d")
    beat(s, A, "QsQh")
    assert s.counts == [4, 4, 2] and s.table == 10 and s.controller == A
    # 7. 紧牌: everyone down to 16 − 10 = 6 cards, all at once
    s.apply(A, "J")
    assert s.to_act() == [A, B, C] and s.owed == [3, 2, 5]
    s.apply(B, cards_code("D", "Jc Qc"))
    s.apply(C, cards_code("D", "9c 9d Qd Kh Kd"))
    assert s.to_act() == [A]
    s.apply(A, cards_code("D", "6c 7s Ts"))
    assert [h.bit_count() for h in s.hands] == [6, 6, 6] and s.to_act() == [A]
    # 8. 66: nobody can beat
    lead(s, A, "6s6h")
    assert s.counts == [6, 4, 2] and s.table == 12
    # 9. A 扣, B 扣, C not eligible: END
    s.apply(A, "K")
    assert s.to_act() == [B]
    ev = s.apply(B, "K")
    assert s.is_over() and ev[-1] == {"type": "end", "reason": "all_kou"}
    res = s.result()
    assert res.net == [4, -2, -2]
    assert res.details["seats"][A]["xingzi"] == 2
    assert not [p for p in res.details["payments"] if p["why"] == "xian"]  # A reached 6
    again, _ = replay(record_of(s))
    assert again == s


N_DEAL = {"hands": [
    codes("5h 5s 5d Ks Ts 8s 2s 3s 4s Qs Qh Js 7s 7h 6s 6h"),  # H 头家
    codes("2h 2c 3h 3c 4h 4c 5c 6c 7c 8c 9c Jh Jc Qc Tc Td"),  # E 二家
    codes("Kh Th 8h 9h 9s 2d 3d 4d 6d 7d 8d 9d Jd Qd Kc Kd"),  # D 底家
]}


@pytest.mark.parametrize("keep_right", [False, True])
def test_worked_hand_mode_n_er_wu(keep_right):
    """[S2] has H polled (and saying 洗) in step 4, which is the game-hall rule
    leader_kou_keeps_xian_right; by default H's own 扣 in step 2 already cost
    him the 掀 right, so the poll goes straight to E. Same result either way."""
    game = registry.get("niujiu")
    v = game.variant({"stake": [2, 5], "leader_kou_keeps_xian_right": keep_right})
    s = game.start(v, N_DEAL, 0)
    H, E, D = 0, 1, 2
    # 1. 三喜 as the first lead, then 摆: nobody can take either
    lead(s, H, "5h5s5d")
    lead(s, H, "KsTs8s")
    assert s.counts[H] == 6 and s.table == 6
    # 2. 洗 (扣); E 掀s after 贴牌 down to 16 − 6 = 10 cards
    s.apply(H, "K")
    assert s.to_act() == [E]
    (pick, kou) = s.legal_moves(E)
    assert pick.prefix == "X" and pick.min_count == pick.max_count == 6 and kou.code == "K"
    with pytest.raises(IllegalMove):
        s.apply(E, "X")  # 贴牌 first
    ev = s.apply(E, cards_code("X", "9c 8c 7c 6c 5c Jh"))
    assert ev[0] == {"type": "xian", "seat": E, "target": H, "discard": 6}
    assert s.hands[E].bit_count() == 10 and s.must_lead
    # 3. 鱼: E cannot eat (passes), D must eat with 摆
    ev = lead(s, H, "2s3s4s")
    assert ("pass", E) in types(ev) and s.to_act() == [D]
    beat(s, D, "KhTh8h")
    assert s.counts == [6, 0, 3] and s.table == 9 and s.controller == D
    # 4. D 洗; H 洗 (loses his 掀 right); E 掀s D, cutting to 7
    s.apply(D, "K")
    if keep_right:
        assert s.to_act() == [H]
        s.apply(H, "K")
    assert s.to_act() == [E] and s.legal_moves(E)[0].min_count == 3
    s.apply(E, cards_code("X", "Qc Jc Tc"))
    # 5. 公牛: nobody can beat
    lead(s, D, "9h9s")
    assert s.counts == [6, 0, 5] and s.table == 11
    # 6. D 洗; H is not asked; E 扣: END
    s.apply(D, "K")
    assert s.to_act() == [E]
    s.apply(E, "K")
    assert s.is_over()
    res = s.result()
    pays = {(p["from"], p["to"], p["why"]): p["amount"] for p in res.details["payments"]}
    assert pays == {(E, H, "base"): 6, (D, H, "base"): 6, (E, H, "xian"): 5, (E, D, "xian"): 5}
    assert res.net == [17, -16, -1]


def test_worked_hand_mode_n_xi_only_counts_as_first_lead():
    """The same deal, but H leads the 摆 before the 三喜 (喜前不喜后)."""
    game = registry.get("niujiu")
    s = game.start(game.variant({"stake": [2, 5]}), N_DEAL, 0)
    lead(s, 0, "KsTs8s")
    lead(s, 0, "5h5s5d")
    s.apply(0, "K")
    s.apply(1, "K")
    s.apply(2, "K")
    res = s.result()
    assert res.details["seats"][0]["xingzi"] == 0 and res.net == [0, 0, 0]
    s2 = game.start(game.variant({"stake": [2, 5], "xi_first": "off"}), N_DEAL, 0)
    lead(s2, 0, "KsTs8s")
    lead(s2, 0, "5h5s5d")
    for seat in (0, 1, 2):
        s2.apply(seat, "K")
    assert s2.result().net == [12, -6, -6]


# -- §4.4 scoring examples ---------------------------------------------------
def plays_of(game_id, *texts, xi_ok=True):
    return [(play(game_id, t), xi_ok) for t in texts]


def variant(game_id, **flags):
    return registry.get(game_id).variant(flags)


NOX = [[0, 0, 0], [0, 0, 0], [0, 0, 0]]


def test_e1():
    leaves = [plays_of("xianniu", "9♥9♠", "7s7h", "6s6h"), plays_of("xianniu", "Ks", "KhTh8h"),
              []]
    assert score_hand(leaves, NOX, [None] * 3, variant("xianniu")).net == [4, -2, -2]


def test_e2_winner_without_xingzi_is_a_draw():
    leaves = [plays_of("xianniu", "7s7h7c", "6s6h6c", "Ks"), plays_of("xianniu", "QsQh"),
              plays_of("xianniu", "8s8h8c")]
    assert score_hand(leaves, NOX, [None] * 3, variant("xianniu")).net == [0, 0, 0]
    # min_base_for_six = 1: a winner is paid at least one unit by each loser
    assert score_hand(leaves, NOX, [None] * 3,
                  variant("xianniu", min_base_for_six=1)).net == [2, -1, -1]


def test_e3_everyone_kou_at_the_start():
    game = registry.get("xianniu")
    s = game.start(game.variant(), P_DEAL, 0)
    for seat in (0, 1, 2):
        s.apply(seat, "K")
    assert s.is_over() and s.result().net == [0, 0, 0]


def test_e4_failed_xian_is_paid_even_below_six():
    leaves = [plays_of("xianniu", "7s7h", "8s8h"), plays_of("xianniu", "QsQh", "KsTh8h"),
              plays_of("xianniu", "6s6h6c")]
    xian = [[0, 0, 0], [1, 0, 0], [0, 0, 0]]
    assert score_hand(leaves, xian, [1, None, None], variant("xianniu")).net == [2, -2, 0]


E7_A = ["9h9s9d", "5h5s", "5d5c", "KsTs8s", "QsQhQc"]  # 13 leaves, base 7


def test_e7_big_hand_double_by_last_xianer():
    leaves = [plays_of("xianniu", *E7_A), plays_of("xianniu", "2s2h"), plays_of("xianniu", "3s")]
    assert sum(p.size for p, _ in leaves[0]) == 13
    xian = [[0, 0, 0], [1, 0, 0], [0, 0, 0]]
    res = score_hand(leaves, xian, [1, None, None], variant("xianniu"))
    assert res.net == [35, -28, -7]
    why = {(p["from"], p["why"]): p["amount"] for p in res.details["payments"]}
    assert why == {(1, "bighand_double"): 26, (1, "xian"): 2, (2, "base"): 7}
    lit = score_hand(leaves, xian, [1, None, None],
                 variant("xianniu", bighand_double_includes_xian=True))
    assert lit.net == [33, -26, -7]
    plain = score_hand(leaves, xian, [1, None, None], variant("xianniu", bighand_payment="plain"))
    assert plain.net == [13 + 13 + 2, -15, -13]


def test_e7_under_bao_ci_and_in_mode_n():
    leaves = [plays_of("niujiu", *E7_A), plays_of("niujiu", "2s2h"), plays_of("niujiu", "3s")]
    xian = [[0, 0, 0], [1, 0, 0], [0, 0, 0]]
    res = score_hand(leaves, xian, [1, None, None], variant("niujiu", xi_first="off"))
    assert res.net == [28, -28, 0]  # 掀朿包朿: B pays 2×13 + 2, C pays nothing


def test_e8_big_hand_without_xian():
    leaves = [plays_of("xianniu", "9h9s", "KsTs8s", "QsQhQc", "7s7h7c"),
              plays_of("xianniu", "2s2h2c"), plays_of("xianniu", "3s3h")]
    assert score_hand(leaves, NOX, [None] * 3, variant("xianniu")).net == [12, -6, -6]


def test_e9_direct():
    leaves = [plays_of("niujiu", "5h5s5d", "KsTs8s"), [], plays_of("niujiu", "9h9s", "KhTh8h")]
    xian = [[0, 0, 0], [1, 0, 1], [0, 0, 0]]
    res = score_hand(leaves, xian, [None, None, 1], variant("niujiu", stake=[2, 5]))
    assert res.net == [17, -16, -1]


E13 = codes("9h 9s 5h 5c Qs Qh Qc Qd 2s 2h 3s 3h 7s 7h Ks Kh")
E13_REST = codes("As Ah Ac 2c 3c 5s 6s 6h 6c 7c 8s 8h 8c 9c Ts Th "
                 "Ad 2d 3d 5d 6d 7d 8d 9d Tc Td Js Jh Jc Jd Kc Kd")


def test_e13_ba_da_dui_at_the_deal():
    game = registry.get("xianniu")
    deal = {"hands": [E13, E13_REST[:16], E13_REST[16:]]}
    s = game.start(game.variant(), deal, 1)  # not the dealer: still played first
    assert s.is_over() and s.history == [] and s.opening == {"seat": 0, "shape": "badadui"}
    res = s.result()
    assert res.details["seats"][0]["base"] == 6 and res.details["seats"][0]["bonus"] == 9
    assert res.net == [30, -15, -15]


def test_e15_xi_first():
    plays = [(play("niujiu", "Ks"), False), (play("niujiu", "5h5c"), False),
             (play("niujiu", "9h9c"), False), (play("niujiu", "7s7h"), False)]
    leaves = [plays, plays_of("niujiu", "2s2h2c"), plays_of("niujiu", "3s3h")]
    assert score_hand(leaves, NOX, [None] * 3, variant("niujiu")).net == [4, -2, -2]
    off = [[(i, True) for i, _ in plays], leaves[1], leaves[2]]
    assert score_hand(off, NOX, [None] * 3, variant("niujiu", xi_first="off")).net == [8, -4, -4]


def lead_alone(s, seat, text):
    """A lead nobody can beat: it stands at once."""
    ev = lead(s, seat, text)
    assert ev[-1]["type"] in ("take", "end") and ev[-1].get("seat", seat) == seat, ev
    return ev


def test_e7_through_play():
    a = "9h 9s 9d 5h 5s 5d 5c Ks Ts 8s Qs Qh Qc"
    s = registry.get("xianniu").start(
        registry.get("xianniu").variant(), build_deal("xianniu", a, "Kh Kc", "Kd"), 0)
    for text in ("9h9s9d", "5h5s", "5d5c"):
        lead_alone(s, 0, text)
    s.apply(0, "K")
    s.apply(1, "X")  # B 掀s A
    for text in ("KsTs8s", "QsQhQc"):
        lead_alone(s, 0, text)
    assert s.counts[0] == 13
    for seat in (0, 1, 2):
        s.apply(seat, "K")
    res = s.result()
    assert res.details["seats"][0]["base"] == 7 and res.details["seats"][0]["bonus"] == 6
    assert res.net == [35, -28, -7]


def test_e8_through_play():
    a = "9h 9s Ks Ts 8s Qs Qh Qc 7s 7h 7c"
    s = registry.get("xianniu").start(
        registry.get("xianniu").variant(), build_deal("xianniu", a, "Kh Kc", "Kd"), 0)
    for text in ("9h9s", "KsTs8s", "QsQhQc", "7s7h7c"):
        lead_alone(s, 0, text)
    for seat in (0, 1, 2):
        s.apply(seat, "K")
    assert s.result().net == [12, -6, -6]

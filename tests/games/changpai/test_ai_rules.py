"""The 幺地人 rule-of-thumb player: positions where it must choose sensibly,
and the fast hand calculator it uses (same answers as the engine's estimate)."""

import random

from games import registry
from games.changpai.ai_eval import HandCalc
from games.changpai.ai_heuristic import Heuristic, Position
from games.changpai.cards import KIND_OF, N_KINDS
from games.players import RandomPlayer
from tests.games.changpai.helpers import cards, code, codes_of, start

OFF = {"qualify_mode": "off"}
H = Heuristic()
GAME = registry.get("changpai")


def test_hand_calc_matches_the_engine_estimate_after_every_discard():
    rng = random.Random(4)
    checked = 0
    for h in range(40):
        st = GAME.new_state(seed=500 + h)
        for _ in range(rng.randrange(0, 40)):
            if st.is_over():
                break
            seat = st.to_act()[0]
            st.apply(seat, RandomPlayer().choose(st, seat, rng))
        if st.is_over():
            continue
        for seat in range(3):
            conc, f = st.conc[seat], st.fixed(seat)
            calc = HandCalc(conc, st.unseen(seat), max(0, 7 - f.count), False)
            thr = 34 if st.is_dealer(seat) else 33
            for k in range(N_KINDS):
                if not conc[k]:
                    continue
                after = list(conc)
                after[k] -= 1
                seen = list(st.seen)
                seen[k] += 1
                e = st.estimate_of(seat, after, f, seen)
                ok, tuo, _v = calc.evaluate({k: -1}, f.count, f.tuo, thr)
                assert (ok, tuo) == (e.ok, e.tuo)
                checked += 1
    assert checked > 200


def test_discards_the_lone_card_not_a_set():
    # 6 triples, 二红 + 平八 (a 14-pair), and a lone 高脚 (no other 7 in hand)
    hand = cards(
        ("天", 3), ("人", 3), ("幺四", 3), ("梅子", 3), ("长三", 3), ("板凳", 3), "高脚", "二红"
    )
    st = start([hand, [], []], stock=["平八"], **OFF)
    assert st.to_act() == [0]
    assert H.choose(st, 0, random.Random(0)) == "D" + code("高脚")


def test_pengs_a_youdiren_pair_that_completes_a_set():
    # P1 holds 人×2; the dealer throws a 人: 碰 makes a red 幺地人 triple (8 砣, 1 番)
    st = start([cards("人"), cards(("人", 2)), []], stock=["黑九"], avoid=((), (), ("人",)), **OFF)
    st.apply(0, "D" + code("人"))
    assert "P" in codes_of(st, 1)
    assert H.choose(st, 1, random.Random(0)) == "P"


def test_takes_a_win_and_a_due_kill():
    st = start([cards("人"), cards(("人", 3)), []], stock=["黑九"], avoid=((), (), ("人",)), **OFF)
    st.apply(0, "D" + code("人"))
    # a due 杀 is answered by the engine; the player is never asked
    assert st.melds[1] and st.melds[1][0][0] == "sha"


def test_never_discards_into_baozi_when_a_safe_card_exists():
    rng = random.Random(2)
    safe_exists = chosen_safe = 0
    for h in range(60):
        st = GAME.new_state(seed=900 + h)
        for _ in range(80):
            if st.is_over():
                break
            seat = st.to_act()[0]
            if st.phase == "discard" and st.estimates_on():
                pos = Position(st, seat)
                codes = [m.code for m in st.legal_moves(seat) if m.code[0] == "D"]
                ok = {c for c in codes if pos.calc.evaluate(
                    {KIND_OF[c[1:]]: -1}, pos.fixed.count, pos.fixed.tuo, pos.thr)[0]}
                if ok and len(ok) < len(codes):
                    safe_exists += 1
                    chosen_safe += H.choose(st, seat, rng) in ok
            st.apply(seat, H.choose(st, seat, rng))
    assert safe_exists > 0 and chosen_safe == safe_exists


def test_qi_with_a_strong_hand_da_with_a_weak_one():
    strong = cards(("地", 3), ("人", 3), ("天", 3), ("幺四", 2), "红九", "高脚", "二五", "三四",
                   ("四六", 2), "和", "梅子")
    # playable (estimate 35 砣) but only three pairs of red cards: better a redeal
    weak = cards(
        ("地", 2),
        ("人", 2),
        "天",
        "幺四",
        "红九",
        "高脚",
        "二五",
        ("梅子", 2),
        ("长三", 2),
        ("板凳", 2),
        ("斧头", 2),
        "黑九",
        "平八",
        "拐子",
    )
    st = start([strong, [], []])
    assert "Q" in codes_of(st, 0)
    assert H.choose(st, 0, random.Random(0)) == "Q"
    st = start([weak, [], []])
    assert codes_of(st, 0) == ["Q", "A", "Y"]
    assert H.choose(st, 0, random.Random(0)) == "A"

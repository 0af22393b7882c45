"""The 掀牛 computer players: rules of thumb in set positions, and
determinize respecting what passes reveal."""

from __future__ import annotations

import random

from games.base import Pick
from games.records import state_from_json
from games.xianniu.ai import choose, determinize, heuristic
from games.xianniu.ai_world import FULL, Knowledge, beatable
from tests.games.xianniu.helpers import codes, move, start

# Mode P: seat 0 low cards and a 10; seat 1 8888, 公牛 9♠9♥, 公喜 5♣5♦; seat 2
# the court cards, 公牛 9♣9♦, a 10 and a 7. Mode N: the Aces become 4s.
P_HANDS = [
    "A♠A♥A♣2♠2♥2♣3♠3♥3♣5♠5♥6♠6♥6♣10♣7♥",
    "A♦2♦3♦5♣5♦6♦7♣7♦8♠8♥8♣8♦9♠9♥10♠10♥",
    "9♣9♦7♠10♦J♠J♥J♣J♦Q♠Q♥Q♣Q♦K♠K♥K♣K♦",
]


def p_state(dealer: int, game_id: str = "xianniu", **flags):
    hands = [codes(h if game_id == "xianniu" else h.replace("A", "4")) for h in P_HANDS]
    return start(game_id, {"hands": hands}, dealer, **flags)


def mask(state, text: str) -> int:
    return state.deck.mask(codes(text))


H = heuristic()


def test_leads_a_sure_xingzi_play_first():
    s = p_state(dealer=1)
    xingzi = {move("L", "9♠9♥"), move("L", "5♣5♦")}  # 公牛, 公喜: unbeatable, they score
    first = H.choose(s, 1, random.Random(0))
    assert first in xingzi
    s.apply(1, first)
    assert H.choose(s, 1, random.Random(0)) == (xingzi - {first}).pop()


def test_niujiu_leads_gongxi_first_lead():
    # 喜前不喜后: 公喜 scores only as the first lead, so it goes before 公牛
    s = p_state(dealer=1, game_id="niujiu")
    assert H.choose(s, 1, random.Random(0)) == move("L", "5♣5♦")


def test_last_follower_beats_cheaply():
    s = p_state(dealer=0)
    s.apply(0, move("L", "A♠"))
    s.apply(1, move("B", "5♣"))
    # seat 2 may beat with 7, any 9, 10, J, Q or K: the cheapest keeps the rest
    assert H.choose(s, 2, random.Random(0)) == move("B", "7♠")


def test_xian_only_with_a_realistic_way_to_six():
    s = p_state(dealer=2)
    s.apply(2, "K")
    assert H.choose(s, 0, random.Random(0)) == "K"  # nothing sure in seat 0's low cards
    s.apply(0, "K")
    # seat 1: 公牛, 公喜 and the 鱼 A♦2♦3♦ (it holds every 8: no 摆 can eat it) = 7
    assert H.choose(s, 1, random.Random(0)) == "X"


def test_winner_with_nothing_sure_stops():
    s = p_state(dealer=2)
    for cards in ("K♠K♥K♣K♦", "Q♠Q♥Q♣Q♦"):
        s.apply(2, move("L", cards))
    assert s.counts[2] == 8 and s.phase == "control"
    # J♠J♥J♣J♦ and 公牛 are still sure: lead them rather than stop
    assert H.choose(s, 2, random.Random(0))[0] == "L"
    s.apply(2, move("L", "J♠J♥J♣J♦"))
    s.apply(2, move("L", "9♣9♦"))
    # every Q, K and J stands on the table: 10♦ is sure, 7♠ is not
    assert H.choose(s, 2, random.Random(0)) == move("L", "10♦")
    s.apply(2, move("L", "10♦"))
    assert H.choose(s, 2, random.Random(0)) == "K"


def test_discards_keep_the_strongest_cards():
    s = p_state(dealer=0)
    pick = Pick("discard", "D", tuple(s.view(1)["hand"]), 4, 4)
    code = H.discard(s, 1, pick)
    gone = set(codes(code[1:]))
    assert gone == set(codes("A♦2♦3♦6♦"))  # 公牛, 公喜, 8888 and the 10s stay


def _beat_pair_position():
    """Seat 2 leads Q♠Q♥, seat 0 passes (no pair above QQ), seat 1 must beat
    with 公牛, seat 2 cannot top it."""
    s = p_state(dealer=2)
    s.apply(2, move("L", "Q♠Q♥"))
    assert s.pending == 1
    s.apply(1, move("B", "9♠9♥"))
    assert s.controller == 1 and s.phase == "control"
    return s


def test_knowledge_finds_the_pass():
    s = _beat_pair_position()
    k = Knowledge(s, 1)
    # one round only: the leader (seat 2) is not asked to top 公牛
    assert [(k.places[c[0][0]][0], c[2].codes) for c in k.constraints] == [(0, "QhQs")]


def test_determinize_respects_a_pass_on_a_pair_and_conserves_cards():
    s = _beat_pair_position()
    kings = mask(s, "K♠K♥K♣K♦")
    rules = s.rules
    qq = rules.info(mask(s, "Q♠Q♥"))
    for seed in range(25):
        w = determinize(s, 1, random.Random(seed))
        assert w.view(1) == s.view(1)
        assert not beatable(rules, w.hands[0], qq), "seat 0 passed on QQ"
        assert (w.hands[0] & kings).bit_count() <= 1
        assert [h.bit_count() for h in w.hands] == [h.bit_count() for h in s.hands]
        on_table = w.waste | sum(i.mask for p in w.leaves for i, _ in p)
        assert w.hands[0] | w.hands[1] | w.hands[2] | on_table == FULL
        assert w.hands[0] & w.hands[2] == 0


def test_determinize_respects_single_voids_against_the_real_holder():
    # seat 2 leads Q♠; seats 0 and 1 hold no K and pass. From seat 1's
    # view every K must be with seat 2 (seat 0 passed).
    s = p_state(dealer=2)
    s.apply(2, move("L", "Q♠"))
    assert s.controller == 2 and s.counts[2] == 1
    kings = mask(s, "K♠K♥K♣K♦")
    seen_other_deal = False
    for seed in range(25):
        w = determinize(s, 1, random.Random(seed))
        assert w.hands[0] & kings == 0
        assert w.hands[2] & kings == kings
        seen_other_deal |= w.hands[0] != s.hands[0]
    assert seen_other_deal


def test_hidden_discards_stay_hidden_and_counted():
    # mode N: a 掀 with 贴牌 puts cards face down; the world re-deals them
    s = p_state(dealer=2, game_id="niujiu")
    s.apply(2, move("L", "K♠K♥K♣K♦"))
    s.apply(2, "K")
    assert s.to_act() == [0]
    s.apply(0, "K")
    x = s.legal_moves(1)[0]
    assert isinstance(x, Pick) and x.min_count == 4
    s.apply(1, H.discard(s, 1, x))
    assert s.must_lead and s.controller == 2
    worlds = [determinize(s, 0, random.Random(seed)) for seed in range(10)]
    for w in worlds:
        assert w.view(0) == s.view(0)
        assert w.hidden[1].bit_count() == 4
        assert w.hidden[1] & (w.hands[1] | w.hands[2]) == 0
        # the world's history carries its own discards, not the real ones
        assert w.history[-1] == (1, "X" + s.deck.code_str(w.hidden[1]))
    assert any(w.hidden[1] != s.hidden[1] for w in worlds)


def test_choose_is_legal_and_quick_enough():
    s = p_state(dealer=0)
    code = choose(s, 0, random.Random(0), budget_s=0.05)
    assert code in {m.code for m in s.legal_moves(0)}


def test_threat_agrees_with_beatable():
    from games.xianniu.ai_world import Threat

    for game_id in ("xianniu", "niujiu"):
        s = p_state(dealer=0, game_id=game_id)
        rules = s.rules
        rng = random.Random(7)
        plays = rules.combos(FULL)
        for _ in range(40):
            m = 0
            for c in rng.sample(range(48), rng.randrange(4, 30)):
                m |= 1 << c
            t = Threat(rules, m)
            for info in rng.sample(plays, 60):
                assert t.beats(info) == beatable(rules, m, info), (info.codes, m)


def test_monte_carlo_candidates_one_per_kind():
    from games.xianniu.ai import _distinct

    s = p_state(dealer=0)
    codes_ = [move("L", c) for c in ("10♣", "10♦", "9♣", "9♦", "J♠", "J♥")]
    # 10♣ = 10♦ and J♠ = J♥, but a red and a black 9 differ (公牛 needs both)
    assert _distinct(s, codes_ + ["K"]) == [move("L", "10♣"), move("L", "9♣"), move("L", "9♦"),
                                            move("L", "J♠"), "K"]


def test_mc_v1_is_the_player_before_issue_14():
    from games.players import make_player

    v1, now = make_player("mc:v1", "xianniu"), make_player("mc", "xianniu")
    assert (v1.sure_shortcut, v1.max_leads, v1.z) == ({"P", "N"}, 5, 1.0)
    assert v1.heuristic.modes == frozenset()  # 贴s as the heuristic does
    assert (now.sure_shortcut, now.max_leads, now.z) == (frozenset(), 5, 1.0)


def test_mc_searches_a_sure_lead():
    """Both games' players weigh a sure lead against the others (掀牛 since
    issue 14's search pass, 掀牛九 since its 贴牌 pass); mc:v1 leads it
    without search, and so does mc:v2 in 掀牛九."""
    from games.players import make_player

    for game_id, v2_searches in (("xianniu", True), ("niujiu", False)):
        s = p_state(dealer=1, game_id=game_id)
        sure = H.choose(s, 1, random.Random(0))
        v1 = make_player("mc:v1", game_id).candidates(s, 1, random.Random(0))
        v2 = make_player("mc:v2", game_id).candidates(s, 1, random.Random(0))
        now = make_player("mc", game_id).candidates(s, 1, random.Random(0))
        assert v1 == [sure]
        assert sure in now and len(now) > 1
        assert v2 == now if v2_searches else v2 == [sure]


# Seat 1 leads its 摆 K♥10♦8♦ and 扣s, seat 2 扣s: seat 0 may 掀 after laying
# down (贴) 3 cards. Its 鱼 2+3+4 is sure (every K is seen, so no 摆 can
# beat it), but its only 4 is among its lowest-valued cards.
TIE_HANDS = [
    "2s 2h 3h 3d 4d 5s 5c 7s 7d 9s Th Js Qc Ks Kc Kd",
    "2d 3s 3c 4h 4c 5d 6h 7h 8d 9h Td Jc Jd Qs Qh Kh",
    "2c 4s 5h 6s 6c 6d 7c 8s 8h 8c 9c 9d Ts Tc Jh Qd",
]


def tie_state(game_id: str = "niujiu", **flags):
    hands = [h if game_id == "niujiu" else h.replace("4", "A") for h in TIE_HANDS]
    s = start(game_id, {"hands": [codes(h) for h in hands]}, 1, **flags)
    for seat, code in ((1, move("L", "K♥10♦8♦")), (1, "K"), (2, "K")):
        s.apply(seat, code)
    return s


def test_niujiu_mc_ties_keeping_its_sure_plays():
    """掀牛九's player 贴s keeping its sure plays, as its default and in its
    own seat's playouts (the 贴牌 pass); mc:v2 贴s as the heuristic does,
    which breaks the 鱼."""
    from games.players import make_player

    s = tie_state()
    rng = random.Random(0)
    old, kept = move("X", "4♦5♣5♠"), move("X", "2♥5♣5♠")
    assert H.choose(s, 0, rng) == old
    now, v2 = make_player("mc", "niujiu"), make_player("mc:v2", "niujiu")
    assert now.heuristic.choose(s, 0, rng) == kept
    assert v2.heuristic.choose(s, 0, rng) == old
    assert {old, kept, "K"} <= set(now.with_default(s, now.candidates(s, 0, rng), kept))
    # in its playouts the other seats 贴 as the heuristic does
    assert now.others.choose(s, 0, rng) == old


def test_xianniu_mc_ties_as_before():
    """掀牛's player is not changed by the 贴牌 pass (were a 贴牌 rule set)."""
    from games.players import make_player

    s = tie_state("xianniu", tie_rule="limit16")
    assert isinstance(s.legal_moves(0)[0], Pick)
    code = H.choose(s, 0, random.Random(0))
    assert make_player("mc", "xianniu").heuristic.choose(s, 0, random.Random(0)) == code


def test_a_state_and_its_worlds_keep_at_most_29_attributes():
    """CPython 3.11 specialises method calls only on instances of up to 29
    attributes; from the 30th on every attribute load is a dict lookup."""
    from games import registry
    from games.play import random_code

    for game_id in ("xianniu", "niujiu"):
        game = registry.get(game_id)
        for seed in range(6):
            s = game.new_state(seed=seed)
            assert len(vars(s)) <= 29
            rng = random.Random(seed)
            for _ in range(rng.randrange(1, 12)):
                seat = s.to_act()[0]
                s.apply(seat, random_code(s, seat, rng))
                if s.is_over():
                    break
            states = [s, s.copy(), state_from_json(s.to_json())]
            if not s.is_over():
                states.append(determinize(s, s.to_act()[0], random.Random(1)))
            assert all(len(vars(x)) <= 29 for x in states)

"""刨幺 computer players: the rules of thumb in set positions, determinize
(card counts and played cards conserved, public flags respected) and the
Monte Carlo player's pruned candidates."""

from __future__ import annotations

import random
from collections import Counter

from games.paoyao import ai
from games.paoyao.ai_world import clone, determinize, hidden_pool
from games.players import RandomPlayer
from tests.games.paoyao.helpers import GAME, play, position

# Big filler hands so nobody is "about to go out" unless a test says so.
FILL_1 = "5566778899TTJJQ"
FILL_3 = "456789TJQKA2334"


def choose(state, seat=0):
    return ai.heuristic().choose(state, seat, random.Random(0))


def test_never_beats_the_partner_holding_the_trick():
    # partner (2) leads a 9, opponent 3 passes: seat 0 could beat with T, J, ... but passes
    s = position(["TJQKA2 666 789", FILL_1, "9 " + FILL_3, FILL_3], leader=2)
    play(s, (2, "9"), (3, "P"))
    assert s.to_act() == [0]
    assert choose(s) == "P"


def test_beats_a_point_rich_lead_with_the_cheapest_card():
    # opponent 3 leads a K (10 points): take it with the A, not the 2, 3 or a bomb
    s = position(["A 2 3 555 6 7 8 9", FILL_1, FILL_3, "K " + FILL_3], leader=3)
    play(s, (3, "K"))
    assert choose(s) == "A"


def test_keeps_a_bomb_on_a_pointless_low_lead_but_spends_it_on_points():
    hand = "444 6 7 8 9 TJQ 22 33"  # 6 and 7 lose to an 8; only bombs or high cards beat
    low = position([hand, FILL_1, FILL_3, "8 " + FILL_3], leader=3)
    play(low, (3, "8"))
    assert choose(low) == "9"  # the cheapest single, the 444 kept
    # against a 3 (the top non-joker single) only 444 beats: no points, keep it
    top = position(["444 5 6 7 9 TJQ KK", FILL_1, FILL_3, "3 " + FILL_3], leader=3)
    play(top, (3, "3"))
    assert choose(top) == "P"
    # a trick holding 20 points is worth the 三路
    rich2 = position(
        ["444 6 7 9 J Q A", FILL_1, "KK " + FILL_3, "33 " + FILL_3], leader=2
    )
    play(rich2, (2, "KK"), (3, "33"))  # 20 points on the table, opponent on top
    assert choose(rich2) == "444"


def test_goes_out_when_one_play_empties_the_hand():
    s = position(["789", FILL_1, FILL_3, "456 " + FILL_3], leader=3)
    play(s, (3, "456"))
    assert choose(s) == "789"
    lead = position(["TTJJQQ", FILL_1, FILL_3, FILL_3], leader=0)
    assert choose(lead) == "TTJJQQ"


def test_leads_low_combinations_and_keeps_high_cards_and_bombs():
    s = position(["45678 999 2 3 SB", FILL_1, FILL_3, FILL_3], leader=0)
    code = choose(s)
    assert code == "45678"  # the low straight sheds five cards
    s2 = position(["5 9 K 2 3 777", FILL_1, FILL_3, FILL_3], leader=0)
    assert choose(s2) in ("9", "5")  # a low single, not a control card or the 路


def test_snow_is_always_taken():
    for seed in range(40):
        s = GAME.new_state(seed=seed)
        rng = random.Random(seed)
        h = ai.heuristic()
        while not s.is_over():
            seat = s.to_act()[0]
            if s.phase == "snow":
                assert h.choose(s, seat, rng) == "X"
                assert ai.choose(s, seat, rng, budget_s=0.01) == "X"
            s.apply(seat, h.choose(s, seat, rng))


def _random_position(seed: int, steps: int, variant=None):
    s = GAME.new_state(GAME.variant(variant), seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if s.is_over():
            break
        seat = s.to_act()[0]
        s.apply(seat, RandomPlayer().choose(s, seat, rng))
    return s


def test_determinize_conserves_cards_and_counts():
    checked = 0
    for seed in range(25):
        s = _random_position(seed, 20 + 3 * seed)
        if s.is_over():
            continue
        seat = s.to_act()[0]
        w = determinize(s, seat, random.Random(seed))
        assert w.left == s.left
        assert w.view(seat) == s.view(seat)
        hidden = Counter(c for o in range(4) if o != seat for c in s.hand_codes(o))
        dealt = Counter(c for o in range(4) if o != seat for c in w.hand_codes(o))
        assert dealt == hidden == Counter(hidden_pool(s, seat))  # played cards never re-dealt
        assert [len(w.hand_codes(o)) for o in range(4)] == s.left
        whole = Counter(c for h in w.deal["hands"] for c in h)
        assert whole == Counter(c for h in s.deal["hands"] for c in h)  # a full deck
        assert w.score == s.score and w.trick == s.trick and w.history == s.history
        checked += 1
    assert checked > 10


def test_determinize_respects_public_flags():
    # 明幺: every seat's count of As and 4s is public and kept
    s = _random_position(5, 30, {"ming_yao": True})
    seat = s.to_act()[0]
    for k in range(5):
        w = determinize(s, seat, random.Random(k))
        assert w.public_view()["yao_counts"] == s.public_view()["yao_counts"]
        assert w.view(seat) == s.view(seat)
    # the partner's hand shown to an out player is kept
    v = {"show_partner_hand_after_out": True}
    h = ai.heuristic()
    for seed in range(30):
        s = GAME.new_state(GAME.variant(v), seed=seed)
        rng = random.Random(seed)
        while not s.is_over() and not s.out:
            seat = s.to_act()[0]
            s.apply(seat, h.choose(s, seat, rng))
        if s.is_over():
            continue
        out = s.out[0]
        w = determinize(s, out, random.Random(1))
        assert w.hand_codes((out + 2) % 4) == s.hand_codes((out + 2) % 4)
        assert w.view(out) == s.view(out)
        return
    raise AssertionError("no position with a player out and the hand going on")


def test_clone_is_independent():
    s = _random_position(3, 25)
    c = clone(s)
    before = s.to_json()
    h = ai.heuristic()
    rng = random.Random(0)
    while not c.is_over():
        seat = c.to_act()[0]
        c.apply(seat, h.choose(c, seat, rng))
    assert s.to_json() == before


def test_monte_carlo_prunes_candidates_and_plays_legally():
    mc = ai.monte_carlo(0.02)
    s = GAME.new_state(seed=11)
    seat = s.to_act()[0]
    assert len(s.legal_moves(seat)) > 10
    cands = mc.candidates(s, seat, random.Random(0))
    assert 1 < len(cands) <= mc.max_leads and "P" not in cands
    code = mc.choose(s, seat, random.Random(0))
    assert code in {m.code for m in s.legal_moves(seat)}
    # on a follow: the pass plus the heuristic's cheapest beats
    play(s, (seat, cands[0]))
    nxt = s.to_act()[0]
    follow = mc.candidates(s, nxt, random.Random(0))
    assert follow[0] == "P" and len(follow) <= 1 + mc.max_follows


def test_monte_carlo_overrules_the_heuristic_only_for_a_clear_gain():
    # with z huge it never leaves the heuristic's move
    mc = ai.monte_carlo(0.05)
    mc.z = 1e9
    h = ai.heuristic()
    for seed in range(4):
        s = _random_position(seed, 8)
        seat = s.to_act()[0]
        assert mc.choose(s, seat, random.Random(2)) == h.choose(s, seat, random.Random(2))


def test_determinize_without_threes_deals_no_three():
    s = _random_position(4, 40, {"remove_threes": True})
    seat = s.to_act()[0]
    w = determinize(s, seat, random.Random(0))
    assert w.view(seat) == s.view(seat)
    assert not any(c[0] == "3" for h in w.deal["hands"] for c in h)
    assert sum(len(h) for h in w.deal["hands"]) == 100


def test_mc_v1_is_the_bots_player_for_paired_runs():
    """mc:v1 keeps today's settings, so `--seats mc:<new>,mc:v1,…` pairs a
    change against the bot's player."""
    from games.players import make_player

    v1, bot = make_player("mc:v1", "paoyao"), ai.monte_carlo()
    for attr in ("max_leads", "max_follows", "points_weight", "z", "min_n"):
        assert getattr(v1, attr) == getattr(bot, attr), attr


def test_monte_carlo_variants_compare_what_they_say():
    from games.players import make_player

    s = GAME.new_state(seed=11)
    seat = s.to_act()[0]
    assert len(s.legal_moves(seat)) > 10
    rng = random.Random(0)
    assert len(make_player("mc:v1", "paoyao").candidates(s, seat, rng)) == 3
    assert len(make_player("mc:l5", "paoyao").candidates(s, seat, rng)) == 5
    for name in ai.MC_VARIANTS:
        player = make_player(f"mc:{name}", "paoyao", 0.02)
        pos = _random_position(5, 30)
        seat = pos.to_act()[0]
        before = pos.to_json()
        assert player.choose(pos, seat, random.Random(3)) in {m.code for m in pos.legal_moves(seat)}
        assert pos.to_json() == before

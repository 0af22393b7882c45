"""The 顶牛 computer players: legal under every variant, the rules of thumb in
positions where a good player's choice is clear, and the Monte Carlo player."""

import random

import pytest

from games import registry
from games.dingniu.ai import DingniuMonteCarlo, choose, determinize, heuristic, monte_carlo

from .helpers import codes, position, rest_after

GAME = registry.get("dingniu")
VARIANTS = [
    None,
    {"sz_basis": "hands"},
    {"sz_settlement": "immediate_all"},
    {"sz_settlement": "play_out"},
    {"smother_values": "all", "smother_counts_doubles": True},
    {"sz_tie": "fail", "zero_point_exemption": "anyone", "silan_scope": "all_classic"},
    {"payout": "doubletony", "pair_double_lead_all": True},
]


@pytest.mark.parametrize("variant", VARIANTS)
def test_heuristic_always_picks_a_legal_move(variant):
    h = heuristic()
    for n in range(40):
        rng = random.Random(n)
        s = GAME.new_state(variant, seed=n)
        while not s.is_over():
            seat = s.to_act()[0]
            code = h.choose(s.copy(), seat, rng)
            assert code in {m.code for m in s.legal_moves(seat)}
            s.apply(seat, code)


def pick(state, seat=1):
    return heuristic().choose(state, seat, random.Random(0))


def test_kou_lays_down_the_cheapest_live_tile():
    # ends (2,3): nothing fits; 红八 (8) is the cheapest of 大天 12, 红八 8, 虎头 11
    s = position(["26", "63"], codes("大天", "红八", "虎头"))
    assert pick(s) == "K44"


def test_kou_lays_down_a_dead_tile_first_even_a_heavy_one():
    # both 虎头 and both 一五 are down and no end shows 5: 大五 can never go out,
    # so 扣ing it now costs nothing, while 二板 (4) might still be played
    s = position(["15", "56", "65", "51"], codes("大五", "二板"))
    assert pick(s) == "K55"


def test_takes_a_suanzhang_it_wins():
    # DN-10: 红十 on R makes a 红帐; the 红八 left goes out in the run-out: 0 points
    s = position(["46"], codes("红十", "红八", "一六"))
    assert pick(s) == "R46"


def test_avoids_a_suanzhang_it_would_lose():
    # the same 红帐, but 56 points of heavy tiles would count against it
    s = position(["46"], codes("红十", "大天", "大天", "虎头", "虎头", "大五"))
    assert pick(s) != "R46"
    # and the same hand when the count is light makes it
    s = position(["46"], codes("红十", "红八", "地幺"))
    assert pick(s) == "R46"


def test_covers_the_six_end_against_a_hongzhang():
    # ends (4,6) with one 红十 down: leaving the 6-end open lets the next player
    # make a 红帐 and makes me liable (死拦); 大天 is heavier but does not cover
    s = position(["46"], codes("一六", "大天", "红八", "长三"))
    assert pick(s) == "R16"


def test_sheds_the_heavier_of_two_otherwise_equal_plays():
    # ends (3,6): 大天 and 长三 both leave the ends as they are
    s = position(["36"], codes("大天", "长三"))
    assert pick(s) == "L66" or pick(s) == "R66"


def test_suanzhang_judgement_does_not_depend_on_hidden_tiles():
    mine = codes("红十", "大天", "长三")
    rest = rest_after(["46"], mine)
    x, y = rest[:7], rest[7:14]
    a = position(["46"], mine, others={0: x, 2: y})
    b = position(["46"], mine, others={0: y, 2: x})
    assert a.view(1) == b.view(1) and a.hands != b.hands
    for seed in range(5):
        h = heuristic()
        assert h.choose(a, 1, random.Random(seed)) == h.choose(b, 1, random.Random(seed))


def test_monte_carlo_takes_a_won_suanzhang_and_is_legal():
    s = position(["46"], codes("红十", "红八", "一六"))
    mc = monte_carlo(budget_s=1e9)
    mc.max_rounds = 8
    assert mc.choose(s, 1, random.Random(1)) == "R46"
    for n in range(3):
        st = GAME.new_state(seed=100 + n)
        rng = random.Random(n)
        while not st.is_over():
            seat = st.to_act()[0]
            code = choose(st, seat, rng, budget_s=0.002)
            assert code in {m.code for m in st.legal_moves(seat)}
            st.apply(seat, code)


class _RushesHongzhang:
    """The heuristic, except that it always makes the 红帐 when it can."""

    name = "rush"

    def __init__(self):
        self.h = heuristic()

    def choose(self, state, seat, rng):
        if any(m.code == "R46" for m in state.legal_moves(seat)):
            return "R46"
        return self.h.choose(state, seat, rng)


def test_monte_carlo_overrules_a_default_that_loses_clearly():
    # the 红帐 here counts 56 points against the declarer: a sure 包庄 (−12)
    s = position(["46"], codes("红十", "大天", "大天", "虎头", "虎头", "大五"))
    mc = DingniuMonteCarlo(_RushesHongzhang(), determinize, budget_s=1e9)
    mc.max_rounds = 6
    assert mc.choose(s, 1, random.Random(2)) != "R46"


def test_monte_carlo_keeps_the_default_when_nothing_is_clearly_better():
    # two worlds cannot show any move significantly better than the heuristic's
    s = position(["36"], codes("大天", "长三", "一三", "虎头"))
    mc = monte_carlo(budget_s=1e9)
    mc.max_rounds = 2
    assert mc.choose(s, 1, random.Random(0)) == heuristic().choose(s, 1, random.Random(0))


def test_simulate_with_the_bots_monte_carlo_player():
    from games.dingniu.ai import DingniuMonteCarlo
    from games.simulate import report, simulate

    seats = simulate(
        "dingniu", 4, ["mc", "heuristic", "random", "heuristic"], seed=2, budget_s=0.005
    )
    assert all(len(s.nets) == 4 for s in seats)
    assert all(sum(s.nets[h] for s in seats) == 0 for h in range(4))
    assert isinstance(seats[0].player, DingniuMonteCarlo) and seats[0].times
    assert "pooled by kind" in report(seats)

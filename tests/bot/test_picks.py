"""Picks (紧牌 discards) belong to their player: another seat's move keeps a
half-made selection and its buttons; a wrong count is answered with how many
cards are needed."""

import random

import pytest

from bot import catalog
from bot.core import Refused, Table
from bot.i18n import translator
from bot.moves import Moves
from bot.sitting import Seat, Selection, Sitting, still_asked
from games.base import Move, Pick

HANS = translator("zh_Hans")


def tightening(variant: dict):
    """A 掀牛 hand where 紧牌 was just called and all three seats owe more
    than one discard: random legal play from fixed seeds (deterministic)."""
    g = catalog.game("xianniu")
    for seed in range(100):
        st = g.new_state(variant, 3, seed, 0)
        rng = random.Random(seed)
        while not st.is_over():
            seat = st.to_act()[0]
            moves = st.legal_moves(seat)
            if any(isinstance(m, Move) and m.code == "J" for m in moves):
                st.apply(seat, "J")
                break
            m = rng.choice(moves)
            st.apply(seat, m.code if isinstance(m, Move) else m.code_for(m.random_choice(rng)))
        if st.phase == "tighten" and all(n > 1 for n in st.owed):
            return st
    raise AssertionError("no seed gives a three-way 紧牌")


def sitting() -> Sitting:
    g = catalog.game("xianniu")
    v = g.preset("default")
    st = tightening(v)
    return Sitting(id=1, chat_id=-5, game="xianniu", preset="default", variant=v,
                   status="running", creator_id=1, seats=[Seat(1), Seat(2), Seat(None)],
                   hand_no=1, state=st, totals=[0, 0, 0])


def discard(st, seat: int) -> None:
    pick = st.legal_moves(seat)[0]
    st.apply(seat, pick.code_for(pick.choices[: pick.min_count]))


def test_another_seats_discard_keeps_a_selection_until_its_owner_moves():
    s = sitting()
    st = s.state
    t0 = st.turn
    s.picks = {0: Selection(t0, [0, 2]), 1: Selection(t0, [1])}
    discard(st, 2)  # the computer's 紧牌 discard
    assert st.turn == t0 + 1 and st.to_act() == [0, 1]
    assert s.selected(0) == [0, 2] and s.selected(1) == [1]
    assert still_asked(st, 0, t0) and still_asked(st, 1, t0)
    discard(st, 1)  # 小李 discards: her pick is closed, 老王's stays
    assert s.selected(1) == [] and not still_asked(st, 1, t0)
    assert s.selected(0) == [0, 2] and still_asked(st, 0, t0 + 1)
    assert not still_asked(st, 2, t0)  # not asked any more
    assert not still_asked(st, 0, st.turn + 1)  # a turn still to come


def test_a_button_of_an_open_pick_still_counts_after_another_seats_move():
    s = sitting()
    st = s.state
    t0 = st.turn
    discard(st, 2)

    class People:
        @staticmethod
        def t(_uid):
            return HANS

    moves = Moves(core=None, people=People(), screens=None, timers=None, lifecycle=None)
    assert moves.check(s, 1, 1, t0, pick=True) == (0, None)
    assert moves.check(s, 1, 1, t0)[1] == "这个按钮过期了"  # a plain move button of no move
    discard(st, 0)
    assert moves.check(s, 1, 1, t0, pick=True)[1] == "这个按钮过期了"  # he has discarded


@pytest.mark.parametrize("lang", ["zh_Hans", "zh_Hant", "en"])
def test_a_wrong_count_says_how_many_cards_are_needed(lang):
    _ = translator(lang)
    s = sitting()
    p = catalog.presenter("xianniu")
    pick = s.state.legal_moves(0)[0]
    assert isinstance(pick, Pick)
    chosen = list(pick.choices[: pick.min_count - 1])
    with pytest.raises(Refused) as e:
        Moves._picked_code(Table(s, None, p), 0, [pick], chosen, _)
    said = str(e.value)
    assert said != p.pick_prompt(pick, _)
    assert str(pick.min_count) in said and str(len(chosen)) in said

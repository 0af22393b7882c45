"""A button stays good while its meaning does: within one 川牌 claim window a
human's claim pressed after a computer's answer is accepted; a second tap, a
move no longer legal, or another hand's button is stale."""

from __future__ import annotations

import random
from types import SimpleNamespace

from bot.sitting import Seat, Sitting
from games import registry
from games.play import random_code
from tests.bot.test_stuck_deals import service

HUMAN = SimpleNamespace(id=1000, first_name="p")
STALE = "这个按钮过期了"


def claim_window() -> Sitting:
    """changpai seed 1 after 4 random moves: seats 0 and 2 may both 吃 the open card."""
    g = registry.get("changpai")
    st = g.new_state(seed=1)
    rng = random.Random(1)
    while st.turn < 4:
        seat = st.to_act()[0]
        st.apply(seat, random_code(st, seat, rng))
    assert st.to_act() == [0, 2]
    seats = [Seat(HUMAN.id, "p"), Seat(None), Seat(None)]
    return Sitting(id=3, chat_id=-5, game="changpai", preset="default", variant=st.variant,
                   status="running", creator_id=HUMAN.id, seats=seats, hand_no=2, state=st,
                   totals=[0, 0, 0])


async def test_a_claim_pressed_after_a_computer_answer_in_the_same_window_is_accepted():
    svc = service()
    s = claim_window()
    svc.sittings[s.id] = s
    await svc.moves.apply(s, 2, "N", "computer")  # the computer passes first: the turn moves on
    assert s.state.turn == 5 and 0 in s.state.to_act()
    reply = await svc.moves.move(s.id, HUMAN, 2, 4, code="C1544")
    assert reply.text is None
    assert s.state.history[-1] == (0, "C1544")


async def test_stale_presses_in_a_claim_window_are_refused():
    svc = service()
    s = claim_window()
    svc.sittings[s.id] = s
    before = s.state.to_json()
    # another hand's button
    assert (await svc.moves.move(s.id, HUMAN, 1, 4, code="N")).text == STALE
    assert (await svc.moves.move(s.id, HUMAN, 2, 9, code="N")).text == STALE  # a turn not yet drawn
    assert s.state.to_json() == before
    await svc.moves.apply(s, 2, "N", "computer")
    assert (await svc.moves.move(s.id, HUMAN, 2, 4, code="P")).text == STALE  # never legal here
    assert (await svc.moves.move(s.id, HUMAN, 2, 4, code="N")).text is None
    turn = s.state.turn
    assert (await svc.moves.move(s.id, HUMAN, 2, 4, code="N")).text == STALE  # a second tap
    assert s.state.turn == turn

"""One turn timer moves for every absent player it found late, not only the
first: in a 川牌 claim window or a 刨幺 雪 decision nobody waits a second full
timer. Driven through `Turns.timeout` (bot/turns.py) with the stand-ins of
test_stuck_deals."""

from __future__ import annotations

import random

import pytest

from bot import catalog
from bot.sitting import Seat, Sitting
from games.base import Move
from tests.bot.test_stuck_deals import service


def several_asked(game_id: str, seed: int):
    """A sitting of absent people whose hand waits on two or more of them."""
    g = catalog.game(game_id)
    n = g.default_seats
    rng = random.Random(seed)
    for deal in range(200):
        st = g.new_state(g.preset("default"), n, seed * 1000 + deal)
        while not st.is_over() and st.to_act():
            if len(st.to_act()) >= 2:
                seats = [Seat(1000 + i, f"p{i}") for i in range(n)]
                return Sitting(id=3, chat_id=-5, game=game_id, preset="default",
                               variant=g.preset("default"), status="running", creator_id=1000,
                               seats=seats, totals=[0] * n, hand_no=1, state=st)
            seat = st.to_act()[0]
            moves = [m for m in st.legal_moves(seat) if isinstance(m, Move)]
            if not moves:
                break
            st.apply(seat, rng.choice(moves).code)
    raise AssertionError(f"no position with several seats asked in {game_id}")


@pytest.mark.parametrize("game_id", ["changpai", "paoyao"])
async def test_one_timer_moves_for_every_late_seat(game_id):
    svc = service()
    svc.config = svc.config.model_copy(update={"ai_budget": 0.01})
    s = several_asked(game_id, 1)
    svc.sittings[s.id] = s
    late = list(s.state.to_act())
    moved = []
    apply = svc.moves.apply

    async def recording(sitting, seat, code, by):
        moved.append((seat, by))
        await apply(sitting, seat, code, by)

    svc.moves.apply = recording
    await svc.turns.timeout(s.id, s.hand_no, s.state.turn)
    assert [seat for seat, _by in moved] == late  # all of them, in one pass
    assert {by for _seat, by in moved} == {"timeout"}
    assert all(s.seats[i].timeouts == 1 for i in late)
    # a second firing of the same (old) timer changes nothing
    before = s.state.to_json()
    await svc.turns.timeout(s.id, s.hand_no, s.state.turn - len(late))
    assert s.state.to_json() == before

from types import SimpleNamespace

from bot import catalog
from bot.callbacks import MAX_BYTES, MoveCB, MoveIndexCB, move_button_data
from games import players
from games.base import Move


class _Steady:
    """A heuristic player that always answers one given move."""

    name = "heuristic"

    def __init__(self, code):
        self.code = code

    def choose(self, state, seat, rng):
        return self.code


async def test_a_computer_move_over_time_is_the_heuristics(monkeypatch):
    from bot.service import Service
    from bot.settings import Settings
    from bot.sitting import Seat, Sitting

    game_id = catalog.landed()[0]
    state = catalog.game(game_id).new_state(seed=5)
    seat = state.to_act()[0]
    legal = [m.code for m in state.legal_moves(seat) if isinstance(m, Move)]
    slow_pick, quick_pick = legal[0], legal[-1]
    gate = __import__("threading").Event()

    def slow(s, q, r, b):
        gate.wait(5)  # a Monte Carlo player stuck behind other tables
        return slow_pick

    ai = SimpleNamespace(choose=slow, heuristic=lambda: _Steady(quick_pick))
    monkeypatch.setattr(players, "ai_module", lambda gid: ai)
    service = Service(Settings(token="1:x", ai_budget=0.05), None, None, None, None)
    seats = [Seat(None)] * catalog.game(game_id).default_seats
    sitting = Sitting(id=1, chat_id=-1, game=game_id, preset="default", variant={},
                      status="running", creator_id=1, seats=seats, state=state)
    try:
        assert await service.turns.think(sitting, seat) == quick_pick
    finally:
        gate.set()
        service.turns.thinker.executor.shutdown(wait=True)


def test_callback_data_fits_64_bytes_or_uses_the_move_index():
    short = move_button_data(123456, 12, 999, "LAc", 4)
    assert short == "m:123456:12:999:LAc" and MoveCB.unpack(short).c == "LAc"
    long_code = "P" + "9h" * 40
    data = move_button_data(123456, 12, 999, long_code, 17)
    assert len(data.encode()) <= MAX_BYTES and MoveIndexCB.unpack(data).i == 17
    assert MoveIndexCB.unpack(move_button_data(1, 1, 2, "a:b", 3)).i == 3  # ':' is the separator

import random
from types import SimpleNamespace

import pytest

from bot import catalog, computer
from bot.callbacks import MAX_BYTES, MoveCB, MoveIndexCB, move_button_data
from games.base import Move


@pytest.mark.parametrize("game_id", catalog.landed() or ["none"])
def test_fallback_plays_whole_hands_with_legal_moves_only(game_id):
    if game_id == "none":
        pytest.skip("no engine landed")
    game = catalog.game(game_id)
    for seed in range(3):
        state = game.new_state(seed=seed)
        rng = random.Random(seed)
        for _ in range(5000):
            if state.is_over():
                break
            seat = state.to_act()[0]
            state.apply(seat, computer.fallback(state, seat, rng))  # IllegalMove would fail
        assert state.is_over()


def test_choose_uses_the_games_ai_and_falls_back_when_it_errs(monkeypatch):
    game_id = catalog.landed()[0]
    state = catalog.game(game_id).new_state(seed=5)
    seat = state.to_act()[0]
    legal = [m.code for m in state.legal_moves(seat) if isinstance(m, Move)]
    wanted = legal[-1]
    monkeypatch.setattr(
        computer, "ai_module", lambda gid: SimpleNamespace(choose=lambda s, q, r, b: wanted)
    )
    assert computer.choose(state, seat, random.Random(1), 0.01) == wanted
    monkeypatch.setattr(
        computer, "ai_module", lambda gid: SimpleNamespace(choose=lambda s, q, r, b: "nonsense")
    )
    assert computer.choose(state, seat, random.Random(1), 0.01) == computer.fallback(
        state, seat, random.Random(1)
    )

    def boom(*a):
        raise RuntimeError("ai broke")

    monkeypatch.setattr(computer, "ai_module", lambda gid: SimpleNamespace(choose=boom))
    assert computer.choose(state, seat, random.Random(1), 0.01) in legal + [
        computer.fallback(state, seat, random.Random(1))
    ]


class _Steady:
    """A heuristic player that always answers one given move."""

    name = "heuristic"

    def __init__(self, code):
        self.code = code

    def choose(self, state, seat, rng):
        return self.code


def test_a_failing_monte_carlo_player_gives_way_to_the_heuristic(monkeypatch):
    game_id = catalog.landed()[0]
    state = catalog.game(game_id).new_state(seed=5)
    seat = state.to_act()[0]
    legal = [m.code for m in state.legal_moves(seat) if isinstance(m, Move)]
    wanted = next(
        c for c in reversed(legal) if c != computer.fallback(state, seat, random.Random(1))
    )

    def boom(*a):
        raise RuntimeError("ai broke")

    ai = SimpleNamespace(choose=boom, heuristic=lambda: _Steady(wanted))
    monkeypatch.setattr(computer, "ai_module", lambda gid: ai)
    assert computer.choose(state, seat, random.Random(1), 0.01) == wanted
    # and a broken heuristic gives way to the plain policy
    ai.heuristic = lambda: _Steady("nonsense")
    assert computer.choose(state, seat, random.Random(1), 0.01) == computer.fallback(
        state, seat, random.Random(1)
    )


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

    monkeypatch.setattr(
        computer,
        "ai_module",
        lambda gid: SimpleNamespace(choose=slow, heuristic=lambda: _Steady(quick_pick)),
    )
    service = Service(Settings(token="1:x", ai_budget=0.05), None, None, None, None)
    sitting = Sitting(
        id=1,
        chat_id=-1,
        game=game_id,
        preset="default",
        variant={},
        status="running",
        creator_id=1,
        seats=[Seat(None)] * catalog.game(game_id).default_seats,
        state=state,
    )
    try:
        assert await service._think(sitting, seat) == quick_pick
    finally:
        gate.set()
        service.executor.shutdown(wait=True)


def test_callback_data_fits_64_bytes_or_uses_the_move_index():
    short = move_button_data(123456, 12, 999, "LAc", 4)
    assert short == "m:123456:12:999:LAc" and MoveCB.unpack(short).c == "LAc"
    long_code = "P" + "9h" * 40
    data = move_button_data(123456, 12, 999, long_code, 17)
    assert len(data.encode()) <= MAX_BYTES and MoveIndexCB.unpack(data).i == 17
    assert MoveIndexCB.unpack(move_button_data(1, 1, 2, "a:b", 3)).i == 3  # ':' is the separator

"""ai_budget=0 (the screens gallery): a computer plays the heuristic's move
from the turn's seed, never a search whose result depends on the clock."""

from types import SimpleNamespace

from bot import catalog
from bot.config import Config
from bot.turns import Turns
from games import players
from games.base import Move


class _NoWorkers:
    async def move(self, *args):
        raise AssertionError("no worker without a budget")


async def test_no_budget_plays_the_heuristic_without_search(monkeypatch):
    state = catalog.game(catalog.landed()[0]).new_state(seed=5)
    seat = state.to_act()[0]
    last = [m.code for m in state.legal_moves(seat) if isinstance(m, Move)][-1]

    def search(*args):
        raise AssertionError("no search without a budget")

    heuristic = SimpleNamespace(name="heuristic", choose=lambda st, s, rng: last)
    ai = SimpleNamespace(choose=search, heuristic=lambda: heuristic)
    monkeypatch.setattr(players, "ai_module", lambda game_id: ai)
    core = SimpleNamespace(config=Config(token="1:x", ai_budget=0))
    turns = Turns(core, None, None, None, None, _NoWorkers())  # type: ignore[arg-type]
    sitting = SimpleNamespace(id=1, hand_no=1, state=state)
    assert await turns.think(sitting, seat) == last

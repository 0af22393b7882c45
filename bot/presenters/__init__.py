"""Per-game presenters, found through the game package's declared parts."""

from __future__ import annotations

import importlib

from bot.presenters.base import Presenter
from games import registry


def presenter(game_id: str) -> Presenter:
    module = importlib.import_module(registry.parts(game_id).presenter)
    return module.PRESENTERS[game_id]

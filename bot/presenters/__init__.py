"""Per-game presenters, looked up by game id."""

from __future__ import annotations

import importlib

from bot.presenters.base import Presenter
from games import registry


def presenter(game_id: str) -> Presenter:
    package = registry.PACKAGES[game_id].split(".")[-1]
    module = importlib.import_module(f"bot.presenters.{package}")
    return module.PRESENTERS[game_id]

"""Per-game presenters, and the catalog of the games the bot offers. The bot
side of a game is one module here, named after the game's package: the games
of `games/xianniu` are drawn by `bot/presenters/xianniu.py`, whose
`PRESENTERS` maps each of the package's game ids to its Presenter. The
engines never name the bot's modules; the bot finds a game's presenter from
the game's id through the registry (`catalog.py`: every game, its engine,
computer player and presenter)."""

from __future__ import annotations

import importlib

from bot.presenters.base import Presenter
from games import registry


def module_name(game_id: str) -> str:
    """Where a game's presenter lives: `bot.presenters.<its package's last name>`."""
    return f"{__name__}.{registry.package_of(game_id).rpartition('.')[2]}"


def presenter(game_id: str) -> Presenter:
    module = importlib.import_module(module_name(game_id))
    found: Presenter = module.PRESENTERS[game_id]
    return found

"""Which games the bot offers: every registered engine whose package and
presenter import (engines land one by one)."""

from __future__ import annotations

import logging

from bot.presenters import presenter as _presenter
from bot.presenters.base import Presenter
from games import registry
from games.base import Game

log = logging.getLogger(__name__)

# Extra presenters by game id (tests register a tiny game here).
EXTRA: dict[str, Presenter] = {}


def game(game_id: str) -> Game:
    return registry.get(game_id)


def presenter(game_id: str) -> Presenter:
    if game_id in EXTRA:
        return EXTRA[game_id]
    return _presenter(game_id)


def landed() -> list[str]:
    """Game ids that can be played now, in the registry's order."""
    ids = []
    for game_id in registry.PACKAGES:
        try:
            game(game_id)
            presenter(game_id)
        except (ImportError, KeyError, AttributeError) as e:
            log.debug("%s not available: %s", game_id, e)
            continue
        ids.append(game_id)
    return ids

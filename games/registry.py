"""Game ids → Game instances. Each game package exposes `GAMES`, a dict of the
games it provides (the 掀牛 package provides two modes)."""

from __future__ import annotations

import importlib

from games.base import Game

# game id → package providing it, in the order the bot lists games.
PACKAGES = {
    "xianniu": "games.xianniu",
    "niujiu": "games.xianniu",
    "dingniu": "games.dingniu",
    "paoyao": "games.paoyao",
    "changpai": "games.changpai",
}


def get(game_id: str) -> Game:
    package = PACKAGES.get(game_id)
    if package is None:
        raise KeyError(f"unknown game {game_id!r}; known: {', '.join(PACKAGES)}")
    return importlib.import_module(package).GAMES[game_id]


def all_games() -> dict[str, Game]:
    return {game_id: get(game_id) for game_id in PACKAGES}

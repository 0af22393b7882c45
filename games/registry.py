"""The plug-in point: the game packages Paiju offers, and what each plugs in.

Adding a game is a package whose `__init__` declares `PARTS = Parts(...)` (its
games and its computer player) plus one line in `PLUGINS`; the bot draws it
with the presenter module named after the package (docs/ARCHITECTURE.md, "How
to add a game"), so the engines never name the bot's modules. Nothing is skipped
quietly: a package that does not import, or declares its parts wrongly, raises
here, so start-up and CI fail loudly instead of a game vanishing from /new."""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass

from games.base import Game

# Game packages, in the order the bot lists their games.
PLUGINS: list[str] = ["games.xianniu", "games.dingniu", "games.paoyao", "games.changpai"]


class PluginError(ImportError):
    """A game package that does not plug in as declared."""


@dataclass(frozen=True)
class Parts:
    """What one game package plugs in. The computer player's module is named,
    not imported, so a game is listed without loading its search code."""

    games: Mapping[str, Game]  # game id → Game (one package may offer several modes)
    ai: str | None = None  # module with the computer player; None: legal moves only


# (PLUGINS when read, game id → (package, parts)); read again when PLUGINS changes.
_table: tuple[tuple[str, ...], dict[str, tuple[str, Parts]]] = ((), {})


def _read() -> dict[str, tuple[str, Parts]]:
    global _table
    key = tuple(PLUGINS)
    if _table[0] != key:
        found: dict[str, tuple[str, Parts]] = {}
        for package in key:
            parts = getattr(importlib.import_module(package), "PARTS", None)
            if not isinstance(parts, Parts):
                raise PluginError(f"{package} declares no PARTS (games.registry.Parts)")
            for game_id, game in parts.games.items():
                if game_id in found:
                    raise PluginError(f"game id {game_id!r} is declared twice ({package})")
                if game.id != game_id:
                    raise PluginError(
                        f"{package}: {game_id!r} names a game whose id is {game.id!r}"
                    )
                found[game_id] = (package, parts)
        _table = (key, found)
    return _table[1]


def table() -> dict[str, Parts]:
    """Game id → its package's parts, in PLUGINS order."""
    return {game_id: parts for game_id, (_package, parts) in _read().items()}


def ids() -> list[str]:
    return list(_read())


def _entry(game_id: str) -> tuple[str, Parts]:
    found = _read()
    if game_id not in found:
        raise KeyError(f"unknown game {game_id!r}; known: {', '.join(found)}")
    return found[game_id]


def parts(game_id: str) -> Parts:
    return _entry(game_id)[1]


def package_of(game_id: str) -> str:
    """The package that declares the game (`games.xianniu` for niujiu too)."""
    return _entry(game_id)[0]


def get(game_id: str) -> Game:
    return parts(game_id).games[game_id]


def all_games() -> dict[str, Game]:
    return {game_id: p.games[game_id] for game_id, p in table().items()}


def ai_module_name(game_id: str) -> str | None:
    return parts(game_id).ai

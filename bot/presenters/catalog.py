"""Which games the bot offers: every game the registry's plug-ins declare,
each with its engine, computer player and presenter (bot/presenters/<package>.py,
which also names its presets and flags and summarises it for /rules)."""

from __future__ import annotations

from bot.i18n import LANGS, translator
from bot.presenters import module_name as presenter_module
from bot.presenters import presenter as _presenter
from bot.presenters.base import Presenter
from games import registry
from games.base import Game
from games.players import ai_module


def game(game_id: str) -> Game:
    return registry.get(game_id)


def presenter(game_id: str) -> Presenter:
    return _presenter(game_id)


def landed() -> list[str]:
    """Game ids offered in /new, in the registry's order."""
    return registry.ids()


def find(name: str) -> str | None:
    """The game a player typed: its id, or its name in any of the bot's languages."""
    name = name.strip().lower()
    for game_id in landed():
        if name == game_id:
            return game_id
        p = presenter(game_id)
        for lang in LANGS:
            if name == p.game_name(translator(lang)).lower():
                return game_id
    return None


def check() -> list[str]:
    """Import every part of every game now (start-up and a test call this),
    so a broken game stops the bot instead of failing at a player's tap."""
    ids = landed()
    for game_id in ids:
        where = presenter_module(game_id)
        try:
            p = presenter(game_id)
        except KeyError:
            raise registry.PluginError(f"{where}.PRESENTERS has no {game_id!r}") from None
        if not isinstance(p, Presenter):
            raise registry.PluginError(f"{where}: PRESENTERS[{game_id!r}] is not a Presenter")
        if len(getattr(p, "summary", ())) != 3:
            raise registry.PluginError(f"{where}: {game_id!r} needs a summary for /rules "
                                       "(how to win, the plays, scoring)")
        ai_module(game_id)
    return ids

"""What each game's pictures show, built from the views the captions read:
a private hand from `view(seat)`, the group's table from `public_view()`
only, the end of a hand from the engine's end-of-hand data (`revealed()`)
and result. Rows follow the caption's order of seats, and a hand is grouped
as its text groups it.

A hand's picture shows what the player holds (and their own sets or
face-down cards), nothing that changes with other players' moves: it is
uploaded again only when their own cards change, and the next player's
buttons come with a caption edit. So legal tiles are not dimmed (the buttons
name them) and the table's ends or trick stay in the caption and the
group's picture.

Plain data in, `Picture` out: nothing here draws (bot/pictures/draw.py does).

Each game's pictures are found as its presenter is, by the name of the game's
package: the games of `games/xianniu` are drawn by `bot/pictures/xianniu.py`,
whose `SCENES` maps each of the package's game ids to its `Scenes`. A game
without such a module has no pictures (`Undrawn`): nothing here names a game."""

from __future__ import annotations

import dataclasses
import importlib
import importlib.util
from collections.abc import Mapping, Sequence
from typing import Any

from bot.pictures.source import Group, Picture, Piece
from games import registry
from games.base import Result


class Scenes:
    """A game's pictures; a game without them returns None everywhere."""

    game_id = ""
    face = ""
    draws = True
    # Drawn unless the chat turns them off: the games read by their pips and
    # colours (顶牛's tiles, 川牌's cards); card games, whose text already reads
    # as cards, are drawn only when the chat turns them on.
    on_by_default = False
    worded = False  # its cards carry words (牛九's names): drawn in the chat's script
    # a few pieces holding every colour of its face (none: another game's hold them)
    palette: tuple[str, ...] = ()
    palette_small: bool = False  # its palette pieces drawn at the small size too
    golden_deal = (3, 6)  # the golden pictures' deal: (seed, moves played before)

    def hand(self, view: Mapping[str, Any], seat: int) -> Picture | None:
        return None

    def table(self, public: Mapping[str, Any]) -> Picture | None:
        return None

    def end(self, final: Mapping[str, Any], result: Result) -> Picture | None:
        return None

    def all_pieces(self) -> list[str]:
        """Every kind of card or tile of the game, once (the golden set)."""
        return []

    # -- helpers -------------------------------------------------------------
    def piece(self, code: str, dim: bool = False, mark: str = "") -> Piece:
        return Piece(self.face, code, dim, mark)

    def group(self, codes: Sequence[str], dim: Sequence[bool] = (), mark: str = "") -> Group:
        return Group(tuple(self.piece(c, bool(dim[i]) if dim else False, mark)
                           for i, c in enumerate(codes)))


def for_lang(picture: Picture | None, lang: str) -> Picture | None:
    """The picture for a chat in `lang`: the words its cards carry (牛九's
    names) in 繁體 for a 繁體 chat. Pictures without words are one for all."""
    if picture is not None and lang == "zh_Hant" and scenes(picture.game).worded:
        return dataclasses.replace(picture, script="hant")
    return picture


class Undrawn(Scenes):
    draws = False


def module_name(game_id: str) -> str:
    """Where a game's pictures live: `bot.pictures.<its package's last name>`."""
    return f"{__package__}.{registry.package_of(game_id).rpartition('.')[2]}"


def scenes(game_id: str) -> Scenes:
    """The game's pictures; a game (or an id) without any is `Undrawn`."""
    try:
        name = module_name(game_id)
    except KeyError:  # no such game (an old button, a stored setting)
        return Undrawn()
    if importlib.util.find_spec(name) is None:
        return Undrawn()
    found: Scenes | None = getattr(importlib.import_module(name), "SCENES", {}).get(game_id)
    return found or Undrawn()


def drawn() -> dict[str, Scenes]:
    """Every game with pictures, by id (the registry's order)."""
    return {g: sc for g in registry.ids() if (sc := scenes(g)).draws}

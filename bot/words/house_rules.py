"""House rules in players' words: the name and one-line description of every
preset and variant flag of a game, and the names of the flags' choices.

The engines name presets and flags in code (`er_wu`, `fan_mode` ...); players
never see those. Each game's presenter holds its words (`Presenter.presets`,
`Presenter.flags`, in bot/presenters/<game>.py); this module reads them for
/new, /settings, /rules and `paiju play`. A flag its presenter does not
describe is not offered in /settings.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from bot.i18n import Translator
from bot.presenters import catalog
from bot.presenters.base import OFF, ON, FlagText
from games.base import Game

__all__ = ["OFF", "ON", "choice_name", "choices", "differences", "find_preset", "flag_about",
           "flag_name", "flags_of", "preset_about", "preset_name"]


def _presets(game_id: str) -> Mapping[str, tuple[str, str]]:
    return catalog.presenter(game_id).presets


def _flags(game_id: str) -> Mapping[str, FlagText]:
    return catalog.presenter(game_id).flags


def preset_name(game_id: str, preset: str, _: Translator) -> str:
    name = _presets(game_id).get(preset)
    if name is None:
        return _("Standard") if preset == "default" else _("Custom")
    return _(name[0])


def find_preset(game_id: str, presets: Iterable[str], word: str) -> str | None:
    """A preset typed after /new or `paiju play --preset`: its name in any
    language, with or without the Chinese in brackets ("Two-five", "二五",
    "two five (二五)"), or its code name (`er_wu`)."""
    from bot.i18n import LANGS, translator

    wanted = _loose(word)
    if not wanted:
        return None
    for p in presets:
        names = {p, *(preset_name(game_id, p, translator(lang)) for lang in LANGS)}
        if any(wanted in (_loose(n), _loose(n.split("(")[0]), _loose(_bracketed(n)))
               for n in names):
            return p
    return None


def _loose(text: str) -> str:
    """A name as typed, compared loosely: case, spaces, - and _ ignored."""
    return "".join(ch for ch in text.lower() if ch.isalnum())


def _bracketed(name: str) -> str:
    """The words in brackets of a name: "Two-five (二五)" → "二五"."""
    return name[name.index("(") + 1:name.rindex(")")] if "(" in name and ")" in name else ""


def preset_about(game_id: str, preset: str, _: Translator) -> str:
    name = _presets(game_id).get(preset)
    return _(name[1]) if name else ""


def _key(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value


def flags_of(game_id: str, game: Game) -> list[str]:
    """The flags /settings offers for a game: the engine's, in its order."""
    known = _flags(game_id)
    return [f for f in game.flags if f in known]


def flag_name(game_id: str, flag: str, _: Translator) -> str:
    return _(_flags(game_id)[flag][0])


def flag_about(game_id: str, flag: str, _: Translator) -> str:
    return _(_flags(game_id)[flag][1])


def choices(game_id: str, flag: str, game: Game) -> list[Any]:
    """The values a button may set: the engine's choices, else ours; a value
    the group already has stays choosable."""
    f = game.flags[flag]
    values = list(f.choices) if f.choices else [list(v) if isinstance(v, tuple) else v
                                                 for v in _flags(game_id)[flag][2]]
    if isinstance(f.default, bool) and not f.choices:
        values = [True, False]
    return values


def choice_name(game_id: str, flag: str, value: Any, _: Translator) -> str:
    names = _flags(game_id)[flag][2]
    key = _key(value)
    if key in names:
        text = names[key]
        return _(text) if not text.isdigit() else text
    if isinstance(key, tuple):
        return "/".join(map(str, key))
    return str(value)


def differences(game_id: str, game: Game, variant: dict[str, Any], preset: str) -> list[str]:
    """The flags where `variant` differs from the preset's rules."""
    base = game.preset(preset) if preset in game.presets else game.variant({})
    return [f for f in flags_of(game_id, game) if _key(variant.get(f)) != _key(base.get(f))]

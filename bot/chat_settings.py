"""A chat's house rules (/settings): per game the preset and the flags changed
on top of it and whether its hands are drawn as pictures, the turn timeout,
whether computers may fill seats, the time zone and weekly post of the
scoreboard. Stored in the `chat_settings` table; a new sitting copies what
applies to it, so a running one keeps its rules (pictures: from its next
hand)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from bot.i18n import N_
from bot.pictures.scenes import scenes
from games.base import Game, VariantError

TIMEOUTS = (15, 30, 45, 60, 90, 120, 180, 300)  # seconds a move, 15-300
# The zones /settings offers, by the places players know them by (stored as
# IANA names, which players never see); another zone (PAIJU_TZ) is named by
# its city.
ZONE_NAMES = {
    "Asia/Shanghai": N_("Beijing time"),
    "Asia/Hong_Kong": N_("Hong Kong"),
    "Asia/Taipei": N_("Taipei"),
    "Asia/Singapore": N_("Singapore, Kuala Lumpur"),
    "Asia/Tokyo": N_("Tokyo, Seoul"),
    "Australia/Sydney": N_("Sydney, Melbourne"),
    "Europe/London": N_("London"),
    "Europe/Paris": N_("Paris, Berlin"),
    "America/New_York": N_("New York, Toronto"),
    "America/Los_Angeles": N_("Los Angeles, Vancouver"),
    "UTC": N_("Universal time"),
}
ZONES = tuple(ZONE_NAMES)


@dataclass
class ChatSettings:
    turn_timeout: int | None = None  # None: the bot's PAIJU_TURN_TIMEOUT
    computers: bool = True
    tz: str | None = None  # None: the bot's default zone
    weekly_post: bool | None = None  # None: the bot's default
    games: dict[str, dict[str, Any]] = field(default_factory=dict)
    drawn: dict[str, bool] = field(default_factory=dict)  # game → pictures, where changed

    @classmethod
    def from_row(cls, row: dict[str, Any] | None) -> ChatSettings:
        if not row:
            return cls()
        weekly = row.get("weekly_post")
        return cls(
            turn_timeout=row.get("turn_timeout"),
            computers=row.get("computers") != 0,
            tz=row.get("tz") or None,
            weekly_post=None if weekly is None else bool(weekly),
            games=json.loads(row.get("games") or "{}"),
            drawn=json.loads(row.get("pictures") or "{}"),
        )

    def to_row(self) -> dict[str, Any]:
        return {
            "turn_timeout": self.turn_timeout,
            "computers": int(self.computers),
            "tz": self.tz,
            "weekly_post": None if self.weekly_post is None else int(self.weekly_post),
            "games": json.dumps(self.games, sort_keys=True, ensure_ascii=False),
            "pictures": json.dumps(self.drawn, sort_keys=True),
        }

    # -- pictures ------------------------------------------------------------------
    def pictures(self, game_id: str) -> bool:
        """Whether the game's hands are drawn as pictures in this chat: its
        choice, else the game's default (`Scenes.on_by_default`)."""
        return self.drawn.get(game_id, scenes(game_id).on_by_default)

    def with_pictures(self, game_id: str, on: bool) -> ChatSettings:
        drawn = {k: v for k, v in self.drawn.items() if k != game_id}
        if on != scenes(game_id).on_by_default:
            drawn[game_id] = on
        return ChatSettings(self.turn_timeout, self.computers, self.tz, self.weekly_post,
                            self.games, drawn)

    # -- a game's rules ---------------------------------------------------------
    def preset(self, game: Game) -> str:
        p = self.games.get(game.id, {}).get("preset")
        return p if isinstance(p, str) and p in game.presets else next(iter(game.presets))

    def flags(self, game: Game) -> dict[str, Any]:
        return dict(self.games.get(game.id, {}).get("flags", {}))

    def variant(self, game: Game, preset: str | None = None) -> dict[str, Any]:
        """The engine's variant of a new sitting: the preset (the chat's, or the
        one asked for) with the chat's changed flags on top."""
        preset = preset or self.preset(game)
        return game.variant({**game.presets[preset], **self.flags(game)})

    def with_preset(self, game: Game, preset: str) -> ChatSettings:
        """A copy with another preset (its own rules: changed flags are dropped)."""
        if preset not in game.presets:
            raise VariantError(f"unknown preset {preset!r}")
        return self._with_game(game, {"preset": preset, "flags": {}})

    def with_flag(self, game: Game, flag: str, value: Any) -> ChatSettings:
        """A copy with one flag changed; VariantError if the engine refuses the
        result, so a refused combination is never stored."""
        preset = self.preset(game)
        flags = {**self.flags(game), flag: value}
        base = game.preset(preset)
        full = game.variant({**game.presets[preset], **flags})  # may raise VariantError
        changed = {k: full[k] for k in flags if full[k] != base.get(k)}
        return self._with_game(game, {"preset": preset, "flags": changed})

    def _with_game(self, game: Game, rules: dict[str, Any]) -> ChatSettings:
        return ChatSettings(self.turn_timeout, self.computers, self.tz, self.weekly_post,
                            {**self.games, game.id: rules}, self.drawn)

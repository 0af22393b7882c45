"""A picture on its way out: what the outbox sends as a photo."""

from __future__ import annotations

import functools

from bot.pictures.source import Picture


class Drawing:
    """A picture on its way out (the outbox's `Photo`)."""

    def __init__(self, picture: Picture) -> None:
        self.picture = picture

    @functools.cached_property
    def digest(self) -> str:
        return self.picture.digest()

    @property
    def name(self) -> str:
        return f"{self.picture.game}-{self.picture.kind}-{self.digest[:10]}.png"  # file_name()

    def png(self) -> bytes:
        from bot.pictures.draw import png  # Pillow: at the first picture, not at the bot's start

        return png(self.picture)

    def __repr__(self) -> str:
        return f"Drawing({self.name})"


def drawing(picture: Picture | None) -> Drawing | None:
    return None if picture is None else Drawing(picture)


"""Pictures of the games: tiles, cards, hands and tables drawn with Pillow.

- `source`: what a picture shows, as data (`Picture`): the render input the
  privacy checks read;
- `scenes`: each game's pictures built from the views the captions read;
- `pips`, `glyphs`, `pieces`: one tile or card drawn; `draw`: a whole
  picture laid out and encoded; `fonts`: a font for Chinese, if any;
- `chart`: the weekly board as bars.

A `Drawing` is what the outbox sends: the picture's digest names it (the
same picture is uploaded once), and it is drawn only when it goes out, in a
worker thread. See docs/pictures.md."""

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
        return f"{self.picture.game}-{self.picture.kind}-{self.digest[:10]}.png"

    def png(self) -> bytes:
        from bot.pictures.draw import png

        return png(self.picture)

    def __repr__(self) -> str:
        return f"Drawing({self.name})"


def drawing(picture: Picture | None) -> Drawing | None:
    return None if picture is None else Drawing(picture)


__all__ = ["Drawing", "Picture", "drawing"]

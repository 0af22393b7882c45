"""What a picture shows, as data: the render input, built from the same
views the captions read and nothing else. A `Picture` is drawn by
`bot.pictures.draw`; its `describe()` is what the privacy checks read and
what its digest (the cache key of the picture) is made from.

A picture is blocks stacked top to bottom: rows of pieces (a hand, a seat's
melds or leaves, the trick) and the 顶牛 chain. A `Piece`
is face up when it has a code, else it is the back of one (a face-down
tile, a card in someone's hand)."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

# Bump when the drawing changes: pictures cached by digest are drawn anew.
VERSION = 1

FACES = ("tile", "strip", "niujiu", "poker")  # 顶牛 tile, 川牌 card, 牛九 card, poker card


@dataclass(frozen=True)
class Piece:
    face: str  # one of FACES
    code: str = ""  # "" = face down: its back is drawn
    dim: bool = False  # not playable now (drawn faded)
    mark: str = ""  # "" | "new" (just drawn or offered) | "win" (the winning card)


@dataclass(frozen=True)
class Group:
    """Pieces that belong together (a meld, a rank, a play), drawn side by side."""

    pieces: tuple[Piece, ...]


@dataclass(frozen=True)
class Pile:
    """`count` pieces face down (a hand seen from the table), drawn as a
    small stack with the number."""

    face: str
    count: int


@dataclass(frozen=True)
class Count:
    """A number beside a row (砣, points), drawn in a round badge."""

    value: int


@dataclass(frozen=True)
class Separator:
    """A thin line between parts of a row (what a player won | what they kept)."""


Item = Group | Pile | Count | Separator


@dataclass(frozen=True)
class Row:
    items: tuple[Item, ...]
    seat: int | None = None  # the seat's place in the caption's order (1 = first line)
    turn: bool = False  # this seat is asked now
    winner: bool = False
    small: bool = False  # drawn at the table's smaller size


@dataclass(frozen=True)
class Chain:
    """顶牛's layout, left to right, each tile as laid (its left pip first)."""

    tiles: tuple[str, ...]


Block = Row | Chain


@dataclass(frozen=True)
class Picture:
    game: str
    kind: str  # "hand" | "table" | "end" | "set"
    blocks: tuple[Block, ...] = field(default_factory=tuple)
    script: str = ""  # the words a card carries (牛九's names): "" 简体, "hant" 繁體

    def describe(self) -> dict[str, Any]:
        """Everything drawn, as plain data (JSON-ready)."""
        out = {"game": self.game, "kind": self.kind, "v": VERSION,
               "blocks": [_plain(b) for b in self.blocks]}
        if self.script:
            out["script"] = self.script
        return out

    def digest(self) -> str:
        return digest_of(self.describe())

    @property
    def name(self) -> str:
        return file_name(self.describe())

    def codes(self) -> list[str]:
        """Every face-up card or tile drawn, with repeats."""
        out: list[str] = []
        for b in self.blocks:
            if isinstance(b, Chain):
                out += b.tiles
            elif isinstance(b, Row):
                out += [p.code for i in b.items if isinstance(i, Group)
                        for p in i.pieces if p.code]
        return out


def digest_of(description: dict[str, Any]) -> str:
    """The digest of a picture from its description (the cache key of its file)."""
    text = json.dumps(description, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def file_name(description: dict[str, Any]) -> str:
    """game-kind-digest.png: the picture's file name, the same wherever it is drawn."""
    return f"{description['game']}-{description['kind']}-{digest_of(description)[:10]}.png"


def _plain(x: Any) -> Any:
    if isinstance(x, tuple):
        return [_plain(v) for v in x]
    if hasattr(x, "__dataclass_fields__"):
        out = {"t": type(x).__name__}
        for k in x.__dataclass_fields__:
            v = getattr(x, k)
            if v not in (False, None, "", ()) or k in ("code", "value", "count"):
                out[k] = _plain(v)
        return out
    return x

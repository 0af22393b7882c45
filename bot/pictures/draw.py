"""A `Picture` drawn: its blocks laid out top to bottom on a green table
cloth, then encoded as a PNG that carries its own description.

Rows start with the seat's badge (its place in the caption's list: the turn
has a yellow ring, the winner a gold star); groups of pieces are apart, the
pieces of a group side by side; a row too wide for a phone wraps. The 顶牛
chain snakes left to right, then right to left (each tile turned so the
touching halves match, doubles standing across), with both open ends marked.
"""

from __future__ import annotations

import functools
import io
import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw, PngImagePlugin

from bot.pictures import glyphs, pieces
from bot.pictures.source import (
    Block,
    Chain,
    Count,
    Group,
    Picture,
    Piece,
    Pile,
    Row,
    Separator,
)

FELT = (36, 92, 68)
FELT_LINE = (56, 118, 90)
YELLOW = (255, 214, 64)
BADGE = (238, 232, 214)
BADGE_TEXT = (40, 52, 46)
PAD = 18
MAX_W = 780  # wider rows wrap (a phone shows a narrow picture bigger)
GROUP_GAP = 16
ROW_GAP = 12
BADGE_W = 44
CHAIN_W = 720


@dataclass
class Placed:
    """Something to paste at (x, y), or a callback that draws it there."""

    x: int
    y: int
    image: Image.Image | None = None
    draw: object = None  # (ImageDraw, x, y) -> None


class Canvas:
    """Blocks laid out top to bottom; the picture is as big as what is in it."""

    def __init__(self) -> None:
        self.items: list[Placed] = []
        self.w = 0
        self.h = PAD

    def add(self, p: Placed, right: int, bottom: int) -> None:
        self.items.append(p)
        self.w = max(self.w, right)
        self.h = max(self.h, bottom)

    def image(self) -> Image.Image:
        w, h = max(self.w + PAD, 360), self.h + PAD
        im = Image.new("RGB", (w, h), FELT)
        d = ImageDraw.Draw(im)
        d.rectangle((3, 3, w - 4, h - 4), outline=FELT_LINE, width=2)
        for p in self.items:
            if p.image is not None:  # blended by its own alpha (shadows, round corners)
                im.paste(p.image, (p.x, p.y), p.image)
            else:
                p.draw(d, p.x, p.y)  # type: ignore[operator]
        return im


def render(picture: Picture, words: bool = True) -> Image.Image:
    """The picture drawn. `words`: the few words a picture may carry (a 牛九
    card's name) are drawn where a Chinese font is found; False never draws
    any (the golden pictures, the same on every machine)."""
    c = Canvas()
    blocks = list(picture.blocks)
    boxes = {i: _row(b, words, picture.script) for i, b in enumerate(blocks)
             if isinstance(b, Row)}
    seats = [boxes[i] for i, b in enumerate(blocks) if isinstance(b, Row) and b.small
             and b.seat is not None]
    # narrow seats go two a line (half the height on a phone), in one column grid
    column = max((b.w for b in seats), default=0) + 3 * GROUP_GAP
    pairs = len(seats) > 1 and 2 * column <= MAX_W - PAD
    i = 0
    while i < len(blocks):
        block = blocks[i]
        top = c.h
        if isinstance(block, Chain):
            _chain(c, block, top)
        else:
            boxes[i].place(c, PAD, top)
            nxt = blocks[i + 1] if i + 1 < len(blocks) else None
            if pairs and block.seat is not None and isinstance(nxt, Row) and nxt.small \
                    and nxt.seat is not None:
                boxes[i + 1].place(c, PAD + column, top)
                i += 1
        c.h += ROW_GAP
        i += 1
    c.h -= ROW_GAP
    return c.image()


# -- rows ----------------------------------------------------------------------
def _badge(c: Canvas, row: Row, x0: int, y: int, h: int) -> None:
    if row.seat is None and not row.winner:
        return
    cy = y + h // 2
    r = 17
    cx = x0 + r + 5

    def draw(d: ImageDraw.ImageDraw, x: int, _y: int) -> None:
        if row.turn:
            d.ellipse((cx - r - 5, cy - r - 5, cx + r + 5, cy + r + 5), fill=YELLOW)
        # the winner's badge is gold, and starred: seen at a glance on a phone
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=pieces.GOLD if row.winner else BADGE)
        if row.winner:
            glyphs.draw_star(d, cx + r * 0.9, cy - r * 0.9, 13, pieces.GOLD, outline=(120, 80, 0))

    c.add(Placed(cx, y, draw=draw), x0 + BADGE_W, cy + r + 5)
    if row.seat is not None:
        _text(c, cx, cy, str(row.seat), 22, BADGE_TEXT)


def _text(c: Canvas, cx: float, cy: float, text: str, size: int, fill: tuple[int, int, int]
          ) -> tuple[int, int]:
    """Digits centred on (cx, cy); their width and height."""
    im = glyphs.text_image(text, size, fill)
    x, y = round(cx - im.width / 2), round(cy - im.height / 2)
    c.add(Placed(x, y, im), x + im.width, y + im.height)
    return im.width, im.height


def _pile(item: Pile, small: bool) -> tuple[int, int, object]:
    """A stack of three backs and the count beside it."""
    if item.face == "tile-down":  # 扣: tiles laid face down
        w, h = pieces.size("tile", True)
        back = pieces.lying("", round(w * 0.8), round(h * 0.8))
    else:
        w, h = pieces.size(item.face, True)
        back = pieces.piece(item.face, "", round(w * 0.8), round(h * 0.8))
    n = glyphs.text_image(str(item.count), 26, (245, 245, 235))
    step = 5
    width = back.width + 2 * step + 6 + n.width

    def draw_at(canvas: Canvas, x: int, y: int) -> None:
        for k in range(min(3, max(1, item.count))):
            canvas.add(Placed(x + k * step, y + k * 2, back), x + k * step + back.width,
                       y + k * 2 + back.height)
        tx = x + back.width + 2 * step + 6
        ty = y + back.height // 2 - n.height // 2
        canvas.add(Placed(tx, ty, n), tx + n.width, ty + n.height)

    return width, back.height + 4, draw_at


def _count(item: Count) -> tuple[int, int, object]:
    n = glyphs.text_image(str(item.value), 24, (110, 70, 10))
    w, h = n.width + 20, 40

    def draw_at(canvas: Canvas, x: int, y: int) -> None:
        def draw(d: ImageDraw.ImageDraw, _x: int, _y: int) -> None:
            d.rounded_rectangle((x, y, x + w, y + h), radius=h // 2, fill=(250, 236, 190),
                                outline=(170, 120, 30), width=2)

        canvas.add(Placed(x, y, draw=draw), x + w, y + h)
        tx, ty = x + (w - n.width) // 2, y + (h - n.height) // 2
        canvas.add(Placed(tx, ty, n), tx + n.width, ty + n.height)

    return w, h, draw_at


def _separator(small: bool) -> tuple[int, int, object]:
    h = pieces.size("poker", small)[1]

    def draw_at(canvas: Canvas, x: int, y: int) -> None:
        def draw(d: ImageDraw.ImageDraw, _x: int, _y: int) -> None:
            d.line((x + 3, y + 4, x + 3, y + h - 4), fill=(200, 220, 205), width=3)

        canvas.add(Placed(x, y, draw=draw), x + 6, y + h)

    return 6, h, draw_at


def _group(item: Group, small: bool, words: bool, script: str) -> tuple[int, int, object]:
    images = [_piece_image(p, small, words, script) for p in item.pieces]
    overlap = _overlap(item, images)
    width = sum(im.width for im in images) - overlap * (len(images) - 1)
    height = max(im.height for im in images)

    def draw_at(canvas: Canvas, x: int, y: int) -> None:
        for im in images:
            canvas.add(Placed(x, y, im), x + im.width, y + im.height)
            x += im.width - overlap

    return width, height, draw_at


def _overlap(item: Group, images: list[Image.Image]) -> int:
    """Poker cards of a group overlap (their corner index shows); the rest do
    not (a 顶牛 tile or a 川牌 strip is read by all its pips)."""
    if not images or item.pieces[0].face != "poker":
        return 0
    return round(images[0].width * 0.45)


def _piece_image(p: Piece, small: bool, words: bool, script: str) -> Image.Image:
    w, h = pieces.size(p.face, small)
    return pieces.piece(p.face, p.code, w, h, p.dim, p.mark, words, script)


@dataclass
class Box:
    """A row measured: its size, and how to put it on the canvas at (x, y)."""

    w: int
    h: int
    place: Callable[[Canvas, int, int], None]


def _row(row: Row, words: bool = True, script: str = "") -> Box:
    parts = []
    for item in row.items:
        if isinstance(item, Group):
            parts.append(_group(item, row.small, words, script))
        elif isinstance(item, Pile):
            parts.append(_pile(item, row.small))
        elif isinstance(item, Separator):
            parts.append(_separator(row.small))
        else:
            parts.append(_count(item))
    left = BADGE_W + 8 if row.seat is not None or row.winner else 0
    x, y, line_h = left, 0, 0
    lines: list[list[tuple[int, int, int, Any]]] = [[]]
    width = left
    for w, h, draw_at in parts:
        if lines[-1] and x + w > MAX_W - 2 * PAD:
            y += line_h + ROW_GAP // 2
            x, line_h = left, 0
            lines.append([])
        lines[-1].append((x, y, h, draw_at))
        width = max(width, x + w)
        x += w + GROUP_GAP
        line_h = max(line_h, h)
    height = max(y + line_h, 40)

    def place(c: Canvas, x0: int, y0: int) -> None:
        first = max([h for _x, _y, h, _d in lines[0]] or [40])
        _badge(c, row, x0, y0, first)
        for line in lines:
            tallest = max(h for _x, _y, h, _d in line) if line else 0
            for x, y, h, draw_at in line:
                draw_at(c, x0 + x, y0 + y + (tallest - h) // 2)
        c.add(Placed(x0, y0, draw=lambda d, x, y: None), x0 + width, y0 + height)

    return Box(width, height, place)


# -- 顶牛's chain and ends ---------------------------------------------------------------
def _chain(c: Canvas, chain: Chain, top: int) -> None:
    if not chain.tiles:
        return
    w, h = pieces.size("tile", small=True)
    standing = pieces.piece("tile", chain.tiles[0], w, h)  # a double's size (any code)
    lw, lh = pieces.lying("12", w, h).size
    sw, sh = standing.size
    step = {True: sw - 2 * pieces.margin(w) + 2, False: lw - 2 * pieces.margin(w) + 2}
    rows: list[list[int]] = [[]]
    used = 0
    for i, t in enumerate(chain.tiles):
        width = step[t[0] == t[1]]
        if rows[-1] and used + width > CHAIN_W:
            rows.append([])
            used = 0
        rows[-1].append(i)
        used += width
    left = PAD + 26
    y = top
    row_h = sh - pieces.margin(w)
    _turns(c, [sum(step[chain.tiles[i][0] == chain.tiles[i][1]] for i in idx) for idx in rows],
           top, left, row_h, sh)
    for r, idx in enumerate(rows):
        forward = r % 2 == 0
        widths = [step[chain.tiles[i][0] == chain.tiles[i][1]] for i in idx]
        total = sum(widths)
        x = left if forward else left + CHAIN_W - total
        order = list(zip(idx, widths))
        if not forward:
            order.reverse()  # drawn left to right, the chain runs right to left
        for i, width in order:
            t = chain.tiles[i]
            if t[0] == t[1]:
                im = pieces.piece("tile", t, w, h)
                yy = y
            else:
                im = pieces.lying(t if forward else t[::-1], w, h)
                yy = y + (sh - lh) // 2
            c.add(Placed(x - pieces.margin(w), yy, im), x + im.width, yy + im.height)
            x += width
        y += row_h + 6
    _end_marks(c, chain, rows, top, left, step, row_h)


def _turns(c: Canvas, totals: list[int], top: int, left: int, row_h: int, sh: int) -> None:
    """Where the chain wraps to the next row, a band joins the two rows'
    ends at the side it turns (drawn under the tiles): the eye follows the
    chain as it runs, right then left, and finds both open ends."""
    for r in range(len(totals) - 1):
        y1 = top + r * (row_h + 6) + sh // 2
        y2 = y1 + row_h + 6
        if r % 2 == 0:  # forward: turns at the right
            xe, x_turn, x_next = left + totals[r], left + CHAIN_W + 12, left + CHAIN_W - 8
        else:  # backward: turns at the left
            xe, x_turn, x_next = left + CHAIN_W - totals[r], left - 14, left + 8
        points = [(xe - 8 if r % 2 == 0 else xe + 8, y1), (x_turn, y1), (x_turn, y2),
                  (x_next, y2)]

        def draw(d: ImageDraw.ImageDraw, _x: int, _y: int,
                 pts: list[tuple[int, int]] = points) -> None:
            d.line(pts, fill=BADGE, width=6, joint="curve")
        c.add(Placed(0, 0, draw=draw), max(p[0] for p in points) + 4, y2)


def _end_marks(c: Canvas, chain: Chain, rows: list[list[int]], top: int, left: int,
               step: dict[bool, int], row_h: int) -> None:
    """A yellow arrowhead outside each open end."""
    first_y = top + row_h // 2
    last_r = len(rows) - 1
    widths = [step[chain.tiles[i][0] == chain.tiles[i][1]] for i in rows[-1]]
    last_y = top + last_r * (row_h + 6) + row_h // 2
    if last_r % 2 == 0:
        end_x, direction = left + sum(widths) + 4, 1
    else:
        end_x, direction = left + CHAIN_W - sum(widths) - 4, -1
    start_x = left - 4

    def arrow(x: int, y: int, d_: int) -> Callable[[ImageDraw.ImageDraw, int, int], None]:
        def draw(d: ImageDraw.ImageDraw, _x: int, _y: int) -> None:
            k = 14
            d.polygon([(x + d_ * k, y), (x, y - k), (x, y + k)], fill=YELLOW,
                      outline=(120, 90, 0))
        return draw

    c.add(Placed(0, 0, draw=arrow(start_x, first_y, -1)), start_x, first_y + 14)
    c.add(Placed(0, 0, draw=arrow(end_x, last_y, direction)), end_x + 16, last_y + 14)


# -- the file -------------------------------------------------------------------
def png(picture: Picture, words: bool = True) -> bytes:
    """The picture as a PNG of 160 colours (a fraction of the size, and as
    sharp: the pictures use few colours), with its description in a text
    chunk: what is drawn travels with it."""
    im = render(picture, words).quantize(palette=palette(), dither=Image.Dither.NONE)
    info = PngImagePlugin.PngInfo()
    info.add_text("paiju", json.dumps(picture.describe(), sort_keys=True, ensure_ascii=False))
    out = io.BytesIO()
    im.save(out, "PNG", compress_level=6, pnginfo=info)
    return out.getvalue()


@functools.cache
def palette() -> Image.Image:
    """The colours every picture is drawn in, chosen once a process from a
    picture holding all of them (every piece, faded and marked, the badges,
    the felt): mapping a picture to a fixed palette costs a sixth of choosing
    one for it."""
    from bot.pictures.scenes import drawn

    # a few pieces of each face hold all its colours (red and black pips,
    # suits, backs; faded, marked): each game's `palette`
    rows: list[Row] = []
    for sc in drawn().values():
        if not sc.palette:
            continue  # its face's colours are in the others'
        pieces_ = [sc.piece(c, dim, mark) for c in sc.palette for dim, mark in (
            (False, ""), (True, ""), (False, "new"), (False, "win"))]
        rows.append(Row((Group(tuple(pieces_)), Pile(sc.face, 12), Count(-120)), seat=1,
                        turn=True, winner=True, small=sc.palette_small))
    rows.append(Row((Pile("tile-down", 3), Separator()), seat=2, small=True))
    sample = render(Picture("all", "palette", (Chain(("66", "65", "55", "51")), *rows)))
    return sample.quantize(colors=160, method=Image.Quantize.FASTOCTREE,
                           dither=Image.Dither.NONE)


def described(data: bytes) -> dict:
    """The description a PNG of ours carries (tests and the fake server read it)."""
    with Image.open(io.BytesIO(data)) as im:
        return json.loads(im.text["paiju"])  # type: ignore[attr-defined]


def blocks_of(picture: Picture) -> Iterator[Block]:
    yield from picture.blocks

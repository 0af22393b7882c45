"""One piece drawn: a 顶牛 tile, a 川牌 card, a 牛九 card, a poker card, or
the back of one. Each is drawn once per size at three times its size and
scaled down (smooth edges), then kept: a picture pastes them.

Looks, from the real things: a 顶牛 tile is ivory, thick, with rounded
corners and drilled pips, its two halves apart with no bar between them; a
川牌 card is a long narrow strip of card with the same pips printed; a 牛九
card a strip with its points, its poker stand-in and (where a Chinese font is
found) its name; a poker card has its rank and suit in the corner and a big
suit in the middle."""

from __future__ import annotations

import functools

from PIL import Image, ImageDraw, ImageFilter

from bot.pictures import fonts, glyphs, pips

RGB = tuple[int, int, int]

SS = 3  # drawn at 3× and scaled down

IVORY = (247, 240, 222)
IVORY_EDGE = (214, 198, 160)
IVORY_SIDE = (181, 160, 118)
PAPER = (252, 248, 236)
NIUJIU_PAPER = (250, 240, 214)
RED = (204, 30, 38)
RED_RIM = (150, 16, 24)
BLACK = (24, 24, 28)
BLACK_RIM = (0, 0, 0)
TEAL = (36, 112, 118)  # 川牌's printed frame: neither red nor black
GOLD = (214, 160, 40)
BACK = (46, 104, 84)  # a face-down tile: dark jade
BACK_CARD = (40, 78, 150)
DIM = (238, 238, 238)  # what a dimmed piece is faded towards
SHADOW = (0, 0, 0, 70)

# (width, height) of each face at scale 1: the hand's size; tables use 0.72
SIZES = {"tile": (66, 146), "strip": (44, 150), "niujiu": (52, 150), "poker": (70, 100)}


def size(face: str, small: bool = False) -> tuple[int, int]:
    w, h = SIZES[face]
    return (round(w * 0.72), round(h * 0.72)) if small else (w, h)


def _rounded(d: ImageDraw.ImageDraw, box: tuple[float, float, float, float], r: float,
             fill: RGB | None, outline: RGB | None = None, width: int = 0) -> None:
    d.rounded_rectangle(box, radius=r, fill=fill, outline=outline, width=width)


def _pip(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, red: bool) -> None:
    fill, rim = (RED, RED_RIM) if red else (BLACK, BLACK_RIM)
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=rim)
    k = r * 0.78
    d.ellipse((cx - k, cy - k - r * 0.08, cx + k, cy + k - r * 0.08), fill=fill)


def _halves(d: ImageDraw.ImageDraw, code: str, x0: float, y0: float, w: float, h: float,
            r: float, gap: float) -> None:
    """The pips of [a:b] in the box (x0, y0, w, h): a in the upper half."""
    a, b = int(code[0]), int(code[1])
    upper, lower = pips.tile(a, b)
    hh = (h - gap) / 2
    for half, top in ((upper, y0), (lower, y0 + hh + gap)):
        for p in half:
            rr = r * (1.55 if p.big else 1.0)
            cx = x0 + p.x * w
            cy = top + p.y * hh
            if p.big:  # a large 1 keeps clear of the tile's edge
                cy = top + (0.42 if half is upper else 0.58) * hh
            _pip(d, cx, cy, rr, p.red)


def _thick(face: Image.Image, side: int) -> Image.Image:
    """A tile's face on its body: the side shows below it."""
    w, h = face.size
    im = Image.new("RGBA", (w, h + side), (0, 0, 0, 0))
    ImageDraw.Draw(im).rounded_rectangle((0, side, w - 1, h + side - 1), radius=min(w, h) * 0.2,
                                         fill=IVORY_SIDE)
    im.alpha_composite(face)
    return im


def _tile_face(code: str, w: int, h: int) -> Image.Image:
    """A 顶牛 tile's face, standing: [a:b] with a above."""
    im = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    r = w * 0.2
    _rounded(d, (0, 0, w - 1, h - 1), r, IVORY_EDGE)
    inset = max(2, round(w * 0.035))
    _rounded(d, (inset, inset, w - 1 - inset, h - 1 - inset), r * 0.85, IVORY)
    if code:
        pad = w * 0.1
        _halves(d, code, pad, pad, w - 2 * pad, h - 2 * pad, w * 0.105, gap=w * 0.12)
    else:  # the back: dark jade with a lozenge
        _rounded(d, (inset, inset, w - 1 - inset, h - 1 - inset), r * 0.85, BACK)
        cx, cy, k = w / 2, h / 2, w * 0.16
        d.polygon([(cx, cy - 2 * k), (cx + k, cy), (cx, cy + 2 * k), (cx - k, cy)],
                  outline=(140, 190, 160), width=max(1, round(w * 0.03)))
    return im


def _side(w: int) -> int:
    return round(w * 0.07)


def _tile(code: str, w: int, h: int) -> Image.Image:
    side = _side(w)
    return _thick(_tile_face(code, w, h - side), side)


def _strip(code: str, w: int, h: int, paper: RGB = PAPER
           ) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    im = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    r = w * 0.12
    _rounded(d, (0, 0, w - 1, h - 1), r, paper, outline=(120, 110, 90), width=max(1, w // 30))
    return im, d


def _changpai(code: str, w: int, h: int) -> Image.Image:
    im, d = _strip(code, w, h)
    m = w * 0.1
    line = max(1, round(w * 0.025))
    d.rectangle((m, m, w - 1 - m, h - 1 - m), outline=TEAL, width=line)
    if code:
        pad = w * 0.14
        _halves(d, code, pad, pad * 1.1, w - 2 * pad, h - 2.2 * pad, w * 0.125, gap=w * 0.42)
        cx, cy, k = w / 2, h / 2, w * 0.12
        d.polygon([(cx, cy - k), (cx + k, cy), (cx, cy + k), (cx - k, cy)], fill=TEAL)
    return im


def _card_back(w: int, h: int) -> Image.Image:
    im = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    r = min(w, h) * 0.12
    _rounded(d, (0, 0, w - 1, h - 1), r, (250, 250, 250), outline=(120, 120, 120),
             width=max(1, w // 30))
    m = w * 0.09
    _rounded(d, (m, m, w - 1 - m, h - 1 - m), r * 0.6, BACK_CARD)
    step = max(4, round(w * 0.16))
    lw = max(1, round(w * 0.02))
    for k in range(-h, w + h, step):
        d.line((m + k, m, m + k + h, m + h), fill=(90, 126, 196), width=lw)
    # keep the stripes inside the inner panel
    mask = Image.new("L", (w, h), 0)
    ImageDraw.Draw(mask).rounded_rectangle((m, m, w - 1 - m, h - 1 - m), radius=r * 0.6,
                                           fill=255)
    plain = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    pd = ImageDraw.Draw(plain)
    _rounded(pd, (0, 0, w - 1, h - 1), r, (250, 250, 250), outline=(120, 120, 120),
             width=max(1, w // 30))
    _rounded(pd, (m, m, w - 1 - m, h - 1 - m), r * 0.6, BACK_CARD)
    return Image.composite(im, plain, mask)


# -- poker and 牛九 cards -------------------------------------------------------
RANK_TEXT = {"T": "10"}
RED_SUITS = "hd"


def _poker(code: str, w: int, h: int) -> Image.Image:
    im = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    r = w * 0.1
    _rounded(d, (0, 0, w - 1, h - 1), r, (255, 255, 255), outline=(110, 110, 110),
             width=max(1, w // 30))
    if code in ("SJ", "BJ"):
        colour = RED if code == "BJ" else BLACK
        size = h * 0.13
        x = w * 0.1
        for i, ch in enumerate("JOKER"):
            glyphs.draw_text(d, x, h * 0.07 + i * size * 1.12, ch, size, colour)
        glyphs.draw_star(d, w * 0.62, h * 0.55, w * 0.3, colour)
        return im
    rank, suit = RANK_TEXT.get(code[0], code[0]), code[1]
    colour = RED if suit in RED_SUITS else BLACK
    size = h * 0.26
    glyphs.draw_text(d, w * 0.08, h * 0.06, rank, size, colour, weight=0.2)
    glyphs.draw_suit(d, w * 0.08, h * 0.36, w * 0.26, suit, colour)
    big = w * 0.5
    glyphs.draw_suit(d, w * 0.42, h * 0.5, big, suit, colour)
    return im


# 牛九 kinds by their poker stand-in (9 and 5 by colour): points, name
NIUJIU = {
    "K": (12, "天"), "Q": (11, "虎"), "J": (10, "花十"), "T": (10, "梅十"),
    "9r": (9, "牛九"), "9b": (8, "牛八"), "8": (8, "红八"), "7": (7, "摇七"),
    "6": (6, "铜锤"), "3": (6, "串串"), "5b": (6, "合六"), "4": (4, "板凳"),
    "5r": (3, "合三"), "2": (2, "地眼"),
}
HANT = str.maketrans("红摇铜锤", "紅搖銅錘")  # the names in 繁體 (the others are the same)


def niujiu_kind(code: str) -> str:
    r = code[0]
    return r + ("r" if code[1] in RED_SUITS else "b") if r in "95" else r


def _niujiu(code: str, w: int, h: int, words: bool, script: str) -> Image.Image:
    im, d = _strip(code, w, h, NIUJIU_PAPER)
    points, name = NIUJIU[niujiu_kind(code)]
    if script == "hant":
        name = name.translate(HANT)
    m = w * 0.09
    d.rectangle((m, m, w - 1 - m, h - 1 - m), outline=(150, 60, 40), width=max(1, round(w * .03)))
    colour = RED if code[1] in RED_SUITS else BLACK
    num = str(points)
    size = h * 0.17
    glyphs.draw_text(d, (w - glyphs.text_width(num, size)) / 2, h * 0.07, num, size, colour,
                     weight=0.2)
    font = fonts.cjk(round(w * 0.52)) if words else None
    if font is not None:  # the kind's name, top to bottom, where a Chinese font is found
        fs = font.size
        y = h * 0.3 + (2 - len(name)) * fs * 0.5
        for ch in name:
            d.text((w / 2, y), ch, font=font, fill=(120, 40, 30), anchor="mt")
            y += fs * 1.05
    rank = RANK_TEXT.get(code[0], code[0])
    isize = h * 0.1
    glyphs.draw_text(d, w * 0.16, h * 0.86 - isize * 0.2, rank, isize, colour)
    glyphs.draw_suit(d, w * 0.62, h * 0.845, w * 0.22, code[1], colour)
    return im


# -- any piece -------------------------------------------------------------------
def _fade(im: Image.Image) -> Image.Image:
    veil = Image.new("RGBA", im.size, DIM + (0,))
    alpha = im.getchannel("A").point(lambda a: a * 0.55)
    veil.putalpha(alpha)
    return Image.alpha_composite(im, veil)


def _shadowed(im: Image.Image, blur: float) -> Image.Image:
    """The piece on a soft shadow (the picture pastes both)."""
    pad = round(blur * 2)
    out = Image.new("RGBA", (im.width + 2 * pad, im.height + 2 * pad), (0, 0, 0, 0))
    shadow = Image.new("RGBA", out.size, (0, 0, 0, 0))
    a = im.getchannel("A").point(lambda v: SHADOW[3] if v > 0 else 0)
    shadow.paste(Image.new("RGBA", im.size, SHADOW), (pad + round(blur * 0.4),
                                                       pad + round(blur * 0.8)), a)
    shadow = shadow.filter(ImageFilter.GaussianBlur(blur))
    out.alpha_composite(shadow)
    out.alpha_composite(im, (pad, pad))
    return out


@functools.lru_cache(maxsize=1024)
def piece(face: str, code: str, w: int, h: int, dim: bool = False, mark: str = "",
          words: bool = True, script: str = "") -> Image.Image:
    """The piece drawn `w`×`h` (its shadow adds a margin: `margin(w)` each side)."""
    W, H = w * SS, h * SS
    if face == "tile":
        im = _tile(code, W, H)
    elif face == "strip":
        im = _changpai(code, W, H) if code else _card_back(W, H)
    elif face == "niujiu":
        im = _niujiu(code, W, H, words, script) if code else _card_back(W, H)
    else:
        im = _poker(code, W, H) if code else _card_back(W, H)
    if mark:
        ring = Image.new("RGBA", (W, H), (0, 0, 0, 0))
        colour = GOLD if mark == "win" else (40, 150, 230)
        ImageDraw.Draw(ring).rounded_rectangle((0, 0, W - 1, H - 1), radius=W * 0.18,
                                               outline=colour, width=round(W * 0.07))
        im = Image.alpha_composite(im, ring)
    im = im.resize((w, h), Image.Resampling.LANCZOS)
    if dim:
        im = _fade(im)
    return _shadowed(im, margin(w) / 2)


def margin(w: int) -> int:
    return max(2, round(w * 0.06))


@functools.lru_cache(maxsize=64)
def lying(code: str, w: int, h: int) -> Image.Image:
    """A 顶牛 tile lying across ([a:b] with a on the left), w×h as it stands."""
    W, H = w * SS, h * SS
    side = _side(W)
    face = _tile_face(code, W, H - side).rotate(90, expand=True)
    im = _thick(face, side)
    im = im.resize((round(im.width / SS), round(im.height / SS)), Image.Resampling.LANCZOS)
    return _shadowed(im, margin(w) / 2)

"""Where the pips of a Chinese domino sit, and which are red.

One half of a tile or 川牌 card is a box; a pip is (x, y, red, big) with x
across the box and y from the tile's outer end towards its middle, both 0–1.
The lower half is the upper half turned round (x → 1−x, y measured from the
other end), so a tile reads the same either way up, as real ones do.

What we follow (docs/pictures.md has the sources): the 1 and the 4 are red,
as on Chinese dice; the 1 is one large pip; a 2 is two pips side by side at
the outer end (so 板凳 2-2 stands on two "legs"); a 3 is a diagonal, except
on 长三 (3-3), laid out as two across, two along the middle, two across; a 6
is two columns of three; on 天牌 (6-6) half of the twelve are red: one
column of each six, the left one above and the right one below, so the tile
turned round looks the same. The other pips are black.
"""

from __future__ import annotations

from typing import NamedTuple


class Pip(NamedTuple):
    x: float
    y: float
    red: bool
    big: bool = False


L, M, R = 0.27, 0.5, 0.73  # columns
TOP, MID, LOW = 0.17, 0.5, 0.83  # rows of the 5 and the 6

_BLACK: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((M, 0.36),),
    2: ((L, TOP), (R, TOP)),
    3: ((R, TOP), (M, MID), (L, LOW)),
    4: ((L, 0.22), (R, 0.22), (L, 0.7), (R, 0.7)),
    5: ((L, TOP), (R, TOP), (M, MID), (L, LOW), (R, LOW)),
    6: ((L, TOP), (R, TOP), (L, MID), (R, MID), (L, LOW), (R, LOW)),
}
# 长三 (3-3): two across at the end, then one near the middle (the two middle
# ones of the tile stand along it).
_LONG_THREE = ((L, TOP), (R, TOP), (M, 0.86))


def half(value: int, other: int) -> tuple[Pip, ...]:
    """The pips of a half showing `value` on a tile whose other half shows
    `other`, in the upper half's frame (the lower half turns it round)."""
    spots = _LONG_THREE if value == 3 and other == 3 else _BLACK[value]
    out = []
    for x, y in spots:
        red = value in (1, 4) or (value == 6 and other == 6 and x < M)
        out.append(Pip(x, y, red, big=value == 1))
    return tuple(out)


def tile(a: int, b: int) -> tuple[tuple[Pip, ...], tuple[Pip, ...]]:
    """Both halves of [a:b]: the upper (a) as it is, the lower (b) turned
    round into the tile's frame (y still measured within its own box)."""
    upper = half(a, b)
    lower = tuple(Pip(1 - p.x, 1 - p.y, p.red, p.big) for p in half(b, a))
    return upper, lower


def counts(a: int, b: int) -> tuple[int, int]:
    """(red, black) pips of [a:b]."""
    pips = [*half(a, b), *half(b, a)]
    red = sum(p.red for p in pips)
    return red, len(pips) - red

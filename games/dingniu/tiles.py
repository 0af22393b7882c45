"""The 24 顶牛 tiles (牛牌): 13 kinds of the 牌九 set without the eight 杂 tiles.

A tile kind is a small int 0..12 (the spec's A1 table order); its code is the
two pip counts low-high ("66" 大天, "56" 虎头 ...). Duplicates are a multiset.
Names live in the presenter; here only pips, points and counts.
"""

from __future__ import annotations

# code, copies; index = tile kind. Chinese names are for reading the table.
KINDS: tuple[tuple[str, int], ...] = (
    ("66", 2),  # 0  大天 / 天牌        横牌 (double)
    ("56", 2),  # 1  虎头 / 斧头        竖牌
    ("55", 2),  # 2  大五 / 梅花        横牌
    ("46", 2),  # 3  红十 / 金屏        竖牌
    ("44", 2),  # 4  红八 / 人牌        横牌
    ("36", 1),  # 5  三六 / 杂九        竖牌
    ("26", 1),  # 6  二六 / 杂八        竖牌
    ("16", 2),  # 7  一六 / 幺六        竖牌
    ("33", 2),  # 8  长三 / 大三        横牌
    ("15", 2),  # 9  一五 / 幺五        竖牌
    ("13", 2),  # 10 一三 / 和牌        竖牌
    ("22", 2),  # 11 二板 / 板凳        横牌
    ("11", 2),  # 12 地幺 / 地牌        横牌
)

N_KINDS = len(KINDS)
CODES: tuple[str, ...] = tuple(k[0] for k in KINDS)
COPIES: tuple[int, ...] = tuple(k[1] for k in KINDS)
KIND_OF: dict[str, int] = {c: i for i, c in enumerate(CODES)}
PIPS: tuple[tuple[int, int], ...] = tuple((int(c[0]), int(c[1])) for c in CODES)
POINTS: tuple[int, ...] = tuple(a + b for a, b in PIPS)  # 点数
IS_DOUBLE: tuple[bool, ...] = tuple(a == b for a, b in PIPS)  # 横牌
NON_DOUBLES: tuple[int, ...] = tuple(i for i in range(N_KINDS) if not IS_DOUBLE[i])  # 竖牌
DOUBLES: tuple[int, ...] = tuple(i for i in range(N_KINDS) if IS_DOUBLE[i])

HUTOU, HONGSHI, HONGBA, SANLIU, ERLIU, YILIU = 1, 3, 4, 5, 6, 7
# The four 竖牌 that cover a 6-end and so defuse a 红帐 threat (死拦红帐).
SIX_COVERS = (HUTOU, SANLIU, ERLIU, YILIU)

# FIT[v]: kinds with a pip v; a tile of kind t put on an end v leaves OTHER[t][v].
FIT: tuple[tuple[int, ...], ...] = tuple(
    tuple(t for t in range(N_KINDS) if v in PIPS[t]) for v in range(7)
)
OTHER: tuple[dict[int, int], ...] = tuple(
    {a: b, b: a} for a, b in PIPS
)

DECK: tuple[int, ...] = tuple(t for t in range(N_KINDS) for _ in range(COPIES[t]))
assert len(DECK) == 24 and sum(POINTS[t] for t in DECK) == 177


def kind(code: str) -> int:
    """The kind of a tile code; accepts either pip order ("65" is "56")."""
    k = KIND_OF.get(code)
    if k is None and len(code) == 2:
        k = KIND_OF.get(code[1] + code[0])
    if k is None:
        raise KeyError(code)
    return k


def oriented(t: int, left: int) -> str:
    """The tile as it lies on the layout, `left` pip first ("64" = [6|4])."""
    a, b = PIPS[t]
    return f"{a}{b}" if a == left else f"{b}{a}"


def codes_of(counts: list[int]) -> list[str]:
    """Tile codes of a hand held as counts per kind, in table order."""
    out: list[str] = []
    for t, n in enumerate(counts):
        if n:
            out.extend((CODES[t],) * n)
    return out

"""The 105 川牌 (长牌) cards: 21 kinds × 5 copies (spec B1).

A kind is a small int 0..20 in the table order of the spec; its record code is
its two pip halves, low first ("66" 天牌, "11" 地牌, "44" 人牌 ...). The five
copies of a kind share the code, so hands are multisets (count vectors).
"""

from __future__ import annotations

from collections.abc import Iterable
from operator import itemgetter

from games.base import IllegalMove

# (code, Sichuan name) in spec B1 order.
KINDS: tuple[tuple[str, str], ...] = (
    ("66", "天牌"),
    ("11", "地牌"),
    ("44", "人牌"),
    ("13", "和牌"),
    ("55", "梅子"),
    ("33", "长三"),
    ("22", "板凳"),
    ("56", "斧头"),
    ("46", "四六"),
    ("15", "猫猫"),
    ("16", "高脚"),
    ("45", "红九"),
    ("36", "黑九"),
    ("26", "平八"),
    ("35", "三五"),
    ("25", "二五"),
    ("34", "三四"),
    ("24", "二红"),
    ("14", "幺四"),
    ("23", "拐子"),
    ("12", "丁丁"),
)
N_KINDS = len(KINDS)
COPIES = 5
DECK_SIZE = N_KINDS * COPIES  # 105

CODES: tuple[str, ...] = tuple(c for c, _ in KINDS)
NAMES: tuple[str, ...] = tuple(n for _, n in KINDS)
KIND_OF: dict[str, int] = {c: i for i, c in enumerate(CODES)}
PIPS: tuple[tuple[int, int], ...] = tuple((int(c[0]), int(c[1])) for c in CODES)
POINTS: tuple[int, ...] = tuple(a + b for a, b in PIPS)


def _red_pips(a: int, b: int) -> int:
    if a == b == 6:  # 天牌: half of its twelve pips are red
        return 6
    return sum(p for p in (a, b) if p in (1, 4))


RED_PIPS: tuple[int, ...] = tuple(_red_pips(a, b) for a, b in PIPS)
# 红牌: at least one red pip (猫猫 1-5 counts, spec B1).
RED: tuple[bool, ...] = tuple(r > 0 for r in RED_PIPS)
TIAN, DI, REN, YAOSI = 0, 1, 2, 18
# 幺地人牌: the three all-red cards whose sets score 番 (spec B2.3).
YDR: tuple[bool, ...] = tuple(k in (DI, REN, YAOSI) for k in range(N_KINDS))
SEVENS: tuple[int, ...] = tuple(k for k in range(N_KINDS) if POINTS[k] == 7)  # 高脚 二五 三四

# Cards only combine with cards of the complementary value (14 points), so the
# kinds split into six independent components: {2,12} {3,11} {4,10} {5,9}
# {6,8} {7}. Win and estimate searches run per component.
COMPONENTS: tuple[tuple[int, ...], ...] = tuple(
    tuple(k for k in range(N_KINDS) if min(POINTS[k], 14 - POINTS[k]) == low)
    for low in (2, 3, 4, 5, 6, 7)
)
# Per component: its cards picked out of a 21-long per-kind vector, as a tuple.
PICK = tuple(itemgetter(*comp) for comp in COMPONENTS)
COMPONENT_OF: tuple[int, ...] = tuple(
    next(i for i, comp in enumerate(COMPONENTS) if k in comp) for k in range(N_KINDS)
)


def complements(k: int) -> tuple[int, ...]:
    """Kinds of the complementary value (14 points together), other than k."""
    return tuple(j for j in range(N_KINDS) if j != k and POINTS[j] + POINTS[k] == 14)


COMPLEMENTS: tuple[tuple[int, ...], ...] = tuple(complements(k) for k in range(N_KINDS))


def kind(code: str) -> int:
    try:
        return KIND_OF[code]
    except KeyError:
        raise IllegalMove("unknown_card", repr(code)) from None


def to_counts(codes: Iterable[str]) -> list[int]:
    counts = [0] * N_KINDS
    for c in codes:
        counts[kind(c)] += 1
    return counts


def to_codes(counts: Iterable[int]) -> list[str]:
    out: list[str] = []
    for k, n in enumerate(counts):
        out.extend([CODES[k]] * n)
    return out


_DECK = tuple(k for k in range(N_KINDS) for _ in range(COPIES))


def full_deck() -> list[int]:
    return list(_DECK)

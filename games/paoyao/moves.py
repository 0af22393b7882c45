"""The legal plays of one hand as Moves, cached until the hand changes.

Built lazily from the rank counts (§9): singles, pairs and bombs are kept
sorted by strength so a response is a slice; straights are generated on
demand. Each Move is made once per hand version and reused for every trick
(random play asks a hand ~3 times between its own plays).
"""

from __future__ import annotations

from bisect import bisect_right

from games.base import Move
from games.paoyao.cards import ACE, BJ, FOUR, NRANKS, RANK_CHARS, SJ
from games.paoyao.combos import (
    BOMB,
    DSTRAIGHT,
    JOKER_SUB,
    JOKER_TIER,
    PAIR,
    ROAD_TIER,
    SINGLE,
    STRAIGHT,
    YAO_TIER,
    runs,
)

PLAY = "play"
_BELOW_FOUR_ROAD = (2, -1)  # bombs above this power beat a 双顺 (tier ≥ 2)


def code_of(shape: tuple) -> str:
    """The move code of a play shape ((rank, count), ...)."""
    return "".join(RANK_CHARS[r] * k for r, k in shape)


# Every shape a play can have, made once: (shape, code) per family.
SINGLE_SHAPES = [(((r, 1),), code_of(((r, 1),))) for r in range(NRANKS)]
PAIR_SHAPES = [(((r, 2),), code_of(((r, 2),))) for r in range(SJ)]
ROAD_SHAPES = [[(((r, k),), code_of(((r, k),))) for k in range(9)] for r in range(SJ)]
YAO_SHAPES = [(((FOUR, k), (ACE, 1)), code_of(((FOUR, k), (ACE, 1)))) for k in range(9)]
JOKER_SHAPES = []
for (_a, _b), _tier in JOKER_TIER.items():
    _shape = ((SJ, _a),) * bool(_a) + ((BJ, _b),) * bool(_b)
    JOKER_SHAPES.append((_a, _b, _tier, _shape, code_of(_shape)))
RUN_SHAPES = {
    (w, lo, n): (
        tuple((r, w) for r in range(lo, lo + n)),
        code_of(tuple((r, w) for r in range(lo, lo + n))),
    )
    for w in (1, 2)
    for lo in range(ACE + 1)
    for n in range(3, ACE + 2 - lo)
}


_BOMB_RANKS = (FOUR, ACE, SJ, BJ)  # ranks of 幺 and joker bombs
_STRENGTH_ORDERS: dict[tuple, list[int]] = {}


def _by_strength(order: list[int]) -> list[int]:
    """Rank indices from weakest to strongest under `order`."""
    key = tuple(order)
    ranks = _STRENGTH_ORDERS.get(key)
    if ranks is None:
        ranks = _STRENGTH_ORDERS[key] = sorted(range(NRANKS), key=order.__getitem__)
    return ranks


class HandMoves:
    """Plays of one seat's hand. Moves are made once and kept until a card
    of one of their ranks leaves the hand; `by_code` maps each to its
    combination, so applying a listed move needs no re-classification."""

    __slots__ = (
        "hand",
        "cnt",
        "order",
        "by_code",
        "_by_rank",
        "_single",
        "_singles",
        "_pairs",
        "_bombs",
        "_leads",
    )

    def __init__(self, hand: list[list[str]], order: list[int]) -> None:
        self.hand = hand
        self.cnt = [len(x) for x in hand]
        self.order = order
        self.by_code: dict[str, tuple] = {}
        self._by_rank: list[list[str]] = [[] for _ in range(NRANKS)]  # codes using each rank
        self._single: list[Move | None] = [None] * NRANKS  # the single of each rank, once made
        self._singles = self._pairs = self._bombs = self._leads = None

    def played(self, ranks: dict[int, int]) -> None:
        """`ranks[r]` cards of rank r left the hand: forget the moves that
        used them, and the families they can change."""
        by_code, by_rank, cnt = self.by_code, self._by_rank, self.cnt
        pairs = bombs = False
        for r, k in ranks.items():
            for code in by_rank[r]:
                by_code.pop(code, None)
            by_rank[r] = []
            self._single[r] = None
            before = cnt[r]
            cnt[r] = before - k
            pairs = pairs or before >= 2
            bombs = bombs or before >= 3 or r in _BOMB_RANKS
        self._singles = self._leads = None
        if pairs:
            self._pairs = None
        if bombs:
            self._bombs = None

    def _entry(self, combo: tuple, shape: tuple, code: str) -> Move:
        e = self.by_code.get(code)
        if e is None:
            hand, by_rank = self.hand, self._by_rank
            if len(shape) == 1:
                r, k = shape[0]
                cards = tuple(hand[r][:k])
                by_rank[r].append(code)
            else:
                cards = []
                for r, k in shape:
                    cards += hand[r][:k]
                    by_rank[r].append(code)
                cards = tuple(cards)
            e = self.by_code[code] = (combo, Move(code, PLAY, cards))
        return e[1]

    # -- sorted families: (keys, moves) -------------------------------------
    def singles(self):
        if self._singles is None:
            order, cnt, made = self.order, self.cnt, self._single
            ranks = [r for r in _by_strength(order) if cnt[r]]
            moves = []
            for r in ranks:
                m = made[r]
                if m is None:
                    m = made[r] = self._entry((SINGLE, order[r], 0), *SINGLE_SHAPES[r])
                moves.append(m)
            self._singles = ([order[r] for r in ranks], moves)
        return self._singles

    def pairs(self):
        if self._pairs is None:
            order, cnt, entry = self.order, self.cnt, self._entry
            ranks = [r for r in _by_strength(order) if cnt[r] >= 2 and r < SJ]
            keys = [order[r] for r in ranks]
            self._pairs = (keys, [entry((PAIR, order[r], 0), *PAIR_SHAPES[r]) for r in ranks])
        return self._pairs

    def bombs(self):
        """Every bomb (路, 幺, 王), sorted by power (tier, sub)."""
        if self._bombs is None:
            cnt, order = self.cnt, self.order
            items = []
            for r in range(SJ):
                if cnt[r] >= 3:
                    for k in range(3, cnt[r] + 1):
                        items.append(((ROAD_TIER[k], order[r]), ROAD_SHAPES[r][k]))
            if cnt[ACE] and cnt[FOUR] >= 2:
                for k in range(2, cnt[FOUR] + 1):
                    items.append(((YAO_TIER[k], 0), YAO_SHAPES[k]))
            sj, bj = cnt[SJ], cnt[BJ]
            if sj + bj >= 2:
                for a, b, tier, shape, code in JOKER_SHAPES:
                    if a <= sj and b <= bj:
                        items.append(((tier, JOKER_SUB), (shape, code)))
            items.sort()
            entry = self._entry
            keys = [p for p, _ in items]
            self._bombs = (keys, [entry((BOMB, p[0], p[1]), *sc) for p, sc in items])
        return self._bombs

    def _runs(self, kind: int, width: int, length=None, low_above=-1) -> list[Move]:
        entry = self._entry
        return [
            entry((kind, n, lo), *RUN_SHAPES[width, lo, n])
            for lo, n in runs(self.cnt, width, length, low_above)
        ]

    # -- what the protocol asks ----------------------------------------------
    def leads(self) -> list[Move]:
        if self._leads is None:
            self._leads = (
                self.singles()[1]
                + self.pairs()[1]
                + self._runs(STRAIGHT, 1)
                + self._runs(DSTRAIGHT, 2)
                + self.bombs()[1]
            )
        return self._leads

    def responses(self, top: tuple) -> list[Move]:
        kind = top[0]
        if kind == BOMB:
            keys, moves = self.bombs()
            return moves[bisect_right(keys, (top[1], top[2])) :]
        if kind == SINGLE:
            keys, moves = self.singles()
            out = moves[bisect_right(keys, top[1]) :]
        elif kind == PAIR:
            keys, moves = self.pairs()
            out = moves[bisect_right(keys, top[1]) :]
        elif kind == STRAIGHT:
            out = self._runs(STRAIGHT, 1, top[1], top[2]) + self._runs(DSTRAIGHT, 2, top[1], top[2])
        else:  # DSTRAIGHT: a higher 双顺 of equal length, or a bomb of tier ≥ 2
            keys, moves = self.bombs()
            return (
                self._runs(DSTRAIGHT, 2, top[1], top[2])
                + moves[bisect_right(keys, _BELOW_FOUR_ROAD) :]
            )
        return out + self.bombs()[1]

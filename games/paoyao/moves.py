"""The legal plays of one hand as Moves, cached until the hand changes.

Built lazily from the rank counts (§9): singles, pairs and bombs are kept
sorted by strength so a response is a slice; straights are generated on
demand. Each Move is made once per hand version and reused for every trick
(random play asks a hand ~3 times between its own plays).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right

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
)

PLAY = "play"
_new = tuple.__new__  # Move(code, PLAY, cards) without the keyword-handling frame
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
ROAD_CODES = [
    [tuple(ROAD_SHAPES[r][k][1] for k in range(3, n + 1)) for n in range(9)] for r in range(SJ)
]
YAO_CODES = tuple(y[1] for y in YAO_SHAPES[2:])
JOKER_BOMB_CODES = tuple(j[4] for j in JOKER_SHAPES)
# RUN_TABLE[width][low][length] = (shape, code) of a straight (None below 3).
RUN_TABLE = [
    [
        [
            (shape, code_of(shape)) if n >= 3 else None
            for n in range(ACE + 2 - lo)
            for shape in (tuple((r, w) for r in range(lo, lo + n)),)
        ]
        for lo in range(ACE + 1)
    ]
    for w in (0, 1, 2)
]
# RUN_BITS[low][length]: the ranks of a straight as a bitmask.
RUN_BITS = [[((1 << n) - 1) << lo for n in range(ACE + 2 - lo)] for lo in range(ACE + 1)]


def _run_rows(w: int) -> list[list[tuple | None]]:
    """Per low rank and length: (combination, shape, code, rank bits) of a
    straight of width w (1: 单顺, 2: 双顺); None below length 3."""
    kind = STRAIGHT if w == 1 else DSTRAIGHT
    rows = []
    for lo in range(ACE + 1):
        row: list[tuple | None] = [None, None, None]
        for n in range(3, ACE + 2 - lo):
            shape = tuple((r, w) for r in range(lo, lo + n))
            row.append(((kind, n, lo), shape, code_of(shape), RUN_BITS[lo][n]))
        rows.append(row)
    return rows


RUN_ROWS = [[], _run_rows(1), _run_rows(2)]  # by width
_BOMB_RANKS = (FOUR, ACE, SJ, BJ)  # ranks of 幺 and joker bombs
_STRENGTH_ORDERS: dict[tuple, list[int]] = {}


def _by_strength(order: list[int]) -> list[int]:
    """Rank indices from weakest to strongest under `order`."""
    key = tuple(order)
    ranks = _STRENGTH_ORDERS.get(key)
    if ranks is None:
        ranks = _STRENGTH_ORDERS[key] = sorted(range(NRANKS), key=order.__getitem__)
    return ranks


def _road_items(r: int, n: int, order: list[int]) -> list:
    """(power, (shape, code)) of the 路 of rank r held n times."""
    return [((ROAD_TIER[k], order[r]), ROAD_SHAPES[r][k]) for k in range(3, n + 1)]


def _yao_items(fours: int, aces: int) -> list:
    if not aces or fours < 2:
        return []
    return [((YAO_TIER[k], 0), YAO_SHAPES[k]) for k in range(2, fours + 1)]


def _joker_items(sj: int, bj: int) -> list:
    if sj + bj < 2:
        return []
    return [
        ((t, JOKER_SUB), (shape, code))
        for a, b, t, shape, code in JOKER_SHAPES
        if a <= sj and b <= bj
    ]


_STRAIGHT_RANKS = range(ACE + 1)
_STARTS: dict[int, tuple] = {}


def _run_starts(mask: int) -> tuple:
    """(lowest rank, longest length) of every straight in a rank bitmask."""
    starts = _STARTS.get(mask)
    if starts is None:
        out = []
        lo = 0
        while lo <= ACE:
            if not mask >> lo & 1:
                lo += 1
                continue
            hi = lo
            while hi <= ACE and mask >> hi & 1:
                hi += 1
            out += [(start, hi - start) for start in range(lo, hi - 2)]
            lo = hi
        starts = _STARTS[mask] = tuple(out)
    return starts


class HandMoves:
    """Plays of one seat's hand, each Move made once and kept while its cards
    stay in the hand. `by_code` (singles, pairs, bombs) and `run_codes`
    (straights) map codes to (combination, Move), so applying a listed move
    needs no re-classification."""

    __slots__ = (
        "hand",
        "cnt",
        "order",
        "by_code",
        "run_codes",
        "masks",
        "_singles",
        "_pairs",
        "_bombs",
        "_leads",
    )

    def __init__(self, hand: list[list[str]], order: list[int]) -> None:
        self.hand = hand
        self.cnt = list(map(len, hand))
        self.order = order
        self.by_code: dict[str, tuple] = {}
        self.run_codes: dict[str, tuple] = {}
        self._singles = self._pairs = self._bombs = None
        self._leads: list[Move] | None = None
        # masks[w]: bit r set when rank r (4…A) is held w+ times, for straights
        cnt = self.cnt
        self.masks = [
            0,
            sum([1 << r for r in _STRAIGHT_RANKS if cnt[r]]),
            sum([1 << r for r in _STRAIGHT_RANKS if cnt[r] >= 2]),
        ]

    def played(self, shape) -> None:
        """k cards of rank r left the hand for each (r, k) of `shape`: forget
        the moves that used them (a rank's lowest suits changed) and patch
        the families they change."""
        pop, cnt, order = self.by_code.pop, self.cnt, self.order
        had_fours, had_aces, had_sj, had_bj = cnt[FOUR], cnt[ACE], cnt[SJ], cnt[BJ]
        changed_pairs = []
        bombs_kept = self._bombs is not None  # else nothing to patch: built when asked
        bomb_groups = []  # (old items, new items) of the bombs to patch
        runs = 0  # bits of the straight ranks whose lowest suits changed
        yao = jokers = False
        for r, k in shape:
            before = cnt[r]
            after = cnt[r] = before - k
            pop(SINGLE_SHAPES[r][1], None)
            if r >= SJ:
                jokers = True
                continue
            if r <= ACE:
                runs |= 1 << r
                if after < 2:  # no longer in double straights (or straights)
                    masks = self.masks
                    masks[2] &= ~(1 << r)
                    if not after:
                        masks[1] &= ~(1 << r)
                if r == FOUR or r == ACE:
                    yao = True
            if before >= 2:
                pop(PAIR_SHAPES[r][1], None)
                changed_pairs.append(r)
                if before >= 3:
                    for code in ROAD_CODES[r][before]:
                        pop(code, None)
                    if bombs_kept:
                        bomb_groups.append(
                            (_road_items(r, before, order), _road_items(r, after, order))
                        )
        if yao and had_aces and had_fours >= 2:
            for code in YAO_CODES:
                pop(code, None)
            if bombs_kept:
                bomb_groups.append(
                    (_yao_items(had_fours, had_aces), _yao_items(cnt[FOUR], cnt[ACE]))
                )
        if jokers and had_sj + had_bj >= 2:
            for code in JOKER_BOMB_CODES:
                pop(code, None)
            if bombs_kept:
                bomb_groups.append((_joker_items(had_sj, had_bj), _joker_items(cnt[SJ], cnt[BJ])))
        if runs:  # keep the straights clear of the changed ranks
            if self.run_codes:
                self.run_codes = {c: e for c, e in self.run_codes.items() if not e[3] & runs}
        self._leads = None
        if bomb_groups and self._bombs is not None:  # patch the sorted bombs
            keys, moves = self._bombs
            entry = self._entry
            for old, new in bomb_groups:
                for p, _sc in old:
                    i = bisect_left(keys, p)
                    del keys[i], moves[i]
                for p, sc in new:
                    i = bisect_left(keys, p)
                    keys.insert(i, p)
                    moves.insert(i, entry((BOMB, p[0], p[1]), *sc))
        # patch singles and pairs: one new entry per changed rank (its code
        # was popped above), made here rather than through _entry
        hand, by_code = self.hand, self.by_code
        if self._singles is not None:
            keys, moves = self._singles
            for r, _k in shape:
                i = bisect_left(keys, order[r])
                if cnt[r]:
                    sh, code = SINGLE_SHAPES[r]
                    m = moves[i] = _new(Move, (code, PLAY, (hand[r][0],), None))
                    by_code[code] = ((SINGLE, order[r], 0), m, sh)
                else:
                    del keys[i], moves[i]
        if self._pairs is not None:
            keys, moves = self._pairs
            for r in changed_pairs:
                i = bisect_left(keys, order[r])
                if cnt[r] >= 2:
                    sh, code = PAIR_SHAPES[r]
                    m = moves[i] = _new(Move, (code, PLAY, tuple(hand[r][:2]), None))
                    by_code[code] = ((PAIR, order[r], 0), m, sh)
                else:
                    del keys[i], moves[i]

    def _entry(self, combo: tuple, shape: tuple, code: str) -> Move:
        e = self.by_code.get(code)
        if e is None:
            hand = self.hand
            if len(shape) == 1:
                r, k = shape[0]
                cards = tuple(hand[r][:k])
            else:  # 幺 and joker sets: two ranks (straights are made in _runs)
                cards = tuple(hand[shape[0][0]][: shape[0][1]] + hand[shape[1][0]][: shape[1][1]])
            e = self.by_code[code] = (combo, _new(Move, (code, PLAY, cards, None)), shape)
        return e[1]

    # -- sorted families: (keys, moves) -------------------------------------
    def singles(self):
        if self._singles is None:
            order, cnt, hand, by_code = self.order, self.cnt, self.hand, self.by_code
            ranks = [r for r in _by_strength(order) if cnt[r]]
            moves = []
            for r in ranks:  # _entry, inlined: a lead builds every family
                sh, code = SINGLE_SHAPES[r]
                e = by_code.get(code)
                if e is None:
                    m = _new(Move, (code, PLAY, (hand[r][0],), None))
                    e = by_code[code] = ((SINGLE, order[r], 0), m, sh)
                moves.append(e[1])
            self._singles = ([order[r] for r in ranks], moves)
        return self._singles

    def pairs(self):
        if self._pairs is None:
            order, cnt, hand, by_code = self.order, self.cnt, self.hand, self.by_code
            ranks = [r for r in _by_strength(order) if cnt[r] >= 2 and r < SJ]
            moves = []
            for r in ranks:
                sh, code = PAIR_SHAPES[r]
                e = by_code.get(code)
                if e is None:
                    m = _new(Move, (code, PLAY, tuple(hand[r][:2]), None))
                    e = by_code[code] = ((PAIR, order[r], 0), m, sh)
                moves.append(e[1])
            self._pairs = ([order[r] for r in ranks], moves)
        return self._pairs

    def bombs(self):
        """Every bomb (路, 幺, 王), sorted by power (tier, sub)."""
        if self._bombs is None:
            cnt, order = self.cnt, self.order
            items = []
            for r in range(SJ):
                if cnt[r] >= 3:
                    items += _road_items(r, cnt[r], order)
            items += _yao_items(cnt[FOUR], cnt[ACE])
            items += _joker_items(cnt[SJ], cnt[BJ])
            items.sort()
            entry = self._entry
            keys = [p for p, _ in items]
            self._bombs = (keys, [entry((BOMB, p[0], p[1]), *sc) for p, sc in items])
        return self._bombs

    def _runs(self, kind: int, width: int, length=None, low_above=-1) -> list[Move]:
        """Straights (width 1) or double straights (width 2): all of them, or
        those of `length` whose lowest rank is above `low_above`."""
        by_code, hand = self.run_codes, self.hand
        out: list[Move] = []
        for start, longest in _run_starts(self.masks[width]):
            if length is not None:
                if start <= low_above or longest < length:
                    continue
                shape, code = RUN_TABLE[width][start][length]
                e = by_code.get(code)
                if e is None:
                    cards = []
                    for r in range(start, start + length):
                        cards += hand[r][:width]
                    move = _new(Move, (code, PLAY, tuple(cards), None))
                    bits = RUN_BITS[start][length]
                    e = by_code[code] = ((kind, length, start), move, shape, bits)
                out.append(e[1])
                continue
            rows = RUN_ROWS[width][start]  # every run from `start`: the longest one's prefixes
            flat: list[str] | None = None  # the longest run's cards, made on the first miss
            end = 2 * width
            for row in rows[3 : longest + 1]:
                end += width
                e = by_code.get(row[2])
                if e is None:
                    if flat is None:
                        flat = []
                        for r in range(start, start + longest):
                            flat += hand[r][:width]
                    move = _new(Move, (row[2], PLAY, tuple(flat[:end]), None))
                    e = by_code[row[2]] = (row[0], move, row[1], row[3])
                out.append(e[1])
        return out

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
            keys, moves = self._singles or self.singles()
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
        return out + (self._bombs or self.bombs())[1]

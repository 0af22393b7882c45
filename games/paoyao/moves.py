"""The legal plays of one hand, made from its rank counts when asked (§9).

A hand is three things: its cards as one tuple sorted by rank, then suit
(`base`, fixed for the hand's life), where each rank's block in it ends
(`ends`), and how many of each rank are still held (`cnt`). A play always
takes the lowest suits of its ranks, so the cards held of rank r are the
last cnt[r] of r's block and the k a play takes start at ends[r] - cnt[r]:
a slice, no search and no per-card list to keep up.

No per-hand move cache: a `Move` is made when `legal_moves` asks and only
the caller holds it (in play a hand changes between most asks anyway). The
state keeps just each seat's bombs (asked at nearly every response),
forgotten when a play takes from them. Singles, pairs and bombs, whose cards
come from a small set, are shared Moves made once per process
(`SINGLE_MOVES`, `PAIR_MOVES`, `BOMB_MOVES`); straights are made per block of
held ranks from a table of their codes and card slices (`RUN_PLAYS`). What
does not depend on the hand is made once per rank order in `Tables`: codes,
combinations, shapes and bomb powers of every play.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Iterator, Sequence
from itertools import accumulate, chain, repeat
from operator import getitem, itemgetter, sub

from games.base import Move
from games.paoyao.cards import (
    ACE,
    BJ,
    FOUR,
    NRANKS,
    POINTS,
    RANK_CHARS,
    RANK_OF,
    SJ,
    deck,
    sort_key,
)
from games.paoyao.combos import (
    JOKER_SUB,
    JOKER_TIER,
    PAIR,
    ROAD_TIER,
    SINGLE,
    STRAIGHT,
    YAO_TIER,
    Combo,
    Shape,
    classify,
)

# A hand (see above): its cards sorted by rank, then suit; where each rank's
# block ends in them; and how many of each rank it holds.
Base = tuple[str, ...]
Ends = tuple[int, ...]
Bombs = tuple[tuple[int, ...], tuple[Move, ...]]  # bombs(): (keys, moves), weakest first
# Tables.roads[r][c]: (key, k) of every 路 of rank r held c times
Roads = list[list[tuple[tuple[int, int], ...]]]
# a block lo … r-1 of ranks held w+ times: (lo, r, straights' codes, their card slices)
Block = tuple[int, int, tuple[str, ...], tuple[slice, ...]]
PlayEntry = tuple[Combo, Shape, int]  # a play of the Tables: (combination, shape, points)

PLAY = "play"
_new = tuple.__new__  # Move(code, PLAY, cards) without the keyword-handling frame
BELOW_FOUR_ROAD = 2 * 16 - 1  # bombs above this key beat a 双顺 (tier ≥ 2)
_LAST_RUN_START = ACE - 2  # a straight runs 4 … A and has 3 ranks at least


def bomb_key(tier: int, within: int) -> int:
    """A bomb's power (tier, sub) as one int (sub < 16) that sorts the same."""
    return tier * 16 + within


def code_of(shape: Iterable[tuple[int, int]]) -> str:
    """The move code of a play shape ((rank, count), ...)."""
    return "".join(RANK_CHARS[r] * k for r, k in shape)


YAO_KEYS = [bomb_key(YAO_TIER[k], 0) if k >= 2 else 0 for k in range(9)]
# (small jokers, big jokers, key) of each joker bomb, weakest first
JOKER_SETS = sorted(
    ((a, b, bomb_key(tier, JOKER_SUB)) for (a, b), tier in JOKER_TIER.items()),
    key=lambda j: j[2],
)
# RUN_CODES[width][start][cards]: the code of the straight from `start` of
# that many cards (width × its length in ranks; below 3 ranks: unused)
RUN_CODES = [
    [
        [code_of([(r, w) for r in range(lo, lo + n // w)]) if w and not n % w else ""
         for n in range(w * (ACE + 2 - lo))]
        for lo in range(ACE + 1)
    ]
    for w in (0, 1, 2)
]


def _shapes() -> Iterator[Shape]:
    """Every shape a play can have, each once."""
    for r in range(NRANKS):
        yield ((r, 1),)
    for r in range(SJ):
        for k in range(2, 9):
            yield ((r, k),)
    for k in range(2, 9):
        yield ((FOUR, k), (ACE, 1))
    for a, b, _key in JOKER_SETS:
        yield ((SJ, a),) * bool(a) + ((BJ, b),) * bool(b)
    for w in (1, 2):
        for lo in range(_LAST_RUN_START + 1):
            for n in range(3, ACE + 2 - lo):
                yield tuple((r, w) for r in range(lo, lo + n))


SHAPES = [(shape, code_of(shape), sum(POINTS[r] * k for r, k in shape)) for shape in _shapes()]


class Tables:
    """The plays of 刨幺 under one rank order (3比2大 or 小), made once."""

    def __init__(self, order: list[int]) -> None:
        self.order = order
        by_strength = sorted(range(NRANKS), key=order.__getitem__)
        # ranks whose single (pair) beats a single (pair) of strength t: [t + 1]
        self.singles_above = [by_strength[t + 1 :] for t in range(-1, NRANKS)]
        self.pairs_above = [[r for r in rs if r < SJ] for rs in self.singles_above]
        # ROADS[r][c]: (key, k) of every 路 of rank r held c times
        self.roads = [
            [
                tuple((bomb_key(ROAD_TIER[k], order[r]), k) for k in range(3, c + 1))
                for c in range(9)
            ]
            for r in range(SJ)
        ]
        # code -> (combination, shape, points) of every play there is
        self.plays: dict[str, PlayEntry] = {}
        for shape, code, points in SHAPES:  # shared by both orders' tables
            cnt = [0] * NRANKS
            for r, k in shape:
                cnt[r] = k
            combo = classify(cnt, order)
            assert combo is not None, shape
            self.plays[code] = (combo, shape, points)


# -- a hand ----------------------------------------------------------------
_CARDS = sorted(set(deck()), key=sort_key)  # the 54 cards in rank, then suit order
_CARD_KEY = {c: i for i, c in enumerate(_CARDS)}  # sort_key as one int
# per rank r: the key of the first card above rank r (where r's block ends)
_NEXT_RANK_KEYS = [
    next((i for i, c in enumerate(_CARDS) if RANK_OF[c[0]] > r), len(_CARDS)) for r in range(NRANKS)
]


def hand_of(codes: Iterable[str]) -> tuple[Base, Ends, list[int]]:
    """(base, ends, cnt) of a hand of card codes."""
    try:
        keys = sorted(map(_CARD_KEY.__getitem__, codes))
    except KeyError:  # not a card of the packs (a damaged record): the slow way
        base = tuple(sorted(codes, key=sort_key))
        cnt = [0] * NRANKS
        for c in base:
            cnt[RANK_OF[c[0]]] += 1
        return base, tuple(accumulate(cnt)), cnt
    base = tuple(map(_CARDS.__getitem__, keys))
    ends = tuple(map(bisect_left, repeat(keys, NRANKS), _NEXT_RANK_KEYS))
    return base, ends, list(map(sub, ends, (0, *ends[:-1])))


# per 无3 (remove_threes): the sorted deck, and where each rank's block ends in it
_DECKS = {three: sorted(deck(three), key=sort_key) for three in (False, True)}
_DECK_ENDS = {
    three: [sum(RANK_OF[c[0]] <= r for c in cards) for r in range(NRANKS)]
    for three, cards in _DECKS.items()
}


def hand_at(places: Sequence[int], remove_threes: bool) -> tuple[Base, Ends, list[int]]:
    """hand_of() the cards at `places` (ascending) of the sorted deck."""
    base = itemgetter(*places)(_DECKS[remove_threes])  # a tuple: a hand has 2+ cards
    ends = tuple(map(bisect_left, repeat(places), _DECK_ENDS[remove_threes]))
    return base, ends, list(map(sub, ends, (0, *ends[:-1])))


def held(base: Base, ends: Ends, cnt: Sequence[int], r: int) -> tuple[str, ...]:
    """The cards of rank r still held."""
    e = ends[r]
    return base[e - cnt[r] : e]


# -- the plays -------------------------------------------------------------
# Singles and pairs are most of the moves offered (random play: ~240 of
# ~430 a hand) and their cards come from a small set: one shared Move per
# card, and per two cards of a rank, made once for the process and handed
# out by every state (Moves are immutable).
class _Singles(dict):
    def __missing__(self, card: str) -> Move:  # not a card of the packs: made, not kept
        return Move(card[0], PLAY, (card,))


class _Pairs(dict):
    def __missing__(self, cards: tuple[str, str]) -> Move:
        return Move(cards[0][0] * 2, PLAY, cards)


SINGLE_MOVES = _Singles({c: Move(c[0], PLAY, (c,)) for c in _CARD_KEY})
PAIR_MOVES = _Pairs(
    {
        (a, b): Move(a[0] * 2, PLAY, (a, b))
        for a in _CARD_KEY
        for b in _CARD_KEY
        if a[0] == b[0] and a <= b and a[1] != "J"
    }
)


def pairs(out: list[Move], base: Base, ends: Ends, cnt: Sequence[int],
          ranks: Iterable[int]) -> None:
    moves = PAIR_MOVES
    for r in ranks:
        c = cnt[r]
        if c >= 2:
            o = ends[r] - c
            out.append(moves[base[o : o + 2]])


def _run_plays(w: int, length: int) -> list[list[tuple[tuple[str, ...], tuple[slice, ...]]]]:
    """RUN_PLAYS[w][length][lo][r]: (codes, slices) of the straights of a block
    of ranks lo … r-1 held w+ times, as slices of the block's w lowest cards
    per rank: every straight (length 0), by lowest rank then length, or those
    of `length` ranks, by lowest rank."""
    table: list[list[tuple[tuple[str, ...], tuple[slice, ...]]]] = []
    for lo in range(ACE + 1):
        row = []
        for r in range(ACE + 2):
            starts = [(s, n) for s in range(lo, r - 2) for n in range(3, r - s + 1)]
            if length:
                starts = [(s, length) for s in range(lo, r - length + 1)]
            i = [((s - lo) * w, n * w) for s, n in starts]
            codes = tuple(RUN_CODES[w][s][n * w] for s, n in starts)
            row.append((codes, tuple(slice(a, a + n) for a, n in i)))
        table.append(row)
    return table


RUN_PLAYS = {w: [_run_plays(w, n) for n in range(ACE + 2)] for w in (1, 2)}


class _Blocks(dict):
    """Per width w: which ranks 4 … A are held w+ times (11 bytes, 0 or 1) ->
    (lo, r, codes, slices) of each block lo … r-1 of 3+ such ranks, with the
    RUN_PLAYS of all its straights; 2,048 keys at most, made when first met."""

    def __init__(self, w: int) -> None:
        super().__init__()
        self.plays = RUN_PLAYS[w][0]

    def __missing__(self, mask: bytes) -> tuple[Block, ...]:
        blocks: list[Block] = []
        r = 0
        while r <= _LAST_RUN_START:
            if not mask[r]:
                r += 1
                continue
            lo = r
            while r <= ACE and mask[r]:
                r += 1
            if r - lo >= 3:
                blocks.append((lo, r, *self.plays[lo][r]))
        self[mask] = found = tuple(blocks)
        return found


_BLOCKS = {w: _Blocks(w) for w in (1, 2)}
_AT_LEAST = {w: bytes(int(c >= w) for c in range(256)) for w in (1, 2)}  # for translate()


def runs(out: list[Move], base: Base, ends: Ends, cnt: Sequence[int], w: int,
         blocks: Iterable[Block]) -> None:
    """Straights (w = 1) or double straights (w = 2) of the blocks of ranks
    held w+ times `blocks` (_BLOCKS or _blocks_of()), by lowest rank then
    length."""
    for lo, r, codes, slices in blocks:
        lows = map(sub, ends[lo:r], cnt[lo:r])  # where each rank's held cards start
        if w == 1:
            seg = tuple(map(base.__getitem__, lows))  # the lowest card of each rank
        else:
            seg = tuple(chain.from_iterable([base[o : o + 2] for o in lows]))
        if len(codes) < 3:  # a plain loop costs less for a few
            for code, part in zip(codes, slices):
                out.append(_new(Move, (code, PLAY, seg[part], None)))
            continue
        # every Move of the block made in C: (code, PLAY, seg[slice], None)
        out += map(
            _new,
            repeat(Move),
            zip(codes, repeat(PLAY), map(getitem, repeat(seg), slices), repeat(None)),
        )


def _blocks_of(cnt: Sequence[int], w: int, length: int, low_above: int) -> list[Block]:
    """As _BLOCKS, for the straights of `length` ranks starting above `low_above`."""
    plays = RUN_PLAYS[w][length]
    blocks: list[Block] = []
    r = low_above + 1
    while r <= _LAST_RUN_START:
        if cnt[r] < w:
            r += 1
            continue
        lo = r
        r += 1
        while r <= ACE and cnt[r] >= w:
            r += 1
        if r - lo >= length:
            blocks.append((lo, r, *plays[lo][r]))
    return blocks


class _Bombs(dict):
    """Bomb Moves by their cards, made once per process: a bomb takes the
    lowest suits of its ranks, so there are ~1,200 card tuples at most (a
    路 is 3+ of one rank's 8 cards; 幺 and 王 likewise)."""

    def __missing__(self, cards: tuple[str, ...]) -> Move:
        move = Move("".join([c[0] for c in cards]), PLAY, cards)  # a bomb's code: its ranks
        if all(c in _CARD_KEY for c in cards):  # not a card of the packs: made, not kept
            self[cards] = move
        return move


BOMB_MOVES = _Bombs()


def bombs(base: Base, ends: Ends, cnt: Sequence[int], roads: Roads) -> Bombs:
    """Every bomb (路, 幺, 王) of the hand as (keys, moves), weakest first."""
    items: dict[int, Move] = {}  # key -> Move (keys are unique)
    _bombs_of(items, base, ends, cnt, roads, range(SJ) if max(cnt) >= 3 else ())
    if not items:
        return NO_BOMBS
    keys = sorted(items)
    return tuple(keys), tuple(map(items.__getitem__, keys))


def _bombs_of(items: dict[int, Move], base: Base, ends: Ends, cnt: Sequence[int], roads: Roads,
              ranks: Iterable[int]) -> None:
    """Put key -> Move of the 路 of `ranks` and of every 幺 and 王 bomb held into `items`."""
    moves = BOMB_MOVES
    for r in ranks:
        c = cnt[r]
        if c >= 3:
            o = ends[r] - c
            for key, k in roads[r][c]:
                items[key] = moves[base[o : o + k]]
    fours, aces = cnt[FOUR], cnt[ACE]
    if aces and fours >= 2:
        o = ends[FOUR] - fours
        ace = (base[ends[ACE] - aces],)
        for k in range(2, fours + 1):
            items[YAO_KEYS[k]] = moves[base[o : o + k] + ace]
    sj, bj = cnt[SJ], cnt[BJ]
    if sj + bj >= 2:
        o, ob = ends[SJ] - sj, ends[BJ] - bj
        for a, b, key in JOKER_SETS:
            if a <= sj and b <= bj:
                items[key] = moves[base[o : o + a] + base[ob : ob + b]]


# the keys of the bombs a play from 4s, As or jokers may change: their 路
# (4 and A have strength 0 and 10 in either rank order), 幺 and 王
_FOUR_ACE_JOKER_KEYS = frozenset(
    {bomb_key(ROAD_TIER[k], s) for k in range(3, 9) for s in (FOUR, ACE)}
    | set(YAO_KEYS[2:])
    | {key for _a, _b, key in JOKER_SETS}
)


def swap_four_ace_jokers(held: Bombs, base: Base, ends: Ends, cnt: Sequence[int],
                         roads: Roads) -> Bombs:
    """`held` (bombs() of a hand) once a play took from its 4s, As or jokers
    (`cnt` after it): the 路 of 4 and A, the 幺 and the 王 bombs made again,
    every other bomb kept. Counts only drop, so those are some of the ones
    held before and the order of the keys kept holds."""
    new: dict[int, Move] = {}
    _bombs_of(new, base, ends, cnt, roads, (FOUR, ACE))
    keys, moves = held
    ks, ms = [], []
    for key, m in zip(keys, moves):
        if key in _FOUR_ACE_JOKER_KEYS:
            made = new.get(key)
            if made is None:
                continue
            m = made
        ks.append(key)
        ms.append(m)
    return tuple(ks), tuple(ms)


NO_BOMBS: Bombs = ((), ())


def swap_roads(held: Bombs, base: Base, ends: Ends, r: int, was: int, now: int,
               roads: Roads) -> Bombs:
    """`held` (bombs() of a hand) once rank r, not 4 or A, went from `was`
    (3+) to `now` cards: only r's 路 change. Their keys for `now` are some of
    those for `was`, so each keeps its place (its Move now the lowest suits
    held) or goes."""
    keys, moves = held
    ks, ms = list(keys), list(moves)
    o = ends[r] - now
    for key, k in roads[r][was]:
        i = ks.index(key)
        if k <= now:
            ms[i] = BOMB_MOVES[base[o : o + k]]
        else:
            del ks[i], ms[i]
    return tuple(ks), tuple(ms)


def leads(base: Base, ends: Ends, cnt: Sequence[int], tables: Tables, bombs: Bombs) -> list[Move]:
    """Every distinct play of a leader: singles and pairs by strength, then
    straights, double straights and the bombs (`bombs()` of the hand)."""
    out: list[Move] = []
    two: list[Move] = []
    single, pair = SINGLE_MOVES, PAIR_MOVES
    for r in tables.singles_above[0]:  # singles, then pairs, by strength: one pass
        c = cnt[r]
        if c:
            o = ends[r] - c
            out.append(single[base[o]])
            if c >= 2 and r < SJ:
                two.append(pair[base[o : o + 2]])
    out += two
    held = bytes(cnt[: ACE + 1])
    blocks = _BLOCKS[1][held.translate(_AT_LEAST[1])]
    if blocks:  # some straight (half the leads have none): maybe a 双顺 too
        runs(out, base, ends, cnt, 1, blocks)
        runs(out, base, ends, cnt, 2, _BLOCKS[2][held.translate(_AT_LEAST[2])])
    out += bombs[1]
    return out


def responses(base: Base, ends: Ends, cnt: Sequence[int], tables: Tables, top: Combo,
              bombs: Bombs) -> list[Move]:
    """Every play that beats the combination `top`, in the order of leads.
    `top` is no bomb: the state answers a bomb from the seat's bombs alone."""
    kind = top[0]
    keys, moves = bombs
    out: list[Move] = []
    if kind == SINGLE:
        single = SINGLE_MOVES
        for r in tables.singles_above[top[1] + 1]:
            c = cnt[r]
            if c:
                out.append(single[base[ends[r] - c]])
    elif kind == PAIR:
        pairs(out, base, ends, cnt, tables.pairs_above[top[1] + 1])
    elif kind == STRAIGHT:
        blocks = _blocks_of(cnt, 1, top[1], top[2])
        if blocks:  # else no 骑顺 either: its ranks are held twice
            runs(out, base, ends, cnt, 1, blocks)
            runs(out, base, ends, cnt, 2, _blocks_of(cnt, 2, top[1], top[2]))  # 骑顺
    else:  # DSTRAIGHT: a higher 双顺 of equal length, or a bomb of tier ≥ 2
        runs(out, base, ends, cnt, 2, _blocks_of(cnt, 2, top[1], top[2]))
        out += moves[bisect_right(keys, BELOW_FOUR_ROAD) :]
        return out
    out += moves
    return out

"""Worlds a 掀牛 seat cannot tell apart (determinize), a fast state copy, and
the "could anyone beat this?" test both the heuristic and the sampler use.

What a seat knows: its own hand and its own face-down discards, the leaves
on the table, the beaten cards (废牌), the play on top of a trick, how many
cards each player holds and has put face down (紧牌 / 贴牌), and who led or
beat with what. The hidden cards are everything else; each other seat holds
some in hand and some face down (one group per discard, in time order).

Inference (有拦必拦 gives it away): a player who passed in a trick could not
beat the top then, so the cards he held at that moment (his hand now, his
later discards and his later public plays) contain no play beating it. The
sampler deals the hidden cards at random, then repairs violated passes by
swapping cards with places the pass says nothing about; when no deal fits
within a few hundred swaps it keeps the one breaking the fewest.
"""

from __future__ import annotations

import random
from typing import cast

from games.xianniu.cards import Deck
from games.xianniu.shapes import (
    BAI,
    EIGHT,
    FOUR,
    INFO_OF,
    JACK,
    KING,
    LIANG_BAI,
    SINGLE,
    TEN,
    YU,
    Info,
    Rules,
)
from games.xianniu.state import XianniuState

FULL = (1 << 48) - 1
REPAIR_STEPS = 300


# -- fast copy -----------------------------------------------------------------
def clone(state: XianniuState) -> XianniuState:
    """A World copy for playouts: State.copy (no JSON)."""
    new = state.copy()
    new.__class__ = World
    return new


class World(XianniuState):
    """A determinized state: the same engine."""


# -- could a set of cards beat a play? ----------------------------------------
_ABOVE: dict[int, list[int]] = {}  # id(rules) → mask of cards whose single tier > t
_GROUP: dict[tuple, bool] = {}  # (id(rules), top mask, shape, rank, group) → some subset beats


def _above(rules: Rules) -> list[int]:
    a = _ABOVE.get(id(rules))
    if a is None:
        a = [0] * 16
        for c in range(48):
            t = rules.single_tier(c // 4, 1 << (c % 4))
            for lo in range(min(t, 16)):
                a[lo] |= 1 << c
        _ABOVE[id(rules)] = a
    return a


def _group_beats(rules: Rules, top: Info, k: int, r: int, g: int) -> bool:
    key = (id(rules), top.mask, k, r, g)
    v = _GROUP.get(key)
    if v is None:
        from games.xianniu.shapes import subsets

        info = cast(INFO_OF, rules.info)  # 1-4 cards of a rank: a play
        v = any(rules.beats(info(sub << (4 * r)), top) for sub in subsets(g, k))
        _GROUP[key] = v
    return v


def _beaters(rules: Rules, top: Info) -> tuple[int, ...]:
    b = top.beaters
    if b is None:
        b = top.beaters = rules.beaters(top)
    return b


def _tens(rules: Rules, mask: int) -> int:
    return ((mask >> 32) & (255 if rules.j_in_bai else 15)).bit_count()


def beatable(rules: Rules, mask: int, top: Info) -> bool:
    """Does `mask` hold some play that may be laid on `top`? (the table cap
    aside: a beat of the same shape always fits)."""
    for sh in _beaters(rules, top):
        if sh == SINGLE:
            if top.tier >= 0 and mask & _above(rules)[top.tier]:
                return True
        elif sh <= FOUR:
            for r in range(12):
                g = (mask >> (4 * r)) & 15
                if g.bit_count() >= sh and _group_beats(rules, top, sh, r, g):
                    return True
        elif BAI < sh <= BAI + 4:
            n = sh - BAI
            if (((mask >> (4 * KING)) & 15).bit_count() >= n and _tens(rules, mask) >= n
                    and ((mask >> (4 * EIGHT)) & 15).bit_count() >= n):
                return True
        elif sh == LIANG_BAI:
            if (
                ((mask >> (4 * KING)) & 15) == 15
                and _tens(rules, mask)
                and (mask >> (4 * EIGHT)) & 15
            ):
                info = cast(INFO_OF, rules.info)  # KKKK + a 10 + an 8: a 亮子摆
                if rules.beats(info(_liang_bai_in(rules, mask)), top):
                    return True
    return False


_RANK_MAX: dict[tuple, int] = {}  # (id(rules), k, rank, group) → best tier of a k-card play


def _rank_max(rules: Rules, k: int, r: int, g: int) -> int:
    key = (id(rules), k, r, g)
    v = _RANK_MAX.get(key)
    if v is None:
        from games.xianniu.shapes import subsets

        info = cast(INFO_OF, rules.info)  # 1-4 cards of a rank: a play
        v = max((info(sub << (4 * r)).tier for sub in subsets(g, k)), default=-1)
        _RANK_MAX[key] = v
    return v


class Threat:
    """What plays a set of cards (the unseen ones) could beat with, read once
    per decision: for 1..4 cards the best tier in each rank, and the largest
    摆. `beats(info)` equals `beatable(rules, mask, info)` (exact for plain
    tiers; the [S4] 33/66 order falls back to the slow test)."""

    def __init__(self, rules: Rules, mask: int) -> None:
        self.rules = rules
        self.mask = mask
        groups = [(mask >> (4 * r)) & 15 for r in range(12)]
        self.tiers = [[-1] * 12 for _ in range(5)]  # tiers[k][r]
        self.best = [-1] * 5
        for r, g in enumerate(groups):
            c = g.bit_count()
            for k in range(1, min(c, 4) + 1):
                t = _rank_max(rules, k, r, g)
                self.tiers[k][r] = t
                if t > self.best[k]:
                    self.best[k] = t
        self.bai = min(groups[KING].bit_count(), _tens(rules, mask), groups[EIGHT].bit_count())

    def beats(self, info: Info) -> bool:
        sh = info.shape
        if sh <= FOUR and not (self.rules.cpp and sh == 2):
            return info.tier >= 0 and self.best[sh] > info.tier
        if YU < sh <= YU + 4:
            return self.bai >= sh - YU
        return beatable(self.rules, self.mask, info)

    def ranks_above(self, info: Info) -> int:
        """Ranks holding a same-shape play above `info` (plain shapes)."""
        t = info.tier
        return sum(1 for x in self.tiers[info.shape] if x > t)


def _liang_bai_in(rules: Rules, mask: int) -> int:
    t = (mask >> 32) & (255 if rules.j_in_bai else 15)
    e = (mask >> (4 * EIGHT)) & 15
    return (15 << (4 * KING)) | ((t & -t) << 32) | ((e & -e) << (4 * EIGHT))


def culprits(rules: Rules, mask: int, top: Info) -> int:
    """Cards of `mask` that take part in some play beating `top`."""
    out = 0
    for sh in _beaters(rules, top):
        if sh == SINGLE:
            if top.tier >= 0:
                out |= mask & _above(rules)[top.tier]
        elif sh <= FOUR:
            for r in range(12):
                g = (mask >> (4 * r)) & 15
                if g.bit_count() >= sh and _group_beats(rules, top, sh, r, g):
                    out |= g << (4 * r)
        else:  # 摆 / 亮子摆: the K, 10 (J) and 8 cards
            out |= mask & ((15 << (4 * KING)) | (15 << (4 * EIGHT)) | (15 << (4 * TEN)))
            if rules.j_in_bai:
                out |= mask & (15 << (4 * JACK))
    return out


# -- what the seat has seen ------------------------------------------------------
def _info(rules: Rules, deck: Deck, text: str) -> Info:
    i = rules.by_code.get(text)
    # the cards of a move the engine took: a play
    return i if i is not None else cast(INFO_OF, rules.info)(cast(int, deck.parse(text)))


class Knowledge:
    """The public record read once per decision: plays, discards and passes."""

    def __init__(self, state: XianniuState, seat: int) -> None:
        rules, deck = state.rules, state.deck
        self.seat = seat
        plays: list[list[tuple[int, int]]] = [[], [], []]  # (history index, mask)
        discards: list[list[tuple[int, int]]] = [[], [], []]  # (history index, count)
        passes: list[tuple[int, Info, int]] = []  # (seat, top, index of the next move)
        top: Info | None = None
        followers: list[int] = []
        for idx, (s, code) in enumerate(state.history):
            h = code[0]
            if h == "B":
                info = _info(rules, deck, code[1:])
                assert top is not None  # a beat answers a lead or a beat
                while followers and followers[0] != s:
                    passes.append((followers.pop(0), top, idx))
                if followers:
                    followers.pop(0)
                top = info
                plays[s].append((idx, info.mask))
                continue
            if top is not None:
                passes += [(q, top, idx) for q in followers]
                top, followers = None, []
            if h == "L":
                top = _info(rules, deck, code[1:])
                followers = [(s + 1) % 3, (s + 2) % 3]
                plays[s].append((idx, top.mask))
            elif h == "O":
                opening = deck.parse(code[1:])
                assert opening is not None  # an applied move's cards parse
                plays[s].append((idx, opening))
            elif h in "DX" and len(code) > 1:
                discards[s].append((idx, (len(code) - 1) // 2))
        end = len(state.history)
        if top is not None:
            if state.phase == "trick":
                pending = state.pending
                for q in followers:
                    if q == pending:
                        break
                    passes.append((q, top, end))
            else:
                passes += [(q, top, end) for q in followers]
        self.plays = plays
        self.discards = discards
        seen = state.hands[seat] | state.hidden[seat] | state.waste
        for leaves in state.leaves:
            for i, _ in leaves:
                seen |= i.mask
        if state.top is not None:
            seen |= state.top[1].mask
        self.unseen = FULL & ~seen
        # places of the hidden cards: (seat, "hand" or discard index, size)
        self.places: list[tuple[int, int, int]] = []
        for o in range(3):
            if o == seat:
                continue
            self.places.append((o, -1, state.hands[o].bit_count()))
            for idx, n in discards[o]:
                self.places.append((o, idx, n))
        # each pass: the places it constrains, the known later plays, the top
        cons = {}
        for p, tp, idx in passes:
            if p == seat:
                continue
            slots = tuple(k for k, (o, di, _) in enumerate(self.places)
                          if o == p and (di == -1 or di >= idx))
            known = 0
            for pi, m in plays[p]:
                if pi >= idx:
                    known |= m
            cons[(slots, known, tp.mask)] = (slots, known, tp)
        self.constraints = list(cons.values())


def sample(state: XianniuState, k: Knowledge, rng: random.Random) -> list[int]:
    """Masks of the hidden places, the passes respected where feasible."""
    rules = state.rules
    cards = [c for c in range(48) if k.unseen >> c & 1]
    rng.shuffle(cards)
    masks = []
    i = 0
    for _, _, n in k.places:
        m = 0
        for c in cards[i : i + n]:
            m |= 1 << c
        masks.append(m)
        i += n
    cons = k.constraints
    if not cons:
        return masks

    def broken() -> list:
        out = []
        for c in cons:
            m = c[1]
            for s in c[0]:
                m |= masks[s]
            if beatable(rules, m, c[2]):
                out.append(c)
        return out

    bad = broken()
    best, best_n = masks[:], len(bad)
    for _ in range(REPAIR_STEPS):
        if not bad:
            return masks
        slots, known, top = rng.choice(bad)
        held = 0
        for s in slots:
            held |= masks[s]
        cul = culprits(rules, held | known, top) & held
        others = [j for j in range(len(masks)) if j not in slots and masks[j]]
        if not cul or not others:
            cons = [c for c in cons if c[0] != slots or c[2] is not top]  # cannot be met
            bad = broken()
            continue
        x = _pick_bit(cul, rng)
        j = rng.choice(others)
        y = _pick_bit(masks[j], rng)
        for s in slots:
            if masks[s] & x:
                masks[s] ^= x | y
                break
        masks[j] ^= x | y
        bad = broken()
        if len(bad) < best_n:
            best, best_n = masks[:], len(bad)
    return masks if not bad else best


def _pick_bit(mask: int, rng: random.Random) -> int:
    n = mask.bit_count()
    k = rng.randrange(n)
    while k:
        mask &= mask - 1
        k -= 1
    return mask & -mask


def build(state: XianniuState, seat: int, k: Knowledge, masks: list[int]) -> World:
    """The world with the sampled hidden cards; the deal and the hidden
    discard codes in its history are rebuilt from the sample, so no real
    hidden card rides along."""
    world = clone(state)
    assert isinstance(world, World)  # clone() makes one
    deck = state.deck
    hands = world.hands
    hidden = world.hidden
    for o in range(3):
        if o != seat:
            hands[o] = 0
            hidden[o] = 0
    group_of: dict[int, int] = {}
    for (o, di, _), m in zip(k.places, masks, strict=True):
        if di == -1:
            hands[o] = m
        else:
            hidden[o] |= m
            group_of[di] = m
    if any(group_of):
        hist = world.history
        for di, m in group_of.items():
            s, code = hist[di]
            hist[di] = (s, code[0] + deck.code_str(m))
    initial = []
    for o in range(3):
        if o == seat:
            initial.append(list(state.deal["hands"][seat]))
            continue
        m = hands[o] | hidden[o]
        for _, pm in k.plays[o]:
            m |= pm
        if state.opening is not None and state.opening["seat"] == o and not any(
                code[0] == "O" for s, code in state.history if s == o):
            m |= state.leaves[o][0][0].mask  # a big hand played at the deal
        initial.append(deck.cards(m))
    world.deal = {"hands": initial}
    world._combos = [c if o == seat else None for o, c in enumerate(world._combos)]
    world._cache = None
    return world


def determinize(state: XianniuState, seat: int, rng: random.Random) -> World:
    """A new full state the seat cannot tell from `state`."""
    k = Knowledge(state, seat)
    return build(state, seat, k, sample(state, k, rng))

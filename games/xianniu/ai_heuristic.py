"""The rule-of-thumb 掀牛 player (both modes).

It reads only what the seat may see: its own hand and discards, the table
(leaves, 废牌, the play on top, hand and discard counts, 扣/掀 record) and its
legal moves. The engine fields it reads are the ones `view(seat)` shows; it
reads them directly because it runs inside every Monte Carlo playout.

Rules of thumb (issue 7):
- lead what nobody can beat first (性子 first: 公牛, 三牛, 公喜 …, then the
  biggest sure play), and in mode N lead 公喜/三喜 as the first lead (喜前不喜后);
- beat cheaply when forced: the last follower takes the trick with the cheapest
  beat that keeps value (a 性子 beat counts as value won); the first follower
  weighs a beat the last follower can still top against a dearer safe one;
- with nothing sure to lead: a winner (≥ 6 leaves) 扣s; a loser leads only a
  play likely to hold, else 扣s;
- 掀 when a realistic count of sure leaves takes the seat to 6 (a failed 掀
  costs the 掀 stake); a winner 掀s only to bring its own unplayed 性子 home;
- 紧牌/贴牌 discards drop the least valuable cards, keeping 性子, 摆 and pairs.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import cast

from games.base import Move, Pick
from games.xianniu.ai_world import FULL, Threat, _above
from games.xianniu.shapes import (
    BLACK,
    EIGHT,
    FIVE,
    FOUR,
    KING,
    NINE,
    RED,
    SINGLE,
    TEN,
    Info,
    Rules,
)
from games.xianniu.state import XianniuState
from games.xianniu.views import CAP

LEAF = 0.5  # worth of one leaf won (in "card" units: a K in hand ≈ 1)
XZ = 2.0  # worth of one 性子 point brought to the table
CONTROL = 0.3  # worth of taking control


def card_values(rules: Rules, hand: int) -> list[float]:
    """How much each card of `hand` is worth keeping: its single strength,
    plus its part in 性子, pairs, 亮子, 摆 and 鱼."""
    vals = [0.0] * 48
    top = rules.top
    cnt = [((hand >> (4 * r)) & 15).bit_count() for r in range(12)]
    bai = min(cnt[KING], cnt[TEN], cnt[EIGHT])
    yu = min(cnt[0], cnt[1], cnt[2])
    for r in range(12):
        g = (hand >> (4 * r)) & 15
        if not g:
            continue
        c = cnt[r]
        gong = bool(g & RED) and bool(g & BLACK)
        for b in range(4):
            if not g >> b & 1:
                continue
            v = rules.single_tier(r, 1 << b) / top
            if r in (NINE, FIVE):
                if c >= 3 or gong:
                    v += 1.5
            elif c >= 2:
                v += 0.25 * (c - 1)
            if c == 4:
                v += 0.5
            if bai and r in (KING, TEN, EIGHT):
                v += 0.4
            if yu and r < 3:
                v += 0.2
            vals[4 * r + b] = v
    return vals


def mask_value(vals: list[float], mask: int) -> float:
    v = 0.0
    while mask:
        low = mask & -mask
        v += vals[low.bit_length() - 1]
        mask ^= low
    return v


def unseen_of(state: XianniuState, seat: int) -> int:
    seen = state.hands[seat] | state.hidden[seat] | state.waste
    for p in state.leaves:
        for i, _ in p:
            seen |= i.mask
    if state.top is not None:
        seen |= state.top[1].mask
    return FULL & ~seen


def hold_chance(threat: Threat, info: Info, follower_cards: int) -> float:
    """Rough chance that followers holding `follower_cards` of the unseen
    cards cannot beat `info`."""
    if not threat.beats(info):
        return 1.0
    n = threat.mask.bit_count()
    if not n or not follower_cards:
        return 1.0
    h = min(1.0, follower_cards / n)  # a given unseen card sits with a follower
    if info.shape == SINGLE:
        m = (threat.mask & _above(threat.rules)[info.tier]).bit_count()
        return (1 - h) ** m
    if info.shape > FOUR:
        return 0.5
    return (1 - h ** info.size) ** threat.ranks_above(info)


def xz_counts(state: XianniuState, seat: int, info: Info, leading: bool) -> float:
    """性子 and 亮子 this play would score standing as the seat's leaf; a 喜
    that scores only now (喜前不喜后) counts half again: it is now or never."""
    xz: float = info.xz
    if xz and info.xi and state.variant["xi_first"] != "off":
        xi = state.variant["xi_first"]
        if xi == "first_lead" and (not leading or state.led[seat]):
            xz = 0
        elif xi == "first_play" and state.played[seat]:
            xz = 0
        else:
            xz *= 1.5
    return xz + info.liang


def sure_plays(state: XianniuState, seat: int, unseen: int) -> list[Info]:
    """Disjoint plays in hand that nobody can beat, biggest first, within
    the table's room."""
    rules = state.rules
    room = CAP - state.table
    threat = Threat(rules, unseen)
    plays = [i for i in rules.combos(state.hands[seat]) if not threat.beats(i)]
    plays.sort(key=lambda i: (-i.size, -i.xz))
    out = []
    used = n = 0
    for i in plays:
        if i.mask & used or i.size > room - n:
            continue
        used |= i.mask
        n += i.size
        out.append(i)
    return out


def sure_leaves(state: XianniuState, seat: int, unseen: int) -> tuple[int, float]:
    """(leaves, 性子) of the seat's `sure_plays`."""
    plays = sure_plays(state, seat, unseen)
    return sum(i.size for i in plays), sum(xz_counts(state, seat, i, True) for i in plays)


class Heuristic:
    name = "heuristic"

    def choose(self, state: XianniuState, seat: int, rng: random.Random) -> str:
        moves = state.legal_moves(seat)
        if len(moves) == 1 and isinstance(moves[0], Move):
            return moves[0].code
        ph = state.phase
        if ph == "trick":
            return self.beat(state, seat, cast("list[Move]", moves))  # beats: Moves
        if ph == "control":
            return self.lead(state, seat, cast("list[Move]", moves))  # leads, 扣, 紧牌: Moves
        if ph == "poll":
            return self.poll(state, seat, moves)
        if ph == "tighten":
            return self.discard(state, seat, cast(Pick, moves[0]))  # the discard: one Pick
        # opening: play the big hand (12 leaves: the big-hand bonus)
        bighands = cast("list[Move]", moves)  # the big hands and 不打: Moves
        return next((m.code for m in bighands if m.code[0] == "O"), bighands[0].code)

    # -- forced beats ------------------------------------------------------
    def beat(self, state: XianniuState, seat: int, moves: Sequence[Move]) -> str:
        rules = state.rules
        vals = card_values(rules, state.hands[seat])
        threat = Threat(rules, unseen_of(state, seat))
        rest = state.followers[1:]
        follower_cards = sum(state.hands[q].bit_count() for q in rest)
        best, best_score = moves[0].code, -1e9
        for m in moves:
            info = rules.by_code[m.code[1:]]
            p = hold_chance(threat, info, follower_cards) if rest else 1.0
            gain = info.size * LEAF + xz_counts(state, seat, info, False) * XZ + CONTROL
            score = p * gain - mask_value(vals, info.mask) * (1 - 0.8 * p)
            if score > best_score:
                best, best_score = m.code, score
        return best

    # -- control: lead, 扣 or 紧牌 -------------------------------------------
    def lead_scores(self, state: XianniuState, seat: int,
                    moves: Sequence[Move]) -> list[tuple[float, bool, str]]:
        """(score, sure, code) of every lead, best first."""
        rules = state.rules
        vals = card_values(rules, state.hands[seat])
        threat = Threat(rules, unseen_of(state, seat))
        opp = sum(state.hands[q].bit_count() for q in range(3) if q != seat)
        out = []
        for m in moves:
            if m.code[0] != "L":
                continue
            info = rules.by_code[m.code[1:]]
            p = hold_chance(threat, info, opp)
            gain = info.size * LEAF + xz_counts(state, seat, info, True) * XZ + CONTROL
            if p >= 1.0:
                score = 10 + gain  # sure: the cards become leaves, their value is kept
            else:
                cost = mask_value(vals, info.mask)
                score = p * gain - (1 - p) * (cost + info.size * LEAF)
            out.append((score, p >= 1.0, m.code))
        out.sort(key=lambda t: (-t[0], t[2]))
        return out

    def lead(self, state: XianniuState, seat: int, moves: Sequence[Move]) -> str:
        scores = self.lead_scores(state, seat, moves)
        may_kou = any(m.code == "K" for m in moves)
        if not scores:
            return "K" if may_kou else moves[0].code
        best_score, best_sure, best = scores[0]
        if best_sure or not may_kou:
            return best
        if state.counts[seat] >= 6:
            return "K"  # a winner with nothing sure left stops
        return best if best_score > -0.2 else "K"

    # -- 掀 poll -------------------------------------------------------------
    def poll(self, state: XianniuState, seat: int, moves: Sequence[Move | Pick]) -> str:
        xian = moves[0]
        have = state.counts[seat]
        room = CAP - state.table
        unseen = unseen_of(state, seat)
        n, xz = sure_leaves(state, seat, unseen)
        if have >= 6:
            go = xz > 0 and room > 0  # free: only to bring unplayed 性子 home
        else:
            need = 6 - have
            hand = state.hands[seat]
            strong = (hand & _above(state.rules)[state.rules.top - 2]).bit_count()
            est = n + min(strong, 2) * 0.5
            go = need <= room and est >= need and n >= 2
        if not go:
            return "K"
        if isinstance(xian, Pick):
            return self.discard(state, seat, xian)
        return xian.code

    # -- 紧牌 / 贴牌 discards ------------------------------------------------
    def discard(self, state: XianniuState, seat: int, pick: Pick) -> str:
        hand = state.hands[seat]
        vals = card_values(state.rules, hand)
        cards = [c for c in range(48) if hand >> c & 1]
        cards.sort(key=lambda c: vals[c])
        codes = state.deck.codes
        return pick.code_for(codes[c] for c in cards[: pick.min_count])


def heuristic() -> Heuristic:
    return Heuristic()

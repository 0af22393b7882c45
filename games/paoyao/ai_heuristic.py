"""The rule-of-thumb 刨幺 player (issue 7): what a good local player does.

It reads only its own hand, the open trick (top play and who made it), the
card counts, who is out and the captured points: all in `view(seat)`. For
speed it reads them from the state's attributes (its own `hands[seat]`,
`left`, `top`, `top_seat`, `trick_points`, `score`), never another hand.

Rules of thumb:
- 雪 always: the winner is fixed by then and the chase pays ×1 at worst
  (no penalty for a failed 雪, spec open question 4), so 雪 cannot lose.
- Go out when one play empties the hand.
- Partner on top: pass (never beat the partner's winning play).
- Opponent on top: beat with the cheapest play that breaks no bomb when the
  trick is worth it (points, an opponent about to go out, a threshold in
  reach); keep bombs (n路, 幺, 王) for tricks that matter.
- Lead: shed low combinations, the longer the better, keep high cards and
  bombs; lead low when the partner is about to go out.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from games.base import Move
from games.paoyao.cards import ACE, BJ, FOUR, POINTS, SJ
from games.paoyao.combos import BOMB, DSTRAIGHT, PAIR, SINGLE, STRAIGHT, Combo, Shape
from games.paoyao.notation import PASS, SNOW
from games.paoyao.state import PaoyaoState


def _combo(state: PaoyaoState, seat: int, code: str) -> tuple[Combo, Shape]:
    """(combination, shape) of a listed play of `seat`."""
    e = state.tables.plays[code]
    return e[0], e[1]


class Heuristic:
    name = "heuristic"

    # Weights (tuned by simulation; see docs/AI-paoyao.md).
    break_road = 20.0  # splitting a 路 (3+ of a rank) for a non-bomb play
    break_pair = 2.0  # splitting a pair for a single
    break_yao = 12.0  # spending the A or the 4s that make a 幺
    break_jokers = 12.0  # a joker alone while two make a bomb
    high = 0.8  # cost per step of strength above 9 (control cards)
    bomb_base = 10.0  # using a bomb at all
    bomb_tier = 4.0  # and per tier of it
    shed = 2.2  # value of each card a lead sheds
    point_risk = 0.35  # cost per point card value led (the opponents may take it)
    beat_base = 12.0  # worth of winning back the lead
    beat_points = 2.0  # worth per point in the trick
    alone = 4.0  # more eager to beat when the partner is out
    partner_behind = 0.0  # less eager when the partner may still beat after me

    def play_cost(self, cnt: list[int], combo: Combo, shape: Shape,
                  order: Sequence[int]) -> float:
        """How much a play weakens the hand: high cards spent, bombs broken or
        used, pairs split."""
        kind = combo[0]
        if kind == BOMB:
            return self.bomb_base + self.bomb_tier * combo[1] + 0.2 * combo[2]
        cost = 0.0
        yao = cnt[FOUR] >= 2 and cnt[ACE] >= 1
        jokers = cnt[SJ] + cnt[BJ] >= 2
        for r, k in shape:
            c = cnt[r]
            strength = order[r]
            if strength > 5:  # above 9: T J Q K A 2 3 SJ BJ keep control
                cost += self.high * (strength - 5) * k / (1 if kind <= PAIR else 3)
            if r >= SJ:
                if jokers:
                    cost += self.break_jokers
                continue
            if c >= 3:
                cost += self.break_road + 2.0 * (c - 3)
            elif c == 2 and k == 1:
                cost += self.break_pair
            if yao and (r == ACE and c - k < 1 or r == FOUR and c - k < 2):
                cost += self.break_yao
        return cost

    def choose(self, state: PaoyaoState, seat: int, rng: random.Random) -> str:
        if state.phase == "snow":
            return SNOW  # 雪 cannot lose (see module doc)
        moves = state.legal_moves(seat)
        if len(moves) == 1:
            return moves[0].code
        left = state.left[seat]
        for m in moves:  # go out at once
            if len(m.cards) == left:
                return m.code
        if state.top is None:
            return self.lead(state, seat, moves)
        return self.follow(state, seat, moves)

    # -- leading -------------------------------------------------------------
    def lead_scores(self, state: PaoyaoState, seat: int,
                    moves: Sequence[Move]) -> list[tuple[float, str]]:
        """(score, code) of every lead, best first."""
        cnt = state.cnt[seat]
        order = state.order
        partner = (seat + 2) % 4
        help_partner = 0 < state.left[partner] <= 2  # feed the partner's last cards
        out = []
        for m in moves:
            combo, shape = _combo(state, seat, m.code)
            n = len(m.cards)
            score = self.shed * n - self.play_cost(cnt, combo, shape, order)
            score -= self.point_risk * sum(POINTS[r] * k for r, k in shape)
            if combo[0] in (SINGLE, PAIR):
                score -= 0.5 * combo[1]  # lower first
            elif combo[0] in (STRAIGHT, DSTRAIGHT):
                score -= 0.3 * combo[2]
            if help_partner and combo[0] != BOMB:
                if n == state.left[partner] or (n == 1 and state.left[partner] == 2):
                    score += 6.0 - combo[1] if combo[0] in (SINGLE, PAIR) else 0.0
            out.append((score, m.code))
        out.sort(key=lambda x: (-x[0], x[1]))
        return out

    def lead(self, state: PaoyaoState, seat: int, moves: Sequence[Move]) -> str:
        return self.lead_scores(state, seat, moves)[0][1]

    # -- following -----------------------------------------------------------
    def follow_scores(self, state: PaoyaoState, seat: int,
                      moves: Sequence[Move]) -> list[tuple[float, str]]:
        """(score, code) of every response and the pass (score 0), best first."""
        top = state.top_seat
        assert top is not None  # following: a play is on top
        if top % 2 == seat % 2:  # the partner (or I) holds the trick
            return [(0.0, PASS)]
        plays = [m for m in moves if m.code != PASS]
        out = [(0.0, PASS), *self.follow_scores_all(state, seat, plays)]
        out.sort(key=lambda x: (-x[0], x[1]))
        return out

    def follow_scores_all(self, state: PaoyaoState, seat: int,
                          plays: Sequence[Move]) -> list[tuple[float, str]]:
        """(trick value − cost, code) of each play beating the top, best first."""
        cnt = state.cnt[seat]
        order = state.order
        value = self.trick_value(state, seat)
        out = []
        for m in plays:
            combo, shape = _combo(state, seat, m.code)
            cost = self.play_cost(cnt, combo, shape, order)
            out.append((value - cost + 0.3 * len(m.cards), m.code))
        out.sort(key=lambda x: (-x[0], x[1]))
        return out

    def trick_value(self, state: PaoyaoState, seat: int) -> float:
        """What taking the trick from the opponents is worth."""
        team = seat % 2
        v = self.beat_base + self.beat_points * state.trick_points
        top = state.top_seat
        assert top is not None  # following: a play is on top
        opp_left = state.left[top]
        if opp_left <= 5:  # an opponent about to go out
            v += 3.0 * (6 - opp_left)
        pts = state.trick_points
        win = state.variant["win_threshold"]
        if state.score[1 - team] + pts >= win or state.score[team] + pts >= win:
            v += 40.0
        snow = state.variant["snow_threshold"]
        if state.score[team] <= snow < state.score[team] + pts:
            v += 6.0  # points that lift us out of 雪 reach
        if not state.left[(seat + 2) % 4]:  # partner out: I must fight alone
            v += self.alone
        else:
            active = 4 - len(state.out)
            needed = active - 1 if state.left[top] else active
            if state.passes + 1 < needed:  # the partner may still beat it after me
                v -= self.partner_behind
        return v

    def follow(self, state: PaoyaoState, seat: int, moves: Sequence[Move]) -> str:
        return self.follow_scores(state, seat, moves)[0][1]


def heuristic() -> Heuristic:
    return Heuristic()

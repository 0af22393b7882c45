"""Computer players for 砍牛腿/掀牛 (`xianniu`) and 掀牛九 (`niujiu`): the
rule-of-thumb player and the Monte Carlo player the bot uses.

- `heuristic()`: games/xianniu/ai_heuristic.py.
- `determinize(state, seat, rng)`: games/xianniu/ai_world.py (hidden cards
  re-dealt, passes respected as voids).
- `choose(state, seat, rng, budget_s)`: flat Monte Carlo over determinized
  worlds with heuristic playouts, on a pruned candidate list (the sure
  leads too; in 掀牛九 its own 贴牌 keeps its sure plays: ai_tie.py).
- `MC_VARIANTS`: `mc:v1`, the player before issue 14's search pass (a sure
  lead played without search), and `mc:v2`, the player before its 贴牌
  pass (掀牛九 贴s as the heuristic does and plays a sure lead without
  search), for paired measurements (`paiju simulate --seats mc,mc:v2,heuristic`).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import partial
from typing import cast

from games.base import Move, Pick
from games.players import BUDGET, MonteCarloPlayer, playout, tuned
from games.xianniu.ai_heuristic import Heuristic, heuristic
from games.xianniu.ai_tie import TIE_KEEPS_SURE, TieKeeper
from games.xianniu.ai_world import Knowledge, build, clone, determinize, sample
from games.xianniu.shapes import BLACK, FIVE, NINE, RED
from games.xianniu.state import XianniuState

__all__ = ["MC_VARIANTS", "choose", "determinize", "heuristic", "monte_carlo"]

MAX_LEADS = 5  # leads the Monte Carlo player compares (the heuristic's best)
# Modes whose sure lead is played without search: none. Searching it measured
# better in 掀牛 (P); in 掀牛九 (N) only once its 贴牌 kept the sure plays.
SURE_SHORTCUT: frozenset[str] = frozenset()


class XianniuMonteCarlo(MonteCarloPlayer[XianniuState]):
    """The shared Monte Carlo loop (games.players), tuned for 掀牛:

    - candidates are pruned: every beat, 扣/掀/紧牌, and only the heuristic's
      best few leads (a 16-card hand has dozens of leads), one per kind;
    - the public record is read once per decision, then each round samples a
      world from it;
    - in 掀牛九 its own seat 贴s keeping its sure plays (`TieKeeper`), as its
      default and in its playouts; the other seats play the plain rule of
      thumb there, as before.
    """

    heuristic: TieKeeper  # its lead scores prune the candidates
    others = Heuristic()  # the other seats in playouts
    z = 1.0
    max_leads = MAX_LEADS
    sure_shortcut = SURE_SHORTCUT
    margin = 0.95  # for the reading of the record

    def candidates(self, state: XianniuState, seat: int, rng: random.Random) -> list[str]:
        moves = state.legal_moves(seat)
        h = self.heuristic
        if state.phase == "control":
            leads = h.lead_scores(state, seat, cast("list[Move]", moves))  # all Moves
            if state.rules.mode in self.sure_shortcut and leads and leads[0][1]:
                return [leads[0][2]]  # a sure lead: nothing to weigh
            out = _distinct(state, [c for _, _, c in leads])[: self.max_leads]
            out += [m.code for m in moves if isinstance(m, Move) and m.code[0] != "L"]
        elif state.phase == "trick":
            out = _distinct(state, [m.code for m in cast("list[Move]", moves)])  # beats
        else:
            out = []
            for m in moves:
                if isinstance(m, Pick):
                    out.append(h.choose(state, seat, rng) if state.phase == "tighten"
                               else h.discard(state, seat, m))
                else:
                    out.append(m.code)
        return list(dict.fromkeys(out))

    def with_default(self, state: XianniuState, cands: list[str], default: str) -> list[str]:
        return _distinct(state, [default] + cands)  # the default stands for its kind

    def sampler(self, state: XianniuState,
                seat: int) -> Callable[[random.Random], XianniuState]:
        know = Knowledge(state, seat)  # the public record, read once a decision
        return lambda rng: build(state, seat, know, sample(state, know, rng))

    def copy(self, world: XianniuState) -> XianniuState:
        return clone(world)

    def value(self, world: XianniuState, seat: int, rng: random.Random) -> float:
        if world.rules.mode not in self.heuristic.modes:
            return super().value(world, seat, rng)  # every seat the same rule of thumb
        return playout(world, _Seats(self.heuristic, self.others, seat), rng).result().net[seat]


class _Seats:
    """A playout's policy: `own` in the searching seat, `others` elsewhere."""

    name = "seats"

    def __init__(self, own: Heuristic, others: Heuristic, seat: int) -> None:
        self.own, self.others, self.seat = own, others, seat

    def choose(self, state: XianniuState, seat: int, rng: random.Random) -> str:
        return (self.own if seat == self.seat else self.others).choose(state, seat, rng)


def _distinct(state: XianniuState, codes: list[str]) -> list[str]:
    """One play per kind: cards of one rank are interchangeable except the
    colours of 9s and 5s (公/母), so 10♣ and 10♦ are one candidate. Keeps the
    first of each kind (the caller's order: the heuristic's best first)."""
    out: list[str] = []
    seen: set[str | tuple] = set()
    by_code = state.rules.by_code
    for code in codes:
        if code[0] not in "LB":
            if code not in seen:
                seen.add(code)
                out.append(code)
            continue
        info = by_code.get(code[1:])
        # the cards of a legal lead or beat parse
        m = info.mask if info is not None else cast(int, state.deck.parse(code[1:]))
        key = tuple(((m >> (4 * r)) & 15).bit_count() if r not in (NINE, FIVE)
                    else (m >> (4 * r)) & 15 for r in range(12))
        if r_key(key) not in seen:
            seen.add(r_key(key))
            out.append(code)
    return out


def r_key(key: tuple) -> tuple:
    """9s and 5s by colour count (red, black), other ranks by count."""
    return tuple(k if i not in (NINE, FIVE) else ((k & RED).bit_count(), (k & BLACK).bit_count())
                 for i, k in enumerate(key))


def monte_carlo(budget_s: float = BUDGET, tie_modes: frozenset[str] = TIE_KEEPS_SURE
                ) -> XianniuMonteCarlo:
    return XianniuMonteCarlo(TieKeeper(tie_modes), determinize, budget_s)


# Monte Carlo players to pair with the bot's on the same deals
# (`paiju simulate --seats mc,mc:<name>,…`).
MC_VARIANTS = {
    # the bot's player until issue 14's search pass
    "v1": tuned(partial(monte_carlo, tie_modes=frozenset()), sure_shortcut=frozenset("PN")),
    # until its 贴牌 pass: 掀牛九 贴s as the heuristic does, leads a sure play at once
    "v2": tuned(partial(monte_carlo, tie_modes=frozenset()), sure_shortcut=frozenset({"N"})),
}


def choose(state: XianniuState, seat: int, rng: random.Random, budget_s: float = BUDGET) -> str:
    """The bot's entry point: the Monte Carlo player within `budget_s` seconds."""
    return monte_carlo(budget_s).choose(state, seat, rng)

"""掀牛九's 贴牌 in the Monte Carlo player: lay down cards, keep the sure plays.

Before a 掀 the 掀er 贴s (lays face down) cards down to the table's room. The
rule of thumb lays down its lowest-valued cards, which often breaks the very
plays its 掀 counted on (a 鱼, a 摆, a lone K): in heuristic play a 掀er with
one sure leaf to spare reached 6 leaves 59% of the time, 81% when the 贴牌
keeps the sure plays (2,000 deals). `TieKeeper` is the rule of thumb with that
贴牌, for the Monte Carlo player's own seat (its default and its playouts).
"""

from __future__ import annotations

from collections.abc import Sequence

from games.base import Move, Pick
from games.xianniu.ai_heuristic import Heuristic, card_values, sure_plays, unseen_of
from games.xianniu.state import XianniuState

TIE_KEEPS_SURE = frozenset({"N"})  # the modes whose computer player 贴s this way


def keep_sure_discard(state: XianniuState, seat: int, pick: Pick) -> str:
    """The 贴牌: the lowest-valued cards outside the sure plays first."""
    hand = state.hands[seat]
    vals = card_values(state.rules, hand)
    keep = 0
    for i in sure_plays(state, seat, unseen_of(state, seat)):
        keep |= i.mask
    cards = [c for c in range(48) if hand >> c & 1]
    cards.sort(key=lambda c: (keep >> c & 1, vals[c]))
    codes = state.deck.codes
    return pick.code_for(codes[c] for c in cards[: pick.min_count])


class TieKeeper(Heuristic):
    """The rule of thumb, whose 掀 in `modes` 贴s keeping the sure plays."""

    def __init__(self, modes: frozenset[str] = TIE_KEEPS_SURE) -> None:
        self.modes = modes

    def poll(self, state: XianniuState, seat: int, moves: Sequence[Move | Pick]) -> str:
        code = super().poll(state, seat, moves)
        if code == "K" or state.rules.mode not in self.modes or not isinstance(moves[0], Pick):
            return code
        return keep_sure_discard(state, seat, moves[0])

"""Which sampled worlds explain the other seats' choices best.

`determinize` deals the hidden cards so every pass is respected, but a lead
says something too: a player who led 10 while holding a sure K would, by the
usual rules of thumb, have led the K. `surprises` replays the hand from a
world's deal and counts the other seats' choices (leads, beats among several,
扣/掀, discards) the heuristic would not have made holding that world's
cards; a world whose record cannot be replayed (a pass broken) counts as
very surprising. The Monte Carlo player (ai.py) draws a few worlds a round
and plays the least surprising. It models the others as heuristic players:
measured against heuristic and Monte Carlo seats, not against people.
"""

from __future__ import annotations

import random

from games.base import IllegalMove
from games.xianniu.ai_world import World
from games.xianniu.state import XianniuState

UNREPLAYABLE = 1_000  # a world the record contradicts


def surprises(world: World, seat: int, heuristic, kind, rng: random.Random) -> int:
    """Other seats' choices in `world`'s record that `heuristic` would not
    have made with the world's cards; `kind(state, code)` says which codes
    are the same choice (10♣ and 10♦)."""
    deck = world.deck
    masks = [deck.mask(h) for h in world.deal["hands"]]
    replay = XianniuState(world.game, world.variant, world.dealer, None, masks, world.rules)
    replay.begin()
    n = 0
    try:
        for s, code in world.history:
            if s != seat and code[0] != "O" and len(replay.legal_moves(s)) > 1:
                if kind(replay, heuristic.choose(replay, s, rng)) != kind(replay, code):
                    n += 1
            replay.apply(s, code)
    except IllegalMove:  # the world breaks a pass: the record is not replayable in it
        return UNREPLAYABLE
    return n

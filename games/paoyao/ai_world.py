"""Worlds a 刨幺 seat cannot tell apart (determinize) and a fast state copy.

What a seat knows: its own hand, every card played so far (the public
history of play codes; suits never matter), how many cards each player
still holds, the captured points, and with the flags `ming_yao` (明幺) each
player's count of As and 4s, with `show_partner_hand_after_out` the
partner's hand once the seat is out.

Passing is voluntary in 刨幺 (spec §5.2: a player may pass even when he
could beat), so a pass says nothing about a hand: the hidden cards are
re-dealt uniformly among the other seats by their card counts only.
"""

from __future__ import annotations

import random
from typing import cast

from games.paoyao.cards import ACE, FOUR, RANK_OF, deck
from games.paoyao.state import PaoyaoState


# -- fast copy -----------------------------------------------------------------
def clone(state: PaoyaoState) -> PaoyaoState:
    """A World copy for playouts: State.copy (no JSON)."""
    new = state.copy()
    new.__class__ = World
    return new


class World(PaoyaoState):
    """A determinized state: the same engine."""


# -- what a seat cannot see ------------------------------------------------------
def hidden_pool(state: PaoyaoState, seat: int) -> list[str]:
    """Every card neither in `seat`'s hand nor played: the deck minus the
    seat's hand, the captured cards and the open trick's cards (those two are
    the public play history in card form)."""
    pool: dict[str, int] = {}
    for c in deck(state.variant["remove_threes"]):
        pool[c] = pool.get(c, 0) + 1
    gone = state.hand_codes(seat)
    for t in state.taken:
        gone += t
    for _s, cards in state.trick:
        if cards:
            gone += cards
    for c in gone:
        pool[c] -= 1
    return sorted(c for c, n in pool.items() for _ in range(n))


def determinize(state: PaoyaoState, seat: int, rng: random.Random) -> PaoyaoState:
    """A new full state that `seat` cannot tell from `state`: the other
    hands re-dealt at random from the hidden cards by their card counts,
    keeping what the flags make public (明幺 counts, the partner's hand
    shown to an out player)."""
    pool = hidden_pool(state, seat)
    view = state.view(seat)
    hands: list[list[str] | None] = [None] * 4
    hands[seat] = view["hand"]
    if "partner_hand" in view:
        partner = (seat + 2) % 4
        shown = hands[partner] = list(view["partner_hand"])
        for c in shown:
            pool.remove(c)
    others = [s for s in range(4) if hands[s] is None]
    need = {s: state.left[s] for s in others}
    dealt: dict[int, list[str]] = {s: [] for s in others}
    yao = view.get("yao_counts")
    if yao is not None:  # 明幺: each seat's As and 4s are public
        for rank, idx in ((ACE, 0), (FOUR, 1)):
            cards = [c for c in pool if RANK_OF[c[0]] == rank]
            rng.shuffle(cards)
            for s in others:
                k = yao[s][idx]
                dealt[s] += cards[:k]
                cards = cards[k:]
                need[s] -= k
        pool = [c for c in pool if RANK_OF[c[0]] not in (ACE, FOUR)]
    rng.shuffle(pool)
    i = 0
    for s in others:
        dealt[s] += pool[i : i + need[s]]
        i += need[s]
        hands[s] = dealt[s]
    return _with_hands(state, cast("list[list[str]]", hands))  # every seat's, now


def _with_hands(state: PaoyaoState, hands: list[list[str]]) -> PaoyaoState:
    """`state` with these current hands, and a deal rebuilt to match them
    (current hand plus the cards each seat played) so that a world never
    carries the real hidden deal."""
    world = clone(state)
    world.set_hands(hands)
    played = _played_split(state)
    world.deal = {"hands": [sorted(hands[s] + played[s]) for s in range(4)]}
    return world


def _played_split(state: PaoyaoState) -> list[list[str]]:
    """The cards each seat played, by the history's rank codes; suits are
    assigned from the played cards of each rank (suits never matter)."""
    by_rank: dict[int, list[str]] = {}
    for t in state.taken:
        for c in t:
            by_rank.setdefault(RANK_OF[c[0]], []).append(c)
    for _s, cards in state.trick:
        for c in cards or ():
            by_rank.setdefault(RANK_OF[c[0]], []).append(c)
    for cards in by_rank.values():
        cards.sort()
    split: list[list[str]] = [[], [], [], []]
    for s, code in state.history:
        if code in ("P", "X", "N"):
            continue
        for ch in code:
            split[s].append(by_rank[RANK_OF[ch]].pop())
    return split

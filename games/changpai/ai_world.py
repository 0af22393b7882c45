"""Worlds a 幺地人 seat cannot tell apart (determinize), and a fast state copy.

What a seat knows: its own concealed cards, every fixed set (melds and 偷
sets), the dead pile, the card on offer, how many cards each player holds,
everyone's 起/打/仰 and status, and who still has to answer a claim. Hidden:
the other players' concealed cards and the order of the stock. The deal is
the whole shuffled deck, so a world re-deals the unseen cards among the other
hands (their sizes kept) and the remaining stock.

What the public play says about the hidden hands, and is kept:
- an active player's 起牌 estimate holds (else he would have been folded);
  at the 起/打/仰 round, a player who chose 起/打 passed it, and a 起 player
  held a 幺地人 pair or a quad (a 仰 may be forced or chosen: no inference);
- with 偷 mandatory nobody keeps four of a kind concealed;
- on the card on offer: exactly the players still deciding (or who have
  already answered) had a choice, and nobody has a due 杀/吐火 or a 胡 the
  table would have seen; the seat's own options stay the same.
Worlds that break these are re-drawn (a few dozen tries, then the closest
draw is patched so that the seat's view and moves are still exactly kept).
"""

from __future__ import annotations

import random

from games.changpai.cards import COPIES, DECK_SIZE, N_KINDS, YDR
from games.changpai.claims import offer_options
from games.changpai.state import ChangpaiState

TRIES = 40


def clone(st: ChangpaiState) -> ChangpaiState:
    """A copy for playouts: State.copy (no JSON)."""
    return st.copy()


class World(ChangpaiState):
    """A determinized state: the same engine."""


def hidden_pool(st: ChangpaiState, seat: int) -> list[int]:
    """Every card the seat cannot see, as a sorted list of kinds."""
    pool = []
    for k in range(N_KINDS):
        pool += [k] * (COPIES - st.seen[k] - st.conc[seat][k])
    return pool


def _sample(st: ChangpaiState, seat: int, others: list[int],
            rng: random.Random) -> tuple[dict[int, list[int]], list[int]]:
    """Hidden cards dealt at random: {other seat: counts}, stock (in order)."""
    pool = hidden_pool(st, seat)
    rng.shuffle(pool)
    # 偷 is mandatory once play starts: nobody keeps four of a kind concealed
    cap = 3 if st.phase in ("discard", "claim") and not st.variant["tou_optional"] else 4
    sizes = {s: sum(st.conc[s]) for s in others}
    hands = {s: [0] * N_KINDS for s in others}
    stock: list[int] = []
    n_stock = DECK_SIZE - st.pos
    for k in pool:
        # a card goes to a place with room, in proportion to the room left
        room = [(s, sizes[s]) for s in others if sizes[s] > 0 and
                (hands[s][k] < cap or st.status[s] != "in")]
        total = sum(r for _s, r in room) + (n_stock - len(stock))
        pick = rng.randrange(total) if total > 0 else 0
        placed = False
        for s, r in room:
            if pick < r:
                hands[s][k] += 1
                sizes[s] -= 1
                placed = True
                break
            pick -= r
        if not placed:
            stock.append(k)
    # Capacity ran short (a capped kind with no room left): move extras around.
    for s in others:
        while sizes[s] > 0:
            k = stock.pop(rng.randrange(len(stock)))
            hands[s][k] += 1
            sizes[s] -= 1
    return hands, stock


def _consistent(st: ChangpaiState, world: ChangpaiState, seat: int, others: list[int],
                mine: list[str]) -> int:
    """0 when the world agrees with everything public; else how many checks fail."""
    bad = 0
    if world.phase == "qualify":
        for s in others:
            choice = st.qchoice[s]
            if choice is None:
                continue
            opts = world.qualify_options(s)
            if choice in ("qi", "da") and opts == ["Y"]:
                bad += 1
            elif choice == "qi" and not any(
                (YDR[k] and world.conc[s][k] >= 2) or world.conc[s][k] >= 4 for k in range(N_KINDS)
            ):
                bad += 1
        return bad
    if world.estimates_on():
        bad += sum(1 for s in others if world.status[s] == "in" and not world.estimate_of(s).ok)
    if world.offer is not None and world.offer["options"].get(str(seat)) != mine:
        bad += 1
    return bad


def _reoffer(world: ChangpaiState, seat: int, mine: list[str]) -> None:
    """Recompute who may claim the card on offer from the world's hands."""
    off = world.offer
    assert off is not None  # called only while a card is on offer
    x, src, okind = off["card"], off["src"], off["kind"]
    options = offer_options(world, x, src, okind, known=(seat, mine))
    off["options"] = {str(s): c for s, c in options.items()}
    off["answers"] = {str(s): c[0] for s, c in options.items() if len(c) == 1}


def _own_offer(world: ChangpaiState, seat: int, mine: list[str]) -> None:
    """The seat's own claim options, as on the real table. Who else may
    claim is hidden from it (the table names nobody while claims are open),
    so the others' options are whatever the world's hands give."""
    off = world.offer
    assert off is not None  # called only while a card is on offer
    if str(seat) in off["options"] or mine:
        off["options"][str(seat)] = mine
        off["answers"].pop(str(seat), None)


def determinize(st: ChangpaiState, seat: int, rng: random.Random) -> World:
    """A full state the seat cannot tell from `st`, hidden cards re-dealt."""
    others = [s for s in range(st.seats) if s != seat]
    mine = list(st.offer["options"].get(str(seat), [])) if st.offer is not None else []
    best = None
    for _ in range(TRIES):
        hands, stock = _sample(st, seat, others, rng)
        world = _build(st, seat, others, hands, stock)
        if world.offer is not None:
            _reoffer(world, seat, mine)
        bad = _consistent(st, world, seat, others, mine)
        if best is None or bad < best[0]:
            best = (bad, world)
        if bad == 0:
            break
    assert best is not None  # TRIES > 0
    world = best[1]
    if best[0]:
        _repair(world, seat, others, rng)
        if world.offer is not None:
            _reoffer(world, seat, mine)
    if world.offer is not None:
        _own_offer(world, seat, mine)
    world._moves = {}
    return world


def _repair(world: ChangpaiState, seat: int, others: list[int], rng: random.Random,
            steps: int = 80) -> None:
    """No draw passed: swap cards of an active player whose estimate fails
    with stock cards, keeping swaps that raise his estimated 砣, until it holds."""
    if world.phase == "qualify" or not world.estimates_on():
        return
    cap = 3 if not world.variant["tou_optional"] else 4
    stock = range(world.pos, DECK_SIZE)
    offered = world.offer["card"] if world.offer is not None else -1  # keep who may claim it
    for s in others:
        if world.status[s] != "in" or not stock:
            continue
        hand = world.conc[s]
        e = world.estimate_of(s)
        for _ in range(steps):
            if e.ok:
                break
            i = rng.choice(stock)
            # give away a lone card first: pairs and sets carry the 砣
            singles = [k for k in range(N_KINDS) if hand[k] == 1]
            a = rng.choice(singles or [k for k in range(N_KINDS) if hand[k]])
            b = world.deck[i]
            if a == b or hand[b] >= cap or b == offered:
                continue
            hand[a] -= 1
            hand[b] += 1
            e2 = world.estimate_of(s)
            if (e2.ok, e2.tuo) >= (e.ok, e.tuo):
                world.deck[i] = a
                e = e2
            else:
                hand[a] += 1
                hand[b] -= 1
    world._moves = {}


def _build(st: ChangpaiState, seat: int, others: list[int], hands: dict[int, list[int]],
           stock: list[int]) -> World:
    world = clone(st)
    world.__class__ = World
    assert isinstance(world, World)
    for s in others:
        world.conc[s] = hands[s]
    # The deck: what is gone (hands, sets, dead pile, offer), in a fixed order,
    # then the sampled stock. Only deck[pos:] is ever read again.
    rest = [COPIES] * N_KINDS
    for k in stock:
        rest[k] -= 1
    gone = [k for k in range(N_KINDS) for _ in range(rest[k])]
    world.deck = gone + stock  # the world's deal: its codes (ChangpaiState.deal)
    # Private bookkeeping of the other players that the seat cannot know.
    for s in others:
        world.peng_bar[s] = []
        world.hu_bar[s] = []
    if world.drawn >= 0 and world.actor != seat:
        world.drawn = -1
    world._fixed = [None] * st.seats
    world._moves = {}
    world._qualify_ok = {}  # the other hands changed
    return world

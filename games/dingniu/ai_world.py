"""Worlds a 顶牛 seat cannot tell apart (determinize), and a fast state copy.

What a seat knows: its own hand and 扣 tiles, the layout, how many tiles each
player holds and has 扣ed, and who did what when (a 扣 shows only that a tile
went down, never which). The hidden tiles are every tile not on the layout and
not its own; each other seat holds some in hand and some face down.

Inference (the hard facts 顶牛 gives away): 不能扣活牌, so a player who
扣ed held no tile fitting either end at that moment. That tile and every tile
he still had then (his later 扣 tiles and his hand now) avoid those ends.
A 死砸 says the same of every tile that had a play making no 算帐 (judged
from the layout, so public): he held none then (`forced_voids`).
The head's opening also says he did not hold what would have forbidden it
(不能拉三家, both 红八 led together). Everything else that hangs on hidden
tiles (算帐 under sz_basis=hands) is checked by replaying the public history
on the sampled deal and comparing the view.
"""

from __future__ import annotations

import random
from typing import cast

from games.base import IllegalMove
from games.dingniu import suanzhang as sz
from games.dingniu.opening import lalian_forbidden, must_pair
from games.dingniu.state import DingniuState
from games.dingniu.tiles import CODES, COPIES, KIND_OF, N_KINDS, PIPS

# Pip bitmask of each tile kind, for the "held no tile fitting" test.
PIP_MASK = tuple((1 << a) | (1 << b) for a, b in PIPS)
TRIES = 60  # sampled deals before giving up on an exact replay
# (seat, move code with a 扣's tile blanked out, (left, right) ends before it)
Timeline = list[tuple[int, str, tuple[int, int]]]


def clone(state: DingniuState) -> DingniuState:
    """A copy for playouts: State.copy (no JSON)."""
    return state.copy()


class World(DingniuState):
    """A determinized state: the same engine."""


def unknown_counts(state: DingniuState, seat: int) -> list[int]:
    """Tiles per kind that `seat` cannot see: not on the layout, not its own."""
    hand, on = state.hands[seat], state.on_layout
    out = [COPIES[t] - on[t] - hand[t] for t in range(N_KINDS)]
    for t in state.kou[seat]:
        out[t] -= 1
    return out


def public_timeline(state: DingniuState) -> Timeline:
    """(seat, code, ends before the move) of every move, with a 扣's tile
    blanked out: only what the whole table saw."""
    left = right = 0
    out: Timeline = []
    for s, code in state.history:
        if code[0] == "K":
            out.append((s, "K", (left, right)))
            continue
        out.append((s, code, (left, right)))
        if code[0] == "O":
            left, right = PIPS[KIND_OF[code[1:3]]]
        else:
            t = KIND_OF[code[1:]]
            v = left if code[0] == "L" else right
            a, b = PIPS[t]
            w = b if a == v else a
            if code[0] == "L":
                left = w
            else:
                right = w
    return out


def forced_voids(state: DingniuState, timeline: Timeline) -> list[tuple[int, int, int]]:
    """(seat, his 扣s so far, kind mask) for every 死砸: the kinds that had a
    play making no 算帐 then, which he therefore did not hold. Empty where
    the record cannot tell which plays were 死砸 (a 算帐 judged from hands,
    or a counted 算帐 beside them under play_out)."""
    if not state.sizha or state.variant["sz_basis"] == "hands":
        return []
    probe = clone(state)  # only its public fields are set and read below
    every = [1] * N_KINDS
    on = [0] * N_KINDS
    kou = [0, 0, 0, 0]
    out, seen = [], []
    for s, code, (left, right) in timeline:
        if code == "K":
            kou[s] += 1
            continue
        t = KIND_OF[code[1:3]]
        if code[0] != "O":
            probe.left, probe.right = left, right
            probe._nd, probe._d = sz.signatures([COPIES[k] - on[k] for k in range(N_KINDS)])
            probe._an = probe._analyse(probe._nd, probe._d, left, right)
            typ = probe._outcome(t, code[0], left if code[0] == "L" else right)[5]
            if typ is not None and (probe._sizha_all or typ not in sz.CLASSIC_TYPES):
                mask = 0
                for side, u, v in probe._plays(every):
                    if probe._outcome(u, side, v)[5] is None:
                        mask |= 1 << u
                out.append((s, kou[s], mask))
                seen.append({"type": typ, "seat": s})
        on[t] += 2 if len(code) == 5 else 1
    return out if seen == state.sizha else []


def slots(state: DingniuState, seat: int,
          timeline: Timeline | None = None) -> list[tuple[int, int, int, int]]:
    """The hidden places as (seat, index, forbidden pip mask, forbidden kind
    mask): index i < the seat's 扣 count is its i-th 扣 tile, the rest are
    hand tiles."""
    timeline = public_timeline(state) if timeline is None else timeline
    forbid_at: list[list[int]] = [[], [], [], []]  # per seat, mask at each of its 扣
    for s, code, (left, right) in timeline:
        if code == "K":
            prev = forbid_at[s][-1] if forbid_at[s] else 0
            forbid_at[s].append(prev | (1 << left) | (1 << right))
    kinds_from = [[0] * (len(k) + 1) for k in state.kou]  # per seat, from its i-th 扣 on
    for s, n_kou, mask in forced_voids(state, timeline):
        for i in range(n_kou, len(kinds_from[s])):
            kinds_from[s][i] |= mask
    out = []
    for s in range(4):
        if s == seat:
            continue
        masks = forbid_at[s]
        n_kou = len(state.kou[s])
        for i in range(n_kou):
            out.append((s, i, masks[i] if i < len(masks) else 0, kinds_from[s][i]))
        last = masks[-1] if masks else 0
        for i in range(state.sizes[s]):
            out.append((s, n_kou + i, last, kinds_from[s][n_kou]))
    return out


def sample_hidden(state: DingniuState, seat: int, rng: random.Random,
                  timeline: Timeline | None = None) -> dict[int, list[int]]:
    """Hidden tiles dealt to the other seats' 扣 and hand places at random,
    respecting every 扣 inference: {seat: [kinds in place order]}."""
    unknown = unknown_counts(state, seat)
    places = slots(state, seat, timeline)
    # most constrained place first; ties in a random order (shuffle, stable sort)
    rng.shuffle(places)
    places.sort(key=lambda p: (-bin(p[2]).count("1"), -bin(p[3]).count("1")))
    chosen = [0] * len(places)

    def fill(i: int) -> bool:  # randomized depth-first search: always finds one
        if i == len(places):
            return True
        _, _, mask, kinds = places[i]
        options = [
            t for t in range(N_KINDS)
            if unknown[t] and not PIP_MASK[t] & mask and not kinds >> t & 1
        ]
        weights = [unknown[t] for t in options]  # uniform over the tiles, not the kinds
        while options:
            k = rng.choices(range(len(options)), weights)[0]
            t = options.pop(k)
            weights.pop(k)
            unknown[t] -= 1
            chosen[i] = t
            if fill(i + 1):
                return True
            unknown[t] += 1
        return False

    if not fill(0):  # the real deal satisfies every place: cannot happen
        raise RuntimeError("no deal consistent with the view")
    out: dict[int, list[int]] = {
        s: [0] * (len(state.kou[s]) + state.sizes[s]) for s in range(4) if s != seat
    }
    for (s, i, _, _), t in zip(places, chosen):
        out[s][i] = t
    return out


def _opening_ok(state: DingniuState, initial: list[list[int]], timeline: Timeline) -> bool:
    """The head could have made the opening he made with this hand."""
    if not timeline:
        return True
    s, code, _ = timeline[0]
    t = KIND_OF[code[1:3]]
    hand = initial[s]
    if lalian_forbidden(hand, t):
        return False
    return must_pair(hand, t, state.variant["pair_double_lead_all"]) == (len(code) == 5)


def determinize(state: DingniuState, seat: int, rng: random.Random) -> DingniuState:
    """A new full state the seat cannot tell from `state`: the hidden tiles
    re-dealt, the public history replayed on the new deal."""
    timeline = public_timeline(state)
    if not _explains(state, timeline):
        return _in_place(state, seat, sample_hidden(state, seat, rng, timeline))
    want = state.view(seat)
    for _ in range(TRIES):
        hidden = sample_hidden(state, seat, rng, timeline)
        world = _replay(state, seat, hidden, timeline)
        if world is not None and world.view(seat) == want:
            return world
    # Very rare (a record the inference does not fully capture): the last
    # sample put straight into a copy, which shows the seat the same view.
    return _in_place(state, seat, hidden)


def _explains(state: DingniuState, timeline: Timeline) -> bool:
    """The history accounts for the layout and every 扣 (a position built
    directly, as in tests, has no history behind it)."""
    kou = [0, 0, 0, 0]
    laid = 0
    for s, code, _ in timeline:
        if code == "K":
            kou[s] += 1
        else:
            laid += 2 if len(code) == 5 else 1
    return laid == len(state.layout) and kou == [len(k) for k in state.kou]


def _in_place(state: DingniuState, seat: int, hidden: dict[int, list[int]]) -> DingniuState:
    """The sampled tiles put straight into a copy, without replaying the
    history (a position built without one, or the rare record no sample
    replayed); its 扣 codes are the sampled tiles, not the real ones."""
    world = clone(state)
    world.__class__ = World
    for s, tiles in hidden.items():
        n_kou = len(state.kou[s])
        world.kou[s] = tiles[:n_kou]
        kou_iter = iter(world.kou[s])
        world.history = [
            (p, "K" + CODES[next(kou_iter)]) if p == s and code[0] == "K" else (p, code)
            for p, code in world.history
        ]
        hand = [0] * N_KINDS
        for t in tiles[n_kou:]:
            hand[t] += 1
        world.hands[s] = hand
    world._recount()
    # no real deal may ride along in the copy: only what the world holds
    world.deal = {
        "hands": [
            [CODES[t] for t in range(N_KINDS) for _ in range(h[t])] + [CODES[t] for t in k]
            for h, k in zip(world.hands, world.kou)
        ]
    }
    return world


def _replay(state: DingniuState, seat: int, hidden: dict[int, list[int]],
            timeline: Timeline) -> DingniuState | None:
    """The sampled deal played through the public history, or None if the
    engine refuses it (an opening or 扣 the sampled hand could not make)."""
    kou_iter = {s: iter(tiles) for s, tiles in hidden.items()}
    kou_iter[seat] = iter(state.kou[seat])
    initial = [[0] * N_KINDS for _ in range(4)]
    history = []
    for s, code, _ in timeline:
        if code == "K":
            t = next(kou_iter[s])
            code = "K" + CODES[t]
            initial[s][t] += 1
        elif code[0] == "O":
            initial[s][KIND_OF[code[1:3]]] += 2 if len(code) == 5 else 1
        else:
            initial[s][KIND_OF[code[1:]]] += 1
        history.append((s, code))
    for s in range(4):
        if s == seat:
            rest = state.hands[seat]
            for t in range(N_KINDS):
                initial[s][t] += rest[t]
        else:
            for t in hidden[s][len(state.kou[s]):]:
                initial[s][t] += 1
    if not _opening_ok(state, initial, timeline):
        return None
    deal = {"hands": [[CODES[t] for t in range(N_KINDS) for _ in range(h[t])] for h in initial]}
    world = cast(DingniuState, state.game.start(state.variant, deal, state.dealer))  # 顶牛's
    try:
        for s, code in history:
            world.apply(s, code)
    except IllegalMove:  #: this deal cannot have produced the history
        return None
    # a World only now: CPython 3.11 gives an instance whose class is assigned
    # a split __dict__, on which no attribute load of the replay is specialised
    world.__class__ = World
    return world

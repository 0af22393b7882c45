"""The speed work's shortcuts give what the plain computation gives (issue 14).

- A claim's estimate is worked out from the hand before the claim (its
  memoised parts, one component looked up again, the capped merge only when
  the bounds leave the answer open): its verdict must be that of the
  estimate of the hand after the claim, computed from scratch.
- The estimate adds the components' tops when their best selections fit
  under the 7-坎 cap and merges them only otherwise (test_estimate_bruteforce
  checks both against an exhaustive packing); the checks that need only the
  verdict (hand_ok, claim_ok) skip the merge when an upper bound decides.
- After a 碰/吃 the claimer's 包子 check is skipped (a 碰/吃 is offered only
  if the claimer's estimate holds after it): the estimate of the claimer's
  hand after every such claim, computed in full, holds.
- The default variant is made once per game and copied: a caller changing
  its copy changes nobody else's.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games import registry
from games.changpai.cards import COMPLEMENTS, N_KINDS, SEVENS
from games.changpai.estimate import claim_ok, clear_caches, estimate_avail, hand_ok
from games.changpai.kan import classify

GAME = registry.get("changpai")

hands = st.lists(st.integers(0, N_KINDS - 1), min_size=4, max_size=22).map(
    lambda ks: tuple(min(5, ks.count(k)) for k in range(N_KINDS)))


def claims_of(counts, x):
    """(used cards, 坎 砣, the hand after) of every claim the hand could make
    on x: 碰 and each 吃 shape."""
    out = []
    if counts[x] >= 2:
        out.append((x, x))
    for y in COMPLEMENTS[x]:
        if counts[x] and counts[y]:
            out.append((x, y))
        if counts[y] >= 2:
            out.append((y, y))
    if x in SEVENS:
        a, b = (k for k in SEVENS if k != x)
        if counts[a] and counts[b]:
            out.append((a, b))
    claims = []
    for used in out:
        kan = classify((*used, x))
        assert kan is not None
        after = list(counts)
        for k in used:
            after[k] -= 1
        claims.append((used, kan[1], tuple(after)))
    return claims


@settings(max_examples=300, deadline=None)
@given(hands, st.lists(st.booleans(), min_size=N_KINDS, max_size=N_KINDS),
       st.integers(0, 6), st.integers(0, 40), st.booleans(), st.booleans())
def test_hand_ok_is_the_estimates_verdict(counts, avail, fixed, tuo, strict, xy):
    avail = tuple(avail)
    want = estimate_avail(counts, avail, fixed, tuo, 33, strict, xy).ok
    assert hand_ok(counts, avail, fixed, tuo, 33, strict, xy) == want


@settings(max_examples=300, deadline=None)
@given(hands, st.integers(0, N_KINDS - 1),
       st.lists(st.booleans(), min_size=N_KINDS, max_size=N_KINDS),
       st.integers(0, 5), st.integers(0, 40), st.booleans(), st.booleans())
def test_claim_ok_is_the_estimate_after_the_claim(counts, x, avail, fixed, tuo, strict, xy):
    avail = tuple(avail)
    for used, kan_tuo, after in claims_of(counts, x):
        want = estimate_avail(after, avail, fixed + 1, tuo + kan_tuo, 33, strict, xy)
        got = claim_ok(counts, avail, used, x, fixed + 1, tuo + kan_tuo, 33, strict, xy)
        assert got == want.ok, (used, x)
        assert hand_ok(after, avail, fixed + 1, tuo + kan_tuo, 33, strict, xy) == want.ok


def test_claim_ok_on_dealt_hands():
    """Every claim of every kind on 300 dealt hands, including those where
    the claim breaks the hand's only killable triple with 6 坎 in sight (the
    case that decides "ok" by the triple)."""
    rng = random.Random(14)
    deck = [k for k in range(N_KINDS) for _ in range(5)]
    decided_by_triple = 0
    for _ in range(300):
        rng.shuffle(deck)
        counts = tuple(deck[:20].count(k) for k in range(N_KINDS))
        avail = tuple(rng.random() < 0.8 for _ in range(N_KINDS))
        for x in range(N_KINDS):
            for used, kan_tuo, after in claims_of(counts, x):
                for fixed in (0, 1, 2):
                    want = estimate_avail(after, avail, fixed + 1, 12 + kan_tuo, 33)
                    got = claim_ok(counts, avail, used, x, fixed + 1, 12 + kan_tuo, 33)
                    assert got == want.ok, (counts, used, x)
                    killable_before = any(n >= 3 and a for n, a in zip(counts, avail))
                    killable_after = any(n >= 3 and a for n, a in zip(after, avail))
                    decided_by_triple += (want.groups == 6 and want.tuo >= 33
                                          and killable_before != killable_after)
    assert decided_by_triple > 0


def test_claim_ok_from_cold_caches():
    """The same on a fixed hand with every cache empty (the parts of the
    hand before the claim are built by the claim itself)."""
    counts = [0] * N_KINDS
    for k, n in {0: 2, 1: 3, 2: 2, 3: 1, 4: 2, 7: 2, 10: 2, 13: 1, 14: 2, 18: 3}.items():
        counts[k] = n
    avail = (True,) * N_KINDS
    clear_caches()
    got = claim_ok(tuple(counts), avail, (0, 0), 0, 1, 8, 33)
    clear_caches()
    counts[0] -= 2
    assert got == estimate_avail(tuple(counts), avail, 1, 8, 33).ok


def test_claimer_holds_after_peng_or_chi():
    """Random play over the presets and the estimate flags: after every 碰/吃
    the claimer's estimate (in full, from its hand, melds and unseen flags)
    holds, so the 包子 check _checks skips for it could never fire."""
    rng = random.Random(14)
    checked = 0
    for variant in ({}, {"estimate_mode": "xy"}, GAME.presets["xy_server"],
                    {"upgrade_melds": True, "tou_optional": True, "after_kill": "public_flip"}):
        for seed in range(150):
            state = GAME.new_state(variant, seed=seed)
            while not state.is_over():
                seat = rng.choice(state.to_act())
                moves = state.legal_moves(seat)
                code = moves[rng.randrange(len(moves))].code
                events = state.apply(seat, code)
                for e in events:
                    if e["type"] == "claim" and e["kind"] in ("peng", "chi"):
                        s = e["seat"]
                        assert state.estimate_of(s).ok, (variant, seed, state.history)
                        checked += 1
    assert checked > 200


def test_default_variant_is_a_private_copy():
    v = GAME.variant()
    v["fan_cap"] = 0
    v["qualify_mode"] = "off"
    assert GAME.variant()["fan_cap"] == 4
    assert GAME.variant() == GAME.variant({}) == GAME.variant(None)
    assert GAME.variant()["qualify_mode"] == "xy"


def _opening_hands(deals: int):
    """(seed, state, a seat's held counts) for every seat of `deals` fresh
    3-seat deals in the default variant."""
    game = registry.get("changpai")
    v = game.variant()
    for seed in range(deals):
        state = game.start(v, game.deal(v, 3, seed), 0)
        for s in range(3):
            yield seed, state, state.conc[s]


def test_capped_top_reads_drop_costs_as_the_merge_would():
    """_capped_top gives up one or two groups by the parts' drop costs: the same
    砣 as merging the parts under the cap, for every cap that binds, over the
    hands of 300 deals and every 碰 of them."""
    from games.changpai.estimate import _capped_top, _merge_parts, hand_parts

    checked = 0
    for _seed, _state, conc in _opening_hands(300):
        hands = [tuple(conc)] + [tuple(c - 2 * (k == x) for k, c in enumerate(conc))
                                 for x in range(len(conc)) if conc[x] >= 2]
        for counts in hands:
            for avail in ((True,) * len(conc), tuple(k % 3 != 0 for k in range(len(conc)))):
                for xy in (False, True):
                    parts, top, _g, fewest, _k = hand_parts(counts, avail, xy)
                    for cap in range(max(0, fewest - 4), min(fewest, 8)):
                        want = _merge_parts([p[0] for p in parts if p[2]], cap)
                        assert _capped_top(parts, cap, top, fewest) == want
                        checked += 1
    assert checked > 1000


def test_hand_calc_tops_are_the_merged_tops():
    """ai_eval.capped_top (tops and drop costs) against merging the cut arrays
    under every cap, for the estimate and value arrays of 300 deals' hands
    and those hands less each kind they hold."""
    from games.changpai.ai_eval import HandCalc, capped_top
    from games.changpai.estimate import merge_capped

    checked = 0
    for seed, state, conc in _opening_hands(300):
        unseen = [5 - state.seen[k] - conc[k] for k in range(N_KINDS)]
        for k in [-1, *(k for k in range(N_KINDS) if conc[k])]:
            hand = [c - (j == k) for j, c in enumerate(conc)]
            calc = HandCalc(hand, unseen, 7, seed % 2 == 0)
            for shapes in (calc.est, calc.val):
                for cap in range(8):
                    total: tuple[int, ...] = (0,)
                    for shape in shapes:
                        total = merge_capped(total, shape[4], cap)
                    assert capped_top(shapes, cap) == max(total)
                    checked += 1
    assert checked > 10_000

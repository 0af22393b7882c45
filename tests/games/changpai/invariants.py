"""Checks that must hold after every action of a 幺地人 hand."""

from __future__ import annotations

from games.changpai.cards import DECK_SIZE, N_KINDS
from games.changpai.melds import extra_of


def check(st) -> None:
    # 105 cards conserved: hands, sets, dead pile, the card on offer, the stock
    offer = 1 if st.offer is not None else 0
    total = sum(sum(c) for c in st.conc) + sum(len(m[1]) for ms in st.melds for m in ms)
    assert total + len(st.dead) + offer + (DECK_SIZE - st.pos) == DECK_SIZE
    where = [0] * N_KINDS
    for c in st.conc:
        for k, n in enumerate(c):
            where[k] += n
    public = [0] * N_KINDS
    for ms in st.melds:
        for m in ms:
            for k in m[1]:
                public[k] += 1
    for k in st.dead:
        public[k] += 1
    if offer:
        public[st.offer["card"]] += 1
    for k in st.deck[st.pos:]:
        where[k] += 1
    # every kind five times; public cards = sets + dead pile + offer
    assert all(where[k] + public[k] == 5 for k in range(N_KINDS))
    assert st.seen == public
    # B2.4: 20 + extra between actions, 21 + extra for whoever must discard or has won
    win = (st.outcome or {}).get("win")
    for s in range(st.seats):
        if st.phase == "qualify":
            assert st.holds(s) == 20
            continue
        plus = (
            (st.phase == "discard" and st.actor == s)
            or (
                st.phase == "tou"
                and ((st.opening and s == st.dealer) or (not st.opening and st.actor == s))
            )
            or (win is not None and win["winner"] == s)
            or (st.phase == "tou" and st.opening and s == st.dealer)
        )
        if st.status[s] != "in" and st.phase != "over":
            plus = False
        assert st.holds(s) == 20 + extra_of(st.melds[s]) + plus, (s, st.phase, st.actor)
    if st.is_over():
        assert st.outcome["kind"] in ("win", "huang", "redeal")

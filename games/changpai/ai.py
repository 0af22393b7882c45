"""The computer player for 幺地人: win when it can, take due sets, keep the
hand that the 起牌 estimate rates best (so it does not become 包子)."""

from __future__ import annotations

import random

from games.changpai.cards import KIND_OF, RED
from games.changpai.state import ChangpaiState

ORDER = {"H": 0, "Q": 1, "A": 2, "F": 1, "K": 1, "T": 1, "P": 3, "C": 4, "N": 5, "Y": 6}


def _after_discard(st: ChangpaiState, seat: int, code: str) -> tuple:
    k = KIND_OF[code[1:]]
    conc = list(st.conc[seat])
    conc[k] -= 1
    seen = list(st.seen)
    seen[k] += 1
    e = st.estimate_of(seat, conc, None, seen)
    return (e.ok, e.groups, e.tuo, -conc[k], not RED[k])


def choose(state: ChangpaiState, seat: int, rng: random.Random, budget_s: float = 0.5) -> str:
    codes = [m.code for m in state.legal_moves(seat)]
    discards = [c for c in codes if c[0] == "D"]
    if "H" in codes:
        return "H"
    if discards:
        return max(discards, key=lambda c: (_after_discard(state, seat, c), rng.random()))
    return min(codes, key=lambda c: (ORDER.get(c[0], 9), rng.random()))

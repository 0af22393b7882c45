"""Building 幺地人 positions from explicit deals for the rules tests."""

from __future__ import annotations

from games import registry
from games.changpai.cards import CODES, COPIES, KIND_OF, N_KINDS, NAMES

GAME = registry.get("changpai")
NAME = {n: CODES[i] for i, n in enumerate(NAMES)}
NAME.update({n[0]: CODES[i] for i, n in enumerate(NAMES) if n.endswith("牌")})  # 天 地 人 和


def code(c: str) -> str:
    return c if c in KIND_OF else NAME[c]


def cards(*spec) -> list[str]:
    """cards("人", ("地", 3), "猫猫") → codes; a (name, n) pair repeats."""
    out: list[str] = []
    for item in spec:
        if isinstance(item, tuple):
            out += [code(item[0])] * item[1]
        else:
            out.append(code(item))
    return out


def counts(*spec) -> list[int]:
    c = [0] * N_KINDS
    for x in cards(*spec):
        c[KIND_OF[x]] += 1
    return c


def make_deal(hands, stock=(), avoid=((), (), ())) -> str:
    """Hands given in part are filled to 20 with single cards of kinds they do
    not hold yet (and not in `avoid[seat]`), then pairs if needed; the
    stock starts with `stock` then the rest in table order."""
    pool = {c: COPIES for c in CODES}
    full = []
    for h in hands:
        for c in h:
            pool[c] -= 1
    for c in stock:
        pool[code(c)] -= 1
    assert all(n >= 0 for n in pool.values()), "more than five of a kind"
    for seat, h in enumerate(hands):
        h = list(h)
        bad = {code(a) for a in avoid[seat]}
        for c in CODES:
            if len(h) >= 20:
                break
            if c not in h and c not in bad and pool[c] > 0:
                h.append(c)
                pool[c] -= 1
        for c in reversed(CODES):  # still short: a second copy of the last kinds
            if len(h) >= 20:
                break
            if h.count(c) == 1 and c not in bad and pool[c] > 0:
                h.append(c)
                pool[c] -= 1
        assert len(h) == 20, f"cannot fill seat {seat}"
        full.append(h)
    rest = [c for c in CODES for _ in range(pool[c])]
    deal = "".join("".join(h) for h in full) + "".join(code(c) for c in stock) + "".join(rest)
    assert len(deal) == 210
    return deal


def start(hands, stock=(), avoid=((), (), ()), dealer=0, **variant):
    return GAME.start(GAME.variant(variant), make_deal(hands, stock, avoid), dealer, 3)


def codes_of(state, seat) -> list[str]:
    return [m.code for m in state.legal_moves(seat)]

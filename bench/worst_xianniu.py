"""Worst legal_moves positions of the 掀牛 family (python -m bench xianniu niujiu).

The engine caches a seat's plays and the legal moves of the current
position, so repeated calls on one state would be cache hits. The states
returned here drop those caches before every call: the timings are cold
calls, what a state freshly loaded from storage pays.
"""

from __future__ import annotations

import random

from games import registry
from games.xianniu.state import XianniuState

MANY_BAI = "Ks Kh Kc Kd Ts Th Tc Td Js Jh Jc Jd 8s 8h 8c 8d"  # 16 cards, n摆 everywhere


def _deal(game_id: str, first: str, second: str = "") -> dict:
    deck = registry.get(game_id).deck
    mine, yours = first.split(), second.split()
    rest = [c for c in deck.codes if c not in mine and c not in yours]
    random.Random(1).shuffle(rest)
    cut = 16 - len(yours)
    return {"hands": [mine, yours + rest[:cut], rest[cut:]]}


def _state(game_id: str, hand: str, **flags):
    game = registry.get(game_id)
    return game.start(game.variant(flags), _deal(game_id, hand), 0)


def _cases():
    # (these hands are all pairs: ba_da_dui off, or they would be 八大对 at the deal)
    p_default = _state("xianniu", "Ks Kh Kc Kd Ts Th Tc Td 8s 8h 8c 8d As Ah Ac Ad",
                       ba_da_dui=False)
    p_j = _state("xianniu", MANY_BAI, j_in_bai=True, ba_da_dui=False)
    n_j = _state("niujiu", MANY_BAI, j_in_bai=True)
    # a trick: seat 1 leads a 鱼, seat 2 cannot eat it, seat 0 may eat it with 128 摆
    game = registry.get("xianniu")
    trick = game.start(
        game.variant({"j_in_bai": True, "ba_da_dui": False}),
        _deal("xianniu", MANY_BAI, "As 2s 3s"),
        1,
    )
    trick.apply(1, "L2s3sAs")
    assert trick.to_act() == [0]
    return [
        ("P lead, KKKK 1010×4 8888 AAAA", p_default, 0),
        ("P lead, j_in_bai, KKKK 10×4 J×4 8888", p_j, 0),
        ("N lead, j_in_bai, KKKK 10×4 J×4 8888", n_j, 0),
        ("P must eat a 鱼, j_in_bai", trick, 0),
    ]


class _Cold(XianniuState):
    """legal_moves without the engine's caches (see the module docstring)."""

    def legal_moves(self, seat):
        self._cache = None
        self._combos = [None, None, None]
        return super().legal_moves(seat)


def worst_positions():
    out = []
    for label, state, seat in _cases():
        state.__class__ = _Cold
        out.append((label + " (cold)", state, seat))
    return out


def extra_timings():
    out = []
    for game_id in ("xianniu", "niujiu"):
        game = registry.get(game_id)
        out.append((game_id, "new_state (deal + start)", lambda g=game: g.new_state(seed=5)))
    return out

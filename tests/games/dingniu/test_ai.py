"""The computer player: always legal, sensible 扣 and 算帐 choices."""

import random

from games import registry
from games.dingniu.ai import choose

from .helpers import codes, position


def test_ai_always_picks_a_legal_move():
    game = registry.get("dingniu")
    for n in range(150):
        rng = random.Random(n)
        variant = {"sz_basis": "hands"} if n % 5 == 0 else None
        s = game.new_state(variant, seed=n)
        while not s.is_over():
            seat = s.to_act()[0]
            code = choose(s.copy(), seat, rng)
            assert code in {m.code for m in s.legal_moves(seat)}
            s.apply(seat, code)


def test_ai_lays_down_its_cheapest_tile():
    s = position(["26", "63"], codes("大天", "红八", "虎头"))
    assert choose(s, 1, random.Random(0)) == "K44"


def test_ai_settles_only_when_cheap():
    # DN-10: 红十 on R is a 红帐; with only a 红八 left (played out in the run-out) it is safe
    s = position(["46"], codes("红十", "红八"))
    assert choose(s, 1, random.Random(0)) == "R46"
    # holding heavy tiles that would count, it avoids the 算帐
    s = position(["46"], codes("红十", "大五", "大五", "一六"))
    assert choose(s, 1, random.Random(0)) != "R46"

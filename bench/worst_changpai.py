"""幺地人 benchmark positions: the widest legal_moves and the 胡 evaluation of
a 23-card hand (python -m bench changpai)."""

from __future__ import annotations

from games import registry
from games.changpai import estimate as est
from games.changpai import hu
from games.changpai.cards import KIND_OF, NAMES
from games.changpai.hu import Fixed, evaluate


def _counts(spec: dict[str, int]) -> list[int]:
    c = [0] * 21
    for name, n in spec.items():
        c[NAMES.index(name)] += n
    return c


# 23 concealed cards (7 坎 with two 4-sets) in the two densest components (6/8
# and 7): the slowest of 3000 random winning hands there, cold caches.
HAND_23 = _counts({"人牌": 4, "长三": 5, "猫猫": 1, "高脚": 1, "平八": 4, "三五": 2, "三四": 2,
                   "二红": 4})
# The same shape with two cards swapped: the 6/8 part is searched in full, then
# the lone 二五 among the 7s fails.
HAND_23_NO = _counts({"人牌": 4, "长三": 5, "猫猫": 1, "高脚": 1, "平八": 4, "三五": 2, "三四": 2,
                      "二红": 3, "二五": 1})


def _eval_uncached(hand):
    def run():
        hu.clear_caches()
        return evaluate(hand, Fixed(), False)

    return run


def _claim_position():
    """A claim where the 下家 has the most 吃 options and two players are asked."""
    from tests.games.changpai.helpers import cards, start  # test helper builds the deal

    st = start([cards("猫猫"), cards("人", "平八", "三五", "人", "平八", "三五", "猫猫"),
                cards(("猫猫", 2))], stock=["黑九"], qualify_mode="off")
    st.apply(0, "D15")
    return st


def worst_positions():
    game = registry.get("changpai")
    out = []
    st = game.new_state({"qualify_mode": "off"}, seed=1)
    out.append(("dealer's first discard", st, st.to_act()[0]))
    try:
        claim = _claim_position()
        out.append(("claim with every 吃 option", claim, 1))
    except Exception:  # tests package not importable: skip the position
        pass
    return out


def extra_timings():
    assert evaluate(HAND_23, Fixed(), False) is not None
    assert evaluate(HAND_23_NO, Fixed(), False) is None

    def estimate_uncached():
        est.clear_caches()
        return est.estimate(HAND_23, [5 - n for n in HAND_23], 0, 0, 33)

    return [
        ("changpai", "胡 23-card hand, cold caches", _eval_uncached(HAND_23)),
        ("changpai", "胡 23-card hand, no win, cold caches", _eval_uncached(HAND_23_NO)),
        ("changpai", "胡 23-card hand, warm caches", lambda: evaluate(HAND_23, Fixed(), False)),
        ("changpai", "estimate 23 cards, cold caches", estimate_uncached),
    ]


__all__ = ["worst_positions", "extra_timings", "KIND_OF"]

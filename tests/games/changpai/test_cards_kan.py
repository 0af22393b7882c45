"""Spec B1 (cards) and B2 (坎, 砣, 番), vectors CP-1 … CP-9."""

import pytest

from games.changpai.cards import (
    COMPLEMENTS,
    DECK_SIZE,
    KIND_OF,
    NAMES,
    POINTS,
    RED,
    RED_PIPS,
    YDR,
    full_deck,
)
from games.changpai.kan import K1, K2, K3, classify
from tests.games.changpai.helpers import cards


def kinds(*spec):
    return [KIND_OF[c] for c in cards(*spec)]


def test_deck_has_21_kinds_of_five_and_12_red_kinds():
    assert DECK_SIZE == 105 == len(full_deck())
    assert sum(RED) == 12
    assert sum(YDR) == 3 and {NAMES[k] for k in range(21) if YDR[k]} == {"地牌", "人牌", "幺四"}


@pytest.mark.parametrize(
    "name,points,red_pips,red",
    [("天牌", 12, 6, True), ("地牌", 2, 2, True), ("人牌", 8, 8, True), ("和牌", 4, 1, True),
     ("梅子", 10, 0, False), ("猫猫", 6, 1, True), ("二红", 6, 4, True), ("三四", 7, 4, True),
     ("幺四", 5, 5, True), ("拐子", 5, 0, False), ("丁丁", 3, 1, True), ("斧头", 11, 0, False)],
)
def test_card_table(name, points, red_pips, red):
    k = NAMES.index(name)
    assert (POINTS[k], RED_PIPS[k], RED[k]) == (points, red_pips, red)


def test_complements_sum_to_14():
    assert {NAMES[k] for k in COMPLEMENTS[NAMES.index("猫猫")]} == {"人牌", "平八", "三五"}
    assert {NAMES[k] for k in COMPLEMENTS[NAMES.index("高脚")]} == {"二五", "三四"}


@pytest.mark.parametrize(
    "vector,spec,shape,tuo,fan",
    [
        ("CP-1", ("人", "人", "猫猫"), K2, 3, 0),
        ("CP-2", ("人", "人", "长三"), K2, 2, 0),
        ("CP-4", ("高脚", "二五", "三四"), K3, 2, 0),
        ("CP-5", ("天", "天", "地"), K2, 3, 0),
        ("CP-7", (("地", 3),), K1, 8, 1),
        ("CP-8", (("梅子", 3),), K1, 4, 0),
        ("CP-9a", (("人", 4),), K1, 12, 2),
        ("CP-9b", (("梅子", 5),), K1, 8, 1),
        ("B2.2", ("梅子", "梅子", "和"), K2, 1, 0),
        ("B2.2", ("梅子", "梅子", "板凳"), K2, 0, 0),
        ("B2.2", ("幺四", "幺四", "红九"), K2, 3, 0),
        ("5-set red", (("幺四", 5),), K1, 16, 3),
        ("4-set black", (("板凳", 4),), K1, 6, 0),
    ],
)
def test_kan_vectors(vector, spec, shape, tuo, fan):
    assert classify(kinds(*spec)) == (shape, tuo, fan), vector


@pytest.mark.parametrize(
    "spec",
    [("人", "平八", "猫猫"),  # no identical pair, not three 7s
     (("人", 2), ("猫猫", 2)),  # 2 + 2 is no 坎
     ("人", "人", "人牌", "猫猫"),
     ("人", "人", "天")],  # 8 + 12 ≠ 14
)
def test_not_a_kan(spec):
    assert classify(kinds(*spec)) is None

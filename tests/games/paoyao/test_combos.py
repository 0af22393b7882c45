"""Classification and comparison: every vector of spec §3.3 and §7."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.paoyao.cards import rank_order
from games.paoyao.combos import (
    BOMB,
    DSTRAIGHT,
    PAIR,
    SINGLE,
    STRAIGHT,
    beats,
    classify,
    leads,
    responses,
    why_invalid,
)
from tests.games.paoyao.helpers import cnt

ORDER = rank_order(True)
LOW3 = rank_order(False)  # 3比2小


def c(ranks, order=ORDER):
    return classify(cnt(ranks), order)


# §7: (#, table, new, beats?)
VECTORS = [
    (1, "456", "556677", True),
    (2, "456", "445566", False),
    (4, "45678", "5566778899", True),
    (5, "9TJQK", "TTJJQQKKAA", True),
    (6, "JQK", "QQKKAA", True),
    (8, "456", "567", True),
    (9, "456", "5678", False),
    (11, "556677", "667788", True),
    (14, "A", "2", True),
    (15, "2", "3", True),
    (16, "3", "S", True),
    (17, "S", "B", True),
    (18, "B", "555", True),
    (19, "22", "33", True),
    (21, "KK", "555", True),
    (22, "456", "555", True),
    (25, "445566", "5555", True),
    (26, "445566", "SB", True),
    (28, "222", "333", True),
    (30, "333", "SS", True),
    (32, "3333", "SB", True),
    (33, "SB", "44A", True),
    (35, "44A", "55555", True),
    (37, "BB", "555555", True),
    (38, "333333", "SSB", True),
    (39, "SSB", "444A", True),
    (41, "444A", "5555555", True),
    (42, "3333333", "SBB", True),
    (43, "SBB", "55555555", True),
    (45, "SSBB", "4444A", True),
    (47, "44A", "44A", False),
    (48, "5555", "5555", False),
]


@pytest.mark.parametrize("num,table,new,expected", VECTORS)
def test_beats_vectors(num, table, new, expected):
    t, n = c(table), c(new)
    assert t is not None and n is not None
    assert beats(n, t) is expected
    if expected:  # the order is strict: the table never beats back
        assert not beats(t, n)


# §7 "Table classifies as" column, spot-checked for every kind.
@pytest.mark.parametrize(
    "ranks,combo",
    [
        ("456", (STRAIGHT, 3, 0)),
        ("5566778899", (DSTRAIGHT, 5, 1)),
        ("A", (SINGLE, 10, 0)),
        ("S", (SINGLE, 13, 0)),
        ("B", (SINGLE, 14, 0)),
        ("22", (PAIR, 11, 0)),
        ("555", (BOMB, 1, 1)),
        ("SS", (BOMB, 1, 13)),
        ("SB", (BOMB, 2, 13)),
        ("44A", (BOMB, 3, 0)),
        ("BB", (BOMB, 4, 13)),
        ("SSB", (BOMB, 5, 13)),
        ("444A", (BOMB, 6, 0)),
        ("SBB", (BOMB, 7, 13)),
        ("SSBB", (BOMB, 8, 13)),
        ("4444A", (BOMB, 9, 0)),
        ("44444A", (BOMB, 10, 0)),
        ("444444A", (BOMB, 11, 0)),
        ("4444444A", (BOMB, 12, 0)),
        ("44444444A", (BOMB, 13, 0)),
        ("4444", (BOMB, 2, 0)),  # a 四路, not a yao
        ("456789TJQKA", (STRAIGHT, 11, 0)),
        ("445566778899TTJJQQKKAA", (DSTRAIGHT, 11, 0)),
        ("33333", (BOMB, 4, 12)),
        ("222222", (BOMB, 5, 11)),
    ],
)
def test_classify(ranks, combo):
    assert c(ranks) == combo


INVALID = {
    "S4": "joker_mix",
    "S3": "joker_mix",
    "4A": "bad_yao",
    "44AA": "bad_yao",
    "4444AA": "bad_yao",
    "44A5": "mixed_counts",
    "AAA4": "bad_yao",
    "4455": "straight_too_short",
    "45": "straight_too_short",
    "234": "straight_no_2_3",
    "KA2": "straight_no_2_3",
    "QKA2": "straight_no_2_3",
    "JQKA2": "straight_no_2_3",
    "A2345": "straight_no_2_3",
    "444555": "no_triple_straight",
    "444555666": "no_triple_straight",
    "44455": "mixed_counts",
    "4455667": "mixed_counts",  # mixed-length "straight" 445566 7
    "4567 9": "straight_gap",
}


@pytest.mark.parametrize("ranks,reason", sorted(INVALID.items()))
def test_invalid_examples(ranks, reason):
    assert c(ranks) is None
    assert why_invalid(cnt(ranks)) == reason


def test_the_spec_chain_of_bombs_is_strictly_increasing():
    chain = ("44A 4444 SB 44A 55555 BB 555555 SSB 444A 5555555 SBB 55555555 SSBB"
             " 4444A 44444A 444444A 4444444A 44444444A")
    seq = [c(x) for x in chain.split()]
    assert not beats(seq[2], seq[3])  # 大小王 only below 44A
    for lo, hi in zip(seq[3:], seq[4:], strict=False):
        assert beats(hi, lo) and not beats(lo, hi)


def test_d11_three_road_does_not_beat_double_straight():
    ds = c("445566")
    assert not beats(c("AAA"), ds)
    assert not beats(c("SS"), ds)  # 对小王 is a 三路
    assert beats(c("4444"), ds)
    assert beats(c("44A"), ds)
    assert beats(c("333"), c("456"))  # but a 三路 beats a single straight


def test_d12_444A_beats_every_six_road_but_not_seven():
    assert beats(c("444A"), c("333333"))
    assert beats(c("444A"), c("SSB"))
    assert not beats(c("333333"), c("444A"))
    assert beats(c("4444444"), c("444A"))


def test_longer_never_beats_shorter_and_mismatched_kinds_do_not_beat():
    assert not beats(c("56789"), c("456"))
    assert not beats(c("5566778899"), c("445566"))
    assert not beats(c("55"), c("4"))
    assert not beats(c("456"), c("445566"))  # single straight on a double
    assert not beats(c("KK"), c("555"))


def test_after_qishun_the_trick_is_a_double_straight():
    on_top = c("556677")  # played over 456 (骑顺)
    assert beats(on_top, c("456"))
    assert not beats(c("567"), on_top)
    assert not beats(c("555"), on_top)
    assert beats(c("667788"), on_top)


def test_three_beats_two_false():
    assert beats(c("2", LOW3), c("3", LOW3))
    assert not beats(c("333", LOW3), c("222", LOW3))
    assert beats(c("22", LOW3), c("33", LOW3))
    assert beats(c("S", LOW3), c("2", LOW3))
    assert beats(c("3", LOW3), c("A", LOW3))


def test_worst_hand_has_123_leads():
    hand = cnt("4444444 5566778899TTJJQQKKAA")
    plays = leads(hand, ORDER)
    assert len(plays) == 123
    kinds = [p[0][0] for p in plays]
    assert kinds.count(STRAIGHT) == 45 and kinds.count(DSTRAIGHT) == 45
    assert kinds.count(SINGLE) == 11 and kinds.count(PAIR) == 11
    assert sum(1 for p in plays if p[0][0] == BOMB and p[0][2] == 0 and len(p[1]) == 2) == 6  # yao


def _shape_cnt(shape):
    v = [0] * 15
    for r, k in shape:
        v[r] += k
    return v


def _random_hand(rng, size=27):
    deck = [r for r in range(13) for _ in range(8)] + [13, 13, 14, 14]
    v = [0] * 15
    for r in rng.sample(deck, size):
        v[r] += 1
    return v


@pytest.mark.parametrize("order", [ORDER, LOW3])
def test_enumeration_matches_classify_and_beats(order):
    """Every lead classifies as stated and is distinct; responses are exactly
    the leads that beat the top (checked on random hands)."""
    rng = random.Random(7)
    for _ in range(300):
        hand, other = _random_hand(rng), _random_hand(rng, rng.randint(1, 27))
        plays = leads(hand, order)
        assert len({tuple(_shape_cnt(s)) for _, s in plays}) == len(plays)
        for combo, shape in plays:
            assert classify(_shape_cnt(shape), order) == combo
            assert all(k <= hand[r] for r, k in shape)
        tops = leads(other, order)
        for top, _ in rng.sample(tops, min(5, len(tops))):
            got = sorted(s for _, s in responses(hand, order, top))
            want = sorted(s for combo, s in plays if beats(combo, top))
            assert got == want


def _plays_of(seed):
    rng = random.Random(seed)
    return [c for c, _ in leads(_random_hand(rng), ORDER)]


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 10_000))
def test_beats_is_a_strict_order(seed_a, seed_b):
    """Never both ways, never itself; bombs are totally ordered and beat
    every non-bomb except the 三路 class against a 双顺."""
    a_plays, b_plays = _plays_of(seed_a), _plays_of(seed_b)
    for a in a_plays[:40]:
        assert not beats(a, a)
        for b in b_plays[:40]:
            assert not (beats(a, b) and beats(b, a))
            if a[0] == BOMB and b[0] == BOMB and a != b:
                assert beats(a, b) != beats(b, a)
            if a[0] == BOMB and b[0] != BOMB:
                assert beats(a, b) == (b[0] != DSTRAIGHT or a[1] >= 2)

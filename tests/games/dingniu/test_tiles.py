"""A1: the 24 tiles, 13 kinds, 177 points and the 'six heads' distribution."""

from collections import Counter

from games.dingniu.tiles import CODES, DECK, IS_DOUBLE, PIPS, POINTS, kind, oriented

from .helpers import NAME


def test_set_has_24_tiles_13_kinds_177_points():
    assert len(DECK) == 24 and len(set(DECK)) == 13
    assert sum(POINTS[t] for t in DECK) == 177
    assert all(len(c) == 2 and c.isascii() and c[0] <= c[1] for c in CODES)


def test_spec_table_points_and_copies():
    copies = Counter(CODES[t] for t in DECK)
    table = {"大天": (12, 2), "虎头": (11, 2), "大五": (10, 2), "红十": (10, 2), "红八": (8, 2),
             "三六": (9, 1), "二六": (8, 1), "一六": (7, 2), "长三": (6, 2), "一五": (6, 2),
             "一三": (4, 2), "二板": (4, 2), "地幺": (2, 2)}
    for name, (points, n) in table.items():
        assert POINTS[kind(NAME[name])] == points, name
        assert copies[NAME[name]] == n, name


def test_six_heads_distribution():
    # value: (tiles containing it, non-doubles, pip-halves)  [spec A1]
    want = {1: (8, 6, 10), 2: (3, 1, 5), 3: (5, 3, 7), 4: (4, 2, 6), 5: (6, 4, 8), 6: (10, 8, 12)}
    for v, (tiles, nd, halves) in want.items():
        with_v = [t for t in DECK if v in PIPS[t]]
        assert len(with_v) == tiles
        assert sum(not IS_DOUBLE[t] for t in with_v) == nd
        assert sum(PIPS[t].count(v) for t in DECK) == halves
    assert sum(IS_DOUBLE[t] for t in DECK) == 12  # 横牌


def test_codes_accept_either_pip_order_and_orient_on_layout():
    assert kind("65") == kind("56")
    assert oriented(kind("46"), 6) == "64" and oriented(kind("46"), 4) == "46"

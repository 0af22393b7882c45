"""A4.2-A4.3: 算帐 detection of all six types, 死砸, and the detection flags."""

from games.dingniu import suanzhang as sz

from .helpers import codes, codes_of_moves, play, position

# DN-8 … DN-20 positions (layout written left to right, as in the spec)
DN8 = ["13", "31", "15", "51", "16"]
DN9 = ["31", "13", "36"]
DN12 = ["26", "63", "31", "16", "65", "56"]
DN13 = ["63", "31", "16", "65", "56", "61"]  # DN-20 before C's 一三 (own DN-13)
DN15 = ["13", "31", "15", "56", "61"]


def kinds(events):
    return [(e["type"], e.get("kind")) for e in events if e["type"] in ("suanzhang", "sizha")]


def test_dn8_yizhang():
    s = position(DN8, codes("一六", "大天", "地幺"))
    assert codes_of_moves(s) == {"L16", "R16", "R66", "L11"}
    ev = play(s, "R16")
    assert kinds(ev) == [("suanzhang", sz.YI)]
    assert s.suanzhang["seat"] == 1 and s.is_over() and s.end == "runout"


def test_dn8_alternatives_make_no_suanzhang():
    for alt in ("R66", "L11", "L16"):
        s = position(DN8, codes("一六", "大天", "地幺"))
        assert kinds(play(s, alt)) == [] and not s.is_over()


def test_dn9_ersanzhang():
    s = position(DN9, codes("二六", "虎头", "长三"))
    ev = play(s, "R26")
    assert kinds(ev) == [("suanzhang", sz.ERSAN)] and [s.left, s.right][:1] == [3]
    for alt in ("R56", "L33"):
        assert kinds(play(position(DN9, codes("二六", "虎头", "长三")), alt)) == []


def test_dn10_hongzhang():
    s = position(["46"], codes("红十", "一六"))
    ev = play(s, "R46")
    assert kinds(ev) == [("suanzhang", sz.HONG)]
    assert "64" in s.layout and [s.left, s.right] == [4, 4]


def test_dn11_own_wuzhang():
    # [6|5][5|1][1|5]: the last 虎头 on the 6 end leaves (5, 5); only 大五 can still go
    s = position(["65", "51", "15"], codes("虎头", "大天"))
    assert codes_of_moves(s) == {"L56", "R56", "L66"}
    ev = play(s, "L56")
    assert [s.left, s.right] == [5, 5] and kinds(ev) == [("suanzhang", sz.WU)]
    s = position(["65", "51", "15"], codes("虎头", "大天"))
    assert kinds(play(s, "R56")) == []  # on the 5 end: ends (6, 6), 红十 etc. still go


def test_dn12_zahongzhang():
    s = position(DN12, codes("一六", "大天", "二板", "红十"))
    ev = play(s, "R16")
    assert kinds(ev) == [("suanzhang", sz.ZAHONG)]
    assert s.is_over() and s.end == "smothered"
    for alt in ("R66", "L22", "R46"):
        s = position(DN12, codes("一六", "大天", "二板", "红十"))
        assert kinds(play(s, alt)) == [], alt


def test_dn13_own_menwuzhang_voluntary():
    s = position(DN13, codes("一三", "大天", "地幺"))
    assert [s.left, s.right] == [6, 1]
    ev = play(s, "R13")
    assert kinds(ev) == [("suanzhang", sz.MENWU)] and s.is_over()


def test_dn14_sizha_forced_smother_is_no_suanzhang_and_play_continues():
    s = position(DN13, codes("一三", "红八", "二板"))
    assert codes_of_moves(s) == {"R13"}
    ev = play(s, "R13")
    assert kinds(ev) == [("sizha", sz.MENWU)]
    assert s.suanzhang is None and s.sizha == [{"type": sz.MENWU, "seat": 1}]
    assert not s.is_over() and s.to_act() == [2]


def test_dn15_no_suanzhang_while_one_yiwu_and_one_yiliu_are_out():
    assert sz.analyse(*sz_sigs(DN15), 1, 1) == (False, 0)
    s = position(DN15[:-1], codes("一六", "大天"))
    assert kinds(play(s, "R16")) == []
    assert [s.left, s.right] == [1, 1]


def sz_sigs(layout):
    from games.dingniu.tiles import COPIES, KIND_OF
    rem = list(COPIES)
    for c in layout:
        rem[KIND_OF["".join(sorted(c))]] -= 1
    nd, _ = sz.signatures(rem)
    return nd, -1


def test_the_four_classic_blocks_are_the_only_layout_blocks():
    # a block needs every non-double touching L or R on the layout: check all end pairs
    from games.dingniu.tiles import NON_DOUBLES, PIPS
    for lo in range(1, 7):
        for hi in range(lo, 7):
            rem = [0 if not ({lo, hi} & set(PIPS[t])) else 1 for t in range(13)]
            nd = sum(rem[t] * sz.ND_WEIGHT[t] for t in NON_DOUBLES)
            assert sz.analyse(nd, -1, lo, hi)[0] is False
            assert sz.analyse(0, -1, lo, hi)[0] is True


def test_forced_classic_block_is_sizha_then_run_out_plainly():
    s = position(DN9, codes("二六", "红八"))  # 二六 on the 6 end is the only play
    assert codes_of_moves(s) == {"R26"}
    ev = play(s, "R26")
    assert kinds(ev) == [("sizha", sz.ERSAN)] and s.end == "runout"
    assert s.result().details["suanzhang"] is None
    assert s.result().details["sizha"] == [{"type": sz.ERSAN, "seat": 1}]


def test_flag_sizha_scope_smothered_only_makes_a_forced_block_count():
    s = position(DN9, codes("二六", "红八"), variant={"sizha_scope": "smothered_only"})
    assert kinds(play(s, "R26")) == [("suanzhang", sz.ERSAN)]
    s = position(DN13, codes("一三", "红八", "二板"), variant={"sizha_scope": "smothered_only"})
    assert kinds(play(s, "R13")) == [("sizha", sz.MENWU)]


def test_flag_sizha_smothered_end_stops_after_a_forced_smother():
    s = position(DN13, codes("一三", "红八", "二板"), variant={"sizha_smothered_end": True})
    play(s, "R13")
    assert s.is_over() and s.end == "sizha_end"
    res = s.result()
    assert res.details["suanzhang"] is None
    assert res.details["points"][1] == 8 + 4  # hand tiles counted
    assert sum(res.net) == 0 and sorted(res.net) == [-3, -2, -1, 6]


def test_killing_only_doubles_is_no_suanzhang_unless_flagged():
    # [6|4][4|6]: both 红十 down, 红八 stranded, no non-double 4 left
    s = position(["64"], codes("红十", "地幺", "一六"))
    assert kinds(play(s, "R46")) == []
    s = position(["64"], codes("红十", "地幺", "一六"), variant={"smother_counts_doubles": True})
    assert kinds(play(s, "R46")) == [("suanzhang", sz.ZAHONG)]


def test_flag_smother_values_all_counts_other_classes():
    # ends (3, 5): 一三 on the 3 end leaves (1, 5) and strands the 二六 (class 2)
    layout = ["33", "31", "16", "66", "61", "11", "15", "55", "56", "64", "46", "65", "55"]
    mover = codes("三六", "一三", "二板")
    s = position(layout, mover)
    assert [s.left, s.right] == [3, 5]
    assert kinds(play(s, "L13")) == [] and not s.is_over()
    s = position(layout, mover, variant={"smother_values": "all"})
    assert kinds(play(s, "L13")) == [("suanzhang", "men2")] and s.end == "smothered"


def test_flag_sz_basis_hands_counts_kou_tiles_as_dead():
    # 地幺 and one 一三 were 扣ed; 一五 on the 5 end leaves (2, 1)
    layout = ["26", "66", "64", "46", "61", "15", "55", "56", "61", "13", "33", "36", "65"]
    kou = {0: codes("地幺"), 2: codes("一三")}
    mover = codes("一五", "二板", "二板")
    s = position(layout, mover, seat=0, kou=kou)
    assert kinds(play(s, "R15")) == []  # the 扣ed 一三 still counts as playable
    s = position(layout, mover, seat=0, kou=kou, variant={"sz_basis": "hands"})
    assert kinds(play(s, "R15")) == [("suanzhang", sz.BLOCK)] and s.end == "runout"
    # and a smothered five: the other 一五 lies face down
    layout = ["11", "11", "16", "65", "55", "55", "56", "66", "64", "44", "44", "46"]
    kou = {0: codes("一五"), 1: codes("一六", "一三", "三六")}
    mover = codes("一五", "一三")
    s = position(layout, mover, seat=0, kou=kou)
    assert kinds(play(s, "L13")) == []
    s = position(layout, mover, seat=0, kou=kou, variant={"sz_basis": "hands"})
    assert kinds(play(s, "L13")) == [("suanzhang", sz.MENWU)]


def test_sizha_is_judged_by_moves_not_tiles():
    # 红十 is his only tile that fits, but on the 4 end it makes no 算帐: the 红帐 is voluntary
    s = position(["46"], codes("红十", "地幺"))
    assert codes_of_moves(s) == {"L46", "R46"}
    assert kinds(play(s, "R46")) == [("suanzhang", sz.HONG)]
    s = position(["46"], codes("红十", "地幺"), variant={"sizha_scope": "smothered_only"})
    assert kinds(play(s, "L46")) == [] and [s.left, s.right] == [6, 6]

"""A5 complete hands DN-17, DN-18, DN-20 and the settlement flags (A4.4-A4.5)."""

import pytest

from games.dingniu import suanzhang as sz

from .helpers import codes, play, position, start

DN17 = (codes("红十", "大天", "地幺", "一三", "二板", "长三"),
        codes("红十", "一六", "虎头", "二六", "三六", "地幺"),
        codes("红八", "红八", "大五", "大五", "一五", "一五"),
        codes("一六", "虎头", "一三", "长三", "二板", "大天"))
DN18 = (codes("红十", "大五", "大五", "虎头", "虎头", "三六"),
        codes("红八", "一六", "一六", "大天", "长三", "二六"),
        codes("红十", "地幺", "地幺", "一三", "一三", "二板"),
        codes("红八", "大天", "一五", "一五", "长三", "二板"))
DN20 = (codes("虎头", "一三", "大五", "大五", "红十", "红八"),
        codes("虎头", "三六", "大天", "红十", "红八", "长三"),
        codes("一六", "一三", "大天", "地幺", "地幺", "二板"),
        codes("一六", "长三", "一五", "一五", "二板", "二六"))
DN20_MOVES = ("O56", "L56", "L16", "R16", "L13", "L36", "R13")


def rotated(hands, head):
    """The same hand with the head sitting at seat `head` (seat order kept)."""
    out = [None] * 4
    for i, h in enumerate(hands):
        out[(head + i) % 4] = h
    return out


def net_by_role(res, head):
    return [res.net[(head + i) % 4] for i in range(4)]


@pytest.mark.parametrize("head", [0, 3])
def test_dn17_hongzhang_fails_baozhuang(head):
    s = start(*rotated(DN17, head), head=head)
    ev = play(s, "O46", "R46")
    assert ("suanzhang", sz.HONG) in [(e["type"], e.get("kind")) for e in ev]
    runout = next(e for e in ev if e["type"] == "runout")
    assert [p["tile"] for p in runout["plays"]] == ["44", "44"]
    res = s.result()
    assert net_by_role(res, head) == [12, -12, 0, 0]
    pts = res.details["points"]
    assert [pts[(head + i) % 4] for i in range(4)] == [28, 37, 32, 44]
    out = res.details["suanzhang"]
    b = (head + 1) % 4
    assert out == {"type": "hong", "seat": b, "success": False, "liable": b,
                   "silan": False, "exempt": None}
    assert res.details["payments"] == [{"from": b, "to": head, "amount": 12, "why": "baozhuang"}]


def test_dn18_hongzhang_succeeds_with_silan():
    s = start(*DN18)
    moves = {m.code for m in play_and_moves(s, "O46")}
    assert moves == {"R16", "R26", "R66", "L44"}
    play(s, "R66")
    assert {m.code for m in s.legal_moves(2)} == {"L46", "R46"}
    play(s, "R46")
    res = s.result()
    assert res.details["points"] == [51, 28, 16, 34]
    assert res.net == [0, -12, 12, 0]
    assert res.details["suanzhang"]["liable"] == 1 and res.details["suanzhang"]["silan"]


def play_and_moves(s, code):
    play(s, code)
    return s.legal_moves(s.to_act()[0])


@pytest.mark.parametrize("scope", ["off"])
def test_dn18_with_silan_off_pays_doubled(scope):
    s = start(*DN18, variant={"silan_scope": scope})
    play(s, "O46", "R66", "R46")
    assert s.result().net == [-6, -2, 12, -4]


def test_dn18_alternative_l46_is_no_suanzhang():
    s = start(*DN18)
    ev = play(s, "O46", "R66", "L46")
    assert [s.left, s.right] == [6, 6] and not any(e["type"] == "suanzhang" for e in ev)


def test_silan_not_applied_when_the_threat_came_from_the_opening_or_a_kou():
    # DN-17: H's action before B's 红帐 was the opening → nobody liable (and it fails anyway)
    s = start(*DN17)
    play(s, "O46", "R46")
    assert s.suanzhang["silan"] is None


def test_silan_not_applied_when_blocker_had_no_cover():
    # like DN-18 but B holds no 一六/二六/三六/虎头: cannot defuse, not liable
    hands = (codes("红十", "大五", "大五", "虎头", "虎头", "三六"),
             codes("红八", "一三", "一三", "大天", "长三", "二板"),
             codes("红十", "地幺", "地幺", "一六", "一六", "二六"),
             codes("红八", "大天", "一五", "一五", "长三", "二板"))
    s = start(*hands)
    play(s, "O46", "R66", "R46")
    res = s.result()
    assert res.details["suanzhang"]["type"] == "hong"
    if res.details["suanzhang"]["success"]:
        assert res.details["suanzhang"]["liable"] is None


def test_silan_all_classic_extends_to_other_blocks():
    # ends (3, 6), 二六 the last tile with a 2: B could defuse with 虎头 on the 6 end
    # (then nothing fits the 3 end and no block is one move away) but plays 大天;
    # C's 二六 makes a successful 二三帐.
    def run(scope):
        s = position(["31", "13", "36"], codes("虎头", "大天"), seat=1,
                     others={2: codes("二六", "长三")}, variant={"silan_scope": scope})
        play(s, "R66", "R26")
        return s.result()

    res = run("hongzhang")
    assert res.details["suanzhang"]["type"] == "ersan" and res.details["suanzhang"]["success"]
    assert res.net[2] == 12 and res.details["suanzhang"]["liable"] is None
    assert sorted(res.net) == [-6, -4, -2, 12]
    res = run("all_classic")
    assert res.net == [0, -12, 12, 0] and res.details["suanzhang"]["silan"]


def test_silan_all_classic_not_liable_after_a_defusing_alternative_was_missing():
    s = position(["31", "13", "36"], codes("大天", "红八"), seat=1,
                 others={2: codes("二六", "长三")}, variant={"silan_scope": "all_classic"})
    play(s, "R66", "R26")
    assert s.result().details["suanzhang"]["liable"] is None


def test_dn20_menwuzhang_succeeds_immediate_count():
    s = start(*DN20)
    ev = play(s, *DN20_MOVES)
    assert ev[-2:] == [{"type": "suanzhang", "seat": 2, "kind": "menwu"},
                       {"type": "end", "reason": "smothered"}]
    res = s.result()
    assert res.details["points"] == [38, 36, 20, 30]
    assert res.net == [-6, -4, 12, -2]
    assert res.details["counted_hand"][2] == ["66", "22", "11", "11"]


def test_flag_sz_settlement_play_out_keeps_playing_and_counts_only_kou():
    s = start(*DN20, variant={"sz_settlement": "play_out"})
    play(s, *DN20_MOVES)
    assert not s.is_over() and s.suanzhang["type"] == "menwu"
    while not s.is_over():
        seat = s.to_act()[0]
        play(s, s.legal_moves(seat)[0].code)
    res = s.result()
    assert res.details["suanzhang"]["seat"] == 2
    assert res.details["counted_hand"] == [[], [], [], []]
    assert res.details["points"] == [sum(int(a) + int(b) for a, b in k) for k in res.details["kou"]]


def test_flag_sz_settlement_immediate_all_counts_playable_doubles_too():
    s = start(*DN17, variant={"sz_settlement": "immediate_all"})
    play(s, "O46", "R46")
    assert s.end == "immediate"
    res = s.result()
    assert res.details["points"] == [28, 37, 48, 44]  # C keeps both 红八 in the count
    assert res.net == [12, -12, 0, 0]


def test_head_clean_is_no_suanzhang():
    # the head's 红帐 leaves him nothing but a 红八 that the run-out plays: 0 points
    s = position(["46"], codes("红十", "红八"), seat=0, head=0)
    ev = play(s, "R46")
    assert any(e["type"] == "suanzhang" for e in ev)
    res = s.result()
    assert res.details["points"][0] == 0
    assert res.details["suanzhang"]["exempt"] == "head_clean"
    assert res.net[0] == 6 and sorted(res.net) == [-3, -2, -1, 6]


def test_flag_zero_point_exemption_anyone():
    s = position(["46"], codes("红十", "红八"), seat=1, head=0)
    play(s, "R46")
    assert s.result().net[1] == 12
    s = position(["46"], codes("红十", "红八"), seat=1, head=0,
                 variant={"zero_point_exemption": "anyone"})
    play(s, "R46")
    res = s.result()
    assert res.net[1] == 6 and res.details["suanzhang"]["exempt"] == "zero_point"


DN19 = (["26", "56", "55", "55", "44", "11"], ["36", "56", "44", "33", "33", "15"],
        ["13", "16", "66", "22", "46", "11"], ["16", "66", "46", "15", "13", "22"])


def test_dn19_own_zahongzhang_fails_in_a_complete_hand():
    # builds DN-12's layout move by move; C's 一六 strands both 红十 (砸红帐)
    s = start(*DN19)
    ev = play(s, "O26", "R36", "R13", "R16", "R56", "R56")
    assert not any(e["type"] in ("suanzhang", "sizha") for e in ev)
    assert s.layout == ["26", "63", "31", "16", "65", "56"]
    assert {m.code for m in s.legal_moves(2)} == {"R16", "R66", "L22", "R46"}
    ev = play(s, "R16")
    assert ev[-2:] == [{"type": "suanzhang", "seat": 2, "kind": "zahong"},
                       {"type": "end", "reason": "smothered"}]
    res = s.result()
    assert res.details["points"] == [30, 26, 28, 36]
    assert res.net == [0, 12, -12, 0]  # B has fewer points: C pays 12 (包庄)
    assert res.details["suanzhang"]["liable"] == 2


def test_dn19_with_play_out_the_hand_goes_on():
    s = start(*DN19, variant={"sz_settlement": "play_out"})
    play(s, "O26", "R36", "R13", "R16", "R56", "R56", "R16")
    assert not s.is_over() and s.to_act() == [3]
    # ends (2, 1): D holds 一五, 一三, 二板 → only those fit
    assert {m.code for m in s.legal_moves(3)} == {"R15", "R13", "L22"}

"""Rules §5: every comparison vector, and the scoring vectors of one play."""

import pytest

from games.xianniu.scoring import seat_score
from games.xianniu.shapes import FOUR, PAIR, SINGLE, TRIPLE
from tests.games.xianniu.helpers import play, rules

P, N = "xianniu", "niujiu"
ALL4 = {r: "".join(r + s for s in "shcd") for r in "AKQJT98765432"}

# (#, game, X, Y, result): ">" X may be laid on Y, "<" Y on X, "=" neither
VECTORS = [
    (1, P, "K♠", "Q♥", ">"),
    (3, P, "6♠", "3♥", ">"),
    (4, P, "9♥", "9♠", "="),
    (6, P, "5♥", "3♠", ">"),
    (7, P, "2♠", "A♥", ">"),
    (8, P, "K♠K♥", "9♥9♠", "="),
    (11, P, "9♥9♦", "8♠8♥", ">"),
    (12, P, "J♠J♥", "10♠10♣", "="),
    (14, P, "5♥5♠", "A♠A♥", "="),
    (15, P, "5♥5♠", "K♠K♥", "="),
    (17, P, "5♥5♦", "2♠2♥", ">"),
    (18, P, "9♥9♠9♦", "K♠K♥K♦", "="),
    (20, P, "5♥5♠5♦", "2♠2♥2♦", "="),
    (21, P, "6♠6♥6♦", "3♠3♥3♦", "="),
    (23, P, ALL4["9"], ALL4["Q"], "<"),
    (25, P, ALL4["5"], ALL4["2"], ">"),
    (27, P, "K♠10♥8♦", "A♠2♥3♦", ">"),
    (28, P, "K♠10♥8♦", "7♠7♥7♦", "="),
    (30, P, "K♠K♥10♠10♥8♠8♥", "A♠A♥2♠2♥3♠3♥", ">"),
    (31, P, ALL4["K"] + "10♠8♠", ALL4["A"] + "2♠3♠", ">"),
    (33, P, ALL4["K"], ALL4["Q"], ">"),
    (34, P, "K♠", "K♥K♦", "="),
    (36, N, "6♠", "3♥", "="),
    (38, N, "5♥", "4♠", "<"),
    (40, N, "9♥", "8♠", ">"),
    (42, N, "J♠", "10♥", "="),
    (43, N, "Q♠", "J♥", ">"),
    (45, N, "9♥9♠", "Q♠Q♥", ">"),
    (46, N, "9♥9♦", "8♠8♥", ">"),
    (48, N, "9♥9♦", "10♠10♥", "<"),
    (49, N, "5♥5♦", "2♠2♥", ">"),
    (51, N, "5♠5♣", "6♠6♥", "="),
    (52, N, "5♠5♣", "4♠4♥", ">"),
    (54, N, "9♥9♠9♦", "K♠K♥K♦", "="),
    (55, N, "5♥5♠5♦", "2♠2♥2♦", "="),
    (57, N, "K♠10♥8♦", "2♠3♥4♦", ">"),
]


def compare(game_id, x, y):
    r = rules(game_id)
    a, b = play(game_id, x), play(game_id, y)
    assert a is not None and b is not None
    return ">" if r.beats(a, b) else "<" if r.beats(b, a) else "="


@pytest.mark.parametrize("num,game_id,x,y,want", VECTORS, ids=[str(v[0]) for v in VECTORS])
def test_comparison_vector(num, game_id, x, y, want):
    assert compare(game_id, x, y) == want


@pytest.mark.parametrize("game_id", [P, N])
def test_jack_ten_is_not_a_pair_vector_35(game_id):
    assert play(game_id, "J♠10♥") is None
    assert play(game_id, "J♠10♥", mixed_ten_pair=True).shape == PAIR


@pytest.mark.parametrize("game_id", [P, N])
def test_bai_needs_the_ten_vector_59(game_id):
    yu = "A♠2♥3♦" if game_id == P else "2♠3♥4♦"
    assert play(game_id, "K♠J♥8♦") is None
    r = rules(game_id, j_in_bai=True)
    bai = r.info(r.deck.mask(["Ks", "Jh", "8d"]))
    assert bai is not None and r.beats(bai, r.info(r.deck.mask([yu[0] + "s", yu[2] + "h",
                                                                yu[4] + "d"])))


# (play, P 性子+亮子, N 性子+亮子); xi_ok=False means "led after another lead"
SCORING = [
    ("9♥9♠", True, 2, 2),
    ("9♥9♦", True, 0, 0),
    ("9♥9♠9♦", True, 3, 3),
    ("5♥5♣", True, 2, 2),
    ("5♥5♣", False, 2, 0),
    (ALL4["9"], True, 2, 2),
    (ALL4["8"], True, 2, 2),
    ("K♠10♥8♦", True, 0, 0),
]


@pytest.mark.parametrize("text,first,want_p,want_n", SCORING)
def test_scoring_vector(text, first, want_p, want_n):
    for game_id, want, xi in ((P, want_p, "off"), (N, want_n, "first_lead")):
        info = play(game_id, text)
        # the engine stores "may the 喜 score" per play: always under xi_first=off
        ok = first or xi == "off"
        _, xz, liang = seat_score([(info, ok)], "kkk_bai_only" if game_id == P else "none")
        assert xz + liang == want, (game_id, text)


def test_two_gong_pairs_of_nines_score_four_in_both_modes():
    for game_id in (P, N):
        plays = [(play(game_id, "9♥9♠"), True), (play(game_id, "9♦9♣"), True)]
        assert sum(seat_score(plays, "none")[1:]) == 4


def test_liang_bai_and_si_di_la_yu_score_two_in_p():
    for text in (ALL4["K"] + "10♠8♠", ALL4["A"] + "2♠3♠"):
        assert sum(seat_score([(play(P, text), True)], "none")[1:]) == 2
    assert play(N, ALL4["K"] + "10♠8♠") is None  # not in mode N by default
    assert play(N, ALL4["2"] + "3♠4♠") is None


def test_kkk_plus_bai_split_liang():
    plays = [(play(P, "K♠K♥K♣"), True), (play(P, "K♦10♥8♠"), True)]
    assert sum(seat_score(plays, "kkk_bai_only")[1:]) == 2
    assert sum(seat_score(plays, "none")[1:]) == 0
    nplays = [(play(N, "K♠K♥K♣"), True), (play(N, "K♦10♥8♠"), True)]
    assert sum(seat_score(nplays, "none")[1:]) == 0


def test_longfeng_scores_nothing_and_is_twelve_cards():
    lf = play(P, "K♠K♥10♠10♥8♠8♥A♠A♥2♠2♥3♠3♥")
    assert lf.name == "longfeng" and lf.size == 12 and sum(seat_score([(lf, True)], "none")) == 12


# -- the tier tables of §2.2 / §2.3 as orders -----------------------------------
def chain(game_id, plays, **flags):
    r = rules(game_id, **flags)
    infos = [play(game_id, p, **flags) for p in plays]
    return r, infos


def test_p_pair_order_and_ties():
    order = ["K♠K♥", "Q♠Q♥", "J♠J♥", "9♥9♦", "8♠8♥", "7♠7♥", "6♠6♥", "5♥5♦", "2♠2♥", "A♠A♥"]
    r, infos = chain(P, order)
    for hi, lo in zip(infos, infos[1:]):
        assert r.beats(hi, lo) and not r.beats(lo, hi)
    six, three = play(P, "6♠6♥"), play(P, "3♠3♥")
    assert not r.beats(six, three) and not r.beats(three, six)
    assert r.beats(three, play(P, "5♥5♦"))  # 33 = 66 above 母55 (DECISION)
    assert r.beats(play(P, "Q♠Q♥"), play(P, "9♥9♦")) and not r.beats(play(P, "Q♠Q♥"),
                                                                          play(P, "9♥9♠"))


def test_p_pair_33_rule_cpp():
    r = rules(P, pair_33_rule="cpp")
    g = lambda t: play(P, t, pair_33_rule="cpp")  # noqa: E731
    assert r.beats(g("5♥5♦"), g("3♠3♥"))  # 母55 beats 33
    assert not r.beats(g("6♠6♥"), g("3♠3♥")) and not r.beats(g("3♠3♥"), g("6♠6♥"))
    assert r.beats(g("6♠6♥"), g("5♥5♦"))  # hence non-transitive
    assert r.beats(g("3♠3♥"), g("2♠2♥"))


def test_p_single_order():
    order = "K♠ Q♠ J♠ 9♠ 8♠ 7♠ 6♠ 5♠ 3♠ 2♠ A♠".split()
    r, infos = chain(P, order)
    for hi, lo in zip(infos, infos[1:]):
        assert r.beats(hi, lo)
    assert not r.beats(play(P, "J♠"), play(P, "10♥"))


def test_n_single_tiers():
    r = rules(N)
    tier = lambda t: play(N, t).tier  # noqa: E731
    assert [tier(t) for t in "K♠ Q♠ J♠ 10♠ 9♥ 9♠ 8♠ 7♠ 6♠ 3♠ 5♠ 4♠ 5♥ 2♠".split()] == [
        12, 11, 10, 10, 9, 8, 8, 7, 6, 6, 6, 4, 3, 2]
    assert not r.beats(play(N, "9♠"), play(N, "8♥"))  # 牛八 = 红八


def test_n_chuan_points_flag():
    r = rules(N, chuan_points=3)
    three = play(N, "3♠", chuan_points=3)
    assert three.tier == 3
    assert r.beats(play(N, "4♠", chuan_points=3), three)
    assert not r.beats(three, play(N, "5♥", chuan_points=3))  # = 合三
    assert rules(N).beats(play(N, "3♠"), play(N, "4♠"))  # default 6 > 4


def test_n_pair_and_triple_orders():
    r = rules(N)
    order = ["K♠K♥", "Q♠Q♥", "J♠J♥", "9♥9♦", "8♠8♥", "7♠7♥", "6♠6♥", "4♠4♥", "5♥5♦", "2♠2♥"]
    infos = [play(N, t) for t in order]
    for hi, lo in zip(infos, infos[1:]):
        assert r.beats(hi, lo) and not r.beats(lo, hi)
    assert not r.beats(play(N, "9♠9♣"), play(N, "8♠8♥"))  # 母牛八 = 88
    assert not r.beats(play(N, "K♠K♥"), play(N, "9♥9♠"))  # 公牛 = 天对
    assert play(N, "5♥5♠").tier < 0  # 公喜
    triples = ["K♠K♥K♦", "Q♠Q♥Q♦", "J♠J♥J♦", "8♠8♥8♦", "7♠7♥7♦", "6♠6♥6♦", "4♠4♥4♦",
               "2♠2♥2♦"]
    infos = [play(N, t) for t in triples]
    for hi, lo in zip(infos, infos[1:]):
        assert r.beats(hi, lo)
    assert play(N, "5♥5♠5♦").tier < 0


def test_fours_and_n_four_9_5_tier_flag():
    for game_id in (P, N):
        r = rules(game_id)
        assert r.beats(play(game_id, ALL4["9"]), play(game_id, ALL4["8"]))
        assert r.beats(play(game_id, ALL4["5"]), play(game_id, ALL4["2"]))
        assert r.beats(play(game_id, ALL4["6"]), play(game_id, ALL4["5"]))
        assert not r.beats(play(game_id, ALL4["6"]), play(game_id, ALL4["3"]))
    r = rules(N, n_four_9_5_tier="none")
    nine = play(N, ALL4["9"], n_four_9_5_tier="none")
    assert nine.shape == FOUR and nine.tier < 0
    assert not r.beats(nine, play(N, ALL4["8"], n_four_9_5_tier="none"))
    assert not r.beats(play(N, ALL4["K"], n_four_9_5_tier="none"), nine)


def test_bai_yu_multiples_and_max_flag():
    for game_id, yu in ((P, "A2 3"), (N, "234")):
        low = [c for c in yu if c != " "]
        r = rules(game_id)
        for m in range(1, 5):
            bai = play(game_id, "".join(k + s for k in "KT8" for s in "shcd"[:m]))
            fish = play(game_id, "".join(k + s for k in low for s in "shcd"[:m]))
            assert bai.name == "bai" and bai.multiple == m and fish.multiple == m
            assert r.beats(bai, fish) and not r.beats(fish, bai)
            if m > 1:
                assert not r.beats(bai, play(game_id, "".join(k + "s" for k in low)))
        assert play(game_id, "".join(k + s for k in "KT8" for s in "shc"),
                    max_bai_yu_multiple=2) is None
        assert not r.beats(play(game_id, "KsTs8s"), play(game_id, "KhTh8h"))
    four_bai = play(P, ALL4["K"] + ALL4["T"] + ALL4["8"])
    assert four_bai.liang == 6  # three full ranks inside 四摆 (DECISION)


def test_kkkk_attach_bai_beats_a_four():
    r = rules(P)
    attach = play(P, ALL4["K"] + "10♠8♠")
    assert r.beats(attach, play(P, ALL4["7"]))
    assert not rules(P, kkkk_attach_bai=False).beats(
        play(P, ALL4["K"] + "10♠8♠", kkkk_attach_bai=False), play(P, ALL4["7"]))


def test_xibaoliang_flag():
    assert play(P, ALL4["8"] + "5♥5♠") is None
    x = play(P, ALL4["8"] + "5♥5♠", xibaoliang=True)
    assert x.name == "xibaoliang" and x.tier < 0 and x.xz == 2 and x.liang == 2
    assert play(P, ALL4["8"] + "5♥5♦", xibaoliang=True) is None  # 母喜 is no 喜包亮
    assert play(N, ALL4["8"] + "5♥5♠5♦", xibaoliang=True).xz == 3


@pytest.mark.parametrize("game_id", [P, N])
def test_incomparable_plays(game_id):
    r = rules(game_id)
    gx = play(game_id, "5♥5♠")
    for other in ("K♠K♥", "2♠2♥", "5♥5♦"):
        o = play(game_id, other)
        assert not r.beats(gx, o) and not r.beats(o, gx)
    assert play(game_id, "K♠").shape == SINGLE and play(game_id, "K♠K♥K♦").shape == TRIPLE


def test_liang_split_rule_any_split():
    plays = [(play(P, "7♠7♥"), True), (play(P, "7♣7♦"), True)]
    assert sum(seat_score(plays, "any_split")[1:]) == 2
    assert sum(seat_score(plays, "kkk_bai_only")[1:]) == 0
    nines = [(play(P, "9♥9♠"), True), (play(P, "9♦9♣"), True)]
    assert sum(seat_score(nines, "any_split")[1:]) == 4  # 9s already score as 性子
    kkk = [(play(P, "K♠K♥K♣"), True), (play(P, "K♦10♥8♠"), True)]
    assert sum(seat_score(kkk, "any_split")[1:]) == 2
    one = [(play(P, ALL4["7"]), True)]
    assert sum(seat_score(one, "any_split")[1:]) == 2  # a plain 亮子, not counted twice


def test_liang_bai_combo_flag_in_mode_n():
    r = rules(N, liang_bai_combo=True)
    lb = play(N, ALL4["K"] + "10♠8♠", liang_bai_combo=True)
    sd = play(N, ALL4["2"] + "3♠4♠", liang_bai_combo=True)
    assert lb.name == "liang_bai" and sd.name == "si_di_la_yu"
    assert r.beats(lb, sd) and not r.beats(sd, lb)
    assert not r.beats(lb, play(N, ALL4["7"], liang_bai_combo=True))  # no attach in N

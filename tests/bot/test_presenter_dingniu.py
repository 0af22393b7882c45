"""顶牛 presenter: tile names, the table, the hand, prompts, buttons, events and results."""

import random
import re

import pytest

from bot.i18n import LANGS, You, translator
from bot.presenters.dingniu import PRESENTERS, TILE_NAMES
from games import registry
from games.base import IllegalMove
from games.dingniu.tiles import CODES
from tests.games.dingniu.helpers import codes, play, position, start
from tests.games.dingniu.test_hands import DN17, DN18, DN20, DN20_MOVES

P = PRESENTERS["dingniu"]
NAMES = ["老王", "小李", "阿强", "大刘"]
EN_NAMES = ["Lao Wang", "Xiao Li", "A Qiang", "Da Liu"]
HANS, HANT, EN = translator("zh_Hans"), translator("zh_Hant"), translator("en")


def labels(state, _=HANS):
    seat = state.to_act()[0]
    return [P.move_label(m, _) for m in state.legal_moves(seat)]


def prompt(state, _=HANS):
    seat = state.to_act()[0]
    return P.prompt(state.view(seat), state.legal_moves(seat), NAMES, _)


def test_tile_names_as_players_say_them_with_pips():
    want = {"66": "大天[6:6]", "11": "地幺[1:1]", "44": "红八[4:4]", "13": "一三[1:3]",
            "33": "长三[3:3]", "22": "二板[2:2]", "56": "虎头[5:6]", "46": "红十[4:6]"}
    for code, text in want.items():
        assert P.card(code, HANS) == text
    assert P.card("66", HANT) == "大天[6:6]"
    assert P.card("56", HANT) == "虎頭[5:6]"
    # English: the established names of the Chinese dominoes, a space before the pips
    assert P.card("56", EN) == "Axe [5:6]"
    assert P.card("44", EN) == "Man [4:4]"
    assert P.card("15", EN) == "Red Mallet Six [1:5]"
    # glossed with the name 顶牛 players say where a player reads his tiles
    assert P.glossed("56", EN) == "Axe (虎头) [5:6]"
    assert P.glossed("56", HANS) == "虎头[5:6]"


def test_every_tile_has_one_english_name_with_its_pips():
    kinds = set(CODES)
    assert set(TILE_NAMES) == kinds
    english = {c: P.card(c, EN) for c in kinds}
    assert len(set(english.values())) == len(kinds)
    for code, text in english.items():
        name, pips = text.rsplit(" ", 1)
        assert pips == f"[{code[0]}:{code[1]}]" and not re.search(r"[\d\u4e00-\u9fff]", name)
        assert P.tile_name(code[::-1], EN) == name  # either pip order names the same tile
    for lang in ("zh_Hans", "zh_Hant"):  # Chinese names: one per kind, all Chinese
        chinese = {P.tile_name(c, translator(lang)) for c in kinds}
        assert len(chinese) == len(kinds)
        assert all(re.fullmatch(r"[\u4e00-\u9fff]+", n) for n in chinese)


def test_ux_example_hand_and_buttons():
    s = position(["56"], codes("虎头", "一五", "长三", "地幺"))
    text = P.hand_text(s.view(1), 1, NAMES, HANS)
    assert "桌面两头: 5 … 6" in text
    assert "你的牌: 虎头[5:6] 长三[3:3] 一五[1:5] 地幺[1:1]" in text
    assert sorted(labels(s)) == sorted(["虎头[5:6] 接5", "虎头[5:6] 接6", "一五[1:5] 接5"])
    assert prompt(s) == "请接一张牌"
    en = P.hand_text(s.view(1), 1, EN_NAMES, EN)
    assert "Your tiles: Axe (虎头) [5:6], Long Three (长三) [3:3], Red Mallet Six (一五) [1:5], " \
           "Earth (地幺) [1:1]" in en
    assert "You are 2nd · leader (头牌): Lao Wang" in en
    assert sorted(labels(s, EN)) == sorted(["Axe [5:6] on 5", "Axe [5:6] on 6",
                                            "Red Mallet Six [1:5] on 5"])


def test_no_playable_tile_asks_to_kou_with_one_button_per_tile():
    s = position(["26", "63"], codes("大天", "红八", "虎头"))
    assert prompt(s) == "没有能上的牌，请扣一张"
    assert sorted(labels(s)) == sorted(["扣 大天[6:6]", "扣 红八[4:4]", "扣 虎头[5:6]"])
    assert prompt(s, EN) == "No tile fits: lay one face down (扣)."
    assert sorted(labels(s, EN)) == sorted(["Face down: Heaven [6:6]", "Face down: Man [4:4]",
                                            "Face down: Axe [5:6]"])


def test_opening_buttons_and_paired_lead():
    s = start(codes("红八", "红八", "红十", "大天", "一三", "地幺"))
    assert "出一对 红八[4:4]" in labels(s)
    assert "Lead both: Man [4:4]" in labels(s, EN)
    assert prompt(s) == "你是头牌，请出第一张"
    assert P.hand_text(s.view(0), 0, NAMES, HANS).startswith("你是头牌")
    assert "头牌先出" in P.table_text(s.public_view(), NAMES, HANS)
    assert "Table: empty, the leader (头牌) starts" in P.table_text(s.public_view(), NAMES, EN)
    lead = s.apply(0, "O4444")
    assert P.event_line(lead[0], NAMES, HANS) == "老王 出 红八[4:4]×2"
    assert P.event_line(lead[0], EN_NAMES, EN) == "Lao Wang leads Man [4:4] ×2"


def test_events_read_naturally():
    s = start(*DN20)
    lines = [P.event_line(e, NAMES, HANS) for e in play(s, *DN20_MOVES)]
    assert lines[0] == "老王 出 虎头[5:6]"
    assert "阿强 算帐: 闷五帐" in lines
    assert lines[-1] == "到此为止，手里的牌也算点"
    kou = P.event_line({"type": "kou", "seat": 1, "count": 2}, NAMES, HANS)
    assert kou == "小李 扣了一张 (共扣 2 张)"
    s = start(*DN20)
    lines = [P.event_line(e, EN_NAMES, EN) for e in play(s, *DN20_MOVES)]
    assert "A Qiang makes a block (算帐): smothered fives (闷五帐)" in lines
    assert lines[-1] == "Play stops: tiles still in hand count too."


def test_result_explains_baozhuang_silan_and_double():
    s = start(*DN17)
    play(s, "O46", "R46")
    text = P.result_text(s.result(), s.revealed(), NAMES, HANS)
    assert "小李: 红帐 失败，小李 包庄，付给 老王" in text
    assert "小李 付 12 分给 老王" in text
    assert "老王: 28点" in text and "大刘: 44点" in text
    en = P.result_text(s.result(), s.revealed(), EN_NAMES, EN)
    assert "Block (算帐) by Xiao Li, fours (红帐), fails: Xiao Li pays Lao Wang for everyone " \
           "(包庄)" in en
    assert "Xiao Li pays 12 points to Lao Wang" in en
    s = start(*DN18)
    play(s, "O46", "R66", "R46")
    text = P.result_text(s.result(), s.revealed(), NAMES, HANS)
    assert "阿强: 红帐 成功。小李 能拦没拦，一家包庄" in text
    s = start(*DN20)
    play(s, *DN20_MOVES)
    text = P.result_text(s.result(), s.revealed(), NAMES, HANS)
    assert "阿强: 闷五帐 成功，各家加倍付" in text
    assert "阿强: 20点 · 手里 大天[6:6] 二板[2:2] 地幺[1:1]×2" in text
    en = P.result_text(s.result(), s.revealed(), EN_NAMES, EN)
    assert "A Qiang: 20 pips · in hand: Heaven [6:6], Bench [2:2], Earth [1:1] ×2" in en
    assert "every payment is doubled" in en


def test_you_read_right_in_english():
    s = start(*DN17)
    names = [EN_NAMES[0], You("You"), *EN_NAMES[2:]]
    events = play(s, "O46", "R46")
    text = P.result_text(s.result(), s.revealed(), names, EN)
    assert "fails: You pay Lao Wang for everyone (包庄)" in text
    assert "You pay 12 points to Lao Wang" in text
    assert P.event_line(events[1], names, EN).startswith("You play Red Head Ten [4:6]")


def test_plurals_at_one_and_two():
    pay = {"from": 1, "to": 0, "amount": 1}
    assert P.payment(pay, EN_NAMES, EN) == "Xiao Li pays 1 point to Lao Wang"
    assert P.payment({**pay, "amount": 2}, EN_NAMES, EN) == "Xiao Li pays 2 points to Lao Wang"
    assert P.payment({**pay, "amount": 2}, NAMES, HANS) == "小李 付 2 分给 老王"
    s = start(*DN20)
    play(s, *DN20_MOVES)
    d = s.result().details
    for n, word in ((1, "pip"), (2, "pips")):
        d["points"][0] = n
        text = P.result_text(s.result().__class__(s.result().net, d), s.revealed(), EN_NAMES, EN)
        assert f"Lao Wang: {n} {word} ·" in text


def test_history_line_keeps_names_and_numbers_apart():
    s = start(*DN20)
    play(s, *DN20_MOVES)
    line = P.result_line(s.result(), EN_NAMES, EN)
    assert line == "A Qiang: +12 · Da Liu: −2 · Xiao Li: −4 · Lao Wang: −6"
    assert P.result_line(s.result(), NAMES, HANS).startswith("阿强：+12")


def test_reasons_are_explained():
    s = position(["56"], codes("长三", "地幺", "红八", "一五"))
    with pytest.raises(IllegalMove) as e:
        s.apply(1, "K33")
    assert P.reason_text(e.value.reason, HANS) == "你有能上的牌，不能扣牌"
    assert P.reason_text("lalian", HANS) == "头牌不能拉三家"
    assert P.reason_text("must_lead_pair", EN) == "Lead both Man tiles together."


ACTIONS = {"lead": "You lead the first tile.", "play": "Add a tile to an open end.",
           "kou": "No tile fits: lay one face down (扣)."}
NAME_THEN_NUMBER = re.compile(r"(Lao Wang|Xiao Li|A Qiang|Da Liu) [\d+−]")
CHINESE_PUNCT = re.compile(r"[；，、。：！？（）]")


@pytest.mark.parametrize("lang", LANGS)
def test_random_states_render_in_every_language(lang):
    _ = translator(lang)
    names = EN_NAMES if lang == "en" else NAMES
    game = registry.get("dingniu")
    for n in range(60):
        rng = random.Random(n)
        variant = {"payout": "doubletony"} if n % 3 == 0 else None
        s = game.new_state(variant, seed=n)
        while not s.is_over():
            table = P.table_text(s.public_view(), names, _)
            on_layout = {"".join(sorted(c)) for c in s.layout}
            for seat in range(4):
                for c in s.view(seat)["hand"]:
                    if c not in on_layout:  # a tile only in a hand never shows on the table
                        assert P.card(c, _) not in table and f"[{c[0]}:{c[1]}]" not in table
            assert len(table) < 4096
            seat = s.to_act()[0]
            assert len(P.hand_text(s.view(seat), seat, names, _)) < 4096
            moves = s.legal_moves(seat)
            shown = [P.move_label(m, _) for m in moves]
            assert all(0 < len(label) <= 32 for label in shown)
            assert len(set(shown)) == len(shown), shown  # one button per distinct move
            if lang == "en":  # the prompt names the kind of move the buttons offer
                assert P.prompt(s.view(seat), moves, names, _) == ACTIONS[moves[0].kind]
            for e in s.apply(seat, rng.choice(moves).code):
                line = P.event_line(e, names, _)
                assert line is None or ("{" not in line and len(line) < 400)
        text = P.result_text(s.result(), s.revealed(), names, _)
        assert "{" not in text and len(text) < 4096
        for name in names:
            assert name in text
        if lang == "en":
            assert not NAME_THEN_NUMBER.search(text), text
            assert not CHINESE_PUNCT.search(text), text


def test_all_equal_pips_under_the_two_one_payout_says_nobody_pays():
    s = start(*DN20, variant={"payout": "doubletony"})
    play(s, *DN20_MOVES)
    r = s.result()
    tied = r.__class__([0, 0, 0, 0], {**r.details, "points": [9] * 4, "winners": [0, 1, 2, 3],
                                      "payments": []})
    text = P.result_text(tied, s.revealed(), EN_NAMES, EN)
    assert "Everyone has the same pips: nobody pays" in text and "Winners" not in text
    assert P.result_line(tied, EN_NAMES, EN) == "Nobody won or lost."

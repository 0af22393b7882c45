"""顶牛 presenter: tile names, the table, the hand, buttons, events and results."""

import random

import pytest

from bot.i18n import LANGS, translator
from bot.presenters.dingniu import PRESENTERS
from games import registry
from games.base import IllegalMove
from tests.games.dingniu.helpers import codes, play, position, start
from tests.games.dingniu.test_hands import DN17, DN18, DN20, DN20_MOVES

P = PRESENTERS["dingniu"]
NAMES = ["老王", "小李", "阿强", "大刘"]
HANS = translator("zh_Hans")


def labels(state, _=HANS):
    seat = state.to_act()[0]
    return [P.move_label(m, _) for m in state.legal_moves(seat)]


def test_tile_names_as_players_say_them_with_pips():
    want = {"66": "大天[6:6]", "11": "地幺[1:1]", "44": "红八[4:4]", "13": "一三[1:3]",
            "33": "长三[3:3]", "22": "二板[2:2]", "56": "虎头[5:6]", "46": "红十[4:6]"}
    for code, text in want.items():
        assert P.card(code, HANS) == text
    assert P.card("66", translator("zh_Hant")) == "大天[6:6]"
    assert P.card("56", translator("zh_Hant")) == "虎頭[5:6]"
    assert P.card("56", translator("en")) == "Tiger Head (虎头)[5:6]"


def test_ux_example_hand_and_buttons():
    s = position(["56"], codes("虎头", "一五", "长三", "地幺"))
    text = P.hand_text(s.view(1), 1, NAMES, HANS)
    assert "桌面两头: 5 … 6" in text
    assert "你的牌: 虎头[5:6] 长三[3:3] 一五[1:5] 地幺[1:1]" in text
    assert "没有能上的牌" not in text
    assert sorted(labels(s)) == sorted(["虎头 接5", "虎头 接6", "一五 接5"])


def test_no_playable_tile_asks_to_kou_with_one_button_per_tile():
    s = position(["26", "63"], codes("大天", "红八", "虎头"))
    text = P.hand_text(s.view(1), 1, NAMES, HANS)
    assert "没有能上的牌，请扣一张" in text
    assert sorted(labels(s)) == sorted(["扣 大天[6:6]", "扣 红八[4:4]", "扣 虎头[5:6]"])


def test_opening_buttons_and_paired_lead():
    s = start(codes("红八", "红八", "红十", "大天", "一三", "地幺"))
    assert "出一对 红八[4:4]" in labels(s)
    assert "你是头牌，请出第一张" in P.hand_text(s.view(0), 0, NAMES, HANS)
    assert "头牌先出" in P.table_text(s.public_view(), NAMES, HANS)


def test_events_read_naturally():
    s = start(*DN20)
    lines = [P.event_line(e, NAMES, HANS) for e in play(s, *DN20_MOVES)]
    assert lines[0] == "老王 出 虎头[5:6]"
    assert "阿强 算帐: 闷五帐!" in lines
    assert lines[-1] == "这把结束，手里的牌也算点"
    kou = P.event_line({"type": "kou", "seat": 1, "count": 2}, NAMES, HANS)
    assert kou == "小李 扣了一张 (共扣 2 张)"


def test_result_explains_baozhuang_silan_and_double():
    s = start(*DN17)
    play(s, "O46", "R46")
    text = P.result_text(s.result(), s.revealed(), NAMES, HANS)
    assert "小李: 红帐 失败，小李 包庄，付给 老王" in text
    assert "小李 付 老王 12 分" in text and "点数: 老王 28 · 小李 37 · 阿强 32 · 大刘 44" in text
    s = start(*DN18)
    play(s, "O46", "R66", "R46")
    text = P.result_text(s.result(), s.revealed(), NAMES, HANS)
    assert "阿强: 红帐 成功。小李 能拦没拦，一家包庄" in text
    s = start(*DN20)
    play(s, *DN20_MOVES)
    text = P.result_text(s.result(), s.revealed(), NAMES, HANS)
    assert "阿强: 闷五帐 成功，各家加倍付" in text
    assert "阿强: 手里 大天[6:6] 二板[2:2] 地幺[1:1] 地幺[1:1]" in text


def test_reasons_are_explained():
    s = position(["56"], codes("长三", "地幺", "红八", "一五"))
    with pytest.raises(IllegalMove) as e:
        s.apply(1, "K33")
    assert P.reason_text(e.value.reason, HANS) == "你有能上的牌，不能扣牌"
    assert P.reason_text("lalian", HANS) == "头牌不能拉三家"


@pytest.mark.parametrize("lang", LANGS)
def test_random_states_render_in_every_language(lang):
    _ = translator(lang)
    game = registry.get("dingniu")
    for n in range(60):
        rng = random.Random(n)
        variant = {"payout": "doubletony"} if n % 3 == 0 else None
        s = game.new_state(variant, seed=n)
        while not s.is_over():
            table = P.table_text(s.public_view(), NAMES, _)
            on_layout = {"".join(sorted(c)) for c in s.layout}
            for seat in range(4):
                for c in s.view(seat)["hand"]:
                    if c not in on_layout:  # a tile only in a hand never shows on the table
                        assert P.card(c, _) not in table and f"[{c[0]}:{c[1]}]" not in table
            assert len(table) < 4096
            seat = s.to_act()[0]
            assert len(P.hand_text(s.view(seat), seat, NAMES, _)) < 4096
            moves = s.legal_moves(seat)
            assert all(0 < len(P.move_label(m, _)) <= 30 for m in moves)
            for e in s.apply(seat, rng.choice(moves).code):
                line = P.event_line(e, NAMES, _)
                assert line is None or ("{" not in line and len(line) < 400)
        text = P.result_text(s.result(), s.revealed(), NAMES, _)
        assert "{" not in text and len(text) < 4096
        for name in NAMES:
            assert name in text

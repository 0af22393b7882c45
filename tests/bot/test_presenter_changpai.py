"""川牌 presenter: card names, the claim buttons of UX.md, table, hand, events, results."""

import random

import pytest

from bot.i18n import LANGS, translator
from bot.presenters.changpai import CARD_NAMES, PRESENTERS
from games import registry
from tests.games.changpai.helpers import start
from tests.games.changpai.test_claims import cp20, cp23
from tests.games.changpai.test_flags import TIANHU
from tests.games.changpai.test_properties import greedy

P = PRESENTERS["changpai"]
NAMES = ["老王", "小李", "阿强"]
HANS, HANT, EN = translator("zh_Hans"), translator("zh_Hant"), translator("en")


def labels(state, seat, _=HANS):
    return [P.move_label(m, _) for m in state.legal_moves(seat)]


def test_card_names_as_sichuan_players_say_them():
    want = {
        "66": "天牌[6:6]",
        "11": "地牌[1:1]",
        "44": "人牌[4:4]",
        "13": "和牌[1:3]",
        "55": "梅子[5:5]",
        "33": "长三[3:3]",
        "22": "板凳[2:2]",
        "15": "猫猫[1:5]",
        "16": "高脚[1:6]",
        "14": "幺四[1:4]",
        "36": "黑九[3:6]",
        "12": "丁丁[1:2]",
    }
    for code, text in want.items():
        assert P.card(code, HANS) == text
    assert P.card("15", HANT) == "貓貓[1:5]" and P.card("56", HANT) == "斧頭[5:6]"
    assert P.card("44", EN) == "Ren card[4:4]"
    assert P.group(["44", "44", "15"], HANS) == "人人猫猫"
    assert P.group(["44", "44", "15"], EN) == "Ren Ren Maomao"
    assert len({P.name(c, HANS) for c in CARD_NAMES}) == 21


def test_ux_claim_example():
    st = cp20()
    st.apply(0, "D15")
    text = P.hand_text(st.view(1), 1, NAMES, HANS)
    assert "老王 打出 猫猫[1:5]" in text and text.endswith("你可以:")
    assert labels(st, 1) == ["吃: 人人猫猫", "过"]
    assert labels(st, 2) == ["碰", "过"]
    assert "老王 打出 猫猫[1:5]" in P.table_text(st.public_view(), NAMES, HANS)


def test_hand_splits_red_and_black_and_shows_the_estimate():
    st = start([TIANHU, [], []], stock=["幺四"])
    st.apply(0, "Q")  # the others cannot play: forced 仰
    text = P.hand_text(st.view(0), 0, NAMES, HANS)
    assert "🔴 红: 天牌[6:6]×3 地牌[1:1]×3 人牌[4:4]×3 和牌[1:3]×3 四六[4:6]×3" in text
    assert "⚫ 黑:" in text and "你摸到 幺四[1:4]" in text and "估算:" in text
    assert labels(st, 0)[0] == "胡!"
    st.apply(0, "H")
    res = P.result_text(st.result(), st.revealed(), NAMES, HANS)
    assert "老王 胡 幺四[1:4]，自摸" in res
    assert "51 砣 · 4 番 (坎番 3, 多砣 +1)" in res and "每家付 16 分" in res
    assert (
        "小李 付 老王 16 (胡牌)" in res
        and "坎: 天×3" in res
        and "输赢: 老王 +32 · 小李 −16 · 阿强 −16" in res
    )


def test_events_of_a_claim_round():
    st = cp23()
    lines = [P.event_line(e, NAMES, HANS) for e in st.last]
    assert "阿强 打出 斧头[5:6]" in lines and "老王 翻出 人牌[4:4]" in lines
    st.apply(2, "N")
    lines = [P.event_line(e, NAMES, HANS) for e in st.last]
    assert "小李 杀 人×4" in lines and "小李 摸到 红九[4:5] (亮牌)" in lines


def test_huang_and_redeal_texts():
    st = cp23()
    st.apply(2, "H")
    assert "阿强 胡 人牌[4:4]，老王 放铳" in P.result_text(st.result(), st.revealed(), NAMES, HANS)
    redeal = start([[], [], []])
    redeal.apply(0, "Y")
    assert redeal.is_over()
    assert "没人起牌，重新发牌" in P.result_text(redeal.result(), redeal.revealed(), NAMES, HANS)


def public_codes(public) -> set[str]:
    out = set(public["dead"])
    if public["offer"]:
        out.add(public["offer"]["card"])
    for p in public["players"]:
        for m in p["melds"]:
            out.update(m["cards"])
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_random_states_render_in_every_language(lang):
    _ = translator(lang)
    game = registry.get("changpai")
    for seed in range(25):
        st = game.new_state({"qualify_mode": "off"} if seed % 2 else {}, seed=seed)
        rng = random.Random(seed)
        while True:
            public = st.public_view()
            table = P.table_text(public, NAMES, _)
            assert len(table) < 4096
            hidden = {c for s in range(3) for c in st.view(s)["hand"]} - public_codes(public)
            for c in hidden:
                assert f"[{c[0]}:{c[1]}]" not in table
                assert P.name(c, _) not in table
            for e in public["last"]:
                line = P.event_line(e, NAMES, _)
                assert line is None or ("{" not in line and len(line) < 200)
            for s in range(3):
                text = P.hand_text(st.view(s), s, NAMES, _)
                assert len(text) < 4096 and "{" not in text
                for m in st.legal_moves(s):
                    label = P.move_label(m, _)
                    assert label and len(label) <= 32 and label != m.code
            if st.is_over():
                text = P.result_text(st.result(), st.revealed(), NAMES, _)
                assert len(text) < 4096 and "{" not in text
                break
            seat = st.to_act()[0]
            st.apply(seat, greedy(st, seat, rng))

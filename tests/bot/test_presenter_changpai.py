"""川牌 presenter: card names, the claim buttons of UX.md, prompts that name exactly
the actions offered, table, hand, events, results."""

import random
import re

import pytest

from bot.i18n import LANGS, You, translator
from bot.presenters.changpai import ACTIONS, CARD_NAMES, PRESENTERS, may_declare
from games import registry
from games.base import Move
from games.changpai.cards import CODES
from tests.games.changpai.helpers import start
from tests.games.changpai.test_claims import cp20, cp23
from tests.games.changpai.test_flags import TIANHU
from tests.games.changpai.test_properties import greedy

P = PRESENTERS["changpai"]
NAMES = ["老王", "小李", "阿强"]
EN_NAMES = ["Lao Wang", "Xiao Li", "A Qiang"]
HANS, HANT, EN = translator("zh_Hans"), translator("zh_Hant"), translator("en")


def labels(state, seat, _=HANS):
    return [P.move_label(m, _) for m in state.legal_moves(seat)]


def prompt(state, seat, _=HANS, names=NAMES):
    return P.prompt(state.view(seat), state.legal_moves(seat), names, _)


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
    assert P.card("44", EN) == "Man [4:4]" and P.card("45", EN) == "Red Nine [4:5]"
    assert P.glossed("15", EN) == "Red Mallet Six (猫猫) [1:5]"
    assert P.group(["44", "44", "15"], HANS) == "人人猫猫"
    assert P.group(["44", "44", "15"], EN) == "Man ×2 + Red Mallet Six"
    assert P.group(["11"] * 4, HANS) == "地×4"


def test_every_card_has_one_english_name_with_its_pips():
    assert list(CARD_NAMES) == list(CODES)  # every kind, in the engine's order
    english = {c: P.card(c, EN) for c in CODES}
    assert len(set(english.values())) == 21
    for code, text in english.items():
        name, pips = text.rsplit(" ", 1)
        assert pips == f"[{code[0]}:{code[1]}]"
        assert not re.search(r"[\d\u4e00-\u9fff]", name), name
    for lang in ("zh_Hans", "zh_Hant"):
        chinese = {P.name(c, translator(lang)) for c in CODES}
        assert len(chinese) == 21 and all(re.fullmatch(r"[\u4e00-\u9fff]+", n) for n in chinese)


def test_ux_claim_example():
    st = cp20()
    st.apply(0, "D15")
    text = P.hand_text(st.view(1), 1, NAMES, HANS)
    assert text.endswith("老王 打出 猫猫[1:5]")
    assert labels(st, 1) == ["吃: 人人猫猫", "过"]
    assert labels(st, 2) == ["碰", "过"]
    assert prompt(st, 1) == "吃还是过?" and prompt(st, 2) == "碰还是过?"
    assert labels(st, 1, EN) == ["Chow: Man ×2 + Red Mallet Six", "Pass"]
    assert prompt(st, 1, EN, EN_NAMES) == "Chow (吃) or pass?"
    # the table shows the card as open to claims; its "Last:" line says who discarded it
    assert "可以要: 猫猫[1:5]" in P.table_text(st.public_view(), NAMES, HANS)
    assert "Open to claims: Red Mallet Six [1:5]" in P.table_text(st.public_view(), NAMES, EN)


def test_hand_splits_red_and_black_and_shows_the_estimate():
    st = start([TIANHU, [], []], stock=["幺四"])
    st.apply(0, "Q")  # the others cannot play: forced 仰
    text = P.hand_text(st.view(0), 0, NAMES, HANS)
    assert "🔴 红: 天牌[6:6]×3 地牌[1:1]×3 人牌[4:4]×3 和牌[1:3]×3 四六[4:6]×3" in text
    assert "⚫ 黑:" in text and "你摸到 幺四[1:4]" in text and "估算:" in text
    en = P.hand_text(st.view(0), 0, EN_NAMES, EN)
    assert "🔴 red: Heaven (天牌) [6:6] ×3, Earth (地牌) [1:1] ×3" in en
    assert re.search(r"Estimate: \d+ tuo \(砣\) of 34 needed, \d of 7 sets \(坎\)", en)
    assert labels(st, 0)[0] == "胡!"
    # the dealer's 21st card: win on it, or lock his four of a kind (偷)
    assert labels(st, 0, EN) == ["Win!", "Lock One-Four [1:4]"]
    assert prompt(st, 0) == "胡还是偷牌再摸?"
    assert prompt(st, 0, EN, EN_NAMES) == "Win (胡) or lock (偷) the cards and draw again?"
    st.apply(0, "H")
    res = P.result_text(st.result(), st.revealed(), NAMES, HANS)
    assert "老王 自摸 幺四[1:4] 胡了" in res
    assert "51 砣 · 4 番 (坎番 3，多砣 +1)" in res
    assert "小李 付 16 分给 老王" in res and "坎: 天×3" in res
    assert "输赢" not in res  # the 🏁 message gives every seat's net once
    en = P.result_text(st.result(), st.revealed(), EN_NAMES, EN)
    assert en.startswith("Lao Wang wins (胡) on their own draw: One-Four [1:4]\n"
                         "51 tuo (砣) · 4 fan (番): 3 from sets, extra tuo +1\n")
    assert "Xiao Li pays 16 points to Lao Wang" in en
    assert "Result:" not in en


def test_events_of_a_claim_round():
    st = cp23()
    lines = [P.event_line(e, NAMES, HANS) for e in st.last]
    assert "阿强 打出 斧头[5:6]" in lines and "老王 翻出 人牌[4:4]" in lines
    st.apply(2, "N")
    lines = [P.event_line(e, NAMES, HANS) for e in st.last]
    assert "小李 杀 人×4" in lines and "小李 摸到 红九[4:5] (亮牌)" in lines
    lines = [P.event_line(e, EN_NAMES, EN) for e in st.last]
    assert "Xiao Li kills Man ×4" in lines and "Xiao Li draws Red Nine [4:5], face up" in lines


def test_huang_and_redeal_texts():
    st = cp23()
    st.apply(2, "H")
    assert "阿强 胡 人牌[4:4]，老王 放铳" in P.result_text(st.result(), st.revealed(), NAMES, HANS)
    en = P.result_text(st.result(), st.revealed(), EN_NAMES, EN)
    assert en.startswith("A Qiang wins (胡) with Man [4:4] from Lao Wang (放铳)")
    line = P.result_line(st.result(), EN_NAMES, EN)
    assert line == "A Qiang wins (胡) with Man [4:4] from Lao Wang (放铳); " \
                   "A Qiang: +8 · Lao Wang: −4 · Xiao Li: −4"
    redeal = start([[], [], []])
    redeal.apply(0, "Y")
    assert redeal.is_over()
    assert "没人起牌，重新发牌" in P.result_text(redeal.result(), redeal.revealed(), NAMES, HANS)
    # one sentence in /history, no "a draw" glued after it
    assert P.result_line(redeal.result(), EN_NAMES, EN) == \
        "Nobody declared: the cards are dealt again"


def test_you_read_right_in_english():
    st = cp23()
    names = [EN_NAMES[0], You("You"), EN_NAMES[2]]
    st.apply(2, "N")
    lines = [P.event_line(e, names, EN) for e in st.last]
    assert "You kill Man ×4" in lines and "You draw Red Nine [4:5], face up" in lines


def test_payments_count_their_points():
    pay = {"from": 1, "to": 0, "amount": 1, "reason": "baozi"}
    g = P.payment
    from bot.presenters.gupai import Glossary
    assert g(pay, EN_NAMES, Glossary(()), EN) == "Xiao Li pays 1 point to Lao Wang for a dead hand"
    two = {**pay, "amount": 2, "reason": "win"}
    assert g(two, EN_NAMES, Glossary(()), EN) == "Xiao Li pays 2 points to Lao Wang"
    assert g(two, NAMES, Glossary(()), HANS) == "小李 付 2 分给 老王"


def qualify_states():
    """Deals at their 起/打/仰 round, over every way the round can be asked."""
    game = registry.get("changpai")
    for seed in range(150):
        variant = {"estimate_mode": "xy"} if seed % 3 == 0 else (
            {"threshold_strict": True} if seed % 3 == 1 else {})
        st = game.new_state(variant, seed=seed)
        rng = random.Random(seed)
        while not st.is_over() and st.public_view()["phase"] == "qualify":
            yield st
            seat = st.to_act()[0]
            st.apply(seat, rng.choice(st.legal_moves(seat)).code)


def test_the_qualify_prompt_offers_exactly_the_buttons():
    seen = set()
    for st in qualify_states():
        seat = st.to_act()[0]
        moves = st.legal_moves(seat)
        kinds = {m.kind for m in moves}
        view = st.view(seat)
        seen.add(frozenset(kinds))
        ask = prompt(st, seat, EN, EN_NAMES)
        assert ("Declare" in ask) == ("qi" in kinds), (ask, kinds)
        assert ("play without declaring" in ask.lower()) == ("da" in kinds)
        assert "fold" in ask.lower()  # folding is always possible
        labels_ = [P.move_label(m, EN) for m in moves]
        assert ("Declare" in labels_) == ("qi" in kinds)
        # why there is no Declare button, from the view: the hand shows the reason
        text = P.hand_text(view, seat, EN_NAMES, EN)
        if "qi" in kinds:
            assert may_declare(view["hand"]) and view["qi"] < 0 and view["estimate"]["ok"]
        elif "da" in kinds:
            assert "has declared" in text or "Only a hand with a pair" in text
        else:
            assert "cannot make 7 sets" in text
    assert {frozenset({"qi", "da", "yang"}), frozenset({"da", "yang"})} <= seen


ACTION_PHRASES = {k: P.word(v, EN) for k, v in ACTIONS.items()}


@pytest.mark.parametrize("lang", LANGS)
def test_random_states_render_in_every_language(lang):
    _ = translator(lang)
    names = EN_NAMES if lang == "en" else NAMES
    game = registry.get("changpai")
    kinds_seen = set()
    for seed in range(25):
        st = game.new_state({"qualify_mode": "off"} if seed % 2 else {}, seed=seed)
        rng = random.Random(seed)
        while True:
            public = st.public_view()
            table = P.table_text(public, names, _)
            assert len(table) < 4096
            hidden = {c for s in range(3) for c in st.view(s)["hand"]} - public_codes(public)
            for c in hidden:
                assert f"[{c[0]}:{c[1]}]" not in table
                assert P.name(c, _) not in table
            for e in public["last"]:
                line = P.event_line(e, names, _)
                assert line is None or ("{" not in line and len(line) < 200)
            for s in range(3):
                view = st.view(s)
                text = P.hand_text(view, s, names, _)
                assert len(text) < 4096 and "{" not in text
                moves = st.legal_moves(s)
                shown = [P.move_label(m, _) for m in moves]
                assert len(set(shown)) == len(shown), shown  # one button per distinct move
                for m, label in zip(moves, shown):
                    assert label and label != m.code
                    assert len(label) <= (44 if m.kind == "chi" else 32), label
                if moves and lang == "en":  # the prompt names each offered kind, no other
                    ask = re.sub(r" \([^)]*\)", "", P.prompt(view, moves, names, _)).lower()
                    kinds = {m.kind for m in moves if isinstance(m, Move)}
                    kinds_seen |= kinds
                    for kind, phrase in ACTION_PHRASES.items():
                        assert (phrase in ask) == (kind in kinds), (ask, kinds)
            if st.is_over():
                text = P.result_text(st.result(), st.revealed(), names, _)
                assert len(text) < 4096 and "{" not in text
                break
            seat = st.to_act()[0]
            st.apply(seat, greedy(st, seat, rng))
    if lang == "en":
        assert {"discard", "peng", "pass", "hu"} <= kinds_seen


def public_codes(public) -> set[str]:
    out = set(public["dead"])
    if public["offer"]:
        out.add(public["offer"]["card"])
    for p in public["players"]:
        for m in p["melds"]:
            out.update(m["cards"])
    return out


def test_a_hand_without_a_winner_says_why_as_the_table_showed_it():
    game = registry.get("changpai")
    reasons = set()
    for seed in range(40):
        st = game.new_state(None, seed=seed)
        rng = random.Random(seed)
        while not st.is_over():
            seat = st.to_act()[0]
            st.apply(seat, rng.choice(st.legal_moves(seat)).code)
        d = st.result().details
        if d["outcome"] != "huang":
            continue
        text = P.result_text(st.result(), st.revealed(), EN_NAMES, EN)
        stock = st.public_view()["stock"]
        if "the stock ran out" in text:
            assert stock == 0 and "in" in d["status"]
            reasons.add("stock")
        else:
            assert "nobody is left in the hand" in text and "in" not in d["status"]
            reasons.add("nobody")
        assert P.result_line(st.result(), EN_NAMES, EN).startswith(text.splitlines()[0])
    assert reasons == {"stock", "nobody"}


def test_the_turn_line_says_what_the_seat_is_doing():
    st = registry.get("changpai").new_state(None, seed=5)
    assert P.turn_action(st.public_view(), HANS) == "起/打/仰"
    assert P.turn_action(st.public_view(), EN) == "to declare (起), play or fold (仰)"
    st = cp20()
    assert P.turn_action(st.public_view(), EN) == "to discard"
    declared = next(st for st in qualify_states() if st.public_view()["qi"] >= 0)
    assert P.turn_action(declared.public_view(), EN) == "to play or fold (仰)"
    assert P.turn_action(declared.public_view(), HANT) == "打/仰"


def test_a_win_without_fan_says_so_plainly():
    st = cp23()
    st.apply(2, "H")
    r = st.result()
    plain = r.__class__(r.net, {**r.details, "fan": 0, "fan_capped": 0, "set_fan": 0,
                                "duidui": False, "extra_fan": 0})
    en = P.result_text(plain, st.revealed(), EN_NAMES, EN)
    assert f"\n{r.details['tuo']} tuo (砣) · 0 fan (番)\n" in en and "from sets" not in en
    assert "from sets" in P.result_text(r, st.revealed(), EN_NAMES, EN)

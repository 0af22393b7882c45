"""掀牛 / 掀牛九 presenter: card names, shape buttons, table, hand, events, results."""

import json
import pathlib
import random

import pytest

from bot.i18n import LANGS, translator
from bot.presenters.xianniu import PRESENTERS
from games import registry
from games.base import Move, Pick
from games.records import replay
from tests.games.xianniu.helpers import build_deal, move, start
from tests.games.xianniu.test_worked import N_DEAL, P_DEAL

ROOT = pathlib.Path(__file__).resolve().parents[2]
P, N = PRESENTERS["xianniu"], PRESENTERS["niujiu"]
NAMES = ["老王", "小李", "阿强"]
HANS, HANT, EN = translator("zh_Hans"), translator("zh_Hant"), translator("en")


def labels(state, seat=None, _=HANS):
    seat = state.to_act()[0] if seat is None else seat
    pres = PRESENTERS[state.game.id]
    return [pres.move_label(m, _) for m in state.legal_moves(seat) if isinstance(m, Move)]


def test_poker_cards_with_red_suits():
    assert P.card("Ks", HANS) == "♠K" and P.card("Th", HANS) == "♥️10"
    assert P.card("9d", HANS) == "♦️9" and P.card("Ac", HANS) == "♣A"


def test_niujiu_names_with_the_stand_in():
    want = {"Ks": "天K", "Qh": "虎Q", "Jc": "花十J", "Td": "梅十10", "9h": "牛九9",
            "9s": "牛八9", "8d": "红八8", "7s": "摇七7", "6c": "铜锤6", "3h": "串串3",
            "5s": "合六5", "4d": "板凳4", "5d": "合三5", "2c": "地眼2"}
    for code, text in want.items():
        assert N.card(code, HANS) == text
    assert N.card("8d", HANT) == "紅八8" and N.card("6c", HANT) == "銅錘6"
    assert N.card("Ks", EN) == "Sky K"


def test_ux_example_buttons():
    hand = "Ks Kh 9h 9s Qd Jc 8h 5s 5h 2c"
    s = start("xianniu", build_deal("xianniu", hand))
    got = labels(s)
    for want in ("对K", "公牛 ♠9♥️9", "公喜 ♠5♥️5", "♦️Q", "♣J", "♥️8", "♣2", "♠K", "♥️K", "扣了"):
        assert want in got, want
    text = P.hand_text(s.view(0), 0, NAMES, HANS)
    assert "♠K ♥️K" in text and "你的手牌 (16):" in text
    assert "桌面: 你 0 张 · 共 0 张 (最多 16)" in text


def test_shape_names_on_buttons():
    s = start("xianniu", build_deal("xianniu", "Ks Kh Ts Th 8s 8d Qs Qh Qc 9h 9s 9d As 2s 3s"),
              ba_da_dui=False)
    got = labels(s)
    for want in ("摆 ♠K♠10♠8", "双摆 ♠K♥️K♠10♥️10♠8♦️8", "三个Q", "三牛 ♠9♥️9♦️9", "鱼 ♠3♠2♠A",
                 "对9 ♥️9♦️9"):
        assert want in got, want
    four = start("xianniu", build_deal("xianniu", "Qs Qh Qc Qd"))
    assert "亮子Q" in labels(four)
    n = start("niujiu", build_deal("niujiu", "Ks Kh 9h 9d 9s 5h 5d 5s 2s 3s 4s Ts 8s"))
    got = labels(n)
    for want in ("对天", "公牛", "对牛九", "公喜", "对合三", "三喜", "三牛", "鱼", "摆"):
        assert want in got, want


def test_poll_tighten_and_pick_prompts():
    s = start("niujiu", N_DEAL)
    s.apply(0, move("L", "5h 5s 5d"))
    s.apply(0, "K")
    pick, kou = s.legal_moves(1)
    assert isinstance(pick, Pick) and N.move_label(kou, HANS) == "扣了"
    assert N.pick_prompt(pick, HANS) == "掀牌先贴牌：扣下 3 张"
    assert "掀 (逼他再出) 还是扣" in N.hand_text(s.view(1), 1, NAMES, HANS)
    assert "老王 扣了 · 小李: 掀还是扣?" in N.table_text(s.public_view(), NAMES, HANS)
    p = start("xianniu", P_DEAL)
    p.apply(0, "K")
    assert labels(p) == ["掀!", "扣了"]


def test_worked_hand_events_and_result():
    s = start("xianniu", P_DEAL)
    lines = []
    for seat, code in [(0, "L9h9s"), (0, "L7c7d"), (1, "B8h8s"), (2, "BJhJs"), (2, "K"),
                       (0, "X")]:
        lines += [P.event_line(e, NAMES, HANS) for e in s.apply(seat, code)]
    assert lines[:4] == ["老王 出 公牛 ♠9♥️9", "小李 过", "阿强 过", "老王 得 2 张 (共 2 张)"]
    assert "小李 压 对8" in lines and "阿强 压 对J" in lines
    assert lines[-2:] == ["阿强 扣了", "老王 掀 阿强!"]
    table = P.table_text(s.public_view(), NAMES, HANS)
    assert "老王  桌面 2 张  手牌 12  性子 2  掀×1" in table
    assert "阿强 被掀，必须出牌" in table
    for seat in (2,):
        s.apply(seat, "L3s")
    for seat in (0, 1, 2):
        while s.to_act() and s.to_act()[0] == seat and s.phase != "control":
            s.apply(seat, s.legal_moves(seat)[0].code)
    while not s.is_over():
        seat = s.to_act()[0]
        s.apply(seat, "K" if any(m.code == "K" for m in s.legal_moves(seat)
                                 if isinstance(m, Move)) else s.legal_moves(seat)[0].code)
    text = P.result_text(s.result(), s.revealed(), NAMES, HANS)
    assert "各家剩牌:" in text and ("付" in text or "和局" in text)


def test_e9_result_text():
    path = ROOT / "docs/examples/niujiu-er-wu-worked-hand.json"
    s, events = replay(json.loads(path.read_text("utf-8")))
    text = N.result_text(s.result(), s.revealed(), NAMES, HANS)
    assert text.splitlines()[0] == "老王 +17 (6 张 · 性子 3)"
    assert "小李 付 老王 6 (性子)" in text and "小李 付 阿强 5 (掀牌失败)" in text
    assert "阿强 付 老王 6 (性子)" in text
    assert all(N.event_line(e, NAMES, HANS) for e in events)


def visible_only_in_hands(state):
    pub = state.public_view()
    public_cards = {c for p in pub["leaves"] for play in p for c in play["cards"]}
    public_cards |= set(pub["waste"])
    if pub["trick"]:
        public_cards |= set(pub["trick"]["cards"])
    hands = {c for s in range(3) for c in state.view(s)["hand"]}
    return hands - public_cards, public_cards


@pytest.mark.parametrize("game_id", ["xianniu", "niujiu"])
def test_random_states_render_in_every_language(game_id):
    game = registry.get(game_id)
    pres = PRESENTERS[game_id]
    rng = random.Random(5)
    for seed in range(25):
        s = game.new_state(seed=seed)
        while True:
            for lang in LANGS:
                _ = translator(lang)
                table = pres.table_text(s.public_view(), NAMES, _)
                assert len(table) < 4096
                hidden, public = visible_only_in_hands(s)
                if game_id == "xianniu":
                    for c in hidden:
                        assert pres.card(c, _) not in table, c
                else:  # 牛九 names: a kind may show only if some copy is public
                    shown = {pres.card(c, _) for c in public}
                    for c in hidden:
                        name = pres.card(c, _)
                        assert name in shown or name not in table, c
                for seat in s.to_act():
                    text = pres.hand_text(s.view(seat), seat, NAMES, _)
                    assert len(text) < 4096
                    for m in s.legal_moves(seat):
                        label = (pres.move_label(m, _) if isinstance(m, Move)
                                 else pres.pick_prompt(m, _))
                        assert label and len(label) < 64
            if s.is_over():
                break
            seat = s.to_act()[0]
            ms = s.legal_moves(seat)
            m = ms[rng.randrange(len(ms))]
            code = m.code_for(m.random_choice(rng)) if isinstance(m, Pick) else m.code
            for e in s.apply(seat, code):
                assert pres.event_line(e, NAMES, HANS)
        for lang in LANGS:
            text = pres.result_text(s.result(), s.revealed(), NAMES, translator(lang))
            assert len(text) < 4096 and NAMES[0] in text


def test_reason_texts_and_picker():
    assert P.reason_text("cannot_beat", HANS) == "压不过上家的牌"
    assert P.reason_text("whatever", HANS) == "这步不行"
    s = start("xianniu", build_deal("xianniu", "Ks Kh Kc Kd Ts Th Tc Td 8s 8h 8c 8d"),
              ba_da_dui=False)
    moves = s.legal_moves(0)
    assert P.uses_picker(moves) and len(P.hints(moves)) == 3
    assert not P.uses_picker(start("xianniu", P_DEAL).legal_moves(0))  # 28 plays: buttons
    best = P.hints(moves)[0]
    assert s.code_for_cards(0, best.cards) == best.code

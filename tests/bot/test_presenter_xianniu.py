"""掀牛 / 掀牛九 presenter: card names, shape buttons, table, hand, events, results."""

import json
import pathlib
import random
import re

import pytest

from bot.i18n import LANGS, You, translator
from bot.presenters.xianniu import KINDS, PRESENTERS
from games import registry
from games.base import Move, Pick
from games.records import replay
from games.xianniu.shapes import rules_for
from tests.games.xianniu.helpers import build_deal, move, start
from tests.games.xianniu.test_worked import N_DEAL, P_DEAL

ROOT = pathlib.Path(__file__).resolve().parents[2]
P, N = PRESENTERS["xianniu"], PRESENTERS["niujiu"]
NAMES = ["老王", "小李", "阿强"]
EN_NAMES = ["Lao Wang", "Xiao Li", "A Qiang"]
HANS, HANT, EN = translator("zh_Hans"), translator("zh_Hant"), translator("en")
TRAILING_NUMBER = re.compile(r"\(\d+\)$")


def buttons(state, seat=None, _=HANS):
    """The labels a seat is offered, as the bot shows them."""
    seat = state.to_act()[0] if seat is None else seat
    pres = PRESENTERS[state.game.id]
    moves = state.legal_moves(seat)
    offered = [moves[i] for i in pres.offered(moves)]
    return pres.move_labels(offered, _)


def test_poker_cards_with_red_suits():
    assert P.card("Ks", HANS) == "♠K" and P.card("Th", HANS) == "♥️10"
    assert P.card("9d", HANS) == "♦️9" and P.card("Ac", HANS) == "♣A"


def test_niujiu_cards_by_their_own_names():
    want = {"Ks": "天", "Qh": "虎", "Jc": "花十", "Td": "梅十", "9h": "牛九", "9s": "牛八",
            "8d": "红八", "7s": "摇七", "6c": "铜锤", "3h": "串串", "5s": "合六", "4d": "板凳",
            "5d": "合三", "2c": "地眼"}
    for code, text in want.items():
        assert N.card(code, HANS) == text
    assert N.card("8d", HANT) == "紅八" and N.card("6c", HANT) == "銅錘"
    assert N.card("Ks", EN) == "Heaven 12" and N.card("9s", EN) == "Ox 8"


def test_each_niujiu_english_name_says_the_rank_it_plays_as():
    """An Eight that shows 9 was the old name of 牛八: each English name ends
    with the card's rank as a single (rules §1.2), the number it beats by."""
    rules = rules_for("N", registry.get("niujiu").preset("default"))
    deck = rules.deck
    for code in deck.codes:
        name = N.card(code, EN)
        assert int(name.split()[-1]) == rules.card_tier[deck.index[code]], (code, name)
    assert len({N.card(c, EN) for c in deck.codes}) == len(KINDS) == 14


def test_an_english_hand_glosses_each_kind_once_with_its_chinese():
    s = start("niujiu", build_deal("niujiu", "Ks Kh 9s 5d 2c 2d 2h 2s 3s 3h 3c 3d 4s 4h 4c 4d"))
    assert N.hand_groups(s.view(0)["hand"], EN) == (
        "Heaven 12 ×2 │ Ox 8 │ Skewer 6 ×4 │ Bench 4 ×4 │ Joy 3 │ Earth 2 ×4")
    text = N.hand_text(s.view(0), 0, EN_NAMES, EN)
    assert ("Heaven 12 (天) ×2 │ Ox 8 (牛八) │ Skewer 6 (串串) ×4 │ Bench 4 (板凳) ×4 │ "
            "Joy 3 (合三) │ Earth 2 (地眼) ×4") in text
    labels = buttons(s, _=EN)  # the hand's text has glossed each card: its buttons need not
    assert "Heaven 12" in labels and "Four Earth 2s" in labels and "Fish (鱼)" in labels
    assert N.hand_groups(s.view(0)["hand"], HANS) == (
        "天 ×2 │ 牛八 │ 串串 ×4 │ 板凳 ×4 │ 合三 │ 地眼 ×4")
    assert N.hand_text(s.view(0), 0, NAMES, HANT).splitlines()[1].startswith("天 ×2 │ 牛八 │")


def test_ux_example_buttons():
    hand = "Ks Kh 9h 9s Qd Jc 8h 5s 5h 2c"
    s = start("xianniu", build_deal("xianniu", hand))
    got = buttons(s)
    for want in ("对K", "公牛 ♠9♥️9", "公喜 ♠5♥️5", "♦️Q", "♣J", "♥️8", "♣2", "♠K", "♥️K", "扣了"):
        assert want in got, want
    text = P.hand_text(s.view(0), 0, NAMES, HANS)
    assert "♠K ♥️K" in text and "你的手牌 (16):" in text
    assert "桌面: 你 0 张 · 共 0 张 (最多 16)" in text


def test_shape_names_on_buttons():
    s = start("xianniu", build_deal("xianniu", "Ks Kh Ts Th 8s 8d Qs Qh Qc 9h 9s 9d As 2s 3s"),
              ba_da_dui=False)
    got = buttons(s)
    for want in ("摆", "双摆", "三个Q", "三牛 ♠9♥️9♦️9", "鱼", "对9 ♥️9♦️9", "公牛 ♠9♥️9"):
        assert want in got, want
    assert got.count("摆") == 1 and got.count("对K") == 1  # the suits of a K change nothing
    en = buttons(s, _=EN)
    for want in ("Bai (摆)", "Double bai", "Three Qs", "Three oxen (三牛) ♠9♥️9♦️9", "Fish (鱼)",
                 "Pair of 9s ♥️9♦️9", "Ox pair (公牛) ♠9♥️9", "Stand"):
        assert want in en, want
    four = start("xianniu", build_deal("xianniu", "Qs Qh Qc Qd"))
    assert "亮子Q" in buttons(four) and "Four Qs" in buttons(four, _=EN)
    n = start("niujiu", build_deal("niujiu", "Ks Kh 9h 9d 9s 5h 5d 5s 2s 3s 4s Ts 8s"))
    got = buttons(n)
    for want in ("对天", "公牛", "对牛九", "公喜", "对合三", "三喜", "鱼", "摆"):
        assert want in got, want
    en = buttons(n, _=EN)
    for want in ("Pair of Heaven 12s", "Ox pair (公牛)", "Pair of Ox 9s", "Joy pair (公喜)",
                 "Three joys (三喜)", "Three oxen (三牛)"):
        assert want in en, want


def test_one_button_per_distinct_move():
    """掀牛九's 摆 of different suits, its 公牛 of either pair of 9s, four
    板凳 singles: one button each (the UX bug: "摆 … (1)" … "(4)")."""
    s = start("niujiu", build_deal("niujiu", "Ks Kh Kc Ts Th 8s 8h 4s 4h 9h 9d 9s 9c"))
    moves = s.legal_moves(0)
    got = buttons(s)
    assert got.count("摆") == 1 and got.count("板凳") == 1 and got.count("公牛") == 1
    # three 9s, two 牛九 and a 牛八 or the other way round: two moves, named
    assert "三牛 牛九、牛九、牛八" in got and "三牛 牛九、牛八、牛八" in got
    en = buttons(s, _=EN)
    assert "Three oxen (三牛): Ox 9, Ox 8, Ox 8" in en and "Three oxen: Ox 9, Ox 9, Ox 8" in en
    assert "Four oxen" in en and "四牛" in got  # 9999: two 牛九 and two 牛八
    assert len(got) == len(set(got)) and not any(TRAILING_NUMBER.search(x) for x in got)
    assert len([m for m in moves if isinstance(m, Move)]) > len(got)  # some were the same
    # every legal move is one of the offered ones, as the rules see it
    offered = {N.same_move(moves[i]) for i in N.offered(moves)}
    assert {N.same_move(m) for m in moves if isinstance(m, Move)} == offered


def random_positions(game_id, deals, seed):
    game = registry.get(game_id)
    rng = random.Random(seed)
    for _d in range(deals):
        s = game.new_state(seed=rng.randrange(1 << 30))
        while not s.is_over():
            yield s
            seat = s.to_act()[0]
            ms = s.legal_moves(seat)
            m = ms[rng.randrange(len(ms))]
            s.apply(seat, m.code_for(m.random_choice(rng)) if isinstance(m, Pick) else m.code)


@pytest.mark.parametrize("game_id", ["xianniu", "niujiu"])
def test_offered_labels_are_distinct_and_never_numbered(game_id):
    """Over many random deals and every language: the buttons of a position
    are one per distinct move, with labels that differ by more than a "(n)"."""
    pres = PRESENTERS[game_id]
    positions = 0
    for s in random_positions(game_id, 60, 11):
        for seat in s.to_act():
            moves = s.legal_moves(seat)
            offered = [moves[i] for i in pres.offered(moves)]
            keys = [pres.same_move(m) for m in offered]
            assert len(set(keys)) == len(keys)
            for lang in LANGS:
                labels = pres.move_labels(offered, translator(lang))
                assert len(set(labels)) == len(labels), (lang, labels)
                assert not [x for x in labels if TRAILING_NUMBER.search(x)], labels
        positions += 1
    assert positions > 500


@pytest.mark.parametrize("flags", [{"j_in_bai": True}, {"mixed_ten_pair": True}])
def test_plays_of_one_name_but_different_kinds_name_their_cards(flags):
    """With J allowed in a 摆, a 摆 with 花十 and one with 梅十 are two moves."""
    s = start("niujiu", build_deal("niujiu", "Ks Ts Js 8s 8h"), **flags)
    got = buttons(s, _=EN)
    assert len(got) == len(set(got))
    if "j_in_bai" in flags:
        assert "Bai (摆)" in got and "Bai: Heaven 12, Flower 10, Red 8" in got


def test_poll_tighten_and_pick_prompts():
    s = start("niujiu", N_DEAL)
    s.apply(0, move("L", "5h 5s 5d"))
    s.apply(0, "K")
    pick, kou = s.legal_moves(1)
    assert isinstance(pick, Pick) and N.move_label(kou, HANS) == "扣了"
    assert N.move_label(kou, EN) == "Stand"  # not "Stop", which reads like /stop
    assert N.pick_prompt(pick, HANS) == "掀牌先贴牌：扣下 3 张"
    assert N.pick_prompt(pick, EN) == "To xian, first discard 3 cards face down"
    assert "掀 (逼他再出) 还是扣" in N.hand_text(s.view(1), 1, NAMES, HANS)
    assert "Lao Wang stood (扣). Xian (掀) to make them lead again, or stand?" in N.hand_text(
        s.view(1), 1, EN_NAMES, EN)
    assert N.turn_action(s.public_view(), EN) == "to xian (掀) or stand (扣)"
    p = start("xianniu", P_DEAL)
    p.apply(0, "K")
    assert buttons(p) == ["掀!", "扣了"] and buttons(p, _=EN) == ["Xian!", "Stand"]


def test_picks_say_how_many_cards_with_the_right_plural():
    one, three = Pick("xian", "X", ("Ks", "Kh"), 1, 1), Pick("discard", "D", ("Ks",) * 4, 3, 3)
    assert N.pick_prompt(one, EN) == "To xian, first discard 1 card face down"
    assert N.pick_prompt(three, EN) == "Tightened: discard 3 cards face down"
    assert N.pick_count(three, 1, EN) == "Choose exactly 3 cards; you have chosen 1."
    assert N.pick_count(one, 2, EN) == "Choose exactly 1 card; you have chosen 2."
    assert N.pick_count(three, 1, HANS) == "要选 3 张牌，你选了 1 张。"


def test_worked_hand_events_and_result():
    s = start("xianniu", P_DEAL)
    lines, en = [], []
    for seat, code in [(0, "L9h9s"), (0, "L7c7d"), (1, "B8h8s"), (2, "BJhJs"), (2, "K"),
                       (0, "X")]:
        events = s.apply(seat, code)
        lines += [P.event_line(e, NAMES, HANS) for e in events]
        en += [P.event_line(e, EN_NAMES, EN) for e in events]
    assert lines[:4] == ["老王 出 公牛 ♠9♥️9", "小李 过", "阿强 过", "老王 得 2 张 (共 2 张)"]
    assert "小李 压 对8" in lines and "阿强 压 对J" in lines
    assert lines[-2:] == ["阿强 扣了", "老王 掀 阿强!"]
    assert en[3] == "Lao Wang takes the trick: +2 on the table (2 in all)"
    assert en[-2:] == ["A Qiang stands (扣)", "Lao Wang calls xian (掀) on A Qiang!"]
    table = P.table_text(s.public_view(), NAMES, HANS)
    assert "老王  桌面 2 张  手牌 12  性子 2  掀×1" in table
    assert P.turn_action(s.public_view(), HANS) == "被掀了，再出牌"
    table = P.table_text(s.public_view(), EN_NAMES, EN)
    assert "Lao Wang: 2 on the table · 12 in hand · 2 points (性子) · xian (掀) ×1" in table
    s.apply(2, "L3s")
    while not s.is_over():
        seat = s.to_act()[0]
        s.apply(seat, "K" if any(m.code == "K" for m in s.legal_moves(seat)
                                 if isinstance(m, Move)) else s.legal_moves(seat)[0].code)
    text = P.result_text(s.result(), s.revealed(), NAMES, HANS)
    assert "各家剩牌:" in text and ("付" in text or "没人付" in text)
    assert "结束" not in text  # the 🏁 header says the hand is over, once


def test_e9_result_text():
    path = ROOT / "docs/examples/niujiu-er-wu-worked-hand.json"
    s, events = replay(json.loads(path.read_text("utf-8")))
    text = N.result_text(s.result(), s.revealed(), NAMES, HANS)
    assert text.splitlines()[0] == "老王  桌面 6 张 ✅  性子 3"
    assert "小李 付 6 分给 老王 (性子)" in text and "小李 付 5 分给 阿强 (掀牌失败 1 次)" in text
    assert "阿强 付 6 分给 老王 (性子)" in text
    en = N.result_text(s.result(), s.revealed(), EN_NAMES, EN).splitlines()
    assert en[0] == "Lao Wang: 6 on the table ✅ · 3 points (性子)"
    assert "Xiao Li pays 5 to Lao Wang for 1 failed xian (掀)" in en  # glossed once
    assert "Xiao Li pays 5 to A Qiang for 1 failed xian" in en
    assert "Xiao Li pays 6 to Lao Wang for points" in en
    assert all(N.event_line(e, NAMES, HANS) for e in events)


def test_the_result_uses_the_tables_words_and_numbers():
    """"points 3" on the table, "xingzi 3 / liangzi 2" at the end was the old
    mismatch: each seat's points read the same on the table and in the result."""
    for game_id in ("xianniu", "niujiu"):
        pres = PRESENTERS[game_id]
        checked = 0
        for seed in range(40):
            s = registry.get(game_id).new_state(seed=seed)
            rng = random.Random(seed)
            while not s.is_over():
                seat = s.to_act()[0]
                ms = s.legal_moves(seat)
                m = ms[rng.randrange(len(ms))]
                s.apply(seat, m.code_for(m.random_choice(rng)) if isinstance(m, Pick) else m.code)
            public = s.public_view()
            for lang in LANGS:
                _ = translator(lang)
                table = pres.table_text(public, NAMES, _)
                result = pres.result_text(s.result(), s.revealed(), NAMES, _)
                for seat, row in enumerate(s.result().details["seats"]):
                    assert public["base"][seat] == row["base"]
                    if row["base"]:  # "3 points (性子)", glossed at its first use only
                        shown = pres.points(row["base"], _).split(" (")[0]
                        assert shown in table and shown in result, (lang, shown)
                        checked += 1
                assert "xingzi" not in result and "liangzi" not in result
        assert checked > 20


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


def test_you_read_as_you_in_counted_messages():
    """The terminal's own seat: "You pay 2 …", "You take the trick …"."""
    you = [You(EN("You")), "Computer 2", "Computer 3"]
    take = {"type": "take", "seat": 0, "count": 2, "leaves": 6}
    assert N.event_line(take, you, EN) == "You take the trick: +2 on the table (6 in all)"
    pay = {"from": 0, "to": 1, "amount": 4, "why": "xian", "count": 2}
    assert N.payment(pay, you, EN) == "You pay 4 to Computer 2 for 2 failed xians"
    pay["count"] = 1
    assert N.payment(pay, you, EN) == "You pay 4 to Computer 2 for 1 failed xian"


def test_reason_texts_and_hints():
    assert P.reason_text("cannot_beat", HANS) == "压不过上家的牌"
    assert P.reason_text("whatever", HANS) == "这步不行"
    assert P.reason_text("must_lead", EN).startswith("After the xian (掀) you must lead again")
    s = start("xianniu", build_deal("xianniu", "Ks Kh Kc Kd Ts Th Tc Td 8s 8h 8c 8d"),
              ba_da_dui=False)
    moves = s.legal_moves(0)
    hints = P.hints(moves)
    assert len(hints) == 3 and all(h in moves for h in hints)
    assert len(hints[0].cards) == 12  # 四摆: the most cards on the table
    assert len({P.same_move(h) for h in hints}) == 3  # three different plays
    assert not P.uses_picker(moves)  # one button per distinct play: they fit
    best = hints[0]
    assert s.code_for_cards(0, best.cards) == best.code


def test_the_button_of_a_move_made_with_other_identical_cards():
    """A computer (or the gallery) may choose a 摆 with another K than the one
    its button shows: button_for finds the button that makes that move."""
    s = start("niujiu", build_deal("niujiu", "Ks Kh Kc Ts Th 8s 8h"))
    moves = s.legal_moves(0)
    offered = N.offered(moves)
    bais = [m for m in moves if isinstance(m, Move) and (m.data or {}).get("shape") == "bai"
            and (m.data or {}).get("n") == 1]
    assert len(bais) > 1 and sum(1 for i in offered if moves[i] in bais) == 1
    for m in bais:
        i = N.button_for(moves, m.code)
        assert i in offered and N.same_move(moves[i]) == N.same_move(m)
    assert N.button_for(moves, "LKsKhKcKd") is None  # not a legal move


def test_counts_agree_with_their_nouns_at_1_and_2():
    names = ["Tom", "Ann", "Bob"]
    assert [P.points(n, EN) for n in (1, 2)] == ["1 point (性子)", "2 points (性子)"]
    discard = {"type": "discard", "seat": 1}
    assert [P.event_line({**discard, "count": n}, names, EN) for n in (1, 2)] == [
        "Ann discards 1 card face down", "Ann discards 2 cards face down"]
    tighten = {"type": "tighten", "seat": 0}
    assert [P.event_line({**tighten, "limit": n}, names, EN) for n in (1, 2)] == [
        "Tom tightens (紧牌): everyone keeps at most 1 card",
        "Tom tightens (紧牌): everyone keeps at most 2 cards"]
    xian = {"type": "xian", "seat": 2, "target": 0}
    assert P.event_line({**xian, "discard": 1}, names, EN).endswith("(1 card discarded first)")
    assert P.event_line({**xian, "discard": 2}, names, EN).endswith("(2 cards discarded first)")
    assert [P.points(n, HANS) for n in (1, 2)] == ["性子 1", "性子 2"]

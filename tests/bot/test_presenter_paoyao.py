"""刨幺 presenter: card names with coloured suits, play names, picker and
hints, teams on the table, events and results in all three languages."""

import random

import pytest

from bot.i18n import LANGS, translator
from bot.presenters.paoyao import PRESENTERS
from games import registry
from games.base import IllegalMove
from tests.games.paoyao.helpers import play, position

P = PRESENTERS["paoyao"]
NAMES = ["老王", "小李", "阿强", "大刘"]
EN_NAMES = ["Lao Wang", "Xiao Li", "A Qiang", "Da Liu"]
HANS = translator("zh_Hans")
HANT = translator("zh_Hant")
EN = translator("en")
GAME = registry.get("paoyao")


def test_cards_with_coloured_suits_and_jokers():
    assert P.card("5h", HANS) == "♥️5"
    assert P.card("Ts", HANS) == "♠️10"
    assert P.card("Ad", HANS) == "♦️A"
    assert P.card("3c", HANS) == "♣️3"
    assert P.card("SJ", HANS) == "小王" and P.card("BJ", HANT) == "大王"
    assert P.card("BJ", EN) == "Big joker"


def labels(state, seat, _=HANS):
    return [P.move_label(m, _) for m in state.legal_moves(seat)]


def test_play_names_as_players_say_them():
    s = position(["4444444 5566778899TTJJQQKKAA", "SSBB 333 22", "4", "5"])
    got = set(labels(s, 0))
    for want in [
        "5",
        "对5",
        "单顺 5-7",
        "单顺 4-A",
        "双顺 5-7",
        "双顺 5-A",
        "三路 4",
        "七路 4",
        "小幺 44A",
        "中幺 444A",
        "老幺 4444A",
        "老老幺 44444A",
        "老老幺 4444444A",
    ]:
        assert want in got, want
    assert len(got) == 123  # every lead has its own label
    play(s, (0, "55667788"))
    got = labels(s, 1)
    assert "对小王" not in got and "大小王" in got and "四王" in got and "不要" in got
    assert "雙順 5-7" in [
        P.move_label(m, HANT) for m in position(["556677", "4", "4", "4"]).legal_moves(0)
    ]


def test_picker_is_used_for_plays_not_for_snow():
    s = position(["TT 4", "4 6", "4 7", "4 8"], score=(130, 15))
    assert P.uses_picker(s.legal_moves(0))
    play(s, (0, "TT"), (1, "P"), (2, "P"), (3, "P"))
    moves = s.legal_moves(0)
    assert not P.uses_picker(moves)
    assert [P.move_label(m, HANS) for m in moves] == ["雪!", "不雪"]


def test_hints_are_legal_and_sensible():
    s = position(["4444444 5566778899TTJJQQKKAA", "SSBB 333 22 6", "4", "5"])
    moves = s.legal_moves(0)
    hints = P.hints(moves)
    assert 1 <= len(hints) <= 3 and all(h in moves for h in hints)
    assert hints[0].code == "445566778899TTJJQQKKAA"  # sheds the most cards
    play(s, (0, "5"))
    moves = s.legal_moves(1)
    hints = P.hints(moves)
    assert hints[0].code == "6"  # the cheapest card that beats
    assert (
        "SS" in [h.code for h in hints]
        or "222" in [h.code for h in hints]
        or "333" in [h.code for h in hints]
    )


def test_picker_refusals_read_as_toasts():
    s = position(["4 4 A 5 6 9", "8", "8", "8"])
    hand = s.view(0)["hand"]
    with pytest.raises(IllegalMove) as e:
        s.code_for_cards(0, [c for c in hand if c[0] in "56"])
    assert P.reason_text(e.value.reason, HANS) == "顺子最少三张"
    assert P.reason_text("bad_yao", HANT) == "幺是一張A加兩張以上的4"
    assert P.reason_text("whatever", HANS) == "不能这样出"


def test_table_shows_teams_points_and_the_top_play():
    s = position(["55 4", "TT 4", "KK 4", "66 4"], score=(20, 35))
    play(s, (0, "55"), (1, "TT"))
    text = P.table_text(s.public_view(), NAMES, HANS)
    assert "老王和阿强: 20分 · 小李和大刘: 35分" in text
    assert "桌面: 小李 出 对10 ♣️10 ♦️10 (本轮30分)" in text
    assert "👉 [A] 阿强  手牌 3" in text


def test_ux_hand_text_groups_by_rank():
    s = position(["4 4 5 777 9 T 3 S", "8", "8", "8"])
    text = P.hand_text(s.view(0), 0, NAMES, HANS)
    assert "选牌: 4 ×2 · 5 · 7 ×3 · 9 · 10 · 3 · 小王" in text
    assert "♣️4 ♦️4 │ ♣️5 │ ♣️7 ♦️7 ♥️7" in text
    assert "轮到你先出" in text and "对家: 阿强" in text


def test_snow_texts():
    s = position(["TT 4", "4 6", "4 7", "4 8"], score=(130, 15))
    ev = play(s, (0, "TT"), (1, "P"), (2, "P"), (3, "P"))
    assert P.event_line(ev[-1], NAMES, HANS) == "老王和阿强 赢了 (分够了)！雪不雪？"
    assert P.event_line(ev[-1], EN_NAMES, EN) == (
        "Lao Wang & A Qiang have won (enough points). Snow (雪) or not?")
    assert "老王和阿强 已经赢了" in P.table_text(s.public_view(), NAMES, HANS)
    assert P.turn_action(s.public_view(), HANS) == "雪不雪"
    assert P.turn_action(s.public_view(), EN) == "to choose: snow (雪) or not"
    assert "还是不雪" in P.hand_text(s.view(2), 2, NAMES, HANS)
    ev = play(s, (2, "X"))
    assert P.event_line(ev[0], NAMES, HANS) == "阿强: 雪！"
    assert "雪！老王和阿强 已赢" in P.table_text(s.public_view(), NAMES, HANS)


def test_result_text_explains_the_win():
    s = position(["9", "4 6", "Q 5", "4 8"], score=(95, 0))
    play(
        s, (0, "9"), (2, "X"), (1, "P"), (2, "P"), (3, "P"), (2, "Q"), (3, "P"), (1, "P"), (2, "5")
    )
    text = P.result_text(s.result(), s.revealed(), NAMES, HANS)
    assert text.splitlines()[:2] == ["老王和阿强 赢：扛旗 (头跑，够90分)。",
                                     "大雪：输家没得分，×4。"]
    assert "下一局: 老王 先出" in text and "♣️4" in text
    assert "🏁" not in text and "结束" not in text  # the 🏁 header says it, once
    en = P.result_text(s.result(), s.revealed(), EN_NAMES, EN).splitlines()
    assert en[:3] == ["Lao Wang & A Qiang win: first out with 90 points (扛旗).",
                      "Big snow (雪): the losers have no points, ×4.",
                      "Lao Wang & A Qiang: 95 points · Xiao Li & Da Liu: 0 points"]
    line = P.result_line(s.result(), NAMES, HANS)
    assert line.startswith("老王和阿强 赢，大雪 ×4；") and "本局结束" not in line


def _names(cards, _):
    return {P.card(c, _) for c in cards}


@pytest.mark.parametrize("lang", LANGS)
def test_random_states_render_in_every_language(lang):
    _ = translator(lang)
    rng = random.Random(9)
    for seed in range(25):
        s = GAME.new_state(seed=seed)
        while True:
            public = s.public_view()
            table = P.table_text(public, NAMES, _)
            assert len(table) < 4096
            shown = {c for p in public["trick"] for c in p.get("cards", [])}
            hidden = {c for seat in range(4) for c in s.view(seat)["hand"]} - shown
            for name in _names(hidden, _):
                assert name not in table
            for seat in range(4):
                assert len(P.hand_text(s.view(seat), seat, NAMES, _)) < 4096
            if s.is_over():
                break
            seat = s.to_act()[0]
            moves = s.legal_moves(seat)
            for m in moves:
                assert P.move_label(m, _)
            assert all(h in moves for h in P.hints(moves))
            for ev in s.apply(seat, moves[rng.randrange(len(moves))].code):
                line = P.event_line(ev, NAMES, _)
                assert line is None or "{" not in line
        text = P.result_text(s.result(), s.revealed(), NAMES, _)
        assert len(text) < 4096 and "{" not in text


def test_each_kind_of_result_is_one_sentence():
    """免雪 without a chase, 雪 then 免雪, 小雪, 不雪: each its own sentence."""
    cases = {("escaped", False, 40): "The losers have 40 points, too many for a snow: ×1.",
             ("escaped", True, 25): "After the snow the losers reached 25 points: ×1.",
             ("small", True, 15): "Small snow: the losers have only 15 points, ×2.",
             ("small", False, 5): "Small snow: the losers have only 5 points, ×2.",
             ("declined", False, 10): "The winners chose no snow: ×1.",
             ("big", False, 0): "Big snow: the losers have no points, ×4."}
    for (snow, chased, lost), want in cases.items():
        assert P.snow_sentence(snow, chased, lost, EN) == want
        assert P.snow_sentence(snow, chased, lost, HANS).endswith("。")


def test_counts_take_the_right_plural():
    s = position(["55 4", "TT 4", "KK 4", "66 4"], score=(5, 0))
    play(s, (0, "55"))
    public = s.public_view()
    text = P.table_text(public, EN_NAMES, EN)
    assert "Lao Wang & A Qiang: 5 points · Xiao Li & Da Liu: 0 points" in text
    assert "👉 [B] Xiao Li: 3 cards in hand" in text and "[A] Lao Wang: 1 card in hand" in text
    assert "· 10 points in this trick" in text
    assert "1 cards" not in text


def test_pass_is_pass_in_english_and_buyao_in_chinese():
    s = position(["55 4", "TT 4", "KK 4", "66 4"])
    play(s, (0, "55"))
    labels = [P.move_label(m, EN) for m in s.legal_moves(1) if m.kind == "pass"]
    assert labels == ["Pass"]
    assert [P.move_label(m, HANS) for m in s.legal_moves(1) if m.kind == "pass"] == ["不要"]


def test_team_points_agree_with_their_noun():
    assert P.team_points([1, 2], EN_NAMES, EN) == (
        "Lao Wang & A Qiang: 1 point · Xiao Li & Da Liu: 2 points")
    assert P.team_points([1, 2], NAMES, HANS) == "老王和阿强: 1分 · 小李和大刘: 2分"

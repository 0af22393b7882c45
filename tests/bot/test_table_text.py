"""The table per the UX guide: one title line, the turn line names the
action with an m:ss timer, at most 3 events in the last-move line."""

import re
import time

from bot import catalog, render
from bot.i18n import translator
from bot.sitting import Seat, Sitting

HANS = translator("zh_Hans")


def sitting(game_id, events=()):
    g = catalog.game(game_id)
    st = g.new_state(seed=5)
    return Sitting(
        id=1,
        chat_id=-1,
        game=game_id,
        preset="default",
        variant=g.preset("default"),
        status="running",
        creator_id=1,
        seats=[Seat(i + 1, n) for i, n in enumerate(["老王", "小李", "阿强", "大刘"][: st.seats])],
        hand_no=3,
        state=st,
        deadline=time.time() + 45.4,
        last={"events": list(events)} if events else {},
    )


def test_turn_line_names_the_action_and_one_title_line():
    for game_id in catalog.landed():
        text = render.table(sitting(game_id), HANS)
        assert len(re.findall(r"第\d+局", text)) == 1, text
        if game_id in ("xianniu", "niujiu"):
            assert re.search(r"现在: \S+ (出牌或扣|亮大牌) \(⏱ 0:4[45]\)", text), text
            assert "出牌或扣\n" not in text  # no second line repeating it
        elif game_id != "changpai":  # 川牌 may open with everyone deciding at once
            assert re.search(r"现在: \S+ 出牌 \(⏱ 0:4[45]\)", text), text


def test_at_most_three_events_in_the_last_line():
    events = [{"type": "kou", "seat": i % 3} for i in range(6)]
    text = render.table(sitting("xianniu", events), HANS)
    last = [line for line in text.splitlines() if line.startswith("上一手")][0]
    assert last.count("扣了") == 3, last


def test_the_end_of_a_sitting_counts_only_the_hands_that_were_scored():
    s = sitting("xianniu")  # hand 3, stopped while it was being played
    assert "打了2局，本场结束" in render.finished(s, HANS)
    while not s.state.is_over():  # play hand 3 to its end
        seat = s.state.to_act()[0]
        s.state.apply(seat, s.state.legal_moves(seat)[0].code)
    assert "打了3局，本场结束" in render.finished(s, HANS)

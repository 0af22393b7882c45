"""Every landed engine, with its real presenter: a game from /new to the
end-of-hand message, two humans and computers in the other seats."""

import pytest

from bot.presenters import catalog
from games import registry
from tests.e2e.harness import (
    GROUP,
    bot_messages,
    buttons_with,
    find_text,
    play_hand,
    running,
    start_game,
)

REAL = registry.ids()


@pytest.mark.parametrize("game_id", REAL)
async def test_game_from_new_to_end_of_hand(people, tmp_path, game_id):
    tg = people
    seats = catalog.game(game_id).default_seats
    async with running(tg, tmp_path / "db") as app:
        for uid in (1, 2):
            await tg.send_message(uid, uid, "/start")
        await start_game(tg, game_id, [1, 2], computers=seats - 2)
        await play_hand(tg, [1, 2], timeout=120)
        s = app.service.sittings[1]
        assert s.status == "hand_over" and s.state.is_over()
        end = find_text(tg, GROUP, "🏁")[0]
        assert [b.callback_data for b in tg.buttons(GROUP, end.message_id)] == [
            "h:1:1:next",
            "h:1:1:end",
        ]
        assert sum(s.totals) == 0 and s.totals == list(s.state.result().net)
        # every hand is revealed in the end message only: each human's private
        # hand text never appeared in the group before it
        assert len(find_text(tg, GROUP, "🂠")) == 1
        assert [c for c in tg.calls() if c.error_code == 429] == []
        # the next hand starts with a fresh table message; each player's hand
        # message carries on, edited to the new cards (no new private message)
        hand_ids = {uid: s.msgs[f"hand:{uid}"] for uid in (1, 2)}
        first_hand = {uid: tg.message(uid, hand_ids[uid]).text for uid in (1, 2)}
        m, b = [p for p in buttons_with(tg, GROUP, "h:") if p[1].callback_data.endswith("next")][0]
        await tg.press(1, GROUP, m.message_id, b.callback_data)
        await tg.wait_for(lambda: s.hand_no == 2 and len(find_text(tg, GROUP, "🂠")) == 2, 20)
        await app.outbox.drain()
        for uid in (1, 2):
            assert s.msgs[f"hand:{uid}"] == hand_ids[uid]
            assert tg.message(uid, hand_ids[uid]).text != first_hand[uid]
        assert all(c.chat_id in (GROUP, 1, 2) for c in tg.calls("sendMessage"))
        assert bot_messages(tg, 3) == []

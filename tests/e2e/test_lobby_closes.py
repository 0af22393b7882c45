"""A started game's lobby loses its buttons within seconds on a quiet bot:
it asks Telegram only when nothing else waits in its group
(bot/telegram/outbox.py, `_rank`), which under a full token can be a minute,
but not on a quiet one."""

import time

from tests.e2e.harness import GROUP, buttons_with, find_text, join, lobby_button, running
from tests.e2e.test_rules import started


async def test_the_lobby_says_started_and_loses_its_buttons_right_after_the_table(
        people, toy, tmp_path):
    tg = people
    async with running(tg, tmp_path / "db"):
        await started(tg, 1, 2)
        await tg.send_message(1, GROUP, "/new toy")
        await join(tg, 2)
        lobby = buttons_with(tg, GROUP, "l:")[0][0]
        await lobby_button(tg, 1, "cpu")
        pressed = time.monotonic()
        await lobby_button(tg, 1, "start")
        await tg.wait_for(lambda: find_text(tg, GROUP, "已开局，牌桌在下面"), timeout=15)
        took = time.monotonic() - pressed
        # the group's 1 message a second after the joins' edits: about 2 s,
        # the table first; far from the LATER patience (30 s) it may wait under load
        assert took < 6.0, took
        assert not buttons_with(tg, GROUP, "l:")
        closed = find_text(tg, GROUP, "已开局，牌桌在下面")
        assert [m.message_id for m in closed] == [lobby.message_id]
        tables = [m for m in tg.messages(GROUP, from_bot=True) if m.message_id > lobby.message_id]
        assert tables, "the table is posted below the lobby"
        # the table went out before the lobby was closed, not after
        sent = [c.t for c in tg.calls() if c.ok and c.chat_id == GROUP
                and c.method == "sendMessage" and c.result["message_id"] == tables[0].message_id]
        shut = [c.t for c in tg.calls() if c.ok and c.chat_id == GROUP
                and c.method == "editMessageText" and "已开局" in c.params["text"]]
        assert sent and shut and sent[0] < shut[0]

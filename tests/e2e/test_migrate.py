"""A group upgraded to a supergroup mid-game (Telegram gives it a new id):
the game carries on in the new chat, nothing is lost."""

import sqlite3

from tests.e2e.harness import (
    GROUP,
    buttons_with,
    find_text,
    lobby_button,
    play_hand,
    running,
    start_game,
)

SUPERGROUP = -1001234567890


async def test_a_running_game_moves_to_the_supergroup(people, toy, tmp_path):
    tg = people
    db = tmp_path / "db.sqlite3"
    async with running(tg, db):
        for uid in (1, 2):
            await tg.send_message(uid, uid, "/start")
        await start_game(tg, "toy", [1, 2], computers=1)
        await tg.wait_for(lambda: find_text(tg, GROUP, "🂠"), timeout=10)
        tg.migrate_group(GROUP, SUPERGROUP)
        # the table is posted again where people now are, and the hand ends there
        await tg.wait_for(lambda: find_text(tg, SUPERGROUP, "🂠"), timeout=10)
        await play_hand(tg, [1, 2], chat_id=SUPERGROUP)
        assert len(find_text(tg, SUPERGROUP, "🏁")) == 1
        await tg.send_message(1, SUPERGROUP, "/new toy")  # one game per chat still holds
        await tg.wait_for(lambda: find_text(tg, SUPERGROUP, "/stop"), timeout=10)
    rows = sqlite3.connect(db).execute("select chat_id from sittings").fetchall()
    assert rows == [(SUPERGROUP,)]


async def test_a_lobby_moves_to_the_supergroup(people, toy, tmp_path):
    tg = people
    async with running(tg, tmp_path / "db.sqlite3"):
        await tg.send_message(1, 1, "/start")
        await tg.send_message(1, GROUP, "/lang")
        await tg.wait_for(lambda: buttons_with(tg, GROUP, "lang:"))
        m, b = [p for p in buttons_with(tg, GROUP, "lang:") if p[1].callback_data == "lang:en"][0]
        await tg.press(1, GROUP, m.message_id, b.callback_data)
        await tg.send_message(1, GROUP, "/new toy")
        await tg.wait_for(lambda: find_text(tg, GROUP, "New game"), timeout=10)
        tg.migrate_group(GROUP, SUPERGROUP)
        # the lobby is posted again, in the group's language
        await tg.wait_for(lambda: find_text(tg, SUPERGROUP, "New game"), timeout=10)
        await lobby_button(tg, 1, "cpu", SUPERGROUP)
        await lobby_button(tg, 1, "cpu", SUPERGROUP)
        await lobby_button(tg, 1, "start", SUPERGROUP)
        await play_hand(tg, [1], chat_id=SUPERGROUP)
        assert len(find_text(tg, SUPERGROUP, "🏁")) == 1

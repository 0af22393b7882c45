"""The log of a game: one line per event with the chat and sitting ids, and
never a card of a hand at INFO."""

from __future__ import annotations

import logging
import re

from tests.e2e.harness import GROUP, play_hand, running, start_game


async def test_game_events_name_chat_and_sitting_and_no_cards(people, toy, tmp_path, caplog):
    tg = people
    caplog.set_level(logging.INFO)
    async with running(tg, tmp_path / "db.sqlite3"):
        for uid in (1, 2):
            await tg.send_message(uid, uid, "/start")
        await start_game(tg, "toy", [1, 2], computers=1)
        await play_hand(tg, [1, 2])
    ours = [r for r in caplog.records if r.name.startswith("bot.") and r.levelno >= logging.INFO]
    events = [r for r in ours if getattr(r, "chat", None) == GROUP]
    kinds = [r.event for r in events]
    assert kinds[0] == "lobby" and "hand started" in kinds and "hand over" in kinds
    moves = [r for r in events if r.event == "move"]
    assert len(moves) >= 3 and all(r.sitting == events[0].sitting for r in events)
    assert all(f"chat {GROUP} sitting {r.sitting}: " in r.getMessage() for r in events)
    # the toy game's cards are 1a … 9b: none of them in any INFO line
    assert not [r.getMessage() for r in ours if re.search(r"\b[1-9][ab]\b", r.getMessage())]

"""The whole flow on the tiny test game: lobby, play, end of hand."""

from tests.e2e.harness import GROUP, bot_messages, find_text, play_hand, running, start_game


async def test_toy_game_from_new_to_end_of_hand(people, toy, tmp_path):
    tg = people
    async with running(tg, tmp_path / "db.sqlite3"):
        # the bot only learns users are started when they write to it
        for uid in (1, 2):
            await tg.send_message(uid, uid, "/start")
        await start_game(tg, "toy", [1, 2], computers=1)
        await play_hand(tg, [1, 2])
        end = find_text(tg, GROUP, "🏁")[0]
        datas = [b.callback_data for b in tg.buttons(GROUP, end.message_id)]
        assert datas == ["h:1:1:next", "h:1:1:end"]
        assert len(find_text(tg, GROUP, "🂠")) == 1  # one table message, edited in place
        assert not [m for m in bot_messages(tg, 3)]  # nothing to a user not in the game

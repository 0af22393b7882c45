"""The outbox against the fake server's faults and limit checks."""

from bot.app import App
from bot.outbox import Limits
from tests.e2e.harness import GROUP, config_for, find_text, play_hand, running, start_game


async def test_one_500_on_the_end_message_is_retried_and_it_arrives(people, toy, tmp_path):
    tg = people
    async with running(tg, tmp_path / "db.sqlite3"):
        for uid in (1, 2):
            await tg.send_message(uid, uid, "/start")
        await start_game(tg, "toy", [1, 2], computers=1)
        await tg.wait_for(lambda: find_text(tg, GROUP, "🂠"), timeout=10)  # the table is up
        # the next sendMessage to the group is the 🏁 message
        tg.inject_error(method="sendMessage", chat_id=GROUP, error_code=500)
        await play_hand(tg, [1, 2])
        end = find_text(tg, GROUP, "🏁")[0]
        assert [b.callback_data.rsplit(":", 1)[1] for b in tg.buttons(GROUP, end.message_id)] == [
            "next", "end"]
    sends = tg.calls("sendMessage", chat_id=GROUP)
    failed = [c for c in sends if c.error_code == 500]
    assert len(failed) == 1 and "🏁" in failed[0].params["text"]


# A compressed minute (Telegram: 20 in 60 s) so the test takes seconds.
WINDOW, PER_WINDOW = 6.0, 5


async def test_a_restart_keeps_within_the_group_limit(people, tmp_path):
    tg = people
    tg.limits.group_per_minute, tg.limits.group_window = PER_WINDOW, WINDOW
    limits = Limits(group_per_minute=PER_WINDOW, group_window=WINDOW, group_reserve=1)
    db = tmp_path / "db.sqlite3"
    for round_, helps in enumerate((PER_WINDOW, 1)):  # the second process must wait
        app = App(config_for(tg, db), limits)
        await app.start()
        try:
            for _ in range(helps):
                await tg.send_message(1, GROUP, "/help")
            want = PER_WINDOW + round_
            await tg.wait_for(lambda n=want: len(find_text(tg, GROUP, "/new")) == n, 3 * WINDOW)
        finally:
            await app.stop(drain=0.5)
    assert not [c for c in tg.calls(chat_id=GROUP) if c.error_code == 429]
    assert tg.sends_in_window(GROUP, WINDOW) <= PER_WINDOW


async def test_a_press_with_empty_data_is_answered(people, tmp_path):
    tg = people
    async with running(tg, tmp_path / "db.sqlite3"):
        await tg.send_message(1, GROUP, "/help")
        msg = await tg.wait_for(lambda: find_text(tg, GROUP, "/new")[0])
        answer = await tg.press_forged(1, GROUP, msg.message_id, "")
        assert answer["text"] == "这个按钮过期了"

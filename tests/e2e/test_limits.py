"""Telegram's limits under fast play: the outbox keeps a group under 20
messages a minute and every chat under its burst, retries a 429 after
retry_after, and the game still completes. (Real limits: slow test, ~20 s.)"""

import time

from tests.e2e.harness import GROUP, buttons_with, play_hand, running, start_game


async def test_fast_play_stays_within_limits_and_survives_429(people, toy, tmp_path):
    tg = people
    async with running(tg, tmp_path / "db", notify_idle=0.0) as app:
        for uid in (1, 2):
            await tg.send_message(uid, uid, "/start")
        await start_game(tg, "toy", [1, 2], computers=1)
        tg.inject_429(method="editMessageText", chat_id=GROUP, retry_after=2)
        tg.inject_429(method="sendMessage", chat_id=2, retry_after=1)
        t0 = time.monotonic()
        hands = 0
        while time.monotonic() - t0 < 25:
            await play_hand(tg, [1, 2], timeout=90, ends=hands + 1)
            hands += 1
            if hands == 2:
                break
            m, b = [
                p for p in buttons_with(tg, GROUP, "h:") if p[1].callback_data.endswith("next")
            ][0]
            ans = await tg.press(1, GROUP, m.message_id, b.callback_data)
            s = app.service.sittings[1]
            assert ans["text"] == "下一局！"
            assert s.hand_no == hands + 1 and s.status == "running"
        moves = sum(len(h) for h in [app.service.sittings[1].state.history])
        assert moves > 0
        await app.outbox.drain(5)
    refused = [c for c in tg.calls() if c.error_code == 429]
    assert len(refused) == 2  # only the injected ones: the outbox never tripped a limit
    assert tg.sends_in_window(GROUP, 60.0) <= 20
    counted = len(
        [
            c
            for c in tg.calls(chat_id=GROUP)
            if c.ok and c.method in ("sendMessage", "editMessageText")
        ]
    )
    print("group counted calls", counted, "hands", hands, "elapsed", time.monotonic() - t0)
    for chat in (GROUP, 1, 2):
        assert tg.sends_in_window(chat, 1.0) <= 4  # burst 3 + 1 refilled within a second
    # the injected 429s were retried: both chats got their messages after them
    for chat, method in ((GROUP, "editMessageText"), (2, "sendMessage")):
        calls = tg.calls(method, chat_id=chat)
        first_fail = next(i for i, c in enumerate(calls) if c.error_code == 429)
        assert any(c.ok for c in calls[first_fail + 1:])
        retry = next(c for c in calls[first_fail + 1:] if c.ok)
        assert retry.t - calls[first_fail].t >= 0.9

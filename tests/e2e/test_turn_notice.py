"""A "👉 Your turn" notice says so only while it is true: once the player has
moved, or the hand is over, it is gone from their private chat (it stayed
below a finished hand before, in the sandbox's screenshots too)."""

from tests.e2e.harness import GROUP, default_choice, running, start_game
from tests.e2e.test_hand_resend import hand_buttons, tap
from tests.e2e.test_rules import started

NOTICE = "👉"


def notices(tg, uid):
    return [m for m in tg.messages(uid, from_bot=True) if m.text.startswith(NOTICE)]


async def test_the_notice_goes_when_the_turn_is_over_and_none_stays_after_the_hand(
        people, tmp_path):
    tg = people
    async with running(tg, tmp_path / "db", computer_delay=0.01, ai_budget=0.02,
                       notify_idle=0.0) as app:
        await started(tg, 1)
        await start_game(tg, "dingniu", [1], computers=3)
        svc = app.service
        s = await tg.wait_for(lambda: svc.sittings[svc.by_chat[GROUP]], 10)

        def over():
            return s.hand_no != 1 or s.state.is_over()

        def settled_turn():  # his turn (or the hand's end), everything sent
            return (over() or 0 in s.state.to_act()) and svc.outbox.idle(1)

        moved = 0
        while True:
            await tg.wait_for(settled_turn, 30)
            if over():
                break
            mid = s.msgs["hand:1"]
            assert len(notices(tg, 1)) == 1, [m.text for m in tg.messages(1, from_bot=True)]
            await tap(tg, 1, 1, mid, default_choice(hand_buttons(tg, 1, mid))[1].callback_data)
            moved += 1
            # his turn is over: the notice goes (unless his turn came round again)
            await tg.wait_for(lambda: not notices(tg, 1) or 0 in s.state.to_act() or over(), 10)
        assert moved > 0
        await tg.wait_for(lambda: svc.outbox.idle(1), 10)
        assert notices(tg, 1) == []
        assert "notify:1" not in s.msgs  # the sitting forgot it too
        bad = [(c.method, c.error_code, c.params) for c in tg.calls() if c.error_code]
        assert bad == []

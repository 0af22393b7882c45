"""/hand while a game flows: the old hand message loses its buttons within
seconds, even while the player keeps tapping the new one (each tap redraws
it: an urgent edit of their chat), and a tap on the old message is answered
"this button has expired" and changes nothing."""

import asyncio

from bot.sandbox.fake.models import FakeTelegramError
from tests.e2e.harness import GROUP, MOVE_RE, default_choice, running, start_game
from tests.e2e.test_rules import started

STALE = "这个按钮过期了"
SOON = 5.0  # seconds: "within seconds"
NAME = "hand:1"


def hand_buttons(tg, uid, message_id):
    return [(tg.message(uid, message_id), b) for b in tg.buttons(uid, message_id)
            if MOVE_RE.match(b.callback_data or "") or (b.callback_data or "").startswith("p:")]


async def tap(tg, uid, chat_id, message_id, data) -> dict | None:
    try:
        return await tg.press(uid, chat_id, message_id, data)
    except FakeTelegramError:
        return None  # redrawn under the tap, like a person's late tap


class Player:
    """老王, a quick player in the group's 刨幺: "play" taps a legal move each
    time his hand message changes; "wait" leaves a turn where he may pick
    cards to the test, and answers the others (a pass when he cannot beat
    the table, a 雪 question: left alone, two of them time out in a row and
    the computer takes his seat), and starts the next hand."""

    def __init__(self, tg, s) -> None:
        self.tg, self.s, self.mode, self.presses = tg, s, "play", 0
        self.task = asyncio.ensure_future(self.run())

    async def run(self) -> None:
        tg, last = self.tg, None
        while self.mode != "stop":
            mid = self.s.msgs.get(NAME, 0)
            m = tg.message(1, mid) if mid else None
            btns = hand_buttons(tg, 1, mid) if m else []
            picker = any(b.callback_data.startswith("p:") for _m, b in btns)
            if ((self.mode == "play" or not picker) and btns
                    and (m.message_id, m.edits) != last):
                last = (m.message_id, m.edits)
                if await tap(tg, 1, 1, m.message_id, default_choice(btns)[1].callback_data):
                    self.presses += 1
            for end in [x for x in tg.messages(GROUP, from_bot=True) if "🏁" in x.text]:
                for b in tg.buttons(GROUP, end.message_id):
                    if b.callback_data.endswith(":next"):
                        await tap(tg, 1, GROUP, end.message_id, b.callback_data)
            await asyncio.sleep(0.01)

    async def stop(self) -> int:
        self.mode = "stop"
        await self.task
        return self.presses


async def test_hand_disarms_the_old_message_within_seconds_while_play_goes_on(people, tmp_path):
    tg = people
    async with running(tg, tmp_path / "db", computer_delay=0.01, ai_budget=0.02,
                       notify_idle=0.0) as app:
        await started(tg, 1)
        await start_game(tg, "paoyao", [1], computers=3)
        svc = app.service
        s = await tg.wait_for(lambda: svc.sittings[svc.by_chat[GROUP]], 10)
        player = Player(tg, s)
        try:
            await asyncio.sleep(3.0)  # the game flows: computers move, edits go out
            assert player.presses > 0
            player.mode = "wait"

            def asked():  # his turn, his picker on screen, nothing queued for him
                mid = s.msgs.get(NAME)
                return (mid and s.status == "running" and 0 in s.state.to_act()
                        and any(b.callback_data.startswith("p:") for b in tg.buttons(1, mid))
                        and svc.outbox.idle(1) and mid)

            old = await tg.wait_for(asked, 60)
            turn, picked = s.state.turn, list(s.selected(0))  # picked: he may have begun
            data = [b.callback_data for _m, b in hand_buttons(tg, 1, old)]
            loop = asyncio.get_running_loop()
            t0 = loop.time()
            # the edit taking the old buttons off is slow to arrive: a tap on
            # them meanwhile (a card, then the hint or a move) is expired and
            # changes nothing
            tg.inject_delay(method="editMessageText", chat_id=1, seconds=0.8)
            await tg.send_message(1, 1, "/hand")
            await tg.wait_for(lambda: s.msgs.get(NAME) != old, 10)
            for d in (data[0], [d for d in data if ":hint" in d or MOVE_RE.match(d)][0]):
                answer = await tg.press(1, 1, old, d)
                assert answer["text"] == STALE, d
            assert s.state.turn == turn and s.selected(0) == picked
            # meanwhile he picks cards on the new message as soon as it is
            # there, a tap every 0.3 s: each one redraws it, an urgent edit
            # of his chat
            taps, next_tap = 0, loop.time()
            while tg.buttons(1, old) and loop.time() - t0 < SOON + 3:
                new = s.msgs.get(NAME)
                toggles = [b.callback_data for b in tg.buttons(1, new) if ":x:" in
                           b.callback_data] if new else []
                if toggles and loop.time() >= next_tap:
                    await tap(tg, 1, 1, new, toggles[taps % 2])
                    taps, next_tap = taps + 1, next_tap + 0.3
                await asyncio.sleep(0.02)
            took = loop.time() - t0
            assert not tg.buttons(1, old), f"the old hand message kept its buttons ({taps} taps)"
            assert took < SOON, f"the old hand message kept its buttons {took:.1f} s"
            assert hand_buttons(tg, 1, await tg.wait_for(lambda: s.msgs.get(NAME), 10))
            player.mode = "play"  # and plays on from the new message
            presses = player.presses
            await tg.wait_for(lambda: player.presses > presses, 30)
        finally:
            await player.stop()
        assert not tg.buttons(1, old)

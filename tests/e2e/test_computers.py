"""A computer worker killed while it thinks a table's move: the move is
still made (thought again by the worker that replaces it) and the hand goes
on to its end."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal

from tests.e2e.harness import find_text, move_buttons, play_hand, running
from tests.fakes.models import FakeTelegramError

ME = 1


async def test_a_worker_killed_mid_move_leaves_no_table_stuck(people, tmp_path):
    tg = people
    async with running(tg, tmp_path / "db", ai_budget=1.0, turn_timeout=60.0) as app:
        thinker = app.service.turns.thinker
        await tg.send_message(ME, ME, "/new xianniu")  # practice: two computers
        loop = asyncio.get_running_loop()
        end = loop.time() + 60
        pressed = None
        while not (thinker.pool.figures().busy and thinker.pool.pids()):
            assert loop.time() < end, "no computer ever thought"
            mine = move_buttons(tg, ME)  # the person's move first, when it is theirs
            if mine and mine[0][1].callback_data != pressed:
                pressed = mine[0][1].callback_data
                with contextlib.suppress(FakeTelegramError):
                    await tg.press(ME, ME, mine[0][0].message_id, pressed, wait=False)
            await asyncio.sleep(0.005)
        s = next(iter(app.service.sittings.values()))
        turn = s.state.turn
        os.kill(thinker.pool.pids()[0], signal.SIGKILL)
        await tg.wait_for(lambda: s.state is None or s.state.turn > turn or s.status != "running",
                          timeout=30)  # the computer's move was made
        f = thinker.figures()
        assert f["restarts"] == 1 and f["retried"] == 1
        app.service.config = app.service.config.model_copy(update={"ai_budget": 0.02})
        await play_hand(tg, [ME], chat_id=ME, timeout=120)
        assert find_text(tg, ME, "🏁")

"""Hands that cannot move on are scored, and a scored hand's 🏁 message
reaches the group whatever happens between the result's write and its send."""

import sqlite3

from bot import lifecycle as lifecycle_module
from tests.e2e.harness import GROUP, find_text, press_button, running, start_game

OVER_WHEN_DEALT = 386  # a xianniu deal that is over at once (found by tests/bot/test_stuck_deals)


async def test_a_deal_over_when_dealt_is_scored_and_the_next_hand_starts(
    people, tmp_path, monkeypatch
):
    tg = people
    seeds = iter([OVER_WHEN_DEALT, 1, 2, 3])
    monkeypatch.setattr(lifecycle_module.secrets, "randbits", lambda _bits: next(seeds))
    async with running(tg, tmp_path / "db.sqlite3"):
        for uid in (1, 2):
            await tg.send_message(uid, uid, "/start")
        await start_game(tg, "xianniu", [1, 2], computers=1)
        end = await tg.wait_for(lambda: find_text(tg, GROUP, "🏁")[0], timeout=15)
        datas = [b.callback_data for b in tg.buttons(GROUP, end.message_id)]
        assert [d.rsplit(":", 1)[1] for d in datas] == ["next", "end"]
        db = sqlite3.connect(tmp_path / "db.sqlite3")
        status, totals = db.execute("select status, totals from sittings").fetchone()
        assert status == "hand_over"
        (net,) = db.execute("select net from hands where hand_no = 1").fetchone()
        assert totals == net.replace(" ", "") or totals.replace(" ", "") == net.replace(" ", "")
        assert net.replace(" ", "") != "[0,0,0]"  # a real result, not a void hand
        await press_button(tg, 1, GROUP, datas[0])
        await tg.wait_for(lambda: db.execute("select hand_no, status from sittings").fetchone()
                          == (2, "running"), timeout=10)

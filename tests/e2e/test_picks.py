"""紧牌 picked by several players at once: each player's selection is theirs.
Another seat's move (here the computer's discard) neither clears it nor
makes their 确定 stale, and confirming the wrong count says how many cards
are needed."""

from tests.bot.test_picks import tightening
from tests.e2e.harness import GROUP, buttons_with, running, start_game
from tests.e2e.test_rules import started

STALE = "这个按钮过期了"
CPU = 2  # the seat of the computer: the humans join first


def picker(tg, uid):
    """The player's newest hand message with picker buttons: (message, {data: button})."""
    pairs = buttons_with(tg, uid, "p:")
    if not pairs:
        raise LookupError("no picker yet")  # wait_for: not yet
    newest = max(m.message_id for m, _b in pairs)
    m = [m for m, _b in pairs if m.message_id == newest][0]
    return m, {b.callback_data: b for mm, b in pairs if mm.message_id == newest}


def ticked(tg, uid) -> list[str]:
    _m, buttons = picker(tg, uid)
    return sorted(b.text for b in buttons.values() if b.text.startswith("✓"))


def turn_of(data: str) -> int:
    return int(data.split(":")[3])


async def tick(tg, uid, index: int) -> dict:
    m, buttons = picker(tg, uid)
    data = [d for d in buttons if d.split(":")[4:6] == ["x", str(index)]][0]
    return await tg.press(uid, uid, m.message_id, data)


async def test_two_players_keep_their_picks_while_a_computer_moves(people, tmp_path):
    tg = people
    # the computer thinks for 3 s: both players select before it discards
    async with running(tg, tmp_path / "db", computer_delay=3.0) as app:
        await started(tg, 1, 2)
        await start_game(tg, "xianniu", [1, 2], computers=1)
        svc = app.service
        await tg.wait_for(lambda: GROUP in svc.by_chat, 10)
        s = svc.sittings[svc.by_chat[GROUP]]
        await tg.wait_for(lambda: s.status == "running", 10)
        assert s.seats[CPU].user_id is None
        st = tightening(s.variant)
        async with svc.lock(s):  # the deal is set to a three-way 紧牌 (like a fixed deck)
            svc.timers.forget(s)
            s.state, s.picks, s.last = st, {}, {}
            s.deadline = svc.timers.deadline(s)
            await svc.save(s)
            svc.screens.table(s)
            svc.screens.every_hand(s)
            svc.timers.arm(s)
        t0 = st.turn
        owed = list(st.owed)
        for uid in (1, 2):  # each sees a picker for this turn
            await tg.wait_for(lambda uid=uid: {turn_of(d) for d in picker(tg, uid)[1]} == {t0})
        # 老王 ticks all but one of his cards, 小李 all but one of hers
        for uid, seat in ((1, 0), (2, 1)):
            for i in range(owed[seat] - 1):
                assert not (await tick(tg, uid, i)).get("text")
            await tg.wait_for(lambda uid=uid, n=owed[seat] - 1: len(ticked(tg, uid)) == n)
        mine = {uid: ticked(tg, uid) for uid in (1, 2)}
        _m, before = picker(tg, 1)
        old_ok = [d for d in before if ":ok:" in d][0]
        # the computer discards: a move by another seat
        await tg.wait_for(lambda: s.state.turn > t0 and s.state.owed[CPU] == 0, 15)
        assert s.state.owed[:CPU] == owed[:CPU]
        for uid in (1, 2):  # redrawn for the new turn, with the selections kept
            await tg.wait_for(lambda uid=uid: {turn_of(d) for d in picker(tg, uid)[1]}
                              == {s.state.turn})
            assert ticked(tg, uid) == mine[uid]
        # 老王 taps the 确定 he saw before the redraw reached him: one card short,
        # so he is told how many are needed (not that the button expired)
        m, _b = picker(tg, 1)
        short = await tg.press_forged(1, 1, m.message_id, old_ok)
        assert short["text"] != STALE and str(owed[0]) in short["text"]
        assert short["text"] not in m.text  # not the picker's prompt again
        assert s.state.owed[0] == owed[0]
        # each ticks the last card and confirms: both discards are taken
        for uid, seat in ((1, 0), (2, 1)):
            assert not (await tick(tg, uid, owed[seat] - 1)).get("text")
            await tg.wait_for(lambda uid=uid, n=owed[seat]: len(ticked(tg, uid)) == n)
        m, _b = picker(tg, 1)
        assert not (await tg.press_forged(1, 1, m.message_id, old_ok)).get("text")
        m, buttons = picker(tg, 2)
        ok = [d for d in buttons if ":ok:" in d][0]
        assert not (await tg.press(2, 2, m.message_id, ok)).get("text")
        assert s.state.owed == [0, 0, 0]
        assert sorted(seat for seat, code in s.state.history[t0:]) == [0, 1, CPU]

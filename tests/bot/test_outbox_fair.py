"""No chat starves (issue 35): while players' buttons alone ask more than
Telegram's overall limit carries, a group's table, its 🏁 message and a
one-off edit in a private chat (the old hand message after /hand) still go
out within their patience, and the buttons keep most of the slots.

The limits are scaled down (10 calls a second, patience under a second) so
each test takes a few seconds; the outbox before issue 35 sent none of these
until the flood of buttons was over."""

from __future__ import annotations

import asyncio
import time

from bot.telegram.outbox import END, LATER, NORMAL, URGENT, Limits, Outbox
from tests.bot.test_outbox import StubBot

PATIENCE = (0.0, 0.3, 0.8, 2.0)
LIMITS = Limits(overall_per_second=10, chat_rate=50.0, chat_burst=3, urgent_reserve=2,
                ordinary_share=3, later_share=1, patience=PATIENCE, margin=0.01)
FLOOD = 3.0  # seconds of buttons, 20 a second offered (twice what goes out)


async def flood(ob: Outbox, seconds: float = FLOOD) -> int:
    """Players' buttons in fresh private chats, faster than the limit allows."""
    n = 0
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        ob.show(1000 + n, "hand", f"buttons {n}", priority=URGENT)
        n += 1
        await asyncio.sleep(0.05)
    return n


def sent_at(bot: StubBot, text: str) -> float:
    return next(c[0] for c in bot.calls if c[3] == text)


def table_went_first(bot: StubBot, asked: float, patience: float, *later: str) -> None:
    """"table v2", asked at `asked`, went before every one of `later`, within
    its patience (and a little more for the flood's slots)."""
    order = [c[3] for c in bot.calls]
    assert order.index("table v2") < min(order.index(t) for t in later), order
    assert sent_at(bot, "table v2") - asked < patience + 0.6


async def test_a_groups_table_and_its_end_go_out_while_buttons_flood():
    bot = StubBot()
    ob = Outbox(bot, LIMITS)
    ob.show(-5, "table", "table v1")  # the table's message exists; now it is edited
    assert await ob.drain(2)
    flooding = asyncio.ensure_future(flood(ob))
    await asyncio.sleep(0.5)  # the limit is full of buttons
    asked = time.monotonic()
    ob.show(-5, "table", "table v2")
    await asyncio.sleep(0.1)
    ob.show(-5, "table", "table v3")  # merges: one call
    ob.show(-6, "end", "🏁", priority=END)
    await flooding
    assert await ob.drain(20)
    texts = [c[3] for c in bot.calls]
    assert "table v2" not in texts and "table v3" in texts
    assert sent_at(bot, "table v3") - asked < PATIENCE[NORMAL] + 0.6
    assert sent_at(bot, "🏁") - asked < PATIENCE[END] + 0.6
    # and well before the flood was over: it did not wait for the buttons to stop
    assert sent_at(bot, "table v3") < asked + FLOOD - 1.0


async def test_the_old_hand_message_loses_its_buttons_soon_after_hand():
    """/hand posts the hand anew (urgent) and edits the old message to drop
    its buttons (an ordinary edit): under a flood of buttons that edit still
    goes within seconds, not after the flood."""
    bot = StubBot()
    ob = Outbox(bot, LIMITS)
    ob.show(7, ("g", "hand:7"), "hand with buttons", priority=URGENT)
    assert await ob.drain(2)
    flooding = asyncio.ensure_future(flood(ob))
    await asyncio.sleep(0.5)
    asked = time.monotonic()
    old = ob.slots[("g", "hand:7")]
    ob.forget(("g", "hand:7"))
    ob.bind(("g", "moved"), old)
    ob.show(7, ("g", "moved"), "Your cards were sent again below.")
    ob.show(7, ("g", "hand:7"), "hand again", priority=URGENT)
    await flooding
    assert await ob.drain(20)
    assert sent_at(bot, "Your cards were sent again below.") - asked < PATIENCE[NORMAL] + 1.2
    assert bot.messages[(7, old)] == "Your cards were sent again below."


async def test_keyboards_that_must_go_go_within_their_patience_under_a_flood():
    """A finished sitting's keyboards (`unbutton`, NORMAL) are no exception to
    the bound: under a flood of buttons they go within their patience; and
    one made urgent while it waits (/hand on the same message) is one edit,
    due at once, among the buttons."""
    bot = StubBot()
    ob = Outbox(bot, LIMITS)
    ob.send(7, "hand with buttons")
    ob.send(8, "hand with buttons")
    assert await ob.drain(2)
    flooding = asyncio.ensure_future(flood(ob))
    await asyncio.sleep(0.5)
    asked = time.monotonic()
    ob.unbutton(7, 1, "the sitting is over")
    ob.unbutton(8, 1, "the sitting is over")
    await asyncio.sleep(0.1)
    ob.unbutton(8, 1, "Your cards were sent again below.", URGENT)  # merges, now urgent
    [merged] = ob._chats[8].ops
    assert merged.priority == URGENT and merged.due <= time.monotonic()
    await flooding
    assert await ob.drain(20)
    assert bot.messages[(7, 1)] == "the sitting is over"
    assert bot.messages[(8, 1)] == "Your cards were sent again below."
    edits = [c for c in bot.calls if c[3] == "the sitting is over"]
    assert len(edits) == 1 and PATIENCE[NORMAL] - 0.1 < edits[0][0] - asked \
        < PATIENCE[NORMAL] + 0.6
    assert not any(c[3] == "the sitting is over" and c[2] == 8 for c in bot.calls)


async def test_buttons_keep_all_but_the_ordinary_share_of_the_limit():
    """Many due ordinary calls may not crowd the players out: while buttons
    wait, ordinary calls take at most `ordinary_share` slots of a second."""
    bot = StubBot()
    ob = Outbox(bot, LIMITS)
    for g in range(60):
        ob.show(-100 - g, "table", f"table {g}")  # all due within the flood
    n = await flood(ob)
    assert await ob.drain(30)
    t0 = bot.calls[0][0]
    window = [c for c in bot.calls if t0 + 1.0 <= c[0] < t0 + FLOOD]
    buttons = sum(1 for c in window if str(c[3]).startswith("buttons"))
    tables = len(window) - buttons
    seconds = FLOOD - 1.0
    assert buttons >= (LIMITS.overall_per_second - LIMITS.ordinary_share) * seconds * 0.8
    assert tables <= LIMITS.ordinary_share * seconds + 2  # the share, a slot of slack
    assert tables >= 1  # and they did get it
    assert sum(1 for c in bot.calls if str(c[3]).startswith("buttons")) == n


async def test_a_table_goes_before_hands_of_players_not_asked():
    """Of the ordinary calls, a group's table goes before the edit of a hand
    whose player is not asked (which the edit that asks them will replace),
    but that one is not starved either."""
    bot = StubBot()
    ob = Outbox(bot, Limits(overall_per_second=2, chat_rate=50.0, chat_burst=3, margin=0.01,
                            urgent_reserve=0, patience=PATIENCE))
    ob.show(1, "x", "fills the first second")
    ob.show(2, "y", "fills the first second too")
    await asyncio.sleep(0.05)
    for u in range(3):
        ob.show(10 + u, "hand", f"hand {u}", priority=LATER)
    ob.show(-5, "table", "table")
    assert await ob.drain(10)
    order = [c[3] for c in bot.calls]
    assert order.index("table") < min(order.index(f"hand {u}") for u in range(3))
    assert all(f"hand {u}" in order for u in range(3))


async def test_a_new_table_goes_as_soon_as_the_end_message_behind_it_must():
    """New messages keep their order in a chat (the 🏁 stays below its table):
    a table not yet posted carries the urgency of a 🏁 message queued behind
    it, instead of holding it back for the table's own patience."""
    bot = StubBot()
    patience = (0.0, 0.3, 2.0, 4.0)
    ob = Outbox(bot, Limits(overall_per_second=10, chat_rate=50.0, chat_burst=3,
                            urgent_reserve=2, ordinary_share=3, patience=patience, margin=0.01))
    flooding = asyncio.ensure_future(flood(ob))
    await asyncio.sleep(0.5)
    asked = time.monotonic()
    ob.show(-5, ("h1", "table"), "hand 1's table")  # a hand over when dealt:
    ob.show(-5, ("h1", "end"), "🏁 hand 1", priority=END)  # its 🏁 at once
    await flooding
    assert await ob.drain(20)
    order = [c[3] for c in bot.calls]
    assert order.index("hand 1's table") < order.index("🏁 hand 1")
    assert sent_at(bot, "🏁 hand 1") - asked < patience[END] + 0.9 < patience[NORMAL]


async def test_a_closed_lobby_yields_to_the_table():
    """An edit whose latest text can wait (the lobby of a game that started)
    takes the latest priority: the new table goes first, the lobby after."""
    bot = StubBot()
    ob = Outbox(bot, LIMITS)
    ob.show(-5, "lobby", "lobby: 1 seated")
    assert await ob.drain(2)
    flooding = asyncio.ensure_future(flood(ob))
    await asyncio.sleep(0.5)
    ob.show(-5, "lobby", "lobby: 3 seated")  # joins, while the buttons flood
    ob.show(-5, "lobby", "lobby: started", priority=LATER)
    ob.show(-5, ("h1", "table"), "hand 1's table")
    await flooding
    assert await ob.drain(20)
    order = [c[3] for c in bot.calls]
    assert "lobby: 3 seated" not in order
    assert order.index("hand 1's table") < order.index("lobby: started")


async def test_a_hand_nobody_waits_on_leaves_the_buttons_their_slots_then_goes():
    """Under a flood of buttons a hand whose player is not asked (LATER) does
    not take the slots kept for the buttons when it falls due, only once it
    has waited twice its patience; then it goes, so it never waits for ever."""
    bot = StubBot()
    ob = Outbox(bot, LIMITS)
    ob.show(8, "hand", "hand v1")
    assert await ob.drain(2)
    flooding = asyncio.ensure_future(flood(ob, 4.0))
    await asyncio.sleep(0.5)
    asked = time.monotonic()
    ob.show(8, "hand", "hand v2, not asked", priority=LATER)
    await flooding
    assert await ob.drain(20)
    took = sent_at(bot, "hand v2, not asked") - asked
    assert 2 * PATIENCE[LATER] - 0.1 < took < 2 * PATIENCE[LATER] + 0.7, took


async def test_a_your_turn_notice_whose_turn_is_over_is_dropped_not_sent():
    """Under a flood a "your turn" notice waits; once the player has moved
    (Screens.hand: not asked any more) it is dropped: no call, no stale ping."""
    bot = StubBot()
    ob = Outbox(bot, LIMITS)
    flooding = asyncio.ensure_future(flood(ob))
    await asyncio.sleep(0.5)
    ob.notify(7, ("g", "notify:7"), "👉 Your turn (over)")
    ob.notify(8, ("g", "notify:8"), "👉 Your turn")
    await asyncio.sleep(0.1)
    assert ob.unnotify(7, ("g", "notify:7"))
    assert not ob.unnotify(7, ("g", "notify:7")) and not ob.unnotify(9, ("g", "notify:9"))
    await flooding
    assert await ob.drain(20)  # nothing left counted as queued
    texts = [c[3] for c in bot.calls]
    assert "👉 Your turn" in texts and "👉 Your turn (over)" not in texts


async def test_due_calls_beyond_their_share_leave_the_buttons_their_reserve():
    """Many tables long due and no button waiting: the tables fill the limit
    only up to the buttons' reserve, so a button asked then goes at once (not
    when the last second's calls age out)."""
    bot = StubBot()
    ob = Outbox(bot, LIMITS)
    for g in range(60):
        ob.show(-100 - g, "table", f"table {g}")
    await asyncio.sleep(PATIENCE[NORMAL] + 1.5)  # all due; they have had their share
    waits = []
    for n in range(4):
        asked = time.monotonic()
        ob.show(2000 + n, "hand", f"buttons {n}", priority=URGENT)
        while not any(c[3] == f"buttons {n}" for c in bot.calls):
            await asyncio.sleep(0.005)
        waits.append(sent_at(bot, f"buttons {n}") - asked)
        await asyncio.sleep(0.3)
    assert max(waits) < 0.15, waits
    assert await ob.drain(30)


async def test_a_due_table_goes_before_a_hand_nobody_waits_on_that_fell_due_first():
    """A burst of deals leaves hands of players not asked (and closed
    lobbies) falling due together: a group's next table, due later than
    they, still goes first, until they have waited twice their patience."""
    bot = StubBot()
    patience = (0.0, 0.3, 0.5, 1.0)
    ob = Outbox(bot, Limits(overall_per_second=10, chat_rate=50.0, chat_burst=3,
                            urgent_reserve=2, ordinary_share=1, patience=patience, margin=0.01))
    ob.show(-5, "table", "table v1")
    assert await ob.drain(2)
    flooding = asyncio.ensure_future(flood(ob))
    await asyncio.sleep(0.5)
    for u in range(6):  # due at +1.0 s, pressing at +2.0 s
        ob.show(10 + u, "hand", f"hand {u}", priority=LATER)
    await asyncio.sleep(0.6)
    asked = time.monotonic()
    ob.show(-5, "table", "table v2")  # due at +1.1 s: after the hands, before they press
    await flooding
    assert await ob.drain(20)
    table_went_first(bot, asked, patience[NORMAL], *(f"hand {u}" for u in range(6)))


async def group_with_lobby(table: str) -> tuple[StubBot, Outbox]:
    """A group whose lobby and table messages have been posted."""
    bot = StubBot()
    ob = Outbox(bot, LIMITS)
    ob.show(-5, "lobby", "lobby: open")
    ob.show(-5, "table", table)
    assert await ob.drain(2)
    return bot, ob


async def test_a_groups_table_edit_does_not_wait_behind_its_closed_lobby():
    """A group's closed lobby (LATER) fell due before the table's next edit
    (NORMAL): the table still goes within its patience, the lobby after.
    The chat asked for the lobby first, which the line serves only at twice
    its patience, so every group's table waited behind its lobby in a burst
    of deals."""
    bot, ob = await group_with_lobby("table v1")
    flooding = asyncio.ensure_future(flood(ob, 4.0))
    await asyncio.sleep(0.5)
    ob.show(-5, "lobby", "lobby: started", priority=LATER)  # due at +2.0 s, presses at +4.0 s
    await asyncio.sleep(1.5)
    asked = time.monotonic()
    ob.show(-5, "table", "table v2")  # due at +0.8 s: after the lobby, before it presses
    await flooding
    assert await ob.drain(20)
    table_went_first(bot, asked, PATIENCE[NORMAL], "lobby: started")


async def test_a_hand_does_not_take_the_place_of_its_dropped_notice():
    """A player's "your turn" notice (NORMAL) held their chat's place in
    line; they moved, the notice was dropped, and what is left is their hand
    nobody waits on (LATER). It goes as a LATER call, after a group's table
    that fell due later than the notice would have, not in the notice's
    place (at 100 tables such places held every group's table 18 s)."""
    bot = StubBot()
    ob = Outbox(bot, LIMITS)
    ob.show(7, "hand", "hand v1")
    ob.show(-5, "table", "table v1")
    assert await ob.drain(2)
    flooding = asyncio.ensure_future(flood(ob, 5.0))
    await asyncio.sleep(0.5)
    asked = time.monotonic()
    ob.notify(7, "notify", "👉 Your turn")  # due at +0.8 s
    ob.show(7, "hand", "hand v2, not asked", priority=LATER)  # presses at +4.0 s
    await asyncio.sleep(0.2)
    assert ob.unnotify(7, "notify")  # they moved
    ob.show(-5, "table", "table v2")  # due at +1.0 s
    await flooding
    assert await ob.drain(20)
    order = [c[3] for c in bot.calls]
    assert "👉 Your turn" not in order
    assert order.index("table v2") < order.index("hand v2, not asked"), order
    took = sent_at(bot, "hand v2, not asked") - asked
    assert took > PATIENCE[LATER] - 0.1, took  # not before its own due; the notice's was +0.8 s


async def test_a_closed_lobby_goes_while_its_busy_table_keeps_the_chat_busy():
    """A closed lobby (LATER) asks the line only when nothing else waits in
    its chat, and a busy group's table nearly always waits: once the lobby
    has waited twice its patience it goes in a slot granted to the table
    (which asks again at once), not after the game."""
    bot, ob = await group_with_lobby("table v0")
    flooding = asyncio.ensure_future(flood(ob, 7.0))
    await asyncio.sleep(0.5)
    asked = time.monotonic()
    ob.show(-5, "lobby", "lobby: started", priority=LATER)  # presses at +4.0 s
    n = 0
    while not flooding.done():  # a move every 0.3 s: the table always has an edit queued
        n += 1
        ob.show(-5, "table", f"table v{n}")
        await asyncio.sleep(0.3)
    assert await ob.drain(20)
    took = sent_at(bot, "lobby: started") - asked
    assert 2 * PATIENCE[LATER] - 0.1 < took < 2 * PATIENCE[LATER] + 1.0, took
    edits = [c for c in bot.calls if str(c[3]).startswith("table v") and c[3] != "table v0"]
    assert len(edits) >= 4  # the table went on being edited meanwhile


async def test_hands_nobody_waits_on_take_only_their_share_from_due_tables():
    """Many hands nobody waits on press together (a burst of deals): they
    take at most `later_share` of the ordinary share while a due table
    waits, so the table still goes within about its patience."""
    bot = StubBot()
    ob = Outbox(bot, LIMITS)
    ob.show(-5, "table", "table v1")
    for u in range(20):
        ob.show(10 + u, "hand", f"hand {u} v1")
    assert await ob.drain(5)
    flooding = asyncio.ensure_future(flood(ob, 8.0))
    await asyncio.sleep(0.5)
    for u in range(20):  # press at +4.0 s, all of them
        ob.show(10 + u, "hand", f"hand {u}, not asked", priority=LATER)
    await asyncio.sleep(3.5)
    asked = time.monotonic()
    ob.show(-5, "table", "table v2")  # due at +0.8 s: just after the hands pressed
    await flooding
    assert await ob.drain(30)
    assert sent_at(bot, "table v2") - asked < PATIENCE[NORMAL] + 1.0
    gone = [sent_at(bot, f"hand {u}, not asked") for u in range(20)]
    assert max(gone) < asked + 12  # and they went too

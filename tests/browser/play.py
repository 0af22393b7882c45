"""Playing the sandbox through its page, as a person at the browser would:
type in the group's composer, use the page's buttons, tap the buttons of the
person's private chat. Everything is read from and done to the page (the DOM);
the bot's state is read only to judge what the group pane shows."""

from __future__ import annotations

import asyncio
import re
from typing import Any

from bot.i18n import translator
from bot.sandbox.host import GROUP, Sandbox
from tests.e2e.chaos import LeakWatch, Report

MOVE = re.compile(r"^(m|mi|p):")


def pane(chat: int) -> str:
    return f'section.chat[data-chat="{chat}"]'


class SandboxLeakWatch(LeakWatch):
    """The chaos run's check of a message for held cards, with the cards
    named in the sandbox's language (the group pane shows them so)."""

    def __init__(self, app: Any, report: Report, lang: str) -> None:
        super().__init__(app, report)
        self._ = translator(lang)

    def _label(self, game_id: str, code: str) -> str:
        from bot.presenters import catalog

        try:
            return catalog.presenter(game_id).card(code, self._)
        except (KeyError, ValueError, IndexError):
            return ""

    def _check(self, s: Any, chat: int, own: int | None, text: str) -> None:
        """The games' own names are not cards: 掀牛九 holds the card name 牛九."""
        from bot.presenters import catalog

        names = sorted((catalog.presenter(g).game_name(self._) for g in catalog.landed()),
                       key=len, reverse=True)
        for name in names:
            text = text.replace(name, "\x00")
        super()._check(s, chat, own, text)


class Player:
    """One person at the page (their private chat) with the group beside it."""

    def __init__(self, page: Any, sb: Sandbox, person: int, patience: float = 30.0) -> None:
        self.page = page
        self.patience = patience  # seconds the page may take to show what a tap did
        self.sb = sb
        self.person = person
        self.report = Report()
        self.checked = 0  # group messages read for held cards

    # -- reading the page ---------------------------------------------------------------
    async def messages(self, chat: int) -> list[dict[str, Any]]:
        """What the chat's pane shows: id, rev, text and buttons of each message."""
        return await self.page.eval_on_selector_all(f"{pane(chat)} .msg", """els => els.map(e => ({
            id: Number(e.dataset.id), rev: e.dataset.rev,
            text: (e.querySelector('.text') || {innerText: ''}).innerText,
            buttons: [...e.querySelectorAll('.kb')].map(b => ({
                data: b.dataset.data || '', text: b.textContent}))}))""")

    async def newest_id(self, chat: int) -> int:
        return max((m["id"] for m in await self.messages(chat)), default=0)

    async def wait_for(self, what, timeout: float | None = None, every: float = 0.05) -> Any:
        loop = asyncio.get_running_loop()
        timeout = timeout or self.patience
        end = loop.time() + timeout
        while True:
            found = await what()
            if found:
                return found
            if loop.time() > end:
                raise TimeoutError(f"the page did not show it within {timeout} s")
            await asyncio.sleep(every)

    async def button(self, chat: int, suffix: str, since: int = 0) -> tuple[int, str] | None:
        """(message id, data) of the newest button whose data ends with `suffix`."""
        for m in reversed(await self.messages(chat)):
            if m["id"] <= since:
                continue
            for b in m["buttons"]:
                if b["data"].endswith(suffix):
                    return m["id"], b["data"]
        return None

    # -- acting -----------------------------------------------------------------------
    async def type(self, chat: int, text: str) -> None:
        box = f"{pane(chat)} .composer .input"
        await self.page.fill(box, text)
        await self.page.press(box, "Enter")

    async def tap(self, chat: int, message: int, data: str) -> bool:
        """Click the button; False if the message was redrawn without it
        meanwhile (a person's tap would have missed too)."""
        from playwright.async_api import TimeoutError as NotThere

        try:
            await self.page.click(
                f'{pane(chat)} .msg[data-id="{message}"] .kb[data-data="{data}"]', timeout=2000)
        except NotThere:
            return False
        return True

    async def restart(self) -> None:
        """The page's "restart the bot"; until the page says it runs again."""
        await self.page.click("#restart")
        await self.page.wait_for_selector('#status[data-status="restarting"]', timeout=10_000)
        await self.page.wait_for_selector('#status[data-status="running"]', timeout=60_000)

    # -- a hand ---------------------------------------------------------------------------
    async def open_table(self, game: str, seats: int) -> int:
        """/new in the group, computers in the empty seats, start; returns the
        id the game's group messages come after."""
        since = await self.newest_id(GROUP)
        await self.type(GROUP, f"/new {game}")
        await self.wait_for(lambda: self.button(GROUP, ":cpu", since))
        mid, data = await self.wait_for(lambda: self.button(GROUP, ":start", since))
        for _seat in range(1, seats):
            before = await self.text_of(GROUP, mid)
            await self.page.click("#add-computer")
            await self.wait_for(lambda b=before: self._changed(GROUP, mid, b))
        await self.tap(GROUP, mid, data)
        return since

    async def text_of(self, chat: int, message: int) -> str:
        return next(m["text"] for m in await self.messages(chat) if m["id"] == message)

    async def _changed(self, chat: int, message: int, before: str) -> bool:
        return await self.text_of(chat, message) != before

    async def play_hand(self, since: int, shot: Any = None, shot_at: int = 1,
                        timeout: float = 600.0) -> int:
        """Tap the person's move buttons until the group shows the end of the
        hand. At the person's first turn the page restarts the bot first (the
        hand is surely under way then, and their taps after it must still
        count). `shot(page)` is called once: before tap `shot_at`, or at the
        end of a shorter hand. Returns the taps."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        taps, last, restarted = 0, None, False
        refused: set = set()
        tapped_at = 0.0
        while not await self._hand_over(since):
            await self.check_group(since)
            if loop.time() > end:
                raise TimeoutError(f"the hand is not over after {taps} taps")
            choice = choose(await self.messages(self.person), refused)
            if choice is not None and choice == last and loop.time() - tapped_at > 1.5:
                refused.add(choice)  # the bot said no (a toast) and nothing changed
                continue
            if choice is None or choice == last:  # nothing to do, or not yet redrawn
                await asyncio.sleep(0.05)
                continue
            if not restarted:
                await self.restart()
                restarted = True
                continue  # the page redraws what the bot shows after its restart
            if shot is not None and taps == shot_at:
                await self.idle()  # the table and the hand show the same moment
                await shot(self.page)
                shot = None
            last, tapped_at = choice, loop.time()
            if await self.tap(self.person, choice[0], choice[2]):
                taps += 1
        await self.check_group(since)
        if shot is not None:
            await self.idle()  # the hands' last edits too, not only the group's 🏁
            await shot(self.page)
        assert restarted, "the hand ended before the person was asked anything"
        return taps

    async def idle(self, timeout: float = 20.0) -> None:
        """Until the bot has sent everything it means to (the game waits for
        this person now), and the page has drawn it."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while loop.time() < end:
            app = self.sb.app
            if app is not None and not app.outbox.pending() and not self.sb.tg.queue.pending():
                break
            await asyncio.sleep(0.1)
        await asyncio.sleep(0.5)

    async def _hand_over(self, since: int) -> bool:
        """The end of the hand is in the group: the 🏁 message with its
        "next hand" / "finish" buttons (a sitting's last words, which may come
        late, have none)."""
        return any(m["id"] > since and "🏁" in m["text"]
                   and any(b["data"].startswith("h:") for b in m["buttons"])
                   for m in await self.messages(GROUP))

    async def finish(self, since: int) -> None:
        """The end-of-hand message's "finish" button, and yes to the question
        that follows: the sitting ends and the group is free for /new."""
        mid, data = await self.wait_for(lambda: self.button(GROUP, ":end", since))
        await self.tap(GROUP, mid, data)
        mid, data = await self.wait_for(lambda: self.button(GROUP, ":yes", mid))
        await self.tap(GROUP, mid, data)
        await self.wait_for(self._closed)

    async def _closed(self) -> bool:
        app = self.sb.app
        return app is not None and app.service is not None and GROUP not in app.service.by_chat

    # -- what the group pane shows ------------------------------------------------------
    async def check_group(self, since: int) -> None:
        """Every group message of this game, as the page shows it, checked
        for a card or tile some seat holds (the 🏁 message shows every hand:
        that is its job) and for move buttons (those belong in private)."""
        app = self.sb.app
        sitting = None
        if app is not None and app.service is not None:
            sitting_id = app.service.by_chat.get(GROUP)
            sitting = app.service.sittings.get(sitting_id) if sitting_id is not None else None
        for m in await self.messages(GROUP):
            if m["id"] <= since:
                continue
            moves = [b["data"] for b in m["buttons"] if MOVE.match(b["data"])]
            if moves:
                self.report.leaks.append(f"group message {m['id']} has move buttons {moves}")
            if sitting is None or sitting.state is None or sitting.state.is_over():
                continue
            if "🏁" in m["text"]:
                continue
            watch = SandboxLeakWatch(app, self.report, self.sb.options.lang)
            watch._check(sitting, GROUP, None, m["text"])
            for b in m["buttons"]:
                watch._check(sitting, GROUP, None, b["text"])
            self.checked += 1


def choose(shown: list[dict[str, Any]], refused: set) -> tuple[int, str, str] | None:
    """Which move button a quick player taps: the first plain move (a pass
    when following is quick); with a picker (刨幺's cards, 掀牛's 紧牌) the
    hint, or play what is selected, or select one more card. A tap the bot
    refused (the message stayed as it was) is not tried again on the same
    message. Returns (message id, its rev, data)."""
    buttons = [(m["id"], m["rev"], b) for m in shown for b in m["buttons"]
               if MOVE.match(b["data"])]
    plain = [x for x in buttons if not x[2]["data"].startswith("p:")]
    picks = [x for x in buttons if x[2]["data"].startswith("p:")]
    selected = any(x[2]["text"].startswith("✓") for x in picks)
    order = plain + [x for x in picks if selected and ":ok:" in x[2]["data"]] + [
        x for x in picks if ":hint:" in x[2]["data"]] + [
        x for x in picks if ":x:" in x[2]["data"] and not x[2]["text"].startswith("✓")]
    for mid, rev, b in order:
        if (mid, rev, b["data"]) not in refused:
            return mid, rev, b["data"]
    return None

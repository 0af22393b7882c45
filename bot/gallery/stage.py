"""The stage: the real bot (`bot.app.App`) against the fake Bot API server
of bot/sandbox/fake, with people who type commands and tap buttons, and a record
of what each chat shows after every step.

Everything that could differ between two runs is fixed: the deals
(`deal_seed`), the computer players (`ai_budget=0`: the heuristic player),
the scores' clock (`App(clock=…)`), the order of events (a step waits until
the bot is idle: no update unhandled, no computer move on its way, nothing
queued in the outbox), and the turn timer's countdown, which is shown as it
reads the moment a turn begins."""

from __future__ import annotations

import asyncio
import json
import os
import re
import tempfile
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from bot.app import App
from bot.config import Config
from bot.gallery.book import Message, Toast
from bot.outbox import Limits
from bot.pictures import fonts
from bot.pictures.draw import described
from bot.pictures.source import file_name
from bot.render import clock
from bot.sandbox.fake import FakeTelegram

TIMEOUT = 60  # seconds a move, as a new host has it
ZONE = ZoneInfo("Asia/Shanghai")
# Wednesday evening: the hands are played then; the weekly post comes the next Monday.
START = datetime(2026, 3, 4, 20, 0, tzinfo=ZONE).timestamp()
FAST = Limits(chat_rate=1000, chat_burst=1000, group_per_minute=10_000, overall_per_second=10_000)
GROUP = -1001
OTHER_GROUP = -1002
PICTURES_ENV = "PAIJU_GALLERY_PICTURES"

# The people of each language: ids 1–4 play or watch, 9 never opened the bot.
PEOPLE = {
    "zh_Hans": ["老王", "小李", "阿强", "大刘", "新人"],
    "zh_Hant": ["老王", "小李", "阿強", "大劉", "新人"],
    "en": ["Tom", "Ann", "Bob", "Kim", "Joe"],
}
USER_IDS = [1, 2, 3, 4, 9]
TELEGRAM_LANG = {"zh_Hans": "zh-hans", "zh_Hant": "zh-hant", "en": "en"}
TITLES = {"zh_Hans": ("老乡群", "同学群"), "zh_Hant": ("老鄉群", "同學群"),
          "en": ("Home town", "Old classmates")}

_MIN_SEC = re.compile(r"⏱ \d+:\d\d")
_SEC = re.compile(r"⏱ \d+(?![\d:])")


def picture_name(m: Any) -> str:
    """A photo's file name, from the description the picture carries."""
    if m.photo is None:
        return ""
    return file_name(described(m.photo["content"]))


def steady(text: str) -> str:
    """The countdown as it reads when a turn begins (it depends on when the
    message went out, never the same twice)."""
    text = _MIN_SEC.sub(f"⏱ {clock(TIMEOUT)}", text)
    return _SEC.sub(f"⏱ {TIMEOUT}", text)


@dataclass
class Seen:
    text: str
    markup: str
    document: str
    picture: str = ""


class Stage:
    """One bot, one database, one fake Telegram: `async with Stage(lang, seed)`."""

    def __init__(self, lang: str, deal_seed: int = 0) -> None:
        self.lang = lang
        self.deal_seed = deal_seed
        self.names = dict(zip(USER_IDS, PEOPLE[lang]))
        self.now = START
        self.inflight = 0
        self._tmp: tempfile.TemporaryDirectory[str] | None = None
        self.tg: Any = None
        self.app: App | None = None
        self.seen: dict[tuple[int, int], Seen] = {}
        # where the pictures the pages show are written (python -m bot.gallery --pictures DIR)
        out = os.environ.get(PICTURES_ENV)
        self.pictures = Path(out) if out else None
        self._font_env: str | None = None

    # -- start and stop ------------------------------------------------------------
    async def __aenter__(self) -> Stage:
        # no words in pictures (a font for Chinese is found on some machines only):
        # the pages are the same everywhere, the weekly post without its chart
        self._font_env = os.environ.get("PAIJU_CJK_FONT")
        os.environ["PAIJU_CJK_FONT"] = "none"
        fonts.cjk_path.cache_clear()
        fonts.cjk.cache_clear()

        self._tmp = tempfile.TemporaryDirectory(prefix="paiju-gallery-")
        self.tg = FakeTelegram()
        await self.tg.start()
        self.tg.limits.enabled = False
        code = TELEGRAM_LANG[self.lang]
        for uid in USER_IDS:
            self.tg.add_user(uid, self.names[uid], language_code=code, started=uid != 9)
        titles = TITLES[self.lang]
        self.tg.add_group(GROUP, titles[0], members=USER_IDS, admins=[1])
        self.tg.add_group(OTHER_GROUP, titles[1], members=[1, 2], admins=[1])
        config = Config(
            token=self.tg.token, api_base=self.tg.base_url,
            db_path=str(Path(self._tmp.name) / "paiju.sqlite3"), turn_timeout=TIMEOUT,
            computer_delay=0, ai_budget=0, notify_idle=0, polling_timeout=1,
            default_lang=self.lang, deal_seed=self.deal_seed, tz="Asia/Shanghai",
        )
        self.app = App(config, FAST, clock=lambda: self.now)
        await self.app.start()
        self._count_updates()
        for uid in USER_IDS[:4]:  # each has opened the private chat before
            await self.tg.send_message(uid, uid, "/start")
        await self.quiet()
        self.mark()
        return self

    async def __aexit__(self, *exc: object) -> None:
        if self.app is not None:
            await self.app.stop(drain=0.5)
        await self.tg.stop()
        if self._tmp is not None:
            self._tmp.cleanup()
        if self._font_env is None:  # the process finds its own font again
            os.environ.pop("PAIJU_CJK_FONT", None)
        else:
            os.environ["PAIJU_CJK_FONT"] = self._font_env
        fonts.cjk_path.cache_clear()
        fonts.cjk.cache_clear()

    def _count_updates(self) -> None:
        """Updates being handled: the polling loop hands each to `feed_update`
        in a task of its own, so the stage wraps it to know when all are done."""
        assert self.app is not None and self.app.dp is not None
        dp = self.app.dp
        feed = dp.feed_update

        async def counted(*args: Any, **kw: Any) -> Any:
            self.inflight += 1
            try:
                return await feed(*args, **kw)
            finally:
                self.inflight -= 1

        dp.feed_update = counted  # type: ignore[method-assign]

    @property
    def service(self) -> Any:
        assert self.app is not None
        return self.app.service

    # -- waiting -------------------------------------------------------------------
    def busy(self) -> bool:
        svc = self.service
        assert self.app is not None and self.app.outbox is not None
        return bool(self.inflight or self.tg.queue.pending() or svc.tasks
                    or self.app.outbox.pending() or not self.app.outbox._idle.is_set())

    async def quiet(self, timeout: float = 30.0) -> None:
        """Until the bot has done everything the last step asked of it."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        calm = 0
        while calm < 3:
            if loop.time() > end:
                raise TimeoutError("the bot did not go quiet")
            await asyncio.sleep(0.002)
            calm = 0 if self.busy() else calm + 1

    # -- what the chats show ----------------------------------------------------------
    def bot_messages(self, chat_id: int) -> list[Any]:
        return self.tg.messages(chat_id, from_bot=True)

    def _seen(self, m: Any) -> Seen:
        doc = m.document["file_name"] if m.document else ""
        return Seen(m.text, json.dumps(m.reply_markup, sort_keys=True), doc, picture_name(m))

    def mark(self) -> None:
        """From now on, `changes` reports what is new or different."""
        self.seen = {}
        for chat_id in self._chats():
            for m in self.bot_messages(chat_id):
                self.seen[(chat_id, m.message_id)] = self._seen(m)

    def _chats(self) -> list[int]:
        return [GROUP, OTHER_GROUP, *USER_IDS]

    def changes(self, chat_id: int) -> list[Any]:
        """The chat's bot messages new or changed since the last `mark`."""
        out = []
        for m in self.bot_messages(chat_id):
            before = self.seen.get((chat_id, m.message_id))
            if before != self._seen(m):
                out.append(m)
        return out

    def who(self, chat_id: int) -> str:
        if chat_id == GROUP:
            return "group"
        if chat_id == OTHER_GROUP:
            return "other group"
        return f"{self.names[chat_id]} · private"

    def show(self, m: Any, note: str | None = None) -> Message:
        """One message as the gallery prints it."""
        rows = [[b["text"] for b in row]
                for row in (m.reply_markup or {}).get("inline_keyboard", [])]
        if note is None:
            old = self.seen.get((m.chat_id, m.message_id))
            note = "" if old is None else "edited"
        if m.document:
            note = " · ".join(x for x in (note, f"file {m.document['file_name']}") if x)
        picture = picture_name(m)
        if picture and self.pictures is not None and not (self.pictures / picture).exists():
            self.pictures.mkdir(parents=True, exist_ok=True)
            (self.pictures / picture).write_bytes(m.photo["content"])
        return Message(self.who(m.chat_id), steady(m.text), rows, note, picture)

    def shown(self, chat_id: int) -> list[Message]:
        return [self.show(m) for m in self.changes(chat_id)]

    def last(self, chat_id: int, needle: str = "") -> Any:
        """The chat's newest bot message (containing `needle`)."""
        found = [m for m in self.bot_messages(chat_id) if needle in m.text]
        if not found:
            raise LookupError(f"no message with {needle!r} in chat {chat_id}")
        return found[-1]

    # -- people acting ----------------------------------------------------------------
    async def say(self, uid: int, chat_id: int, text: str) -> list[Message]:
        """`uid` writes `text` in the chat; what the chat then shows anew."""
        self.mark()
        await self.tg.send_message(uid, chat_id, text)
        await self.quiet()
        return self.shown(chat_id)

    async def press(self, uid: int, chat_id: int, message: Any, data: str,
                    forged: bool = False) -> Toast:
        """`uid` taps the button with this data; the toast it got."""
        self.mark()
        tap = self.tg.press_forged if forged else self.tg.press
        answer = await tap(uid, chat_id, message.message_id, data, timeout=30)
        await self.quiet()
        return Toast(answer.get("text") or "", answer.get("url") or "")

    async def tap(self, uid: int, chat_id: int, message: Any,
                  which: Callable[[str], bool]) -> Toast:
        """Tap the first button of the message whose data `which` accepts."""
        for b in self.tg.buttons(chat_id, message.message_id):
            if b.callback_data and which(b.callback_data):
                return await self.press(uid, chat_id, message, b.callback_data)
        raise LookupError(f"no such button on message {message.message_id} in {chat_id}")

    async def run(self, step: Awaitable[Any]) -> Any:
        """A step the scene takes inside the bot (a timer firing …)."""
        self.mark()
        out = await step
        await self.quiet()
        return out

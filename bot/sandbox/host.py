"""One sandbox: the fake Telegram, its group and people, and the real bot
(`bot.app.App`, the same as `paiju run`) polling it. Everything the page can
do goes through here, checked first: a request the page could not have made
(an unknown chat, a person not in the chat, a button the message does not
show) is answered with a `PageError` (an HTTP 4xx) and changes nothing."""

from __future__ import annotations

import asyncio
import importlib
import logging
import re
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bot.i18n import DEFAULT_LANG, N_
from bot.sandbox.fake import FakeTelegram, FakeTelegramError
from bot.sandbox.fake.markup import inline_buttons
from bot.sandbox.process import BotProcess, startup
from games import registry

if TYPE_CHECKING:  # aiogram takes seconds to import: the page is up before it is
    from bot.app import App
    from bot.telegram.outbox import Limits

log = logging.getLogger(__name__)

GROUP = -1001000000001
FIRST_PERSON = 101
BOT_USERNAME = "paiju_sandbox_bot"
BOT_NAME = "Paiju"
DEEP_LINK = re.compile(rf"(?:https?://)?t\.me/{BOT_USERNAME}\?start=[A-Za-z0-9_-]{{0,64}}", re.I)
MAX_PEOPLE = 12
MAX_TEXT = 4096
MAX_FAILS = 100
SLOW = 60.0  # seconds the bot may take to answer at start, on a very busy machine
# Names as people in such a group go by; the first --players of them have
# opened the bot's private chat before, the ones added later have not.
NAMES = {
    "zh_Hans": ["老王", "小李", "阿强", "大刘", "老张", "小陈", "阿梅", "老赵", "小周", "阿芳",
                "老孙", "小吴"],
    "zh_Hant": ["老王", "小李", "阿強", "大劉", "老張", "小陳", "阿梅", "老趙", "小周", "阿芳",
                "老孫", "小吳"],
    "en": ["Tom", "Ann", "Bob", "Kim", "Joe", "Sue", "Max", "Eve", "Ray", "Liz", "Sam", "Amy"],
}
GROUP_TITLE = {"zh_Hans": "老乡群", "zh_Hant": "老鄉群", "en": "Home town"}
TELEGRAM_LANG = {"zh_Hans": "zh-hans", "zh_Hant": "zh-hant", "en": "en"}


class PageError(Exception):
    """A request the sandbox will not carry out: `status` is its HTTP status
    (4xx), `reason` a msgid (the page shows it translated)."""

    def __init__(self, status: int, reason: str, **fields: Any) -> None:
        super().__init__(reason.format(**fields))
        self.status = status
        self.reason = reason
        self.fields = fields


@dataclass
class Options:
    game: str | None = None  # open a lobby of this game at start, with the people seated
    players: int = 2  # people who have opened the bot; more can be added from the page
    lang: str = DEFAULT_LANG
    db: str | None = None  # None: a throwaway database
    # None: Telegram's limits, as `paiju run` keeps them (tests pass faster ones)
    outbox: Limits | None = None
    telegram_limits: bool = True  # the fake server enforces Telegram's flood limits
    config: dict[str, Any] = field(default_factory=dict)  # Config fields to override
    # the bot in a process of its own (`paiju sandbox`: its import runs on the
    # other core while the page comes up; a restart is a real one); in this
    # process otherwise, where tests can look inside it (`Sandbox.app`)
    process: bool = False


def check(options: Options) -> str | None:
    """What is wrong with the options, in one line, or None."""
    if options.game is not None:
        if options.game not in registry.ids():
            return f"unknown game {options.game!r}; known: {', '.join(registry.ids())}"
        seats = max(registry.get(options.game).seat_counts)
        if options.players > seats:
            return f"{options.game} seats {seats}: --players {options.players} is too many"
    if not 1 <= options.players <= MAX_PEOPLE:
        return f"--players must be 1 to {MAX_PEOPLE}"
    return None


class Sandbox:
    def __init__(self, options: Options, spare: BotProcess | None = None) -> None:
        """`spare`: a bot process already importing the bot (with
        `options.process`), the first one to start."""
        self.options = options
        self.tg = FakeTelegram(bot_username=BOT_USERNAME)
        self.tg.world.bot_user["first_name"] = BOT_NAME
        self.tg.limits.enabled = options.telegram_limits
        self.app: App | None = None  # the bot, when it runs in this process
        self.bot: BotProcess | None = None  # the bot's process, with options.process
        self._spare = spare
        self._watching: asyncio.Task[None] | None = None
        self.status = "stopped"  # stopped | starting | running | restarting
        self.links: dict[int, str] = {}  # person → the deep link they were sent to
        self.listeners: list[Callable[[], None]] = []  # told of every change
        self._tmp: tempfile.TemporaryDirectory[str] | None = None
        self._db = ""
        self._met = False
        self._restarting: asyncio.Task[None] | None = None
        self._crashed = False  # the bot stopped on its own: "restart" starts it again

    # -- start and stop ---------------------------------------------------------------
    async def start(self) -> None:
        await self.open()
        await self.start_bot()

    async def open(self) -> None:
        """The make-believe Telegram with its group and people (quick: the
        page can show them while the bot starts)."""
        o = self.options
        self.status = "starting"
        self.tg.listeners.append(self._on_call)
        await self.tg.start()
        if o.db is None:
            self._tmp = tempfile.TemporaryDirectory(prefix="paiju-sandbox-")
            self._db = str(Path(self._tmp.name) / "paiju.sqlite3")
        else:
            self._db = o.db
        names = NAMES.get(o.lang, NAMES["en"])
        for i in range(o.players):
            self._new_person(names[i], started=True)
        self.tg.add_group(GROUP, GROUP_TITLE.get(o.lang, GROUP_TITLE["en"]),
                          members=self.people(), owner=FIRST_PERSON)
        self.changed()

    async def start_bot(self) -> None:
        """The bot (imported off the event loop, which keeps serving the
        page, or in its own process), then the lobby of --game."""
        if not self.options.process:
            await asyncio.to_thread(importlib.import_module, "bot.app")
        await self._start_bot()
        try:
            if not self._met:  # the people have opened the bot's chat before
                started = [uid for uid in self.people() if self.tg.is_started(uid)]
                for uid in started:
                    await self.tg.send_message(uid, uid, "/start")
                await self.tg.wait_for(lambda: all(self.tg.messages(uid, from_bot=True)
                                                   for uid in started), timeout=SLOW)
                self._met = True
            if self.options.game is not None:
                await self.open_lobby(self.options.game)
        except (TimeoutError, FakeTelegramError):  # a very busy machine: shown as it comes
            log.warning("the bot is slow to answer; the sandbox goes on")
        self.changed()

    async def stop(self) -> None:
        if self._restarting is not None:
            await asyncio.gather(self._restarting, return_exceptions=True)
        await self._stop_bot()
        if self._spare is not None:
            self._spare.discard()
            self._spare = None
        await self.tg.stop()
        if self._tmp is not None:
            self._tmp.cleanup()
            self._tmp = None
        self.status = "stopped"

    async def _start_bot(self) -> None:
        o = self.options
        config = {"token": self.tg.token, "api_base": self.tg.base_url, "db_path": self._db,
                  "default_lang": o.lang, **o.config}
        if o.process:
            bot, self._spare = self._spare or BotProcess(), None
            self.bot = bot
            await bot.start(startup(config, o.outbox, logging.getLogger().getEffectiveLevel()))
            self._watching = asyncio.get_running_loop().create_task(self._watch(bot))
        else:
            from bot.app import App
            from bot.config import Config

            self.app = App(Config(**config), o.outbox)
            await self.app.start()
        self.status = "running"

    async def _stop_bot(self) -> None:
        if self.app is not None:
            await self.app.stop(drain=0.5)
            self.app = None
        if self.bot is not None:
            bot, self.bot = self.bot, None  # gone on purpose: not a crash
            await bot.stop()
        if self._watching is not None:
            await asyncio.gather(self._watching, return_exceptions=True)
            self._watching = None

    async def _watch(self, bot: BotProcess) -> None:
        """The bot's process ending on its own is a crash: the page says it
        is stopped (and "restart the bot" starts another)."""
        code = await bot.ended()
        if self.bot is bot:
            log.error("the bot's process ended (status %s)", code)
            self.bot = None
            self.status = "stopped"
            self._crashed = True
            self.changed()

    async def open_lobby(self, game: str) -> None:
        """The first person opens a lobby of `game` in the group; the other
        people take a seat each."""
        people = self.people()
        await self.tg.send_message(people[0], GROUP, f"/new {game}")
        for uid in people[1:]:
            mid, data = await self.tg.wait_for(lambda: self._lobby_button("join"), timeout=SLOW)
            await self.tg.press(uid, GROUP, mid, data, timeout=SLOW)
        names = [self.tg.world.users[uid]["first_name"] for uid in people]

        def seated() -> bool:
            found = self._lobby_button("join")
            lobby = self.tg.message(GROUP, found[0]) if found else None
            return lobby is not None and all(name in lobby.text for name in names)

        await self.tg.wait_for(seated, timeout=SLOW)

    # -- what the page does ---------------------------------------------------------
    def restart(self) -> None:
        """Stop the bot and start it again, as after a crash: the running
        games go on from the database. Returns at once; `status` tells."""
        if not self.restartable():
            raise PageError(409, N_("The bot is not running now; wait a moment."))
        self._crashed = False
        self.status = "restarting"
        self.changed()
        self._restarting = asyncio.get_running_loop().create_task(self._restart())

    def restartable(self) -> bool:
        """Running, or stopped on its own (a crash, a failed start)."""
        return self.status == "running" or self._crashed

    async def _restart(self) -> None:
        try:
            await self._stop_bot()
            self.changed()
            await self._start_bot()
        except Exception:
            log.exception("the bot did not start again")
            self.status = "stopped"
            self._crashed = True
        finally:
            self._restarting = None
            self.changed()

    async def restarted(self) -> None:
        """Until a restart under way is over."""
        if self._restarting is not None:
            await asyncio.gather(self._restarting, return_exceptions=True)

    async def send(self, user: int, chat: int, text: Any) -> int:
        """`user` writes `text` in `chat`; the new message's id."""
        self._person_in(user, chat)
        if not isinstance(text, str) or not text.strip():
            raise PageError(400, N_("Type something first."))
        if len(text) > MAX_TEXT:
            raise PageError(400, N_("That is too long for one message."))
        if chat == user and not self.tg.is_started(user):  # Telegram shows only START then
            raise PageError(409, N_("Tap START first: this person has not opened the bot yet."))
        msg = await self.tg.send_message(user, chat, text)
        self.changed()
        return int(msg["message_id"])

    async def press(self, user: int, chat: int, message: int, data: Any) -> str:
        """`user` taps the button with this callback data on the message; the
        toast comes later (when the bot answers). Returns the query id."""
        self._person_in(user, chat)
        m = self.tg.message(chat, message)
        if m is None:
            raise PageError(404, N_("That message is not in this chat."))
        if not isinstance(data, str) or not any(
                b.callback_data == data for b in inline_buttons(m.reply_markup)):
            raise PageError(400, N_("That message shows no such button."))
        answer = await self.tg.press(user, chat, m.message_id, data, wait=False)
        self.changed()
        return str(answer["callback_query_id"])

    async def follow_link(self, user: int) -> None:
        """`user` taps START in their private chat with the bot: opens the
        deep link they were sent to (or a plain /start)."""
        self._person_in(user, user)
        url = self.links.pop(user, None)
        if url is not None:
            await self.tg.open_link(user, url)
        else:
            await self.tg.send_message(user, user, "/start")
        self.changed()

    async def open_url(self, user: int, chat: int, message: int, url: Any) -> None:
        """`user` taps a link button: a deep link to this bot waits behind
        START in their private chat (Telegram opens that chat)."""
        self._person_in(user, chat)
        m = self.tg.message(chat, message)
        if m is None or not any(b.url == url for b in inline_buttons(m.reply_markup)):
            raise PageError(400, N_("That message shows no such button."))
        self._remember_link(user, str(url))

    def add_person(self, name: Any = None) -> int:
        """Someone new joins the group; they have not opened the bot yet."""
        people = self.people()
        if len(people) >= MAX_PEOPLE:
            raise PageError(409, N_("The sandbox has room for {n} people."), n=MAX_PEOPLE)
        if name is None or (isinstance(name, str) and not name.strip()):
            taken = {self.tg.world.users[u]["first_name"] for u in people}
            names = NAMES.get(self.options.lang, NAMES["en"])
            name = next((n for n in names if n not in taken), f"#{len(people) + 1}")
        if not isinstance(name, str) or len(name.strip()) > 32:
            raise PageError(400, N_("A name is 1 to 32 characters."))
        uid = self._new_person(name.strip(), started=False)
        self.tg.add_member(GROUP, uid)
        self.changed()
        return uid

    async def add_computer(self, user: int) -> str:
        """`user` taps the open lobby's "add a computer" button."""
        self._person_in(user, GROUP)
        found = self._lobby_button("cpu")
        if found is None:
            raise PageError(409, N_("No lobby is open: type /new in the group first."))
        return await self.press(user, GROUP, *found)

    def fail_next(self, count: Any, status: Any) -> None:
        """The next `count` calls the bot makes to a chat fail with 429 (and
        that chat's flood wait) or 500."""
        if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= MAX_FAILS:
            raise PageError(400, N_("Fail 1 to {n} calls."), n=MAX_FAILS)
        if status == 429:
            self.tg.inject_429(times=count, retry_after=2)
        elif status == 500:
            self.tg.inject_error(times=count)
        else:
            raise PageError(400, N_("Failures are 429 or 500."))
        self.changed()

    def failing(self) -> int:
        """Calls still to fail."""
        return sum(max(f.times, 0) for f in self.tg.faults if f.kind == "error")

    # -- people and chats -----------------------------------------------------------
    def people(self) -> list[int]:
        return sorted(u for u in self.tg.world.users if u >= FIRST_PERSON)

    def _new_person(self, name: str, *, started: bool) -> int:
        uid = max(self.people(), default=FIRST_PERSON - 1) + 1
        self.tg.add_user(uid, name, language_code=TELEGRAM_LANG.get(self.options.lang, "en"),
                         started=started)
        return uid

    def _person_in(self, user: int, chat: int) -> None:
        """A PageError unless `chat` exists and `user` is a person who may act in it."""
        if chat != GROUP and chat not in self.people():
            raise PageError(404, N_("There is no such chat."))
        if user not in self.people():
            raise PageError(404, N_("There is no such person."))
        if chat == GROUP and user not in self.tg.world.groups[GROUP].members:
            raise PageError(403, N_("That person is not in the group."))
        if chat != GROUP and chat != user:
            raise PageError(403, N_("Only its owner can act in a private chat."))
        # starting or restarting: what they do waits in the queue, as in Telegram
        if self.status == "stopped":
            raise PageError(503, N_("The bot is not running now; wait a moment."))

    def lobby_open(self) -> bool:
        """A lobby in the group takes computers now."""
        return self._lobby_button("cpu") is not None

    def _lobby_button(self, action: str) -> tuple[int, str] | None:
        """(message id, data) of the open lobby's button for `action`."""
        for m in reversed(self.tg.messages(GROUP, from_bot=True)):
            for b in inline_buttons(m.reply_markup):
                d = b.callback_data or ""
                if d.startswith("l:") and d.endswith(":" + action):
                    return m.message_id, d
        return None

    def _remember_link(self, user: int, url: str) -> None:
        """Only a deep link to this bot opens its chat; other links go nowhere."""
        if user in self.tg.world.users and DEEP_LINK.fullmatch(url):
            self.links[user] = url
            self.changed()

    # -- change notices ---------------------------------------------------------------
    def _on_call(self, call: Any) -> None:
        if call.method == "getUpdates":
            return
        if call.method == "answerCallbackQuery" and call.ok:
            q = self.tg.callbacks.get(str(call.params.get("callback_query_id")))
            if q is not None and q.answer and q.answer.get("url"):
                self._remember_link(q.user_id, q.answer["url"])
        self.changed()

    def changed(self) -> None:
        """Tell the listeners (the page) that what it shows may have changed."""
        for listen in self.listeners:
            listen()

"""FakeTelegram: an aiohttp server on 127.0.0.1 speaking the Bot API, with a
scriptable world (users, groups), user actions (send_message, press) and a
record of every call the bot made. Interface: /work/FAKE_API.md."""

from __future__ import annotations

import asyncio
import inspect
import json
import re
import time
from dataclasses import dataclass
from typing import Any

from aiohttp import web

from .limits import Fault, RateLimits
from .markup import inline_buttons
from .methods import CANONICAL, COUNTED, METHODS
from .models import ApiError, Button, Call, FakeMessage, FakeTelegramError
from .params import read_params
from .text import command_entities, leading_command
from .updates import UpdateQueue
from .world import Group, World

_PATH_RE = re.compile(r"^/bot([^/]+)/([A-Za-z0-9_]+)/?$")


@dataclass
class PendingCallback:
    id: str
    user_id: int
    chat_id: int
    message_id: int
    data: str
    t: float
    future: asyncio.Future
    answer: dict | None = None  # the bot's answerCallbackQuery parameters
    answered_t: float | None = None  # monotonic time of that answer


class FakeTelegram:
    def __init__(self, *, token: str = "123456:TEST-TOKEN", bot_username: str = "paiju_test_bot",
                 privacy_mode: bool = True, answer_timeout: float = 15.0,
                 limits: RateLimits | None = None):
        self.token = token
        self.bot_id = int(token.split(":", 1)[0])
        self.bot_username = bot_username
        self.base_url = ""
        self.privacy_mode = privacy_mode  # groups: only commands reach the bot
        self.answer_timeout = answer_timeout  # seconds a callback query stays answerable
        self.limits = limits or RateLimits()
        self.world = World({"id": self.bot_id, "is_bot": True, "first_name": "Paiju Test",
                            "username": bot_username})
        self.queue: UpdateQueue | None = None
        self.callbacks: dict[str, PendingCallback] = {}
        self.faults: list[Fault] = []
        self._calls: list[Call] = []
        self._next_query = 4_000_000_000_000_000_001
        self._runner: web.AppRunner | None = None

    # -- lifecycle ------------------------------------------------------------

    async def start(self) -> None:
        self.queue = UpdateQueue()
        app = web.Application()
        app.router.add_route("*", "/{tail:.*}", self._handle)
        self._runner = web.AppRunner(app, handle_signals=False, shutdown_timeout=0.5,
                                     handler_cancellation=True, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        host, port = self._runner.addresses[0][:2]
        self.base_url = f"http://{host}:{port}"

    async def stop(self) -> None:
        if self.queue is not None:
            self.queue.close()
        for q in self.callbacks.values():
            if not q.future.done():
                q.future.set_exception(FakeTelegramError("the fake server stopped"))
                q.future.exception()  # retrieved: no "never retrieved" warning
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> FakeTelegram:
        await self.start()
        return self

    async def __aexit__(self, *exc) -> None:
        await self.stop()

    # -- HTTP ------------------------------------------------------------------

    async def _handle(self, request: web.Request) -> web.Response:
        now = time.monotonic()
        m = _PATH_RE.match(request.path)
        if not m:
            return _reply(ApiError(404, "Not Found").body(), 404)
        token, name = m.groups()
        if token != self.token:
            return _reply(ApiError(401, "Unauthorized").body(), 401)
        try:
            params = await read_params(request)
        except (ValueError, json.JSONDecodeError):
            return _reply(ApiError(400, "Bad Request: invalid request body").body(), 400)
        method = CANONICAL.get(name.lower(), name)
        chat_id = self._chat_of(method, params)
        call = Call(now, method, params, chat_id, False, None)
        fault = None
        try:
            handler = METHODS.get(method)
            if handler is None:
                raise ApiError(404, "Not Found: method not found")
            fault = self._take_fault(method, chat_id)
            if fault is not None and fault.kind == "delay":
                await asyncio.sleep(fault.seconds)
            if fault is not None and fault.kind == "drop" and not fault.after:
                call.description = "connection dropped"
                return self._drop(request, call)
            self._fault(fault, method, chat_id, time.monotonic())
            result = handler(self, params, time.monotonic())
            if inspect.isawaitable(result):
                result = await result
        except ApiError as e:
            call.error_code, call.description = e.error_code, e.description
            self._calls.append(call)
            return _reply(e.body(), e.error_code)
        call.ok, call.result = True, result
        if fault is not None and fault.kind == "drop":
            call.description = "connection dropped after the call took effect"
            return self._drop(request, call)
        self._calls.append(call)
        return _reply({"ok": True, "result": result}, 200)

    def _drop(self, request: web.Request, call: Call) -> web.Response:
        self._calls.append(call)
        if request.transport is not None:
            request.transport.abort()
        return web.Response(status=500)

    def _chat_of(self, method: str, params: dict) -> int | None:
        if method == "answerCallbackQuery":
            q = self.callbacks.get(str(params.get("callback_query_id", "")))
            return q.chat_id if q else None
        chat_id = params.get("chat_id")
        return chat_id if isinstance(chat_id, int) else None

    def _take_fault(self, method: str, chat_id: int | None) -> Fault | None:
        for f in self.faults:
            if f.matches(method, chat_id):
                f.times -= 1
                return f
        return None

    def _fault(self, fault: Fault | None, method: str, chat_id: int | None,
               now: float) -> None:
        if fault is not None and fault.kind == "error":
            if fault.flood and method in COUNTED and chat_id is not None:
                self.limits.set_flood(chat_id, now, fault.flood)
            raise fault.error
        if method in COUNTED and chat_id is not None:
            # flood waits (from limits or injected 429s) refuse before validation
            self.limits.check_flood(chat_id, now)

    def rate(self, chat_id: int, now: float) -> None:
        """Called by counted methods once the call is valid: 429 or account it."""
        is_group = self.world.is_group(chat_id)
        self.limits.check(chat_id, is_group, now)
        self.limits.commit(chat_id, is_group, now)

    # -- the world -------------------------------------------------------------

    def add_user(self, user_id: int, first_name: str, *, username: str | None = None,
                 language_code: str = "zh-hans", started: bool = False,
                 last_name: str | None = None) -> dict:
        if user_id <= 0:
            raise FakeTelegramError("user ids are positive")
        user = {"id": user_id, "is_bot": False, "first_name": first_name,
                "language_code": language_code}
        if last_name:
            user["last_name"] = last_name
        if username:
            user["username"] = username
        self.world.users[user_id] = user
        if started:
            self.world.started.add(user_id)
        return dict(user)

    def add_group(self, chat_id: int, title: str, *, members: list[int] = (),
                  admins: list[int] = (), owner: int | None = None,
                  bot_is_admin: bool = False, type: str | None = None) -> dict:
        if chat_id >= 0:
            raise FakeTelegramError("group chat ids are negative")
        kind = type or ("supergroup" if chat_id <= -1_000_000_000_000 else "group")
        everyone = set(members) | set(admins) | ({owner} if owner is not None else set())
        for uid in everyone:
            if uid not in self.world.users:
                raise FakeTelegramError(f"add_user({uid}, ...) before adding them to a group")
        self.world.groups[chat_id] = Group(chat_id, title, kind, everyone, set(admins), owner,
                                           bot_is_admin)
        return self.world.chat_dict(chat_id)

    def add_member(self, chat_id: int, user_id: int, *, admin: bool = False) -> None:
        g = self._group(chat_id)
        if user_id not in self.world.users:
            raise FakeTelegramError(f"add_user({user_id}, ...) first")
        g.members.add(user_id)
        if admin:
            g.admins.add(user_id)

    def remove_member(self, chat_id: int, user_id: int) -> None:
        g = self._group(chat_id)
        g.members.discard(user_id)
        g.admins.discard(user_id)

    def set_started(self, user_id: int, started: bool = True) -> None:
        (self.world.started.add if started else self.world.started.discard)(user_id)

    def is_started(self, user_id: int) -> bool:
        return user_id in self.world.started

    def block_bot(self, user_id: int) -> None:
        """The user blocks the bot: sends to them get 403 'bot was blocked by the user'."""
        self.world.blocked.add(user_id)

    def migrate_group(self, chat_id: int, new_chat_id: int) -> dict:
        """The group is upgraded to a supergroup with a new id (members and
        admins move; message ids start again at 1). Calls to the old id get
        400 "group chat was upgraded to a supergroup chat" with
        parameters.migrate_to_chat_id (aiogram: TelegramMigrateToChat). The
        bot receives the two service messages (migrate_to/from_chat_id)."""
        g = self._group(chat_id)
        if new_chat_id in self.world.groups or new_chat_id > -1_000_000_000_000:
            raise FakeTelegramError("the new id must be a free supergroup id (-100...)")
        del self.world.groups[chat_id]
        g.id, g.type = new_chat_id, "supergroup"
        self.world.groups[new_chat_id] = g
        self.world.migrated[chat_id] = new_chat_id
        old_chat = {"id": chat_id, "type": "group", "title": g.title}
        actor = self.world.user_dict(g.owner) if g.owner is not None else None
        for chat, key, value in ((old_chat, "migrate_to_chat_id", new_chat_id),
                                 (self.world.chat_dict(new_chat_id), "migrate_from_chat_id",
                                  chat_id)):
            mid = self.world._next_id.get(chat["id"], 0) + 1
            self.world._next_id[chat["id"]] = mid
            msg = {"message_id": mid, "date": int(time.time()), "chat": chat, key: value}
            if actor is not None:
                msg["from"] = actor
            if self.queue is not None:
                self.queue.put("message", msg)
        return self.world.chat_dict(new_chat_id)

    def set_bot_admin(self, chat_id: int, admin: bool = True) -> None:
        self._group(chat_id).bot_is_admin = admin

    def kick_bot(self, chat_id: int) -> None:
        self._group(chat_id).bot_kicked = True

    def _group(self, chat_id: int) -> Group:
        g = self.world.groups.get(chat_id)
        if g is None:
            raise FakeTelegramError(f"no group {chat_id}: add_group first")
        return g

    def _check_can_act(self, user_id: int, chat_id: int) -> None:
        if user_id not in self.world.users:
            raise FakeTelegramError(f"unknown user {user_id}: add_user first")
        if chat_id > 0:
            if chat_id != user_id:
                raise FakeTelegramError(
                    f"user {user_id} cannot act in the private chat of user {chat_id}")
            return
        g = self._group(chat_id)
        if user_id not in g.members:
            raise FakeTelegramError(f"user {user_id} is not a member of group {chat_id}")

    # -- what users do -----------------------------------------------------------

    async def send_message(self, user_id: int, chat_id: int, text: str, *,
                           reply_to: int | None = None) -> dict:
        """The user writes `text` in the chat; returns the Message. Delivered
        to the bot as a "message" update, except (like Telegram) plain group
        text in privacy mode that is neither a command nor a reply to the
        bot, commands addressed to another bot, and anything while the user
        has blocked the bot. "/start ..." in the private chat starts (and
        unblocks) the bot for that user."""
        self._check_can_act(user_id, chat_id)
        self._require_started_server()
        w = self.world
        replied = None
        if reply_to is not None:
            replied = w.get_message(chat_id, reply_to)
            if replied is None:
                raise FakeTelegramError(f"no message {reply_to} in chat {chat_id} to reply to")
        m = w.new_message(chat_id, user_id, text, command_entities(text), None,
                          reply_to=reply_to)
        msg = w.message_dict(m)
        cmd = leading_command(text)
        if chat_id > 0:
            if cmd and cmd[0] == "/start":
                w.started.add(user_id)
                w.blocked.discard(user_id)
            if user_id in w.blocked:
                return msg  # a blocked bot receives nothing
        else:
            if cmd and cmd[1] and cmd[1].lower() != self.bot_username.lower():
                return msg  # addressed to another bot
            to_bot = replied is not None and replied.from_bot
            if self.privacy_mode and not cmd and not to_bot:
                return msg  # privacy mode: plain group text is not delivered
            if w.groups[chat_id].bot_kicked:
                return msg
        self.queue.put("message", msg)
        return msg

    async def open_link(self, user_id: int, url: str) -> dict:
        """The user follows a deep link t.me/<bot>?start=<payload> (from a
        callback answer or a url button) and taps Start: sends "/start
        <payload>" in their private chat. Returns that Message."""
        m = re.fullmatch(r"(?:https?://)?t\.me/([A-Za-z0-9_]+)\?start=([A-Za-z0-9_-]*)", url)
        if not m or m.group(1).lower() != self.bot_username.lower():
            raise FakeTelegramError(f"not a deep link to @{self.bot_username}: {url!r}")
        text = f"/start {m.group(2)}" if m.group(2) else "/start"
        return await self.send_message(user_id, user_id, text)

    async def press(self, user_id: int, chat_id: int, message_id: int, callback_data: str,
                    *, timeout: float = 5.0, wait: bool = True) -> dict:
        m = self.world.get_message(chat_id, message_id)
        if m is None:
            raise FakeTelegramError(f"no message {message_id} in chat {chat_id}")
        if not any(b.callback_data == callback_data for b in inline_buttons(m.reply_markup)):
            shown = [b.callback_data for b in inline_buttons(m.reply_markup)]
            raise FakeTelegramError(
                f"message {chat_id}/{message_id} has no button {callback_data!r}; "
                f"it shows {shown}")
        return await self.press_forged(user_id, chat_id, message_id, callback_data,
                                       timeout=timeout, wait=wait)

    async def press_forged(self, user_id: int, chat_id: int, message_id: int,
                           callback_data: str, *, timeout: float = 5.0,
                           wait: bool = True) -> dict:
        self._check_can_act(user_id, chat_id)
        self._require_started_server()
        m = self.world.messages.get(chat_id, {}).get(message_id)
        if m is None:
            raise FakeTelegramError(f"no message {message_id} in chat {chat_id}")
        qid = str(self._next_query)
        self._next_query += 1
        fut = asyncio.get_running_loop().create_future()
        q = PendingCallback(qid, user_id, chat_id, message_id, callback_data,
                            time.monotonic(), fut)
        self.callbacks[qid] = q
        self.queue.put("callback_query", {
            "id": qid,
            "from": self.world.user_dict(user_id),
            "message": self.world.message_dict(m),
            "chat_instance": str(abs(chat_id) * 7919 % 10**18),
            "data": callback_data,
        })
        if not wait:
            return {"callback_query_id": qid}
        try:
            return await asyncio.wait_for(asyncio.shield(fut), timeout)
        except TimeoutError:
            failed = [c.description for c in self.calls("answerCallbackQuery")
                      if not c.ok and str(c.params.get("callback_query_id")) == qid]
            raise FakeTelegramError(
                f"the bot did not answer callback query {qid} ({callback_data!r}) within "
                f"{timeout}s" + (f"; failed answers: {failed}" if failed else "")) from None

    def delete_message_as_user(self, chat_id: int, message_id: int) -> None:
        m = self.world.get_message(chat_id, message_id)
        if m is None:
            raise FakeTelegramError(f"no message {message_id} in chat {chat_id}")
        m.deleted = True

    def _require_started_server(self) -> None:
        if self.queue is None:
            raise FakeTelegramError("start() the fake server first")

    # -- what the bot did ----------------------------------------------------------

    def messages(self, chat_id: int, *, from_bot: bool | None = None) -> list[FakeMessage]:
        """Current (non-deleted) messages of the chat in order, users' included
        unless from_bot is given."""
        return [m for _, m in sorted(self.world.messages.get(chat_id, {}).items())
                if not m.deleted and (from_bot is None or m.from_bot == from_bot)]

    def message(self, chat_id: int, message_id: int) -> FakeMessage | None:
        return self.world.get_message(chat_id, message_id)

    def buttons(self, chat_id: int, message_id: int) -> list[Button]:
        m = self.world.get_message(chat_id, message_id)
        return inline_buttons(m.reply_markup) if m else []

    def calls(self, method: str | None = None, chat_id: int | None = None) -> list[Call]:
        method = method.lower() if method else None
        return [c for c in sorted(self._calls, key=lambda c: c.t)
                if (method is None or c.method.lower() == method)
                and (chat_id is None or c.chat_id == chat_id)]

    def sends_in_window(self, chat_id: int | None, seconds: float) -> int:
        """Most successful sends+edits to the chat (None: to all chats) in any
        window of `seconds` (half-open, as the limiter counts)."""
        times = sorted(c.t for c in self._calls if c.ok and c.method in COUNTED
                       and c.chat_id is not None and (chat_id is None or c.chat_id == chat_id))
        best, j = 0, 0
        for i, t in enumerate(times):
            while t - times[j] >= seconds:
                j += 1
            best = max(best, i - j + 1)
        return best

    async def wait_for(self, predicate, timeout: float = 10.0) -> Any:
        """Poll predicate() (sync or async) every 10 ms until truthy and return
        its value. LookupError/AttributeError count as "not yet" (so
        `lambda: tg.messages(g)[-1].text == "x"` works); TimeoutError after
        `timeout` seconds, chained to the last such error."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        last: Exception | None = None
        while True:
            try:
                value = predicate()
                if inspect.isawaitable(value):
                    value = await value
            except (LookupError, AttributeError) as e:
                value, last = None, e
            if value:
                return value
            if loop.time() >= deadline:
                raise TimeoutError(f"wait_for: condition not met within {timeout}s") from last
            await asyncio.sleep(0.01)

    # -- faults --------------------------------------------------------------------

    def inject_429(self, *, method: str | None = None, chat_id: int | None = None,
                   retry_after: int = 1, times: int = 1) -> None:
        """The next `times` matching calls get 429 with parameters.retry_after;
        each also puts the chat into flood wait for retry_after seconds (a send
        or edit retried sooner gets 429 again). method=None matches any call
        that targets a chat."""
        err = ApiError(429, f"Too Many Requests: retry after {retry_after}",
                       {"retry_after": retry_after})
        self.faults.append(Fault(method.lower() if method else None, chat_id, err, times,
                                 flood=retry_after))

    def inject_error(self, *, method: str | None = None, chat_id: int | None = None,
                     error_code: int = 500, description: str = "Internal Server Error",
                     parameters: dict | None = None, times: int = 1) -> None:
        """The next `times` matching calls fail with this error."""
        self.faults.append(Fault(method.lower() if method else None, chat_id,
                                 ApiError(error_code, description, parameters), times))

    def inject_delay(self, *, method: str | None = None, chat_id: int | None = None,
                     seconds: float = 1.0, times: int = 1) -> None:
        """The next `times` matching calls are answered `seconds` late (they
        take effect after the delay; Call.t stays the arrival time)."""
        self.faults.append(Fault(method.lower() if method else None, chat_id, None, times,
                                 kind="delay", seconds=seconds))

    def inject_disconnect(self, *, method: str | None = None, chat_id: int | None = None,
                          after: bool = False, times: int = 1) -> None:
        """The next `times` matching calls lose their connection with no reply
        (aiogram raises TelegramNetworkError). after=False: the call never took
        effect; after=True: it did (e.g. the message was sent), only the reply
        is lost. Recorded with ok=False / ok=True and a description."""
        self.faults.append(Fault(method.lower() if method else None, chat_id, None, times,
                                 kind="drop", after=after))


def _reply(body: dict, status: int) -> web.Response:
    return web.json_response(body, status=status, dumps=lambda o: json.dumps(o,
                                                                          ensure_ascii=False))

"""FakeTelegram: an aiohttp server on 127.0.0.1 speaking the Bot API, with a
scriptable world (users, groups), user actions (send_message, press) and a
record of every call the bot made. Interface: /work/FAKE_API.md."""

from __future__ import annotations

import asyncio
import inspect
import json
import re
import time

from aiohttp import web

from .actions import PendingCallback, UserActions
from .faults import FaultInjection
from .limits import Fault, RateLimits
from .methods import CANONICAL, COUNTED, METHODS
from .models import ApiError, Call, FakeTelegramError
from .observe import Observe
from .params import read_params
from .updates import UpdateQueue
from .world import World
from .world_setup import WorldSetup

# Telegram takes uploads up to 50 MB (a photo up to 10 MB: refused as 413 by
# the method, not by the web server's 1 MB default)
MAX_REQUEST = 50 * 1024 * 1024
_PATH_RE = re.compile(r"^/bot([^/]+)/([A-Za-z0-9_]+)/?$")


class FakeTelegram(WorldSetup, UserActions, Observe, FaultInjection):
    """See README.md beside this file. The server and request dispatch live here;
    the world setup, user actions, observation and fault injection come from
    the mixins (world_setup.py, actions.py, observe.py, faults.py)."""

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
        self.queue = None  # type: ignore[assignment]  # an UpdateQueue from start() on
        self.listeners: list = []  # *ext*: functions called with every Call once it is recorded
        self.callbacks: dict[str, PendingCallback] = {}
        self.faults: list[Fault] = []
        self._calls: list[Call] = []
        self.watchers: list = []  # *ext*: functions called with each successful Call
        self.files: dict[str, dict] = {}  # *ext*: uploaded photos by file_id (fakes/photos.py)
        self.uploads: list[tuple[str, int, str, int]] = []  # *ext*: (method, chat, file_id, bytes)
        self.file_seq = 0
        self._next_query = 4_000_000_000_000_000_001
        self._runner: web.AppRunner | None = None

    # -- lifecycle ------------------------------------------------------------

    async def start(self) -> None:
        self.queue = UpdateQueue()
        app = web.Application(client_max_size=MAX_REQUEST)
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

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    # -- HTTP ------------------------------------------------------------------

    async def _handle(self, request: web.Request) -> web.Response:
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
        # One clock reading per call, used both by the limiter and as Call.t, so
        # sends_in_window() sees exactly what the limiter saw.
        call = Call(time.monotonic(), method, params, chat_id, False, None)
        fault = None
        try:
            handler = METHODS.get(method)
            if handler is None:
                raise ApiError(404, "Not Found: method not found")
            fault = self._take_fault(method, chat_id)
            if fault is not None and fault.kind == "delay":
                await asyncio.sleep(fault.seconds)
                call.t = time.monotonic()
            if fault is not None and fault.kind == "drop" and not fault.after:
                call.description = "connection dropped"
                return self._drop(request, call)
            self._fault(fault, method, chat_id, call.t)
            result = handler(self, params, call.t)
            if inspect.isawaitable(result):
                result = await result
        except ApiError as e:
            call.error_code, call.description = e.error_code, e.description
            self._record(call)
            return _reply(e.body(), e.error_code)
        call.ok, call.result = True, result
        for watch in self.watchers:
            watch(call)  # at the moment the call takes effect (a test checks what it shows)
        if fault is not None and fault.kind == "drop":
            call.description = "connection dropped after the call took effect"
            return self._drop(request, call)
        self._record(call)
        return _reply({"ok": True, "result": result}, 200)

    def _drop(self, request: web.Request, call: Call) -> web.Response:
        self._record(call)
        if request.transport is not None:
            request.transport.abort()
        return web.Response(status=500)

    def _record(self, call: Call) -> None:
        self._calls.append(call)
        for listen in self.listeners:
            listen(call)

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
        return self._random_fault(method, chat_id)

    def _fault(self, fault: Fault | None, method: str, chat_id: int | None,
               now: float) -> None:
        if fault is not None and fault.kind == "error" and fault.error is not None:
            if fault.flood and method in COUNTED and chat_id is not None:
                self.limits.set_flood(chat_id, now, fault.flood)
            raise fault.error
        if method in COUNTED and chat_id is not None:
            # flood waits (from limits or injected 429s) refuse before validation
            self.limits.check_flood(chat_id, self.world.is_group(chat_id), now)

    def rate(self, chat_id: int, now: float) -> None:
        """Called by counted methods once the call is valid: 429 or account it."""
        is_group = self.world.is_group(chat_id)
        self.limits.check(chat_id, is_group, now)
        self.limits.commit(chat_id, is_group, now)


def _reply(body: dict, status: int) -> web.Response:
    return web.json_response(body, status=status, dumps=lambda o: json.dumps(o,
                                                                          ensure_ascii=False))

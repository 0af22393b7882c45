"""The page's web server (aiohttp): the page itself (static/), its API and a
live stream of what the chats show (Server-Sent Events).

    GET  /                         the page
    GET  /api/page                 its words, in the sandbox's language
    GET  /api/state                everything the page shows (view.snapshot)
    GET  /api/events               the same, again after every change (SSE)
    GET  /api/file/{chat}/{message}/{photo|document}
    POST /api/send     {user, chat, text}             a person writes
    POST /api/press    {user, chat, message, data}    a person taps a button
    POST /api/open     {user, chat, message, url}     a person taps a link button
    POST /api/start    {user}                         START in the bot's chat
    POST /api/people   {name?}                        someone joins the group
    POST /api/computer {user}                         the lobby's "add a computer"
    POST /api/restart  {}                             stop and start the bot
    POST /api/fail     {count, status: 429|500}       the next calls fail

A POST takes a JSON object (so another site's page cannot post here without
the browser asking first) and, when the browser names an Origin, only this
page's own. A request the page could not have made gets a 4xx and
`{"error": why}`, and changes nothing."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from aiohttp import web

from bot.i18n import N_, translator
from bot.sandbox import view
from bot.sandbox.host import PageError, Sandbox
from bot.sandbox.words import words

log = logging.getLogger(__name__)

STATIC = Path(__file__).resolve().parent / "static"
PUSH_DELAY = 0.04  # seconds: changes this close together go out as one
KEEPALIVE = 15.0
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


class Live:
    """The pages watching: each gets the newest snapshot after a change."""

    def __init__(self, sb: Sandbox) -> None:
        self.sb = sb
        self.watchers: set[asyncio.Queue[str | None]] = set()
        self._due: asyncio.TimerHandle | None = None
        sb.listeners.append(self.changed)

    def changed(self) -> None:
        if self._due is None and self.watchers:
            self._due = asyncio.get_running_loop().call_later(PUSH_DELAY, self._push)

    def _push(self) -> None:
        self._due = None
        data = json.dumps(view.snapshot(self.sb), ensure_ascii=False)
        for q in self.watchers:
            if q.full():  # a slow reader gets only the newest
                q.get_nowait()
            q.put_nowait(data)

    def close(self) -> None:
        if self._due is not None:
            self._due.cancel()
        for q in self.watchers:
            if q.full():
                q.get_nowait()
            q.put_nowait(None)


SANDBOX = web.AppKey("sandbox", Sandbox)
LIVE = web.AppKey("live", Live)


def make_app(sb: Sandbox) -> web.Application:
    app = web.Application(middlewares=[_guard], client_max_size=64 * 1024)
    app[SANDBOX] = sb
    app[LIVE] = Live(sb)
    app.router.add_get("/", _index)
    app.router.add_static("/static/", STATIC, append_version=False)
    app.router.add_get("/api/page", _page)
    app.router.add_get("/api/state", _state)
    app.router.add_get("/api/events", _events)
    app.router.add_get("/api/file/{chat}/{message}/{kind}", _file)
    for name, action in ACTIONS.items():
        app.router.add_post(f"/api/{name}", _action(action))

    async def closing(app: web.Application) -> None:
        app[LIVE].close()

    app.on_shutdown.append(closing)
    return app


@web.middleware
async def _guard(request: web.Request, handler: Handler) -> web.StreamResponse:
    sb = request.app[SANDBOX]
    _ = translator(sb.options.lang)
    if request.method == "POST":
        origin = request.headers.get("Origin")
        if origin is not None and origin != f"{request.scheme}://{request.host}":
            return _error(403, _("Only the sandbox's own page may do this."))
        if request.content_type != "application/json":
            return _error(415, _("Send a JSON object."))
    try:
        return await handler(request)
    except PageError as e:
        return _error(e.status, _(e.reason).format(**e.fields))


def _error(status: int, why: str) -> web.Response:
    return web.json_response({"error": why}, status=status,
                             dumps=lambda o: json.dumps(o, ensure_ascii=False))


def _ok(body: dict[str, Any], status: int = 200) -> web.Response:
    return web.json_response(body, status=status,
                             dumps=lambda o: json.dumps(o, ensure_ascii=False))


async def _index(request: web.Request) -> web.FileResponse:
    return web.FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})


async def _page(request: web.Request) -> web.Response:
    sb = request.app[SANDBOX]
    return _ok({"lang": sb.options.lang, "words": words(sb.options.lang)})


async def _state(request: web.Request) -> web.Response:
    return _ok(view.snapshot(request.app[SANDBOX]))


async def _events(request: web.Request) -> web.StreamResponse:
    live = request.app[LIVE]
    resp = web.StreamResponse(headers={"Content-Type": "text/event-stream",
                                       "Cache-Control": "no-cache"})
    await resp.prepare(request)
    q: asyncio.Queue[str | None] = asyncio.Queue(maxsize=1)
    live.watchers.add(q)
    try:
        data: str | None = json.dumps(view.snapshot(live.sb), ensure_ascii=False)
        while data is not None:
            await resp.write(f"data: {data}\n\n".encode())
            try:
                data = await asyncio.wait_for(q.get(), KEEPALIVE)
            except TimeoutError:
                await resp.write(b": still here\n\n")
                data = await q.get()
    except (ConnectionResetError, asyncio.CancelledError):
        pass
    finally:
        live.watchers.discard(q)
    return resp


async def _file(request: web.Request) -> web.Response:
    sb = request.app[SANDBOX]
    try:
        chat, message = int(request.match_info["chat"]), int(request.match_info["message"])
    except ValueError:
        raise PageError(404, N_("There is no such chat.")) from None
    found = view.media(sb, chat, message, request.match_info["kind"])
    if found is None:
        raise PageError(404, N_("That message is not in this chat."))
    content, ctype = found
    return web.Response(body=content, content_type=ctype.split(";")[0],
                        charset="utf-8" if "charset" in ctype else None)


# -- actions --------------------------------------------------------------------------
def _id(p: dict[str, Any], key: str) -> int:
    value = p.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise PageError(400, N_("“{key}” must be a number."), key=key)
    return value


async def _send(sb: Sandbox, p: dict[str, Any]) -> dict[str, Any]:
    return {"message": await sb.send(_id(p, "user"), _id(p, "chat"), p.get("text"))}


async def _press(sb: Sandbox, p: dict[str, Any]) -> dict[str, Any]:
    return {"query": await sb.press(_id(p, "user"), _id(p, "chat"), _id(p, "message"),
                                    p.get("data"))}


async def _open(sb: Sandbox, p: dict[str, Any]) -> dict[str, Any]:
    await sb.open_url(_id(p, "user"), _id(p, "chat"), _id(p, "message"), p.get("url"))
    return {}


async def _start(sb: Sandbox, p: dict[str, Any]) -> dict[str, Any]:
    await sb.follow_link(_id(p, "user"))
    return {}


async def _people(sb: Sandbox, p: dict[str, Any]) -> dict[str, Any]:
    return {"person": sb.add_person(p.get("name"))}


async def _computer(sb: Sandbox, p: dict[str, Any]) -> dict[str, Any]:
    return {"query": await sb.add_computer(_id(p, "user"))}


async def _restart(sb: Sandbox, p: dict[str, Any]) -> dict[str, Any]:
    sb.restart()
    return {"status": sb.status}


async def _fail(sb: Sandbox, p: dict[str, Any]) -> dict[str, Any]:
    sb.fail_next(p.get("count"), p.get("status"))
    return {"failing": sb.failing()}


Action = Callable[[Sandbox, dict[str, Any]], Awaitable[dict[str, Any]]]
ACTIONS: dict[str, Action] = {
    "send": _send, "press": _press, "open": _open, "start": _start, "people": _people,
    "computer": _computer, "restart": _restart, "fail": _fail,
}


def _action(action: Action) -> Handler:
    async def handle(request: web.Request) -> web.Response:
        sb = request.app[SANDBOX]
        try:
            params = await request.json()
        except (json.JSONDecodeError, UnicodeDecodeError):
            params = None
        if not isinstance(params, dict):
            raise PageError(400, N_("Send a JSON object."))
        return _ok(await action(sb, params))

    return handle

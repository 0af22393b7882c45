"""`paiju sandbox`: bind the page's port first (a port in use is one line
and exit status 2, before anything starts), start the fake Telegram and the
bot, print the page's address, and run until Ctrl-C or SIGTERM (exit 0)."""

from __future__ import annotations

import asyncio
import contextlib
import errno
import importlib
import ipaddress
import logging
import signal
import sys

from aiohttp import web

from bot.sandbox.host import Options, Sandbox
from bot.sandbox.page import make_app
from bot.sandbox.process import BotProcess

LOOPBACK = "127.0.0.1"


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def url(host: str, port: int) -> str:
    return f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/"


def is_everywhere(host: str) -> bool:
    """0.0.0.0 or ::, every address of the machine (browsers refuse to open it)."""
    try:
        return ipaddress.ip_address(host).is_unspecified
    except ValueError:
        return False


def serve(options: Options, host: str | None, port: int, spare: BotProcess | None = None) -> int:
    """The command: 0 after Ctrl-C, 2 when the page cannot listen. `spare`:
    the bot's process, already importing the bot (with `options.process`)."""
    try:
        return asyncio.run(_serve(options, host or LOOPBACK, port, spare,
                                  warn=host is not None))
    except KeyboardInterrupt:  # a second Ctrl-C while stopping
        return 130


async def _serve(options: Options, host: str, port: int, spare: BotProcess | None, *,
                 warn: bool) -> int:
    sb = Sandbox(options, spare)
    runner = web.AppRunner(make_app(sb), handle_signals=False, shutdown_timeout=0.5,
                           handler_cancellation=True, access_log=None)
    await runner.setup()
    try:
        site = web.TCPSite(runner, host, port)
        await site.start()
    except OSError as e:
        await runner.cleanup()
        if e.errno == errno.EADDRINUSE:
            print(f"paiju sandbox: port {port} on {host} is in use; choose another with --port",
                  file=sys.stderr)
        else:
            print(f"paiju sandbox: cannot listen on {host}:{port}: {e.strerror or e}",
                  file=sys.stderr)
        return 2
    bound_port = runner.addresses[0][1]
    if warn and not is_loopback(host):
        print(f"paiju sandbox: warning: listening on {host}: anyone who can reach this address "
              "can play as anyone in the sandbox", file=sys.stderr)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(sig, stop.set)
    # aiogram takes seconds of CPU to import: begin now, while the page comes up
    # (a bot in a process of its own began at the command's start)
    loading = [] if options.process else [
        asyncio.ensure_future(asyncio.to_thread(importlib.import_module, "bot.app"))]
    try:
        await sb.open()
        if is_everywhere(host):  # a browser here opens the loopback address
            here = "::1" if ":" in host else LOOPBACK
            print(f"paiju sandbox: open {url(here, bound_port)} in a browser, or this machine's "
                  f"address, port {bound_port}, from another (Ctrl-C stops it)", flush=True)
        else:
            print(f"paiju sandbox: open {url(host, bound_port)} in a browser (Ctrl-C stops it)",
                  flush=True)
        starting = asyncio.ensure_future(sb.start_bot())
        stopping = asyncio.ensure_future(stop.wait())
        await asyncio.wait({starting, stopping}, return_when=asyncio.FIRST_COMPLETED)
        if not starting.done():  # Ctrl-C while the bot starts
            starting.cancel()
            await asyncio.gather(starting, *loading, return_exceptions=True)
            return 0
        starting.result()
        print("paiju sandbox: the bot is ready", flush=True)
        await stopping
        return 0
    finally:
        await runner.cleanup()
        await sb.stop()
        logging.getLogger(__name__).info("sandbox stopped")

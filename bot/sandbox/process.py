"""The sandbox's bot in a process of its own (`paiju sandbox` runs it so).

Importing aiogram costs seconds of CPU (it builds its ~650 pydantic models
at import), so `paiju sandbox` starts this process first thing: it imports
the bot on one core while the page and the make-believe Telegram come up on
the other. It then reads one line on stdin, the bot's config as JSON
(the sandbox writes them once its Telegram listens), starts the same `App`
as `paiju run`, prints `ready`, and runs until SIGTERM, or until its stdin
closes (the sandbox is gone), then stops the bot as `paiju run` does and
exits 0. "Restart the bot" on the page is a real one: this process stopped
and another started, as after a crash.

Ctrl-C in the terminal is the sandbox's to handle: this process runs in a
session of its own, out of the terminal's reach, so the bot is stopped in
order (its messages out) however the host stops the sandbox.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import os
import signal
import subprocess
import sys
from dataclasses import asdict
from typing import IO, TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bot.telegram.outbox import Limits

READY = "ready"
STOP_WAIT = 15.0  # seconds a stopping bot may take before it is killed


class BotProcess:
    """One bot process, seen from the sandbox."""

    def __init__(self) -> None:
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "bot.sandbox.process"], stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, text=True, start_new_session=True, env=env)
        self.told = False

    @property
    def pid(self) -> int:
        return self.proc.pid

    def alive(self) -> bool:
        return self.proc.poll() is None

    async def start(self, config: dict[str, Any]) -> None:
        """Send the bot its config; returns when it polls the fake Telegram.
        Raises RuntimeError when the process ends first."""
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.told = True
        try:
            self.proc.stdin.write(json.dumps(config) + "\n")
            self.proc.stdin.flush()  # kept open: its end tells the bot the sandbox is gone
        except BrokenPipeError:
            pass  # it ended already: said below
        line = await asyncio.to_thread(self.proc.stdout.readline)
        if line.strip() != READY:
            code = await asyncio.to_thread(self.proc.wait)
            raise RuntimeError(f"the bot's process ended with status {code}")

    async def ended(self) -> int:
        """When the process ends: its exit status."""
        return await asyncio.to_thread(self.proc.wait)

    def discard(self) -> None:
        """A process never told to start a bot: killed (it holds nothing yet)."""
        if not self.told and self.alive():
            self.proc.kill()
        self.proc.wait()
        self._close()

    async def stop(self, timeout: float = STOP_WAIT) -> int:
        """Stop the bot as `paiju run` stops (SIGTERM), killed if it takes
        longer than `timeout`; its exit status."""
        if self.alive():
            self.proc.terminate()
        try:
            code = await asyncio.to_thread(self.proc.wait, timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            code = await asyncio.to_thread(self.proc.wait)
        self._close()
        return code

    def _close(self) -> None:
        for pipe in (self.proc.stdin, self.proc.stdout):
            if pipe is not None:
                with contextlib.suppress(OSError):
                    pipe.close()


def startup(config: dict[str, Any], limits: Limits | None, log_level: int) -> dict[str, Any]:
    """What the bot process is told at start, as JSON: Config fields, the
    outbox's limits (None: Telegram's) and the log level."""
    return {"config": config, "limits": None if limits is None else asdict(limits),
            "log_level": log_level}


# -- the bot process's side --------------------------------------------------------------
def main() -> int:
    # the cyclic GC finds next to nothing among the import's objects (under
    # 2,000 of millions) yet costs a tenth of it; frozen afterwards, they are
    # never scanned again (App.start freezes what it finds anyway)
    gc.disable()
    import bot.app  # noqa: F401  (seconds: aiogram builds its models)

    gc.freeze()
    gc.enable()
    line = sys.stdin.readline()
    if not line:  # the sandbox went away before it needed the bot
        return 0
    return asyncio.run(_run(json.loads(line), sys.stdin))


async def _run(cfg: dict[str, Any], stdin: IO[str]) -> int:
    from bot import logs
    from bot.app import App
    from bot.config import Config
    from bot.telegram.outbox import Limits

    logs.setup(cfg["log_level"])
    limits = None
    if cfg["limits"] is not None:
        fields: dict[str, Any] = {k: tuple(v) if isinstance(v, list) else v  # JSON: no tuples
                                  for k, v in cfg["limits"].items()}
        limits = Limits(**fields)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()

    def gone() -> None:  # stdin readable: its end (nothing more is ever sent)
        if not os.read(stdin.fileno(), 4096):
            loop.remove_reader(stdin.fileno())
            stop.set()

    with contextlib.suppress(NotImplementedError):  # not on Windows: terminate() ends it there
        loop.add_signal_handler(signal.SIGTERM, stop.set)
        loop.add_reader(stdin.fileno(), gone)
    app = App(Config(**cfg["config"]), limits)
    starting = asyncio.ensure_future(app.start())
    stopping = asyncio.ensure_future(stop.wait())
    try:
        await asyncio.wait({starting, stopping}, return_when=asyncio.FIRST_COMPLETED)
        if starting.done():
            starting.result()
            print(READY, flush=True)
            os.dup2(2, 1)  # nobody reads the pipe any more: anything printed goes to the log
            await stopping
        else:
            starting.cancel()
            await asyncio.gather(starting, return_exceptions=True)
    finally:
        stopping.cancel()
        await app.stop(drain=0.5)
    return 0


if __name__ == "__main__":
    sys.exit(main())

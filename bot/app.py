"""The one composition root: Bot, Dispatcher, routers, middleware, scheduler,
storage, outbox and the service, started and stopped together."""

from __future__ import annotations

import asyncio
import gc
import logging
import time
from collections.abc import Callable
from typing import cast

from aiogram import Bot, Dispatcher
from aiogram.client.session.aiohttp import AiohttpSession
from aiogram.client.telegram import TelegramAPIServer
from apscheduler.schedulers.asyncio import AsyncIOScheduler

from bot import catalog, commands, computer, handlers, watchdog
from bot.config import Config
from bot.connect import backoff_config, with_backoff
from bot.heartbeat import Heartbeat, figures_path
from bot.i18n import make_i18n
from bot.middlewares import InFlight, LanguageMiddleware, SeenMiddleware
from bot.outbox import Limits, Outbox
from bot.response_types import PinResponseTypes
from bot.scores import Scores
from bot.service import Service
from bot.settling import Settling
from bot.weekly import Weekly
from games.pool import Pool
from games.thinking import WORKER_NICE
from storage.db import Storage

log = logging.getLogger(__name__)

FINISH_UPDATES = 10.0  # seconds a stop waits for the updates being handled


class App:
    def __init__(
        self, config: Config, limits: Limits | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.config = config
        self.limits = limits
        self.clock = clock  # wall clock of the scores (tests pass a fake one)
        self.storage: Storage | None = None
        self.bot: Bot | None = None
        self.dp: Dispatcher | None = None
        self.outbox: Outbox | None = None
        self.scheduler: AsyncIOScheduler | None = None
        self.service: Service | None = None
        self.scores: Scores | None = None
        self.weekly: Weekly | None = None
        self.settling: Settling | None = None
        self._polling: asyncio.Task | None = None
        self._report: asyncio.Task | None = None
        self.in_flight = InFlight()

    async def start(self) -> None:
        """Reach Telegram (retrying while it is unreachable), open the
        database, recover running games and start long polling. Raises
        connect.TokenRefused when Telegram does not know the token."""
        s = self.config
        catalog.check()  # a game that does not plug in stops the bot here, not at a tap
        session = AiohttpSession(api=TelegramAPIServer.from_base(s.api_base))
        session.middleware(Heartbeat(s.heartbeat_path))
        session.middleware(PinResponseTypes())
        self.bot = Bot(s.token, session=session)
        log.info("connecting to %s …", s.api_base)
        bot = self.bot
        # aiogram annotates the timeout as int; it is aiohttp's, in seconds, a float is fine.
        timeout = cast(int, s.connect_timeout)
        me = await with_backoff(
            "getMe", lambda: bot.get_me(request_timeout=timeout), s.backoff_max
        )
        log.info("logged in as @%s (%d)", me.username, me.id)
        self.storage = Storage(s.db_path)
        self.scheduler = AsyncIOScheduler(timezone="UTC")
        self.scheduler.start()
        # pictures are drawn in a process of their own below the bot's priority
        # (started at the first picture): a deal's drawing never holds up a tap
        self.outbox = Outbox(self.bot, self.limits,
                             drawer=Pool(1, name="paiju-pictures", nice=WORKER_NICE))
        self.service = Service(s, self.bot, self.storage, self.outbox, self.scheduler,
                               me.username or "")
        if s.ai_budget > 0:  # with 0 the heuristic plays in the loop: no worker ever asked
            self.service.turns.thinker.start()  # ready for the computer moves recovered below
        self.service.clock = self.clock  # a finished hand's time is the scores' clock
        self.outbox.on_forbidden = self.service.chats.forbidden
        self.outbox.on_migrate = self.service.chats.migrate
        self.outbox.on_group_send = self.service.recovery.remember_group_send
        self.outbox.on_unbuttoned = self.service.unbuttoned
        await self.service.people.load_people()
        self.dp = Dispatcher()
        self.scores = Scores(self.service, self.clock)
        self.weekly = Weekly(self.scores, self.clock)
        self.dp.update.outer_middleware(self.in_flight)
        self.settling = Settling(self.scores)
        # What handlers need arrives one way: the dispatcher's data, named by
        # the handlers' parameters (aiogram passes each to whoever asks for it).
        self.dp["service"] = self.service
        self.dp["scores"] = self.scores
        self.dp["settling"] = self.settling
        self.dp.update.outer_middleware(SeenMiddleware(self.service))
        self.dp.update.outer_middleware(LanguageMiddleware(make_i18n(), self.service))
        self.dp.include_routers(*handlers.routers())
        await with_backoff(
            "deleteWebhook",
            lambda: bot.delete_webhook(drop_pending_updates=False, request_timeout=timeout),
            s.backoff_max,
        )
        await commands.set_menus(self.bot)
        # not a table's task (`service.tasks`): it runs as long as the bot
        self._report = asyncio.get_running_loop().create_task(
            computer.report(self.service.turns.thinker, figures_path(s.heartbeat_path)))
        await self.service.recovery.load_group_sends()
        recovered = await self.service.recovery.recover()
        await self.service.recovery.clear_keyboards()
        await watchdog.sweep(self.service)
        watchdog.start(self.service)
        self.weekly.schedule(self.scheduler)
        await self.weekly.run()  # weeks missed while the bot was down
        await self.settling.recover()  # settlements the bot stopped before showing
        # Long-lived objects (aiogram's models, catalogs, loaded games) need no
        # scanning by the cyclic GC; fewer full collections keep taps snappy.
        gc.collect()
        gc.freeze()
        gc.set_threshold(20_000, 20, 50)
        log.info("@%s ready; %d active games recovered", me.username, recovered)
        self._polling = asyncio.get_running_loop().create_task(
            self.dp.start_polling(
                self.bot, handle_signals=False, close_bot_session=False,
                polling_timeout=s.polling_timeout, backoff_config=backoff_config(s.backoff_max),
            )
        )

    async def stop(self, drain: float = 2.0) -> None:
        """Stop taking updates, let the ones being handled finish, stop the
        tables' tasks and the computers' workers, let queued messages go
        out, close everything. In that order: a press handled after the
        workers closed would start a computer move on nothing."""
        if self.dp is not None and self._polling is not None:
            try:
                await self.dp.stop_polling()
            except RuntimeError:  # not polling yet: the task has not begun
                self._polling.cancel()
            await asyncio.gather(self._polling, return_exceptions=True)
        await self.in_flight.finish(FINISH_UPDATES)
        if self._report is not None:
            self._report.cancel()
            await asyncio.gather(self._report, return_exceptions=True)
        if self.scheduler is not None:
            self.scheduler.shutdown(wait=False)
        if self.service is not None:
            await self.service.close()
        if self.outbox is not None:
            await self.outbox.drain(drain)
            await self.outbox.close()
        if self.bot is not None:
            await self.bot.session.close()
        if self.storage is not None:
            self.storage.close()
        log.info("stopped")

    async def run_forever(self) -> None:
        """Start and run until SIGINT/SIGTERM (also while still connecting);
        everything opened is closed on every way out."""
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        import signal

        for sig in (signal.SIGINT, signal.SIGTERM):
            try:
                loop.add_signal_handler(sig, stop.set)
            except NotImplementedError:
                pass
        stopping = asyncio.ensure_future(stop.wait())
        starting = asyncio.ensure_future(self.start())
        try:
            await asyncio.wait({starting, stopping}, return_when=asyncio.FIRST_COMPLETED)
            if not starting.done():
                starting.cancel()
                await asyncio.gather(starting, return_exceptions=True)
                return
            starting.result()  # a refused token or a broken database ends here
            assert self._polling is not None
            await asyncio.wait({self._polling, stopping}, return_when=asyncio.FIRST_COMPLETED)
            if self._polling.done() and not stopping.done():
                self._polling.result()  # polling died: say why, exit non-zero
        finally:
            stopping.cancel()
            await self.stop()

"""The one composition root: Bot, Dispatcher, routers, middleware, scheduler,
storage, outbox and the service, started and stopped together."""

from __future__ import annotations

import asyncio
import gc
import logging

from aiogram import Bot, Dispatcher
from aiogram.client.session.aiohttp import AiohttpSession
from aiogram.client.telegram import TelegramAPIServer
from apscheduler.schedulers.asyncio import AsyncIOScheduler

from bot import commands, handlers
from bot.i18n import make_i18n
from bot.middlewares import LanguageMiddleware, SeenMiddleware
from bot.outbox import Limits, Outbox
from bot.service import Service
from bot.settings import Settings
from storage.db import Storage

log = logging.getLogger(__name__)

class App:
    def __init__(self, settings: Settings, limits: Limits | None = None) -> None:
        self.settings = settings
        self.limits = limits
        self.storage: Storage | None = None
        self.bot: Bot | None = None
        self.dp: Dispatcher | None = None
        self.outbox: Outbox | None = None
        self.scheduler: AsyncIOScheduler | None = None
        self.service: Service | None = None
        self._polling: asyncio.Task | None = None

    async def start(self) -> None:
        """Open the database, recover running games and start long polling."""
        s = self.settings
        self.storage = Storage(s.db_path)
        session = AiohttpSession(api=TelegramAPIServer.from_base(s.api_base))
        self.bot = Bot(s.token, session=session)
        me = await self.bot.get_me()
        self.scheduler = AsyncIOScheduler(timezone="UTC")
        self.scheduler.start()
        self.outbox = Outbox(self.bot, self.limits)
        self.service = Service(s, self.bot, self.storage, self.outbox, self.scheduler, me.username or "")
        self.outbox.on_forbidden = self.service.forbidden
        self.outbox.on_migrate = self.service.migrate
        await self.service.load_people()
        self.dp = Dispatcher()
        self.dp.update.outer_middleware(SeenMiddleware(self.service))
        self.dp.update.outer_middleware(LanguageMiddleware(make_i18n(), self.service))
        self.dp.include_router(handlers.build_router())
        await self.bot.delete_webhook(drop_pending_updates=False)
        await commands.set_menus(self.bot)
        recovered = await self.service.recover()
        # Long-lived objects (aiogram's models, catalogs, loaded games) need no
        # scanning by the cyclic GC; fewer full collections keep taps snappy.
        gc.collect()
        gc.freeze()
        gc.set_threshold(20_000, 20, 50)
        log.info("@%s ready; %d active games recovered", me.username, recovered)
        self._polling = asyncio.get_running_loop().create_task(
            self.dp.start_polling(
                self.bot, handle_signals=False, close_bot_session=False,
                polling_timeout=s.polling_timeout,
            )
        )

    async def stop(self, drain: float = 2.0) -> None:
        """Stop polling, let queued messages go out, close everything."""
        if self.dp is not None and self._polling is not None:
            try:
                await self.dp.stop_polling()
            except RuntimeError:
                pass
            await asyncio.gather(self._polling, return_exceptions=True)
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

    async def run_forever(self) -> None:
        await self.start()
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        import signal

        for sig in (signal.SIGINT, signal.SIGTERM):
            try:
                loop.add_signal_handler(sig, stop.set)
            except NotImplementedError:
                pass
        try:
            await stop.wait()
        finally:
            await self.stop()

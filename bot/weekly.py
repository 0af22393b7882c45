"""The weekly post: every Monday 00:05 in the chat's zone, last week's
leaderboards (one per game) go to every chat that played that week, exactly
once, with each game's open tally.

A `weekly_posts` row is written before the post is queued (so a second run
never posts it again) and gets the message id once Telegram took it. At
start-up the same run catches up: every week of the last `HORIZON` whose post
is due and has no row is posted, oldest first, one post per week; a row
without a message id (the bot died before the post went out) is posted again.
Chats with no hand that week get nothing; the tallies, as they stand when
it is posted, go only into the latest week's post. See docs/scores.md."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from zoneinfo import ZoneInfo

from apscheduler.schedulers.asyncio import AsyncIOScheduler
from apscheduler.triggers.cron import CronTrigger

from bot import render
from bot.scores import Scores, weekly_post_on
from storage import ledger
from storage.scores import due_weeks

log = logging.getLogger(__name__)

HORIZON = 4  # weeks: a longer downtime posts only the last four
DAY = 86400.0


class Weekly:
    def __init__(self, scores: Scores, clock: Callable[[], float]) -> None:
        self.scores = scores
        self.service = scores.service
        self.clock = clock
        self.queued: set[tuple[int, str]] = set()  # posts this process has queued
        # (chat, week) with nothing to post: no hands, or posted already. A past
        # week never gains hands, so the hourly job never looks at it again.
        self.done: set[tuple[int, str]] = set()

    def schedule(self, scheduler: AsyncIOScheduler) -> None:
        # Chats keep their own zones (/settings): every hour at :05 each chat
        # whose Monday 00:05 has passed gets its due posts (once: a row each).
        trigger = CronTrigger(minute=5, timezone=ZoneInfo("UTC"))
        scheduler.add_job(self.run, trigger, id="weekly", replace_existing=True,
                          coalesce=True, misfire_grace_time=None)

    async def run(self) -> int:
        """Queue every due, unposted weekly post; the number queued."""
        storage = self.service.storage
        now = self.clock()
        since = now - (HORIZON + 1) * 7 * DAY - DAY  # the oldest due week, with a day to spare
        queued = 0
        for chat_id in await storage.run(ledger.chats_with_hands, since, now):
            if not await weekly_post_on(self.service, chat_id):
                continue
            zone = await self.scores.zone(chat_id)
            due = due_weeks(now, zone, HORIZON)
            for monday in due:
                week = monday.isoformat()
                if (chat_id, week) in self.queued or (chat_id, week) in self.done:
                    continue
                # the open tallies as they are now: only in the latest week's post
                text = await self.scores.weekly_text(chat_id, monday, monday == due[-1])
                if text is None:
                    self.done.add((chat_id, week))
                    continue  # nobody played here that week
                if not await storage.run(ledger.claim_weekly_post, chat_id, week, now):
                    row = await storage.run(ledger.weekly_post, chat_id, week)
                    if row is not None and row["message_id"] is not None:
                        self.done.add((chat_id, week))
                    if (
                        row is None
                        or row["message_id"] is not None
                        or (chat_id, week) in self.queued
                    ):
                        continue  # posted already, or queued by a run alongside this one
                self.queued.add((chat_id, week))

                def sent(
                    message_id: int, chat_id: int = chat_id, week: str = week
                ) -> Awaitable[None]:
                    return storage.run(ledger.weekly_post_sent, chat_id, week, message_id)

                picture = await self.scores.weekly_chart(chat_id, monday)
                if picture is not None and render.fits_caption(text):
                    self.service.outbox.send(chat_id, text, on_new=sent, photo=picture)
                else:
                    self.service.outbox.send(chat_id, text, on_new=sent)
                    if picture is not None:  # the bars under a post too long to caption
                        self.service.outbox.send(chat_id, text.split("\n")[0], photo=picture)
                queued += 1
        if queued:
            log.info("weekly leaderboards queued: %d", queued)
        return queued

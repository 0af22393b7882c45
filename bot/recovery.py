"""Start-up: every active sitting loaded from the database, its messages
refreshed in place and its timer armed again; the keyboards the last process
left live with nothing to do taken off; the last process's sends to each
group remembered, so the recovery burst keeps within Telegram's limits."""

from __future__ import annotations

import time
from dataclasses import dataclass

from bot import logs
from bot.core import Core, log
from bot.screens import Screens
from bot.sitting import Sitting
from bot.timers import Timers
from games import hands
from storage import repo


@dataclass(eq=False)
class Recovery:
    core: Core
    screens: Screens
    timers: Timers

    async def remember_group_send(self, chat_id: int, sent_at: list[float]) -> None:
        await self.core.storage.run(repo.set_group_sends, chat_id, sent_at)

    async def load_group_sends(self) -> None:
        """What the last process sent to each group in the last minute: the
        recovery burst keeps within the group's 20 a minute."""
        outbox = self.core.outbox
        window = outbox.limits.group_window
        recent = await self.core.storage.run(repo.recent_group_sends, time.time() - window)
        for chat_id, sent_at in recent.items():
            outbox.preload(chat_id, sent_at)

    async def recover(self) -> int:
        """Load every active game, refresh its messages and re-arm its timer."""
        rows = await self.core.storage.run(repo.active_sittings)
        for row in rows:
            try:
                s = Sitting.from_row(row)
            except Exception:
                log.exception("cannot load game %s; leaving it", row["id"])
                continue
            self.core.sittings[s.id] = s
            self.core.by_chat[s.chat_id] = s.id
            logs.event(log, s.chat_id, s.id, "recovered", status=s.status, hand=s.hand_no)
            self.screens.bind_all(s)
            if s.status == "lobby":
                self.screens.lobby(s)
            elif s.status == "running":
                self.screens.table(s)
                self.screens.every_hand(s)
                self.timers.arm(s)
            elif s.status == "hand_over" and s.state is not None:
                # The 🏁 message may never have gone out (a stop between the
                # result's write and its send): post it, or edit it in place;
                # the hands may still show the last turn's buttons.
                self.timers.disarm(s)
                self.screens.table(s)
                self.screens.every_hand(s)
                self.screens.end_hand(s, hands.net(s.state))
        return len(rows)

    async def clear_keyboards(self) -> int:
        """Take the buttons off every message the last process had to, and
        had not yet when it stopped (`stale_keyboards`): a finished hand's
        🏁, an answered /stop question, a hand message /hand replaced ..."""
        rows = await self.core.storage.run(repo.stale_keyboards)
        for row in rows:
            self.core.stale.add((row["chat_id"], row["message_id"]))
            self.core.outbox.unbutton(row["chat_id"], row["message_id"], row["text"])
        if rows:
            log.info("clearing %d stale keyboards", len(rows))
        return len(rows)

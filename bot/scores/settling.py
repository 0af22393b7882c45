"""Settling up (清账): from /score's button, a question naming the amounts,
then the settlement, recorded once.

Who may settle: a group admin; in a group with no admin, anyone in the
tally; in a private chat, its person. Not while a sitting of that game is
being played (its hands are still coming in).

Exactly once: the question's "yes" carries the hands it showed (after hand
`b`, up to hand `t`), and storage.tally.settle writes a settlement only if
the tally still starts after `b`, in one transaction on the one DB thread.
A second press, or a second admin's at the same moment, finds it settled:
a toast, and nothing more. The settlement is written before anything is
sent; then the question says it is settled (no buttons) and a new message
announces the settlement, whose message id marks it told. One never told
(the bot stopped in between) is announced at the next start, like the
weekly post."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Mapping
from typing import Any

from bot.i18n import N_
from bot.scores.service import Scores
from bot.tables.core import STALE
from bot.tables.people import UserLike
from bot.telegram.callbacks import SettleCB
from bot.words import tally_text
from storage import tally

log = logging.getLogger("bot.settling")

ADMINS_ONLY = N_("Only a group admin can settle up.")
PLAYING = N_("Finish the game first: its hands still count.")
CHANGED = N_("The tally has changed since: send /score again.")
NOTHING = N_("There is nothing to settle.")


class Settling:
    def __init__(self, scores: Scores) -> None:
        self.scores = scores
        self.service = scores.service
        self.storage = scores.storage
        self.zone = scores.zone

    async def may_settle(self, chat_id: int, user_id: int, t: Mapping[str, Any]) -> bool:
        """An admin; in a group without one, anyone in the tally."""
        if await self.service.people.is_admin(chat_id, user_id):
            return True
        if chat_id > 0:
            return False
        try:
            admins = await self.service.bot.get_chat_administrators(chat_id)
        except Exception:
            return False
        return (not any(not a.user.is_bot for a in admins)
                and any(p["user_id"] == user_id for p in t["people"]))

    async def press(self, chat_id: int, user: UserLike, d: SettleCB, message_id: int) -> str | None:
        """A 清账, yes or no press: the toast in the presser's language."""
        _ = self.service.t(user.id)
        if d.a not in ("ask", "yes", "no"):
            return _(STALE)
        if d.a == "yes":
            return await self.settle(chat_id, user, d, message_id)
        t = await self.storage.run(tally.tally, chat_id, d.g)
        if d.a == "no" and (t is None or await self.may_settle(chat_id, user.id, t)):
            # (a question left over from a tally settled since: nothing to keep)
            self.show(chat_id, message_id, tally_text.kept(d.g, self.service.t(chat_id)))
            return None
        if t is None:
            return _(NOTHING)
        if not await self.may_settle(chat_id, user.id, t):
            return _(ADMINS_ONLY)
        s = self.scores.playing(chat_id)
        if s is not None and s.game == d.g:
            return _(PLAYING)
        g_ = self.service.t(chat_id)
        text, kb = tally_text.question(t, await self.zone(chat_id), g_)
        self.service.outbox.send(chat_id, text, kb)
        return None

    async def settle(
        self, chat_id: int, user: UserLike, d: SettleCB, message_id: int
    ) -> str | None:
        _ = self.service.t(user.id)
        t = await self.storage.run(tally.stretch, chat_id, d.g, d.b, d.t)
        if t is None:
            return _(CHANGED)
        if not await self.may_settle(chat_id, user.id, t):
            return _(ADMINS_ONLY)
        name = user.first_name or ""  # as seats name people
        outcome, done = await self.storage.run(
            tally.settle, chat_id, d.g, d.b, d.t, user.id, name, self.scores.clock(), message_id)
        if outcome == "changed":
            return _(CHANGED)
        await self.answered(done, message_id)
        if outcome == "already":
            return _("Already settled.")
        log.info("chat %s: %s settled up by %s, hands %s to %s (%s)", chat_id, d.g, user.id,
                 d.b + 1, d.t, done["hands"])
        await self.announce(done)
        return _("Settled up.")

    async def answered(self, done: Mapping[str, Any], message_id: int | None = None) -> None:
        """The question of a settlement says it was answered, without buttons."""
        mid = message_id or done["msg_id"]
        if mid:
            chat_id = done["chat_id"]
            self.show(chat_id, mid, tally_text.cleared(done["game"], self.service.t(chat_id)))

    async def announce(self, done: Mapping[str, Any]) -> None:
        """The settlement, as a new message to the group: everyone should see
        the tally was cleared. Told once Telegram took it."""
        chat_id, storage, pk = done["chat_id"], self.storage, done["id"]

        def sent(message_id: int) -> Awaitable[None]:
            return storage.run(tally.told, pk, message_id)

        text = tally_text.settled(done, await self.zone(chat_id), self.service.t(chat_id))
        self.service.outbox.send(chat_id, text, on_new=sent)

    def show(self, chat_id: int, message_id: int, text: str) -> None:
        key = ("settle", chat_id, message_id)
        self.service.outbox.bind(key, message_id)
        self.service.outbox.show(chat_id, key, text)

    async def recover(self) -> int:
        """At start-up: settlements written and never announced (the bot
        stopped in between) are announced now, their questions closed."""
        rows = await self.storage.run(tally.untold)
        for done in rows:
            await self.answered(done)
            await self.announce(done)
        if rows:
            log.info("settlements announced after a restart: %d", len(rows))
        return len(rows)

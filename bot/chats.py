"""What happens to a chat around its sitting: its /settings and language
change, it blocks the bot or removes it (403), or the group becomes a
supergroup."""

from __future__ import annotations

from dataclasses import dataclass

from bot import render, settings_flow
from bot.callbacks import SettingsCB
from bot.core import STALE, Core, Post, Refused, Reply, log
from bot.i18n import LANG_NAMES, LANGS, N_
from bot.lifecycle import Lifecycle
from bot.people import People, UserLike
from bot.screens import QUESTION, Screens
from bot.sitting import Sitting
from bot.timers import Timers
from games import hands
from storage import repo

ADMINS_ONLY = N_("Only an admin or whoever started the game can change this.")


@dataclass(eq=False)
class Chats:
    core: Core
    people: People
    screens: Screens
    timers: Timers
    lifecycle: Lifecycle

    # -- /settings and /lang -----------------------------------------------------------
    def host(self) -> settings_flow.Host:
        s = self.core.config
        return settings_flow.Host(s.turn_timeout, s.tz, s.weekly_post)

    async def settings(self, chat_id: int) -> Post:
        """/settings: its home page."""
        cs = await self.people.chat_rules(chat_id)
        return Post(*settings_flow.home(cs, self.people.lang(chat_id), self.host(),
                                        self.people.t(chat_id)))

    async def settings_press(self, chat_id: int, user: UserLike, d: SettingsCB) -> Reply:
        """A button of /settings. Pages are for everyone to read; changes only
        for admins and the sitting's creator (others get a toast and nothing
        changes)."""
        _ = self.people.t(user.id)  # toasts: the presser's language
        if d.a in settings_flow.CHANGES and not await self.people.may_configure(chat_id, user.id):
            return Reply(_(ADMINS_ONLY))
        cs = await self.people.chat_rules(chat_id)
        if d.a == "langv":
            if not 0 <= d.v < len(LANGS):
                return Reply(_(STALE))
            await self.set_lang(chat_id, LANGS[d.v])
            new, name = None, "home"
            done: str | None = self.language_set(chat_id)
        else:
            try:
                new, name, done = settings_flow.change(cs, d, self.host(), _)
            except Refused as e:
                return Reply(str(e), alert=True)
        if new is not None:
            await self.people.save_rules(chat_id, new)
            cs = new
        page = settings_flow.page(name, cs, d, self.people.lang(chat_id), self.host(),
                                  self.people.t(chat_id))
        return Reply(done, page=page)

    def languages(self, chat_id: int) -> Post:
        """/lang: the languages to choose from."""
        return Post(*render.languages(self.people.t(chat_id)))

    async def lang_press(self, chat_id: int, user: UserLike, code: str) -> Reply:
        """A language of /lang: an admin's choice applies at once."""
        if code not in LANGS:
            return Reply()
        if not await self.people.may_configure(chat_id, user.id):
            return Reply(self.people.t(user.id)(ADMINS_ONLY))
        await self.set_lang(chat_id, code)
        return Reply(self.language_set(chat_id))

    def language_set(self, chat_id: int) -> str:
        """The toast of a language change, in the new language: it applies at once."""
        _ = self.people.t(chat_id)
        return _("Language: {lang}. The bot speaks it here from now on.").format(
            lang=LANG_NAMES[self.people.lang(chat_id)])

    async def set_lang(self, chat_id: int, lang: str) -> None:
        """/lang or /settings chose a language: the chat's messages follow."""
        await self.people.remember_lang(chat_id, lang)
        if (sitting_id := self.core.by_chat.get(chat_id)) is not None:
            async with self.core.locks[chat_id]:
                s = self.core.sittings[sitting_id]
                if s.status == "running":
                    self.screens.table(s)
                elif s.status == "lobby":
                    self.screens.lobby(s)

    async def forbidden(self, chat_id: int) -> None:
        """Telegram refuses our messages to this chat (403): a user blocked
        the bot, or the bot is no longer in the group."""
        if chat_id < 0:
            await self.bot_removed(chat_id)
            return
        first = self.people.started(chat_id)  # the first refusal since they last opened the chat
        await self.people.not_started(chat_id)
        for s in [s for s in self.core.sittings.values() if s.seat_of(chat_id) is not None]:
            if s.solo:
                await self.bot_removed(s.chat_id)  # nobody left to play with
            else:
                await self._blocked_mid_game(s, chat_id, first)

    async def _blocked_mid_game(self, s: Sitting, user_id: int, first: bool = True) -> None:
        """A player who blocked the bot can no longer see their cards: the
        computer plays for them (托管), and the group is told once (also when
        two turn timeouts had already put the seat in 托管)."""
        async with self.core.lock(s):
            seat = s.seat_of(user_id)
            if s.status not in ("running", "hand_over") or seat is None:
                return
            me = s.seats[seat]
            assert me is not None
            if me.tuoguan and not first:
                return
            newly = not me.tuoguan  # two turn timeouts may have put them in 托管 already
            if newly:
                me.tuoguan = True
                if s.status == "running":
                    s.deadline = self.timers.deadline(s)
                await self.core.save(s)
                log.info("game %s: user %s blocked the bot; the computer plays seat %s",
                         s.id, user_id, seat)
            _ = self.people.t(s.chat_id)
            text = _("{name} has blocked me: the computer plays for them.")
            self.core.outbox.send(s.chat_id, text.format(name=me.name or "?"))
            if newly and s.status == "running":
                self.screens.table(s)
                self.timers.arm(s)

    async def bot_removed(self, chat_id: int) -> None:
        """The bot was removed from the group (or a solo player blocked it):
        its sitting ends quietly; nothing more is sent to that chat."""
        sitting_id = self.core.by_chat.get(chat_id)
        self.core.outbox.drop_chat(chat_id)
        if sitting_id is None:
            return
        s = self.core.sittings[sitting_id]
        async with self.core.locks[chat_id]:
            if s.status in ("finished", "cancelled"):
                return
            s.status = "finished" if s.status != "lobby" else "cancelled"
            s.deadline = None
            self.lifecycle.close(s)
            # their hand messages lose their buttons (kept in the database
            # until they have); the group's messages can no longer be edited
            stale = [k for k in self.screens.stale_hands(s) if k.chat_id != chat_id]
            await self.core.save(s, stale)
            log.info("game %s ended: the bot can no longer write to chat %s", s.id, chat_id)
            self.screens.every_hand(s)

    async def migrate(self, old: int, new: int) -> None:
        """The group `old` became the supergroup `new` (Telegram gives it a new
        id and the old group's messages can no longer be edited): its language,
        its games and its active game move there, and the lobby, table or
        end-of-hand message is posted again in the new chat. Idempotent: the
        two service messages and any refused send may each report it."""
        if old == new or old > 0:
            return
        core, chats = self.core, self.people.chats
        async with core.locks[old]:
            chat = chats.pop(old, None) or await core.storage.run(repo.get_chat, old)
            sitting_id = core.by_chat.pop(old, None)
            await core.storage.run(repo.move_chat, old, new)
            if chat:
                chats[new] = {**chats.get(new, {}), **chat, "id": new}
            if sitting_id is None:
                return
            s = core.sittings[sitting_id]
            s.chat_id = new
            core.by_chat[new] = sitting_id
            # the old chat's messages cannot be edited from the new one
            for name in [n for n in s.msgs if n in ("lobby", "table", "end")
                         or n.startswith(QUESTION)]:
                core.outbox.forget(self.screens.slot(s, name))
                s.msgs.pop(name, None)
            await core.save(s)
            log.info("chat %s became %s; game %s moved", old, new, sitting_id)
        async with core.locks[new]:
            if s.status == "lobby":
                self.screens.lobby(s)
            elif s.status == "running":
                self.screens.table(s)
            elif s.status == "hand_over" and s.state is not None:
                self.screens.table(s)
                self.timers.disarm(s)
                self.screens.end_hand(s, hands.net(s.state))

"""The lobby: /new opens a sitting with the chat's /settings (in a private
chat a practice game starts at once); players join, leave, add computers,
start or cancel; the deep link seats someone who had not opened the
private chat yet."""

from __future__ import annotations

from dataclasses import dataclass

from bot import catalog, logs, render
from bot.core import ONLY_STARTER, OVER, STALE, Core, Reply, log
from bot.i18n import Translator
from bot.lifecycle import Lifecycle
from bot.people import People, UserLike
from bot.screens import Screens
from bot.sitting import Seat, Sitting
from storage import repo


@dataclass(eq=False)
class Lobby:
    core: Core
    people: People
    screens: Screens
    lifecycle: Lifecycle

    async def new_game(
        self, chat_id: int, private: bool, user: UserLike, game_id: str, preset: str | None
    ) -> str | None:
        """Open a lobby (or, in a private chat, start a practice game at once)
        with the chat's /settings: its preset (unless another is asked for) and
        flags, turn timeout and computers. Returns a refusal to show, or None."""
        core = self.core
        await self.people.default_group_lang(chat_id, user.id)
        _ = self.people.t(chat_id)
        if game_id not in catalog.landed():
            return _("Unknown game.")
        g = catalog.game(game_id)
        cs = await self.people.chat_rules(chat_id)
        preset = preset or cs.preset(g)
        if preset not in g.presets:
            return _("Unknown rules.")
        variant = cs.variant(g) if preset == cs.preset(g) else g.preset(preset)
        async with core.locks[chat_id]:
            if (busy := self.busy(chat_id)) is not None:
                return busy
            n = g.default_seats
            seats: list[Seat | None] = [None] * n
            if private:
                seats = [Seat(user.id, user.first_name or "")]
                seats += [Seat(None) for _i in range(n - 1)]
            elif self.people.started(user.id):
                seats[0] = Seat(user.id, user.first_name or "")
            s = Sitting(
                id=0, chat_id=chat_id, game=game_id, preset=preset, variant=variant,
                status="lobby", creator_id=user.id, seats=seats, totals=[0] * n,
                turn_timeout=cs.turn_timeout, computers=cs.computers or private,
            )
            s.id = await core.storage.run(repo.create_game, s.to_row())
            logs.event(log, chat_id, s.id, "practice" if private else "lobby", game=game_id,
                       preset=preset)
            core.sittings[s.id] = s
            core.by_chat[chat_id] = s.id
            if private:
                await self.lifecycle.start_hand(s)
            else:
                self.screens.lobby(s)
        return None

    def busy(self, chat_id: int) -> str | None:
        """The refusal of /new while this chat has a game, in this chat's words."""
        if chat_id not in self.core.by_chat:
            return None
        _ = self.people.t(chat_id)
        if chat_id > 0:
            return _("You are already playing a game here. /stop ends it.")
        return _("There is already a game in this chat. /stop ends it.")

    async def lobby_action(self, gid: int, user: UserLike, action: str) -> Reply:
        s = self.core.sittings.get(gid)
        _ = self.people.t(user.id)  # toasts are read by the presser
        if s is None or s.status != "lobby":
            return Reply(_(STALE) if s and s.status == "running" else _(OVER))
        async with self.core.lock(s):
            if s.status != "lobby":
                return Reply(_(STALE))
            if action == "join":
                if s.seat_of(user.id) is not None:
                    return Reply(_("You are already seated."))
                if not self.people.started(user.id):
                    # Seat them when they open the private chat (/start j<id>).
                    return Reply(_("Open the chat with me to take your seat."),
                                 url=self.people.deep_link(s.id))
                return await self.seat(s, user.id, user.first_name or "", _)
            if action == "leave":
                seat = s.seat_of(user.id)
                if seat is None:
                    return Reply(_("You are not seated."))
                s.seats[seat] = None
                await self.core.save(s)
                self.screens.lobby(s)
                return Reply(_("You left your seat."))
            if action == "cpu":
                return await self._add_computer(s, user, _)
            if action in ("start", "cancel"):
                if user.id != s.creator_id and not await self.people.is_admin(s.chat_id, user.id):
                    return Reply(_(ONLY_STARTER))
                if action == "cancel":
                    await self.lifecycle.cancel(s)
                    return Reply(_("Cancelled."))
                if not s.humans():
                    return Reply(_("Nobody is seated yet."))
                if not s.computers and None in s.seats:
                    return Reply(
                        _("Every seat needs a player: this chat plays without computers."))
                s.seats = [seat or Seat(None) for seat in s.seats]  # empty seats: computers
                await self.lifecycle.start_hand(s)
                return Reply(_("Let's play!"))
        return Reply(_(STALE))

    async def _add_computer(self, s: Sitting, user: UserLike, _: Translator) -> Reply:
        if not s.computers:
            return Reply(_("This chat plays without computers (see /settings)."))
        if s.seat_of(user.id) is None and user.id != s.creator_id:
            return Reply(_("Only seated players can add a computer."))
        if None not in s.seats:
            return Reply(_("All seats are taken."))
        s.seats[s.seats.index(None)] = Seat(None)
        await self.core.save(s)
        self.screens.lobby(s)
        return Reply(_("A computer player sits down."))

    async def seat(self, s: Sitting, user_id: int, name: str, _: Translator) -> Reply:
        if None not in s.seats:
            return Reply(_("All seats are taken."))
        s.seats[s.seats.index(None)] = Seat(user_id, name)
        await self.core.save(s)
        self.screens.lobby(s)
        return Reply(_("You are seated."))

    async def start_link(self, user: UserLike, payload: str) -> str:
        """`/start j<id>` from the deep link: seat the user, who can now be messaged."""
        _ = self.people.t(user.id)
        if not payload.startswith("j") or not payload[1:].isdigit():
            return _("Welcome to Paiju! Add me to a group and send /new to play, or send /new "
                     "here to practise.")
        s = self.core.sittings.get(int(payload[1:]))
        if s is None or s.status != "lobby":
            return _("That game has already started or ended.")
        async with self.core.lock(s):
            if s.status != "lobby":
                return _("That game has already started or ended.")
            if s.seat_of(user.id) is None:
                if None not in s.seats:
                    return _("All seats are taken.")
                await self.seat(s, user.id, user.first_name or "", _)
        return _("You are seated: {game} @ {chat}. Your cards will come here.").format(
            game=render.game_name(s, _), chat=self.people.title(s.chat_id)
        )

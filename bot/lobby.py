"""The lobby: /new (typed with a game and its rules, or through the game and
rules choosers) opens a sitting with the chat's /settings (in a private chat
a practice game starts at once); players join, leave, add computers, start or
cancel; the deep link seats someone who had not opened the private chat yet;
/rules and the lobby's 📖 say how a game is played."""

from __future__ import annotations

from dataclasses import dataclass

from bot import catalog, house_rules, logs, render, rules_text
from bot.core import ONLY_STARTER, OVER, STALE, Core, Post, Reply, log
from bot.i18n import Translator
from bot.lifecycle import Lifecycle
from bot.people import People, UserLike
from bot.presenters.base import names_list
from bot.screens import Screens
from bot.sitting import Seat, Sitting
from storage import repo


@dataclass(eq=False)
class Lobby:
    core: Core
    people: People
    screens: Screens
    lifecycle: Lifecycle

    # -- /new and its choosers ------------------------------------------------------
    async def new_command(
        self, chat_id: int, private: bool, user: UserLike, args: str
    ) -> Post | None:
        """/new [game [rules]]: the game chooser, or the game opened with the
        chat's rules or the ones named (in any language); else why not."""
        _ = self.people.t(chat_id)
        words = args.split()
        if (busy := self.busy(chat_id)) is not None:
            return Post(busy)
        if not words:
            return Post(*render.choose_game(catalog.landed(), _))
        game_id = catalog.find(words[0])
        if game_id is None:
            return Post(_("Unknown game. Send /new to choose one."))
        preset = None  # the chat's /settings
        if len(words) > 1:
            presets = catalog.game(game_id).presets
            preset = house_rules.find_preset(game_id, presets, " ".join(words[1:]))
            if preset is None:
                names = names_list([render.preset_name(game_id, p, _) for p in presets], _)
                unknown = _("Unknown rules: {game} has {names}.")  # never echoes what was typed
                return Post(unknown.format(game=catalog.presenter(game_id).game_name(_),
                                           names=names))
        refusal = await self.new_game(chat_id, private, user, game_id, preset)
        return Post(refusal) if refusal else None

    async def choose(
        self, chat_id: int, private: bool, user: UserLike, game_id: str, preset: str
    ) -> Reply:
        """The game chooser's buttons (a game with several presets: its rules
        chooser), then the rules chooser's: the chooser then says what was
        chosen, or why not, and loses its buttons either way."""
        _ = self.people.t(chat_id)
        if game_id not in catalog.landed():
            return Reply(_("Unknown game."))
        presets = list(catalog.game(game_id).presets)
        if not preset and len(presets) > 1:
            current = (await self.people.chat_rules(chat_id)).preset(catalog.game(game_id))
            return Reply(page=render.choose_preset(game_id, _, current))
        preset = preset or presets[0]
        refusal = await self.new_game(chat_id, private, user, game_id, preset)
        name = catalog.presenter(game_id).game_name(_)
        chosen = f"{name} · {render.preset_name(game_id, preset, _)}"
        return Reply(refusal, page=(refusal or chosen, None))

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
            s.id = await core.storage.run(repo.create_sitting, s.to_row())
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

    async def lobby_action(self, sitting_id: int, user: UserLike, action: str) -> Reply:
        s = self.core.sittings.get(sitting_id)
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

    # -- /rules and the lobby's 📖 -----------------------------------------------------
    async def rules(self, chat_id: int, arg: str) -> list[str]:
        """/rules [game]: the game named, else the chat's open one: the rules
        being played if it is that game, else the chat's for its next game."""
        _ = self.people.t(chat_id)
        sitting_id = self.core.by_chat.get(chat_id)
        open_ = self.core.sittings[sitting_id] if sitting_id is not None else None
        game_id = catalog.find(arg) if arg else (open_.game if open_ is not None else None)
        if game_id is None:
            names = ", ".join(f"/rules {g}" for g in catalog.landed())
            return [_("Which game? {choices}").format(choices=names)]
        if open_ is not None and open_.game == game_id:
            return rules_text.messages(game_id, open_.preset, open_.variant, _, in_play=True)
        cs = await self.people.chat_rules(chat_id)
        g = catalog.game(game_id)
        return rules_text.messages(game_id, cs.preset(g), cs.variant(g), _)

    def rules_press(self, sitting_id: int, user_id: int) -> Reply:
        """The lobby's 📖: the sitting's rules, posted in its chat."""
        s = self.core.sittings.get(sitting_id)
        if s is None:
            return Reply(self.people.t(user_id)(STALE))
        _ = self.people.t(s.chat_id)
        for part in rules_text.messages(s.game, s.preset, s.variant, _, in_play=True):
            self.core.outbox.send(s.chat_id, part)
        return Reply()

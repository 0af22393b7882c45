"""The tables: lobby, moves, turn timers, 托管, end of hand, restart recovery.

Handlers call in here; everything that changes a sitting runs under the lock
of its chat, writes the change to storage first and only then queues
messages through the outbox."""

from __future__ import annotations

import asyncio
import json
import logging
import random
import secrets
import time
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from aiogram import Bot
from apscheduler.jobstores.base import JobLookupError
from apscheduler.schedulers.asyncio import AsyncIOScheduler

from bot import catalog, computer, logs, render, scores_text
from bot.chat_settings import ChatSettings
from bot.i18n import LANGS, Translator, normalize_lang, translator
from bot.outbox import END, NORMAL, URGENT, Outbox
from bot.settings import Settings
from bot.sitting import Seat, Selection, Sitting
from games import hands
from games.base import IllegalMove, Move, Pick, find_move
from storage import repo
from storage.db import Storage

log = logging.getLogger(__name__)


@dataclass
class Reply:
    """How to answer a button press: a toast, or a link to open."""

    text: str | None = None
    url: str | None = None
    alert: bool = False


def N_(message: str) -> str:  # mark for extraction; translated where shown
    return message


THINK_GRACE = 0.5  # seconds a computer move may wait for a free thread, beyond twice its budget
STALE = N_("This button has expired.")
OVER = N_("This game is already over.")
NOT_YOURS = N_("This is not your game.")
NOT_YOUR_TURN = N_("It is not your turn yet.")


class Service:
    def __init__(
        self,
        settings: Settings,
        bot: Bot,
        storage: Storage,
        outbox: Outbox,
        scheduler: AsyncIOScheduler,
        bot_username: str = "",
    ) -> None:
        self.settings = settings
        self.bot = bot
        self.storage = storage
        self.outbox = outbox
        self.scheduler = scheduler
        self.bot_username = bot_username
        self.sittings: dict[int, Sitting] = {}
        self.by_chat: dict[int, int] = {}  # chat → its active sitting
        self.locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        self.users: dict[int, dict[str, Any]] = {}
        self.chats: dict[int, dict[str, Any]] = {}
        self.rules: dict[int, ChatSettings] = {}  # chat → its /settings
        self.last_action: dict[int, float] = {}
        self.tasks: set[asyncio.Task] = set()
        self.computer_moves: dict[int, asyncio.Task] = {}  # sitting → its pending computer move
        self.executor = ThreadPoolExecutor(2, thread_name_prefix="paiju-ai")

    # -- users, chats, languages ---------------------------------------------
    async def load_people(self) -> None:
        for u in await self.storage.run(repo.all_users):
            self.users[u["id"]] = u

    async def see(self, user: Any | None, chat: Any | None) -> None:
        """Remember who wrote where (names for seats; started = may be messaged)."""
        if chat is not None and chat.type != "private":
            title = chat.title or ""
            known = self.chats.get(chat.id)
            if known is None:
                known = await self.storage.run(repo.get_chat, chat.id) or {"id": chat.id}
                self.chats[chat.id] = known
            if known.get("title") != title:
                known["title"] = title
                await self.storage.run(repo.set_chat, chat.id, title=title)
        if user is None or user.is_bot:
            return
        started = 1 if chat is not None and chat.type == "private" else None
        old = self.users.get(user.id, {})
        new = {
            "first_name": user.first_name or "",
            "username": user.username or "",
            "lang": normalize_lang(user.language_code),
        }
        if started:
            new["started"] = 1
        elif "started" not in old:
            new["started"] = 0
        if any(old.get(k) != v for k, v in new.items()):
            self.users[user.id] = {**old, **new, "id": user.id}
            await self.storage.run(repo.set_user, user.id, **new)

    def started(self, user_id: int) -> bool:
        return bool(self.users.get(user_id, {}).get("started"))

    async def forbidden(self, chat_id: int) -> None:
        """Telegram refuses our messages to this chat (403): a user blocked
        the bot, or the bot is no longer in the group."""
        if chat_id < 0:
            await self.bot_removed(chat_id)
            return
        first = self.started(chat_id)  # the first refusal since they last opened the chat
        if chat_id in self.users:
            self.users[chat_id]["started"] = 0
            await self.storage.run(repo.set_user, chat_id, started=0)
        for s in [s for s in self.sittings.values() if s.seat_of(chat_id) is not None]:
            if s.solo:
                await self.bot_removed(s.chat_id)  # nobody left to play with
            else:
                await self._blocked_mid_game(s, chat_id, first)

    async def _blocked_mid_game(self, s: Sitting, user_id: int, first: bool = True) -> None:
        """A player who blocked the bot can no longer see their cards: the
        computer plays for them (托管), and the group is told once (also when
        two turn timeouts had already put the seat in 托管)."""
        async with self.locks[s.chat_id]:
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
                    s.deadline = self._deadline(s)
                await self._save(s)
                log.info("game %s: user %s blocked the bot; the computer plays seat %s",
                         s.id, user_id, seat)
            _ = self.t(s.chat_id)
            self.outbox.send(s.chat_id, _("{name} has blocked me: the computer plays for them.").format(
                name=me.name or "?"))
            if newly and s.status == "running":
                self._show_table(s)
                self._arm(s)

    async def bot_removed(self, chat_id: int) -> None:
        """The bot was removed from the group (or a solo player blocked it):
        its sitting ends quietly; nothing more is sent to that chat."""
        gid = self.by_chat.get(chat_id)
        self.outbox.drop_chat(chat_id)
        if gid is None:
            return
        s = self.sittings[gid]
        async with self.locks[chat_id]:
            if s.status in ("finished", "cancelled"):
                return
            s.status = "finished" if s.status != "lobby" else "cancelled"
            s.deadline = None
            self._close(s)
            await self._save(s)
            log.info("game %s ended: the bot can no longer write to chat %s", s.id, chat_id)
            for seat, _uid in s.humans():
                self._show_hand(s, seat)  # their hand messages lose their buttons

    def lang(self, chat_id: int) -> str:
        """The language of a chat: what /lang chose there; in a private chat
        (id = the user's id) else the user's Telegram language; a group that
        never chose takes its first game's creator's (see `new_game`)."""
        chat = self.chats.get(chat_id)
        if chat and chat.get("lang") in LANGS:
            return chat["lang"]
        if chat_id > 0 and chat_id in self.users:
            return self.users[chat_id].get("lang") or self.settings.default_lang
        return self.settings.default_lang

    async def _default_group_lang(self, chat_id: int, user_id: int) -> None:
        """A group without a language takes its first game's creator's."""
        if chat_id > 0:
            return
        chat = self.chats.get(chat_id) or await self.storage.run(repo.get_chat, chat_id) or {}
        if chat.get("lang") in LANGS:
            return
        lang = self.lang(user_id)
        self.chats[chat_id] = {**chat, "id": chat_id, "lang": lang}
        await self.storage.run(repo.set_chat, chat_id, lang=lang)

    def t(self, chat_id: int) -> Translator:
        return translator(self.lang(chat_id))

    async def set_lang(self, chat_id: int, lang: str) -> None:
        if lang not in LANGS:
            raise ValueError(lang)
        self.chats.setdefault(chat_id, {"id": chat_id})["lang"] = lang
        await self.storage.run(repo.set_chat, chat_id, lang=lang)
        if (gid := self.by_chat.get(chat_id)) is not None:
            async with self.locks[chat_id]:
                s = self.sittings[gid]
                if s.status == "running":
                    self._show_table(s)
                elif s.status == "lobby":
                    self._show_lobby(s)

    # -- /settings ---------------------------------------------------------------
    async def chat_rules(self, chat_id: int) -> ChatSettings:
        cs = self.rules.get(chat_id)
        if cs is None:
            cs = ChatSettings.from_row(await self.storage.run(repo.get_chat_settings, chat_id))
            self.rules[chat_id] = cs
        return cs

    async def save_rules(self, chat_id: int, cs: ChatSettings) -> None:
        await self.storage.run(repo.set_chat_settings, chat_id, **cs.to_row())
        self.rules[chat_id] = cs

    async def may_configure(self, chat_id: int, user_id: int) -> bool:
        """Group admins and the creator of the chat's current sitting."""
        gid = self.by_chat.get(chat_id)
        if gid is not None and self.sittings[gid].creator_id == user_id:
            return True
        return await self.is_admin(chat_id, user_id)

    def title(self, chat_id: int) -> str:
        return (self.chats.get(chat_id) or {}).get("title") or ""

    async def is_admin(self, chat_id: int, user_id: int) -> bool:
        if chat_id > 0:
            return chat_id == user_id
        try:
            member = await self.bot.get_chat_member(chat_id, user_id)
        except Exception:
            return False
        return member.status in ("creator", "administrator")

    def deep_link(self, gid: int) -> str:
        return f"https://t.me/{self.bot_username}?start=j{gid}"

    # -- slots: messages edited in place --------------------------------------
    @staticmethod
    def _slot(s: Sitting, name: str) -> tuple:
        if name == "table" or name.startswith("hand:") or name == "end":
            return (s.id, s.hand_no, name)
        return (s.id, name)

    def _remember(self, s: Sitting, name: str):
        def on_new(message_id: int) -> None:
            s.msgs[name] = message_id
            self._spawn(self.storage.run(repo.update_game, s.id, {"msgs": json.dumps(s.msgs)}))

        return on_new

    def _bind_all(self, s: Sitting) -> None:
        for name, mid in s.msgs.items():
            self.outbox.bind(self._slot(s, name), mid)

    def _show_lobby(self, s: Sitting) -> None:
        _ = self.t(s.chat_id)
        text, kb = render.lobby(s, s.turn_timeout or self.settings.turn_timeout, _)
        self.outbox.show(s.chat_id, self._slot(s, "lobby"), text, kb, self._remember(s, "lobby"))

    def _show_table(self, s: Sitting) -> None:
        def draw():
            return render.table(s, self.t(s.chat_id)), None

        self.outbox.show(s.chat_id, self._slot(s, "table"), draw, None, self._remember(s, "table"))

    def _show_hand(self, s: Sitting, seat: int) -> None:
        me = s.seats[seat]
        if me is None or me.user_id is None or not self.started(me.user_id):
            return  # never write to someone who has not opened the private chat
        uid = me.user_id

        def draw():
            selected = s.selected(seat)
            title = "" if s.solo else self.title(s.chat_id)
            return render.hand(s, seat, self.t(uid), title, selected)

        name = f"hand:{uid}"
        st = s.state
        asked = s.status == "running" and st is not None and seat in st.to_act() and not me.auto
        self.outbox.show(uid, self._slot(s, name), draw, None, self._remember(s, name),
                         priority=URGENT if asked else NORMAL)

    def _notify(self, s: Sitting, seat: int) -> None:
        me = s.seats[seat]
        if s.solo or me is None or me.user_id is None or me.tuoguan:
            return
        uid = me.user_id
        if not self.started(uid):
            return
        if time.monotonic() - self.last_action.get(uid, -1e9) < self.settings.notify_idle:
            return  # they just played: they are looking at the chat already
        _ = self.t(uid)
        text = _("👉 Your turn · {game} @ {chat}").format(
            game=render.game_name(s, _), chat=self.title(s.chat_id)
        )
        name = f"notify:{uid}"
        self.outbox.notify(uid, self._slot(s, name), text, self._remember(s, name))

    def _spawn(self, coro) -> asyncio.Task:
        task = asyncio.get_running_loop().create_task(coro)
        self.tasks.add(task)
        task.add_done_callback(self._task_done)
        return task

    def _task_done(self, task: asyncio.Task) -> None:
        self.tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("background task failed", exc_info=task.exception())

    # -- lobby ---------------------------------------------------------------
    async def new_game(
        self, chat_id: int, private: bool, user: Any, game_id: str, preset: str | None
    ) -> str | None:
        """Open a lobby (or, in a private chat, start a practice game at once)
        with the chat's /settings: its preset (unless another is asked for) and
        flags, turn timeout and computers. Returns a refusal to show, or None."""
        await self._default_group_lang(chat_id, user.id)
        _ = self.t(chat_id)
        if game_id not in catalog.landed():
            return _("Unknown game.")
        g = catalog.game(game_id)
        cs = await self.chat_rules(chat_id)
        preset = preset or cs.preset(g)
        if preset not in g.presets:
            return _("Unknown rules.")
        variant = cs.variant(g) if preset == cs.preset(g) else g.preset(preset)
        async with self.locks[chat_id]:
            if (busy := self.busy(chat_id)) is not None:
                return busy
            n = g.default_seats
            seats: list[Seat | None] = [None] * n
            if private:
                seats = [Seat(user.id, user.first_name or "")] + [Seat(None) for _i in range(n - 1)]
            elif self.started(user.id):
                seats[0] = Seat(user.id, user.first_name or "")
            s = Sitting(
                id=0, chat_id=chat_id, game=game_id, preset=preset, variant=variant,
                status="lobby", creator_id=user.id, seats=seats, totals=[0] * n,
                turn_timeout=cs.turn_timeout, computers=cs.computers or private,
            )
            s.id = await self.storage.run(repo.create_game, s.to_row())
            logs.event(log, chat_id, s.id, "practice" if private else "lobby", game=game_id, preset=preset)
            self.sittings[s.id] = s
            self.by_chat[chat_id] = s.id
            if private:
                await self._start_hand(s)
            else:
                self._show_lobby(s)
        return None

    def busy(self, chat_id: int) -> str | None:
        """The refusal of /new while this chat has a game, in this chat's words."""
        if chat_id not in self.by_chat:
            return None
        _ = self.t(chat_id)
        if chat_id > 0:
            return _("You are already playing a game here. /stop ends it.")
        return _("There is already a game in this chat. /stop ends it.")

    async def lobby_action(self, gid: int, user: Any, action: str) -> Reply:
        s = self.sittings.get(gid)
        if s is None or s.status != "lobby":
            return Reply(self._tr(s, user.id, STALE if s and s.status == "running" else OVER))
        _ = self.t(user.id)  # toasts are read by the presser
        async with self.locks[s.chat_id]:
            if s.status != "lobby":
                return Reply(_(STALE))
            if action == "join":
                if s.seat_of(user.id) is not None:
                    return Reply(_("You are already seated."))
                if not self.started(user.id):
                    # Seat them when they open the private chat (/start j<id>).
                    return Reply(_("Open the chat with me to take your seat."), url=self.deep_link(s.id))
                return await self._seat(s, user.id, user.first_name or "", _)
            if action == "leave":
                seat = s.seat_of(user.id)
                if seat is None:
                    return Reply(_("You are not seated."))
                s.seats[seat] = None
                await self._save(s)
                self._show_lobby(s)
                return Reply(_("You left your seat."))
            if action == "cpu":
                if not s.computers:
                    return Reply(_("This chat plays without computers (see /settings)."))
                if s.seat_of(user.id) is None and user.id != s.creator_id:
                    return Reply(_("Only seated players can add a computer."))
                if None not in s.seats:
                    return Reply(_("All seats are taken."))
                s.seats[s.seats.index(None)] = Seat(None)
                await self._save(s)
                self._show_lobby(s)
                return Reply(_("A computer player sits down."))
            if action in ("start", "cancel"):
                if user.id != s.creator_id and not await self.is_admin(s.chat_id, user.id):
                    return Reply(_("Only whoever started the game or an admin can do that."))
                if action == "cancel":
                    s.status = "cancelled"
                    await self._save(s)
                    self._close(s)
                    self._show_lobby(s)
                    return Reply(_("Cancelled."))
                if not s.humans():
                    return Reply(_("Nobody is seated yet."))
                if not s.computers and None in s.seats:
                    return Reply(_("Every seat needs a player: this chat plays without computers."))
                s.seats = [seat or Seat(None) for seat in s.seats]  # empty seats: computers
                await self._start_hand(s)
                return Reply(_("Let's play!"))
        return Reply(_(STALE))

    async def _seat(self, s: Sitting, user_id: int, name: str, _: Translator) -> Reply:
        if None not in s.seats:
            return Reply(_("All seats are taken."))
        s.seats[s.seats.index(None)] = Seat(user_id, name)
        await self._save(s)
        self._show_lobby(s)
        return Reply(_("You are seated."))

    async def start_link(self, user: Any, payload: str) -> str:
        """`/start j<id>` from the deep link: seat the user, who can now be messaged."""
        _ = self.t(user.id)
        if not payload.startswith("j") or not payload[1:].isdigit():
            return _("Welcome to Paiju! Add me to a group and send /new to play, or send /new here to practise.")
        s = self.sittings.get(int(payload[1:]))
        if s is None or s.status != "lobby":
            return _("That game has already started or ended.")
        async with self.locks[s.chat_id]:
            if s.status != "lobby":
                return _("That game has already started or ended.")
            if s.seat_of(user.id) is None:
                if None not in s.seats:
                    return _("All seats are taken.")
                await self._seat(s, user.id, user.first_name or "", _)
        return _("You are seated: {game} @ {chat}. Your cards will come here.").format(
            game=render.game_name(s, _), chat=self.title(s.chat_id)
        )

    # -- hands ----------------------------------------------------------------
    def _materialize_hand(self, s: Sitting, hand_no: int) -> None:
        """Pending lazy edits of a hand's messages: render them while they
        still read that hand (or drop those never sent: see Outbox.retire)."""
        for seat in s.seats:
            if seat and seat.user_id is not None:
                self.outbox.retire((s.id, hand_no, f"hand:{seat.user_id}"))
        self.outbox.retire((s.id, hand_no, "table"))

    async def _start_hand(self, s: Sitting, seed: int | None = None) -> None:
        if s.state is not None:
            self._materialize_hand(s, s.hand_no)
        g = catalog.game(s.game)
        seed = secrets.randbits(48) if seed is None else seed
        dealer = None
        if s.state is not None and s.state.is_over():
            dealer = g.next_dealer(s.variant, s.state, seed)
        s.state = g.new_state(s.variant, len(s.seats), seed, dealer)
        s.seed = seed
        s.hand_no += 1
        s.status = "running"
        s.last = {}
        s.picks = {}
        for key in [k for k in s.msgs if k == "table" or k.startswith("hand:") or k == "end"]:
            del s.msgs[key]  # each hand gets a fresh table and hand messages
        if s.hand_no == 1 and not s.solo and "lobby" in s.msgs:
            self._show_lobby(s)
        if hands.stuck(s.state):
            # Some deals are over when dealt (a 八大对 in 掀牛): settle at once.
            log.info("game %s hand %s: over when dealt (seed %s)", s.id, s.hand_no, seed)
            await self._settle(s, None)
            self._told_hand_over(s)
            return
        s.deadline = self._deadline(s)
        await self._save(s)
        logs.event(log, s.chat_id, s.id, "hand started", game=s.game, hand=s.hand_no)
        self._show_table(s)
        for seat, _uid in s.humans():
            self._show_hand(s, seat)
        for seat in s.state.to_act():
            self._notify(s, seat)
        self._arm(s)

    def _deadline(self, s: Sitting) -> float | None:
        assert s.state is not None
        waiting = [i for i in s.state.to_act() if s.seats[i] and not s.seats[i].auto]
        timeout = s.turn_timeout or self.settings.turn_timeout
        return time.time() + timeout if waiting else None

    async def _save(self, s: Sitting) -> None:
        await self.storage.run(repo.update_game, s.id, s.to_row())

    async def _reload(self, s: Sitting) -> None:
        row = await self.storage.run(repo.get_game, s.id)
        fresh = Sitting.from_row(row)
        s.__dict__.update(fresh.__dict__)

    async def _apply(self, s: Sitting, seat: int, code: str, by: str) -> None:
        """Apply one move (caller holds the chat's lock); IllegalMove leaves all as it was."""
        st = s.state
        assert st is not None
        before = set(st.to_act())
        events = st.apply(seat, code)
        me = s.seats[seat]
        assert me is not None
        if by == "player":
            me.timeouts = 0
            if me.user_id is not None:
                self.last_action[me.user_id] = time.monotonic()
        s.last = {"seat": seat, "events": events}
        move = {"hand_no": s.hand_no, "turn": st.turn - 1, "seat": seat, "code": code, "by": by}
        if hands.stuck(st):
            await self._settle(s, move)
            self._told_hand_over(s)
            return
        s.deadline = self._deadline(s)
        try:
            await self.storage.run(repo.record_move, s.id, s.to_row(), move)
        except Exception:
            await self._reload(s)  # the DB is the truth: nothing happened
            raise
        # Written: now tell everyone. The code may name hidden cards: DEBUG only.
        logs.event(log, s.chat_id, s.id, "move", hand=s.hand_no, turn=move["turn"], seat=seat, by=by,
                   events=",".join(str(ev.get("type", "?")) for ev in events))
        log.debug("sitting %s move %s", s.id, code)
        self._show_table(s)
        after = set(st.to_act())
        for i, _uid in s.humans():
            if i in before or i in after or i == seat:
                self._show_hand(s, i)
        for i in sorted(after):
            if i not in before or i == seat:
                self._notify(s, i)
        self._arm(s)

    async def _settle(self, s: Sitting, move: dict[str, Any] | None) -> None:
        """The one end-of-hand write: the hand's result, the totals and (when
        a move ended it) that move, in one transaction. A deal over when dealt
        has no move."""
        st = s.state
        assert st is not None
        net = hands.net(st)
        s.totals = [a + b for a, b in zip(s.totals or [0] * len(net), net)]
        s.status = "hand_over"
        s.deadline = None
        s.picks = {}
        hand = {"hand_no": s.hand_no, "state": st.to_json(), "net": json.dumps(net)}
        try:
            await self.storage.run(repo.record_move, s.id, s.to_row(), move, hand)
        except Exception:
            await self._reload(s)  # the DB is the truth: nothing happened
            raise
        last = {} if move is None else {"turn": move["turn"], "seat": move["seat"], "by": move["by"]}
        logs.event(log, s.chat_id, s.id, "hand over", hand=s.hand_no, net=net, **last)

    def _told_hand_over(self, s: Sitting) -> None:
        """Written: the table, every hand and the 🏁 message."""
        self._show_table(s)
        for i, _uid in s.humans():
            self._show_hand(s, i)
        assert s.state is not None
        self._end_hand(s, hands.net(s.state))

    # -- timers and computer players -------------------------------------------
    def _arm(self, s: Sitting) -> None:
        job_id = f"turn:{s.id}"
        st = s.state
        if s.status != "running" or st is None or st.is_over():
            self._disarm(s)
            return
        if s.deadline is not None:
            self.scheduler.add_job(
                self._timeout,
                "date",
                run_date=datetime.fromtimestamp(s.deadline, tz=UTC),
                args=[s.id, s.hand_no, st.turn],
                id=job_id,
                replace_existing=True,
                misfire_grace_time=None,
            )
        else:
            self._disarm(s)
        if any(s.seats[i] and s.seats[i].auto for i in st.to_act()):
            task = self._spawn(self._computer_turn(s.id, s.hand_no, st.turn, self.settings.computer_delay))
            self.computer_moves[s.id] = task

    def computer_pending(self, gid: int) -> bool:
        task = self.computer_moves.get(gid)
        return task is not None and not task.done()

    def rearm(self, s: Sitting) -> None:
        """The watchdog's repair: the timer and any computer move, again."""
        self._arm(s)

    async def settle_now(self, s: Sitting) -> None:
        """The watchdog's repair of a hand nobody can move on (caller holds the lock)."""
        await self._settle(s, None)
        self._told_hand_over(s)

    def _disarm(self, s: Sitting) -> None:
        try:
            self.scheduler.remove_job(f"turn:{s.id}")
        except JobLookupError:
            pass

    def _current(self, gid: int, hand_no: int, turn: int) -> Sitting | None:
        s = self.sittings.get(gid)
        if s is None or s.status != "running" or s.state is None:
            return None
        if s.hand_no != hand_no or s.state.turn != turn:
            return None
        return s

    async def _think(self, s: Sitting, seat: int) -> str:
        """The computer's move, computed off the event loop. If the Monte Carlo
        player has not answered well after its budget (the threads are busy
        with other tables), the heuristic player moves instead."""
        assert s.state is not None
        state = s.state.copy()
        seed = f"{s.id}:{s.hand_no}:{state.turn}:{seat}"
        rng = random.Random(seed)
        loop = asyncio.get_running_loop()
        budget = self.settings.ai_budget
        work = loop.run_in_executor(self.executor, computer.choose, state, seat, rng, budget)
        try:
            return await asyncio.wait_for(work, timeout=2 * budget + THINK_GRACE)
        except TimeoutError:
            log.warning("game %s: computer move over time; the heuristic plays", s.id)
            return computer.quick(state, seat, random.Random(seed + ":quick"))

    async def _computer_turn(self, gid: int, hand_no: int, turn: int, delay: float) -> None:
        await asyncio.sleep(delay)  # a natural pause, not an instant reply
        s = self._current(gid, hand_no, turn)
        if s is None:
            return
        assert s.state is not None
        seats = [i for i in s.state.to_act() if s.seats[i] and s.seats[i].auto]
        if not seats:
            return
        seat = seats[0]
        code = await self._think(s, seat)
        async with self.locks[s.chat_id]:
            if self._current(gid, hand_no, turn) is None or not s.seats[seat].auto:
                return  # someone moved or took over meanwhile
            by = "computer" if s.seats[seat].user_id is None else "tuoguan"
            try:
                await self._apply(s, seat, code, by)
            except IllegalMove:
                log.exception("computer move %r refused; playing a fallback", code)
                rng = random.Random(turn)
                await self._apply(s, seat, computer.fallback(s.state, seat, rng), by)

    async def _timeout(self, gid: int, hand_no: int, turn: int) -> None:
        """The turn timer fired: the computer moves for every absent player
        (托管 after two timeouts in a row). Idempotent on the turn number."""
        s = self._current(gid, hand_no, turn)
        if s is None:
            return
        async with self.locks[s.chat_id]:
            if self._current(gid, hand_no, turn) is None:
                return
            assert s.state is not None
            late = [i for i in s.state.to_act() if s.seats[i] and not s.seats[i].auto]
            if not late:
                return
            for i in late:
                seat = s.seats[i]
                seat.timeouts += 1
                if seat.timeouts >= 2:
                    seat.tuoguan = True
            for seat_no in late:  # every absent player in one pass (川牌 claims, 刨幺 雪)
                st = s.state
                if s.status != "running" or st is None:
                    break  # the hand ended
                if seat_no not in st.to_act():
                    continue  # an earlier answer closed their question (a claim won)
                # The rules may say what a timeout means (刨幺's 雪 decision);
                # otherwise the computer plays for the absent player.
                code = st.timeout_move(seat_no) or await self._think(s, seat_no)
                await self._apply(s, seat_no, code, "timeout")

    async def take_over(self, gid: int, user: Any) -> Reply:
        s = self.sittings.get(gid)
        if s is None or s.status not in ("running", "hand_over"):
            return Reply(self._tr(s, user.id, OVER))
        _ = self.t(user.id)
        async with self.locks[s.chat_id]:
            seat = s.seat_of(user.id)
            if seat is None:
                return Reply(_(NOT_YOURS))
            me = s.seats[seat]
            assert me is not None
            if not me.tuoguan:
                return Reply(_("You are already playing."))
            me.tuoguan = False
            me.timeouts = 0
            self.last_action[user.id] = time.monotonic()
            if s.status == "running":
                s.deadline = self._deadline(s)
            await self._save(s)
            if s.status == "running":
                self._show_table(s)
                self._arm(s)
            self._show_hand(s, seat)
        return Reply(_("You are playing again."))

    # -- moves from buttons ----------------------------------------------------
    def _tr(self, s: Sitting | None, user_id: int, message: str) -> str:
        return self.t(user_id)(message)

    def _check(
        self, s: Sitting | None, user_id: int, hand_no: int, turn: int, code: str | None = None
    ) -> tuple[int | None, str | None]:
        """The user's seat if they may move now, else a refusal. A button drawn
        for an earlier turn of this hand still counts while its meaning holds:
        the seat has not moved since, is still asked, and the move (`code`) is
        still legal (one 川牌 claim window: others' answers move the turn)."""
        _ = self.t(user_id)
        if s is None or s.status in ("finished", "cancelled"):
            return None, _(OVER)
        seat = s.seat_of(user_id)
        if seat is None:
            return None, _(NOT_YOURS)
        st = s.state
        if s.status != "running" or st is None or hand_no != s.hand_no or not 0 <= turn <= st.turn:
            return None, _(STALE)
        if turn != st.turn and not self._still_meant(st, seat, turn, code):
            return None, _(STALE)
        if seat not in st.to_act():
            return None, _(NOT_YOUR_TURN)
        if s.seats[seat].tuoguan:
            return None, _("The computer is playing for you: tap Take over first.")
        return seat, None

    @staticmethod
    def _still_meant(st: Any, seat: int, turn: int, code: str | None) -> bool:
        if code is None or seat not in st.to_act():
            return False
        if any(who == seat for who, _code in st.history[turn:]):
            return False  # they answered since: a second tap is not a second move
        return find_move(st.legal_moves(seat), code) is not None

    def _reason(self, s: Sitting, e: IllegalMove, _: Translator) -> str:
        p = catalog.presenter(s.game)
        try:
            text = p.reason_text(e.reason, _)
            if text:
                return str(text)[:190]
        except Exception:
            log.exception("presenter could not explain %s", e.reason)
        return _("That move is not allowed ({reason}).").format(reason=e.reason)[:190]

    async def move(
        self, gid: int, user: Any, hand_no: int, turn: int, code: str | None = None,
        index: int | None = None,
    ) -> Reply:
        s = self.sittings.get(gid)
        _ = self.t(user.id)
        seat, refusal = self._check(s, user.id, hand_no, turn, code)
        if refusal:
            return Reply(refusal)
        assert s is not None and seat is not None
        async with self.locks[s.chat_id]:
            seat, refusal = self._check(s, user.id, hand_no, turn, code)  # again, under the lock
            if refusal:
                return Reply(refusal)
            assert s.state is not None
            if index is not None:
                moves = s.state.legal_moves(seat)
                if not 0 <= index < len(moves) or not isinstance(moves[index], Move):
                    return Reply(_(STALE))
                code = moves[index].code
            try:
                await self._apply(s, seat, code or "", "player")
            except IllegalMove as e:
                return Reply(self._reason(s, e, _))
        return Reply()

    async def pick(self, gid: int, user: Any, hand_no: int, turn: int, action: str, index: int) -> Reply:
        """The card picker: toggle, clear, hint, confirm. Its card indices
        belong to the turn they were drawn for: an older picker is stale."""
        s = self.sittings.get(gid)
        _ = self.t(user.id)
        seat, refusal = self._check(s, user.id, hand_no, turn)
        if refusal:
            return Reply(refusal)
        assert s is not None and seat is not None
        async with self.locks[s.chat_id]:
            seat, refusal = self._check(s, user.id, hand_no, turn)
            if refusal:
                return Reply(refusal)
            st = s.state
            assert st is not None
            moves = st.legal_moves(seat)
            if not render.needs_picker(s, moves):
                return Reply(_(STALE))
            cards = render.picker_cards(s, seat, moves)
            old = s.picks.get(seat)
            selected, hint_no = (list(old.selected), old.hint_no) if old and old.turn == turn else ([], 0)
            if action == "x":
                if not 0 <= index < len(cards):
                    return Reply(_(STALE))
                selected = [i for i in selected if i != index] if index in selected else selected + [index]
            elif action == "clr":
                selected = []
            elif action == "hint":
                hints = catalog.presenter(s.game).hints(moves)
                if not hints:
                    return Reply(_("No hint."))
                h = hints[hint_no % len(hints)]
                selected, hint_no = render.indices_for(cards, h.cards), hint_no + 1
            elif action == "ok":
                chosen = render.cards_of(cards, sorted(selected))
                try:
                    code = self._picked_code(s, seat, moves, chosen, _)
                    kept = s.picks.pop(seat, None)  # cleared with the move
                    try:
                        await self._apply(s, seat, code, "player")
                    except IllegalMove:
                        if kept is not None:
                            s.picks[seat] = kept  # refused: the cards stay selected
                        raise
                except IllegalMove as e:
                    return Reply(self._reason(s, e, _))
                except _Refused as e:
                    return Reply(str(e))
                return Reply()
            else:
                return Reply(_(STALE))
            s.picks[seat] = Selection(turn, selected, hint_no)
            await self.storage.run(repo.update_game, s.id, {"picks": s.picks_json()})
            self._show_hand(s, seat)
        return Reply()

    def _picked_code(self, s: Sitting, seat: int, moves: list, chosen: list[str], _: Translator) -> str:
        assert s.state is not None
        picks = [m for m in moves if isinstance(m, Pick)]
        if picks:
            p = picks[0]
            if not p.min_count <= len(chosen) <= p.max_count:
                raise _Refused(catalog.presenter(s.game).pick_prompt(p, _))
            return p.code_for(chosen)
        if not chosen:
            raise _Refused(_("Choose cards first."))
        return s.state.code_for_cards(seat, chosen)

    # -- end of hand, next hand, stop -----------------------------------------
    def _end_hand(self, s: Sitting, net: list[int]) -> None:
        self._disarm(s)
        _ = self.t(s.chat_id)
        text, kb = render.hand_end(s, net, _)
        self.outbox.show(s.chat_id, self._slot(s, "end"), text, kb, self._remember(s, "end"),
                         priority=END)

    async def hand_end_action(self, gid: int, user: Any, hand_no: int, action: str) -> Reply:
        """下一局 (any seated player) or 结束: ending the sitting follows /stop's
        rule (its creator or an admin, after a confirmation)."""
        s = self.sittings.get(gid)
        if s is None or s.status != "hand_over" or s.hand_no != hand_no or action not in ("next", "end"):
            gone = s is None or s.status in ("finished", "cancelled")
            return Reply(self._tr(s, user.id, OVER if gone else STALE))
        _ = self.t(user.id)  # toasts are read by the presser
        if action == "end":
            refusal = await self.stop_request(s.chat_id, user)
            return Reply(refusal)
        async with self.locks[s.chat_id]:
            if s.status != "hand_over" or s.hand_no != hand_no:
                return Reply(_(STALE))
            if s.seat_of(user.id) is None and user.id != s.creator_id and not await self.is_admin(s.chat_id, user.id):
                return Reply(_(NOT_YOURS))
            self._end_buttons_off(s)
            await self._start_hand(s)
            return Reply(_("Next hand!"))

    def _end_buttons_off(self, s: Sitting) -> None:
        """The 🏁 message keeps its text and loses its buttons."""
        assert s.state is not None
        text, _kb = render.hand_end(s, hands.net(s.state), self.t(s.chat_id), buttons=False)
        self.outbox.show(s.chat_id, self._slot(s, "end"), text, None, priority=END)

    async def _finish(self, s: Sitting) -> None:
        was_running = s.status == "running"
        if s.status == "hand_over" and s.state is not None:
            self._end_buttons_off(s)
        s.status = "finished"
        s.deadline = None
        await self._save(s)
        logs.event(log, s.chat_id, s.id, "finished", hands=s.hand_no, totals=s.totals)
        self._close(s)
        if was_running and s.state is not None:
            self._show_table(s)
            for seat, _uid in s.humans():
                self._show_hand(s, seat)
        _ = self.t(s.chat_id)
        self.outbox.send(s.chat_id, "\n".join([render.finished(s, _), *scores_text.settle_lines(s, _)]))

    def _close(self, s: Sitting) -> None:
        self._disarm(s)
        if self.by_chat.get(s.chat_id) == s.id:
            del self.by_chat[s.chat_id]

    async def stop_request(self, chat_id: int, user: Any) -> str | None:
        _ = self.t(chat_id)
        gid = self.by_chat.get(chat_id)
        if gid is None:
            return _("There is no game here.")
        s = self.sittings[gid]
        if user.id != s.creator_id and not await self.is_admin(chat_id, user.id):
            return _("Only whoever started the game or an admin can do that.")
        text, kb = render.stop_confirm(s, _)
        self.outbox.send(chat_id, text, kb)
        return None

    async def stop_answer(self, gid: int, user: Any, answer: str, message_id: int | None) -> Reply:
        s = self.sittings.get(gid)
        if s is None or s.status in ("finished", "cancelled"):
            return Reply(self._tr(s, user.id, OVER))
        _ = self.t(user.id)
        if user.id != s.creator_id and not await self.is_admin(s.chat_id, user.id):
            return Reply(_("Only whoever started the game or an admin can do that."))
        async with self.locks[s.chat_id]:
            if s.status in ("finished", "cancelled"):
                return Reply(_(OVER))
            if message_id:
                key = (s.id, "stop", message_id)
                self.outbox.bind(key, message_id)
                g_ = self.t(s.chat_id)  # the group's message, in the group's language
                done = g_("Ended.") if answer == "yes" else g_("Keep playing.")
                self.outbox.show(s.chat_id, key, done, None)
            if answer != "yes":
                return Reply(_("Keep playing."))
            if s.status == "lobby":
                s.status = "cancelled"
                await self._save(s)
                logs.event(log, s.chat_id, s.id, "cancelled")
                self._close(s)
                self._show_lobby(s)
                return Reply(_("Ended."))
            await self._finish(s)
        return Reply(_("Ended."))

    async def resend_hand(self, chat_id: int, user: Any) -> str | None:
        """/hand: post the hand again as a new private message."""
        _ = self.t(chat_id)
        gids = [self.by_chat[chat_id]] if chat_id in self.by_chat else []
        if chat_id > 0:
            gids = [g for g, s in self.sittings.items() if s.seat_of(user.id) is not None]
        found = False
        for gid in gids:
            s = self.sittings[gid]
            seat = s.seat_of(user.id)
            if seat is None or s.status not in ("running", "hand_over") or s.state is None:
                continue
            if not self.started(user.id):
                return _("Open the chat with me first: {link}").format(link=f"https://t.me/{self.bot_username}")
            async with self.locks[s.chat_id]:
                name = f"hand:{user.id}"
                old = s.msgs.pop(name, None)
                self.outbox.forget(self._slot(s, name))
                if old:  # the old message keeps no live buttons
                    key = (s.id, s.hand_no, f"moved:{old}")
                    self.outbox.bind(key, old)
                    self.outbox.show(user.id, key, self.t(user.id)("Your cards were sent again below."))
                self._show_hand(s, seat)
            found = True
        if not found:
            return _("You have no cards in a game here.")
        return _("Your hand is in our private chat.") if chat_id < 0 else None

    # -- a group becomes a supergroup ------------------------------------------
    async def migrate(self, old: int, new: int) -> None:
        """The group `old` became the supergroup `new` (Telegram gives it a new
        id and the old group's messages can no longer be edited): its language,
        its games and its active game move there, and the lobby, table or
        end-of-hand message is posted again in the new chat. Idempotent: the
        two service messages and any refused send may each report it."""
        if old == new or old > 0:
            return
        async with self.locks[old]:
            chat = self.chats.pop(old, None) or await self.storage.run(repo.get_chat, old)
            gid = self.by_chat.pop(old, None)
            await self.storage.run(repo.move_chat, old, new)
            if chat:
                self.chats[new] = {**self.chats.get(new, {}), **chat, "id": new}
            if gid is None:
                return
            s = self.sittings[gid]
            s.chat_id = new
            self.by_chat[new] = gid
            for name in ("lobby", "table", "end"):
                self.outbox.forget(self._slot(s, name))
                s.msgs.pop(name, None)
            await self._save(s)
            log.info("chat %s became %s; game %s moved", old, new, gid)
        async with self.locks[new]:
            if s.status == "lobby":
                self._show_lobby(s)
            elif s.status == "running":
                self._show_table(s)
            elif s.status == "hand_over" and s.state is not None:
                self._show_table(s)
                self._end_hand(s, hands.net(s.state))

    # -- start-up --------------------------------------------------------------
    async def remember_group_send(self, chat_id: int, sent_at: list[float]) -> None:
        await self.storage.run(repo.set_group_sends, chat_id, sent_at)

    async def load_group_sends(self) -> None:
        """What the last process sent to each group in the last minute: the
        recovery burst keeps within the group's 20 a minute."""
        window = self.outbox.limits.group_window
        recent = await self.storage.run(repo.recent_group_sends, time.time() - window)
        for chat_id, sent_at in recent.items():
            self.outbox.preload(chat_id, sent_at)

    async def recover(self) -> int:
        """Load every active game, refresh its messages and re-arm its timer."""
        rows = await self.storage.run(repo.active_games)
        for row in rows:
            try:
                s = Sitting.from_row(row)
            except Exception:
                log.exception("cannot load game %s; leaving it", row["id"])
                continue
            self.sittings[s.id] = s
            self.by_chat[s.chat_id] = s.id
            logs.event(log, s.chat_id, s.id, "recovered", status=s.status, hand=s.hand_no)
            self._bind_all(s)
            if s.status == "lobby":
                self._show_lobby(s)
            elif s.status == "running":
                self._show_table(s)
                for seat, _uid in s.humans():
                    self._show_hand(s, seat)
                self._arm(s)
            elif s.status == "hand_over" and s.state is not None:
                # The 🏁 message may never have gone out (a stop between the
                # result's write and its send): post it, or edit it in place.
                self._end_hand(s, hands.net(s.state))
        return len(rows)

    async def close(self) -> None:
        for task in list(self.tasks):
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)
        self.executor.shutdown(wait=False, cancel_futures=True)


class _Refused(Exception):
    """A picker choice the bot refuses before asking the engine (count etc.)."""

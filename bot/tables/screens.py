"""Screens: which message shows what. Every sitting has named message slots
(the lobby, each hand's table and 🏁 message, each player's hand message, a
turn notice)
that the outbox posts once and then edits in place; a slot's message id is
written to the sitting as soon as it is known, so a restart edits the same
messages. Nothing here changes a sitting."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

from aiogram.types import InlineKeyboardMarkup

from bot.i18n import translator
from bot.sitting import Sitting
from bot.tables.core import Core, Stale
from bot.tables.people import People, UserLike
from bot.telegram.outbox import END, LATER, NORMAL, URGENT, Photo
from bot.words import render
from games import hands
from storage import repo

Slot = tuple[Any, ...]
PER_HAND = ("table", "end")  # the messages each hand posts anew; the others last the sitting
# An open /stop question: "stop:<token>" → its message id (0 until sent). Kept
# with the sitting's messages, so a question asked before a restart still works.
QUESTION = "stop:"


@dataclass(eq=False)
class Screens:
    core: Core
    people: People

    @staticmethod
    def slot(s: Sitting, name: str) -> Slot:
        """The outbox's key of a message: the table and 🏁 are new each hand (so
        the group's newest message is the table in play). A player's hand
        message lasts the sitting, edited from hand to hand: its last edit of
        a hand and the first of the next merge into one call, and a busy bot
        sends no new private message per hand (issue 11: the soak's backlog)."""
        if name in PER_HAND:
            return (s.id, s.hand_no, name)
        return (s.id, name)

    def in_use(self, key: Hashable) -> bool:
        """Whether the outbox's slot `key` may still be edited: the current
        hand's table and 🏁, and the lobby, hand and notice messages of a
        sitting in play, and its open /stop questions. Not an earlier hand's, a
        finished sitting's, an answered question, or a one-off (a settings
        page, a moved hand)."""
        if not isinstance(key, tuple) or not key or not isinstance(key[0], int):
            return False
        s = self.core.sittings.get(key[0])
        if s is None:
            return False
        if len(key) == 2:
            return not str(key[1]).startswith(QUESTION) or key[1] in s.msgs  # still open
        return len(key) == 3 and key[1] == s.hand_no and key[2] in PER_HAND

    def remember(self, s: Sitting, name: str) -> Callable[[int], None]:
        def on_new(message_id: int) -> None:
            s.msgs[name] = message_id
            if self.core.outbox.is_photo(self.slot(s, name)):
                s.photos[name] = message_id
            else:
                s.photos.pop(name, None)
            # photos of messages no longer kept are let go
            s.photos = {n: m for n, m in s.photos.items() if s.msgs.get(n) == m}
            update = {"msgs": json.dumps(s.msgs), "photos": json.dumps(s.photos)}
            self.core.spawn(self.core.storage.run(repo.update_sitting, s.id, update))

        return on_new

    def bind_all(self, s: Sitting) -> None:
        for name, mid in s.msgs.items():
            self.core.outbox.bind(self.slot(s, name), mid, photo=s.photos.get(name) == mid)

    def lobby(self, s: Sitting) -> None:
        _ = self.people.t(s.chat_id)
        text, kb = render.lobby(s, s.turn_timeout or self.core.config.turn_timeout, _)
        # once the game is on, the lobby only loses its buttons: under load the
        # group's table goes first
        self.core.outbox.show(s.chat_id, self.slot(s, "lobby"), text, kb, self.remember(s, "lobby"),
                              priority=LATER if s.status == "running" else NORMAL)

    def table(self, s: Sitting) -> None:
        def draw() -> tuple[str, InlineKeyboardMarkup | None, Photo | None]:
            lang = self.people.lang(s.chat_id)
            return render.pictured((render.table(s, translator(lang)), None),
                                   render.table_picture(s, lang))

        self.core.outbox.show(s.chat_id, self.slot(s, "table"), draw, None,
                              self.remember(s, "table"))

    def hand_screen(self, s: Sitting, seat: int) -> render.Screen:
        """The seat's hand message as it reads now."""
        me = s.seats[seat]
        assert me is not None and me.user_id is not None
        title = "" if s.solo else self.people.title(s.chat_id)
        return render.hand(s, seat, self.people.t(me.user_id, s.chat_id), title,
                           s.selected(seat))

    def hand(self, s: Sitting, seat: int, priority: int | None = None) -> None:
        """Edit the seat's hand message (drawn when it goes out): urgent when
        they must act, unless `priority` says otherwise."""
        me = s.seats[seat]
        if me is None or me.user_id is None or not self.people.started(me.user_id):
            return  # never write to someone who has not opened the private chat
        uid = me.user_id

        def draw() -> tuple[str, InlineKeyboardMarkup | None, Photo | None]:
            return render.pictured(self.hand_screen(s, seat),
                                   render.hand_picture(s, seat, self.people.lang(uid, s.chat_id)))

        name = f"hand:{uid}"
        st = s.state
        if priority is None:
            asked = (s.status == "running" and st is not None and seat in st.to_act()
                     and not me.auto)
            priority = URGENT if asked else LATER
            if not asked:
                self.unnotify(s, uid)
        self.core.outbox.show(uid, self.slot(s, name), draw, None, self.remember(s, name),
                              priority=priority)

    def renew_hands(self, s: Sitting) -> None:
        """Pictures were turned on or off: each hand message of the other kind
        goes, and the hand is sent anew (a text message cannot become a
        photo, nor a photo text)."""
        for _seat, uid in s.humans():
            name = f"hand:{uid}"
            mid = s.msgs.get(name)
            if mid and (s.photos.get(name) == mid) != s.pictures:
                self.core.outbox.forget(self.slot(s, name))
                self.core.outbox.delete(uid, mid)
                del s.msgs[name]
                s.photos.pop(name, None)

    def every_hand(self, s: Sitting) -> None:
        for seat, _uid in s.humans():
            self.hand(s, seat)

    def notify(self, s: Sitting, seat: int) -> None:
        """"Your turn" in the private chat, unless they just played there."""
        me = s.seats[seat]
        if s.solo or me is None or me.user_id is None or me.tuoguan:
            return
        uid = me.user_id
        if not self.people.started(uid):
            return
        idle = time.monotonic() - self.core.last_action.get(uid, -1e9)
        if idle < self.core.config.notify_idle:
            return  # they just played: they are looking at the chat already
        _ = self.people.t(uid, s.chat_id)
        text = _("👉 Your turn · {game} @ {chat}").format(
            game=render.game_name(s, _), chat=self.people.title(s.chat_id)
        )
        name = f"notify:{uid}"
        self.core.outbox.notify(uid, self.slot(s, name), text, self.remember(s, name))

    def unnotify(self, s: Sitting, uid: int) -> None:
        """Their turn is over: its "your turn" goes, queued or sent (the
        outbox deletes a sent one; the sitting forgets its message)."""
        name = f"notify:{uid}"
        self.core.outbox.unnotify(uid, self.slot(s, name))
        if s.msgs.pop(name, None) is not None:
            update = {"msgs": json.dumps(s.msgs)}
            self.core.spawn(self.core.storage.run(repo.update_sitting, s.id, update))

    def end_hand(self, s: Sitting, net: list[int]) -> None:
        """The 🏁 message with its 下一局 / 结束 buttons; drawn, it shows every
        hand, and a text too long for a caption goes on in a message below."""
        lang = self.people.lang(s.chat_id)
        text, kb = render.hand_end(s, net, translator(lang))
        photo = render.end_picture(s, lang)
        rest = ""
        if photo is not None:
            text, rest = render.caption_parts(text)
        self.core.outbox.show(s.chat_id, self.slot(s, "end"), text, kb, self.remember(s, "end"),
                              priority=END, photo=photo)
        if rest:
            self.core.outbox.send(s.chat_id, rest)

    def end_buttons_off(self, s: Sitting) -> None:
        """The 🏁 message keeps its text (and picture) and loses its buttons
        (`stale_end` keeps that in the database until this edit has gone out)."""
        assert s.state is not None
        lang = self.people.lang(s.chat_id)
        text, _kb = render.hand_end(s, hands.net(s.state), translator(lang), buttons=False)
        photo = render.end_picture(s, lang)
        if photo is not None:
            text = render.caption_parts(text)[0]
        self.core.outbox.show(s.chat_id, self.slot(s, "end"), text, None, priority=END,
                              photo=photo)

    # -- keyboards that must go (see Core.save) ---------------------------------
    def stale_hands(self, s: Sitting) -> list[Stale]:
        """Every player's hand message, as it reads now that the sitting is
        over: its buttons must go."""
        out: list[Stale] = []
        if s.state is None:
            return out  # never dealt: no hand message
        for seat, uid in s.humans():
            mid = s.msgs.get(f"hand:{uid}")
            if mid and self.people.started(uid):
                out.append(Stale(uid, mid, self.hand_screen(s, seat)[0]))
        return out

    def stale_end(self, s: Sitting) -> list[Stale]:
        """The 🏁 message's 下一局 / 结束 (its text stays)."""
        mid = s.msgs.get("end")
        return [Stale(s.chat_id, mid)] if mid else []

    def stale_lobby(self, s: Sitting) -> list[Stale]:
        """The lobby's buttons, once the sitting has started or is cancelled."""
        mid = s.msgs.get("lobby")
        if not mid:
            return []
        _ = self.people.t(s.chat_id)
        text, _kb = render.lobby(s, s.turn_timeout or self.core.config.turn_timeout, _)
        return [Stale(s.chat_id, mid, text)]

    def unbutton(self, stale: list[Stale], priority: int = NORMAL) -> None:
        """Messages no slot edits any more (an answered /stop question, a hand
        message /hand replaced) lose their buttons."""
        for k in stale:
            self.core.outbox.unbutton(k.chat_id, k.message_id, k.text, priority)

    def retire_table(self, s: Sitting, hand_no: int) -> None:
        """A new hand starts: a pending lazy edit of the old hand's table is
        rendered while it still reads that hand, or dropped if never sent
        (see Outbox.retire). Hand messages carry on into the new hand."""
        self.core.outbox.retire(s.chat_id, (s.id, hand_no, "table"))

    async def resend_hand(self, chat_id: int, user: UserLike) -> str | None:
        """/hand: post the hand again as a new private message."""
        core, people = self.core, self.people
        _ = people.t(chat_id)
        sitting_ids = [core.by_chat[chat_id]] if chat_id in core.by_chat else []
        if chat_id > 0:
            sitting_ids = [g for g, s in core.sittings.items() if s.seat_of(user.id) is not None]
        found = False
        for sitting_id in sitting_ids:
            s = core.sittings[sitting_id]
            seat = s.seat_of(user.id)
            if seat is None or s.status not in ("running", "hand_over") or s.state is None:
                continue
            if not people.started(user.id):
                link = f"https://t.me/{core.bot_username}"
                return _("Open the chat with me first: {link}").format(link=link)
            async with core.lock(s):
                name = f"hand:{user.id}"
                old = s.msgs.pop(name, None)
                core.outbox.forget(self.slot(s, name))
                # the old message keeps no live buttons, even across a restart:
                # its taps are stale from now on, and it loses them first thing
                # (urgent like the hand itself: a player looks at both now)
                moved = people.t(user.id, s.chat_id)("Your cards were sent again below.")
                stale = [Stale(user.id, old, moved)] if old else []
                s.photos.pop(name, None)
                await core.storage.run(repo.update_sitting, s.id, {"msgs": json.dumps(s.msgs)},
                                       core.going(stale))
                self.unbutton(stale, URGENT)
                self.hand(s, seat, URGENT)
            found = True
        if not found:
            return _("You have no cards in a game here.")
        return _("Your hand is in our private chat.") if chat_id < 0 else None

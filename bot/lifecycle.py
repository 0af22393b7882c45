"""A sitting's life after its lobby: deal a hand, score it, 下一局 or 结束,
/stop and its confirmation, and the end of the sitting."""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass
from typing import Any

from bot import catalog, logs, render, tally_text
from bot.core import NOT_YOURS, ONLY_STARTER, OVER, STALE, Core, Reply, Stale, log
from bot.people import People, UserLike
from bot.pictures.scenes import scenes
from bot.screens import PER_HAND, QUESTION, Screens
from bot.sitting import Sitting
from bot.timers import Timers
from games import hands
from storage import repo, tally


@dataclass(eq=False)
class Lifecycle:
    core: Core
    people: People
    screens: Screens
    timers: Timers

    async def start_hand(self, s: Sitting, seed: int | None = None) -> None:
        first = s.status == "lobby"
        stale = self.screens.stale_end(s)  # the last hand's 下一局 / 结束
        if s.state is not None:
            self.screens.retire_table(s, s.hand_no)
        g = catalog.game(s.game)
        if seed is None:
            fixed = self.core.config.deal_seed
            seed = secrets.randbits(48) if fixed is None else fixed + s.hand_no
        dealer = None
        if s.state is not None and s.state.is_over():
            dealer = g.next_dealer(s.variant, s.state, seed)
        s.state = g.new_state(s.variant, len(s.seats), seed, dealer)
        s.seed = seed
        s.hand_no += 1
        s.status = "running"
        s.last = {}
        s.picks = {}
        for key in [k for k in s.msgs if k in PER_HAND]:
            del s.msgs[key]  # each hand gets a fresh table and 🏁 message
        # pictures as the chat's /settings say now: a change counts from this hand
        drawn = (await self.people.chat_rules(s.chat_id)).pictures(s.game) and scenes(
            s.game).draws
        if drawn != s.pictures:
            s.pictures = drawn
            self.screens.renew_hands(s)
        if first:
            stale += self.screens.stale_lobby(s)  # "started": no more joining
        if hands.stuck(s.state):
            # Some deals are over when dealt (a 八大对 in 掀牛): scored at once.
            log.info("game %s hand %s: over when dealt (seed %s)", s.id, s.hand_no, seed)
            await self.score_hand(s, None, stale)
            self.lobby_started(s, first)
            self.told_hand_over(s)
            return
        s.deadline = self.timers.deadline(s)
        await self.core.save(s, stale)
        self.lobby_started(s, first)
        logs.event(log, s.chat_id, s.id, "hand started", game=s.game, hand=s.hand_no)
        self.screens.table(s)
        self.screens.every_hand(s)
        for seat in s.state.to_act():
            self.screens.notify(s, seat)
        self.timers.arm(s)

    def lobby_started(self, s: Sitting, first: bool) -> None:
        if first and not s.solo and "lobby" in s.msgs:
            self.screens.lobby(s)

    async def score_hand(self, s: Sitting, move: dict[str, Any] | None,
                     stale: list[Stale] | None = None) -> None:
        """The one end-of-hand write: the hand's result, the totals and (when
        a move ended it) that move, in one transaction. A deal over when dealt
        has no move (and `stale`, the keyboards its deal left with nothing to do)."""
        st = s.state
        assert st is not None
        net = hands.net(st)
        s.totals = [a + b for a, b in zip(s.totals or [0] * len(net), net)]
        s.status = "hand_over"
        s.deadline = None
        s.picks = {}
        hand = {"hand_no": s.hand_no, "state": st.to_json(), "net": json.dumps(net),
                "at": self.core.clock()}
        try:
            await self.core.storage.run_first(repo.record_move, s.id, s.to_row(), move, hand,
                                              self.core.going(stale or []))
        except Exception:
            await self.core.reload(s)  # the DB is the truth: nothing happened
            raise
        last = {} if move is None else {"turn": move["turn"], "seat": move["seat"],
                                        "by": move["by"]}
        logs.event(log, s.chat_id, s.id, "hand over", hand=s.hand_no, net=net, **last)

    def told_hand_over(self, s: Sitting) -> None:
        """Written: the table, every hand and the 🏁 message."""
        self.screens.table(s)
        self.screens.every_hand(s)
        assert s.state is not None
        self.timers.disarm(s)
        self.screens.end_hand(s, hands.net(s.state))

    async def score_now(self, s: Sitting) -> None:
        """The watchdog's repair of a hand nobody can move on (caller holds the lock)."""
        await self.score_hand(s, None)
        self.told_hand_over(s)

    async def hand_end_action(
        self, sitting_id: int, user: UserLike, hand_no: int, action: str
    ) -> Reply:
        """下一局 (any seated player) or 结束: ending the sitting follows /stop's
        rule (its creator or an admin, after a confirmation)."""
        s = self.core.sittings.get(sitting_id)
        _ = self.people.t(user.id)  # toasts are read by the presser
        if s is None or s.status != "hand_over" or s.hand_no != hand_no or action not in (
                "next", "end"):
            gone = s is None or s.status in ("finished", "cancelled")
            return Reply(_(OVER if gone else STALE))
        if action == "end":
            refusal = await self.stop_request(s.chat_id, user)
            return Reply(refusal)
        async with self.core.lock(s):
            if s.status != "hand_over" or s.hand_no != hand_no:
                return Reply(_(STALE))
            if (s.seat_of(user.id) is None and user.id != s.creator_id
                    and not await self.people.is_admin(s.chat_id, user.id)):
                return Reply(_(NOT_YOURS))
            self.screens.end_buttons_off(s)
            await self.start_hand(s)
            return Reply(_("Next hand!"))

    async def finish(self, s: Sitting) -> None:
        """The sitting ends. Written with it: every keyboard it leaves with
        nothing to do (the 🏁 message's, the open /stop questions', the
        players' hands'), so a restart clears what was not yet edited."""
        was_running = s.status == "running"
        ended = s.status == "hand_over" and s.state is not None
        if ended:
            self.screens.end_buttons_off(s)
        s.status = "finished"
        s.deadline = None
        questions = self.questions_off(s)
        stale = [*questions, *(self.screens.stale_end(s) if ended else []),
                 *self.screens.stale_hands(s)]
        await self.core.save(s, stale)
        logs.event(log, s.chat_id, s.id, "finished", hands=s.hand_no, totals=s.totals)
        self.close(s)
        self.screens.unbutton(questions)
        if was_running and s.state is not None:
            self.screens.table(s)
        if s.state is not None:
            self.screens.every_hand(s)  # (a hand over may have its last edit still queued)
        _ = self.people.t(s.chat_id)
        lines = [render.finished(s, _)]
        if render.hands_scored(s):  # nobody owes anything after no hand at all
            parts = await self.core.storage.run(tally.sitting, s.id)
            lines += tally_text.sitting_settle(s, parts, _)
        self.core.outbox.send(s.chat_id, "\n".join(lines))

    def close(self, s: Sitting) -> None:
        """No more timers, no open /stop confirmations, the chat is free for
        /new, and the bot forgets the sitting (the database keeps it): a host
        that runs for months holds only the sittings in play. A late press on
        it finds none and answers "over"; what is still queued for its
        messages holds `s` itself and goes out."""
        self.timers.forget(s)
        if self.core.by_chat.get(s.chat_id) == s.id:
            del self.core.by_chat[s.chat_id]
        self.core.sittings.pop(s.id, None)

    def questions_off(self, s: Sitting) -> list[Stale]:
        """The sitting ends: its open /stop questions can end nothing any more.
        Those sent are returned, to lose their buttons (saying "Ended.") once
        the end is written; one still on its way does when it arrives (`sent`)."""
        g_ = self.people.t(s.chat_id)
        mids = [s.msgs.pop(n) for n in [n for n in s.msgs if n.startswith(QUESTION)]]
        return [Stale(s.chat_id, mid, g_("Ended.")) for mid in mids if mid]

    async def _answered(self, s: Sitting, name: str, text: str) -> None:
        """A /stop question is closed and the game goes on: it can end nothing
        any more, and its message (once sent) shows `text` without buttons."""
        mid = s.msgs.pop(name, 0)
        stale = [Stale(s.chat_id, mid, text)] if mid else []
        await self.core.storage.run(repo.update_sitting, s.id, {"msgs": json.dumps(s.msgs)},
                                    self.core.going(stale))
        self.screens.unbutton(stale)

    async def stop_request(self, chat_id: int, user: UserLike) -> str | None:
        _ = self.people.t(chat_id)
        sitting_id = self.core.by_chat.get(chat_id)
        if sitting_id is None:
            return _("There is no game here.")
        s = self.core.sittings[sitting_id]
        if user.id != s.creator_id and not await self.people.is_admin(chat_id, user.id):
            return _(ONLY_STARTER)
        token = secrets.token_hex(3)
        name = QUESTION + token
        s.msgs[name] = 0  # open from now on; its message id once sent
        remember = self.screens.remember(s, name)

        def sent(message_id: int) -> None:
            if name in s.msgs:
                remember(message_id)
                return
            # answered (by its token) or ended before its id came back
            over = s.status in ("finished", "cancelled")
            stale = [Stale(chat_id, message_id, _("Ended.") if over else _("Keep playing."))]
            self.core.spawn(self.core.storage.run(repo.add_stale_keyboards, s.id,
                                                  self.core.going(stale)))
            self.screens.unbutton(stale)

        text, kb = render.stop_confirm(s, token, _)
        self.core.outbox.send(chat_id, text, kb, on_new=sent)
        return None

    async def stop_answer(self, sitting_id: int, user: UserLike, token: str, answer: str) -> Reply:
        """Only an open question the bot asked (its token is in the sitting's
        messages, across restarts) can end the sitting, and only once."""
        s = self.core.sittings.get(sitting_id)
        _ = self.people.t(user.id)
        if s is None or s.status in ("finished", "cancelled"):
            return Reply(_(OVER))
        name = QUESTION + token
        if name not in s.msgs or answer not in ("yes", "no"):
            return Reply(_(STALE))  # not a question the bot asked, or answered
        if user.id != s.creator_id and not await self.people.is_admin(s.chat_id, user.id):
            return Reply(_(ONLY_STARTER))
        async with self.core.lock(s):
            if s.status in ("finished", "cancelled"):
                return Reply(_(OVER))
            if name not in s.msgs:
                return Reply(_(STALE))
            if answer != "yes":
                g_ = self.people.t(s.chat_id)  # the group's message, in the group's language
                await self._answered(s, name, g_("Keep playing."))
                return Reply(_("Keep playing."))
            if s.status == "lobby":
                await self.cancel(s)
                return Reply(_("Ended."))
            await self.finish(s)  # (this question with the others: "Ended.")
        return Reply(_("Ended."))

    async def cancel(self, s: Sitting) -> None:
        """The lobby is called off: written with its keyboard's and any open
        /stop question's end (caller holds the lock)."""
        s.status = "cancelled"
        questions = self.questions_off(s)
        await self.core.save(s, [*questions, *self.screens.stale_lobby(s)])
        logs.event(log, s.chat_id, s.id, "cancelled")
        self.close(s)
        self.screens.unbutton(questions)
        self.screens.lobby(s)

"""Moves: a press on a move button or the card picker, checked (is it this
seat's turn, does the button still mean what it showed), applied to the
engine, written, then shown. `apply` is the one way a move happens, whoever
makes it (a player, the computer, a timeout)."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

from bot import logs, render
from bot.core import NOT_YOUR_TURN, NOT_YOURS, OVER, STALE, Core, Refused, Reply, Table, log
from bot.i18n import Translator
from bot.lifecycle import Lifecycle
from bot.people import People, UserLike
from bot.presenters.base import Presenter
from bot.screens import Screens
from bot.sitting import Selection, Sitting, still_asked
from bot.timers import Timers
from games import hands
from games.base import IllegalMove, Move, Pick, State, find_move
from storage import repo


@dataclass(eq=False)
class Moves:
    core: Core
    people: People
    screens: Screens
    timers: Timers
    lifecycle: Lifecycle

    async def apply(self, s: Sitting, seat: int, code: str, by: str) -> None:
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
                self.core.last_action[me.user_id] = time.monotonic()
        s.last = {"seat": seat, "events": events}
        move = {"hand_no": s.hand_no, "turn": st.turn - 1, "seat": seat, "code": code, "by": by}
        if hands.stuck(st):
            await self.lifecycle.score_hand(s, move)
            self.lifecycle.told_hand_over(s)
            return
        s.deadline = self.timers.deadline(s)
        try:
            await self.core.storage.run_first(repo.record_move, s.id, s.to_row(), move)
        except Exception:
            await self.core.reload(s)  # the DB is the truth: nothing happened
            raise
        # Written: now tell everyone. The code may name hidden cards: DEBUG only.
        logs.event(log, s.chat_id, s.id, "move", hand=s.hand_no, turn=move["turn"], seat=seat,
                   by=by, events=",".join(str(ev.get("type", "?")) for ev in events))
        log.debug("sitting %s move %s", s.id, code)
        self.screens.table(s)
        after = set(st.to_act())
        for i, _uid in s.humans():
            if i in before or i in after or i == seat:
                self.screens.hand(s, i)
        for i in sorted(after):
            if i not in before or i == seat:
                self.screens.notify(s, i)
        self.timers.arm(s)

    # -- presses ---------------------------------------------------------------
    def check(
        self, s: Sitting | None, user_id: int, hand_no: int, turn: int, code: str | None = None,
        pick: bool = False, message: tuple[int, int] | None = None,
    ) -> tuple[int | None, str | None]:
        """The user's seat if they may move now, else a refusal. A button drawn
        for an earlier turn of this hand still counts while its meaning holds:
        the seat has not moved since, is still asked, and the move (`code`) is
        still legal (one 川牌 claim window: others' answers move the turn), or,
        for the card picker (`pick`), its pick is still open (紧牌: every seat
        discards at once, and one's discard leaves the others' picks as they are).
        A button on a hand message /hand replaced (`message`: the one pressed)
        does nothing."""
        _ = self.people.t(user_id)
        if s is None or s.status in ("finished", "cancelled"):
            return None, _(OVER)
        seat = s.seat_of(user_id)
        if seat is None:
            return None, _(NOT_YOURS)
        if message is not None and self.replaced(message):
            return None, _(STALE)
        st = s.state
        if s.status != "running" or st is None or hand_no != s.hand_no or not 0 <= turn <= st.turn:
            return None, _(STALE)
        if turn != st.turn and not (still_asked(st, seat, turn) if pick
                                    else self.still_meant(st, seat, turn, code)):
            return None, _(STALE)
        if seat not in st.to_act():
            return None, _(NOT_YOUR_TURN)
        me = s.seats[seat]
        if me is not None and me.tuoguan:
            return None, _("The computer is playing for you: tap Take over first.")
        return seat, None

    def replaced(self, message: tuple[int, int]) -> bool:
        """Whether the pressed message is one whose keyboard must go (a hand
        message /hand replaced) and has not gone yet: its taps are stale."""
        return message in self.core.stale

    @staticmethod
    def still_meant(st: State, seat: int, turn: int, code: str | None) -> bool:
        # (once they answered since, a second tap is not a second move)
        return (code is not None and still_asked(st, seat, turn)
                and find_move(st.legal_moves(seat), code) is not None)

    @staticmethod
    def reason(p: Presenter, e: IllegalMove, _: Translator) -> str:
        """Why the engine refused, in the presser's words (a toast: ≤ 190 chars)."""
        try:
            text = p.reason_text(e.reason, _)
            if text:
                return str(text)[:190]
        except Exception:
            log.exception("presenter could not explain %s", e.reason)
        log.info("no words for the refusal %s", e.reason)
        return _("The rules do not allow that move now.")

    async def move(
        self, sitting_id: int, user: UserLike, hand_no: int, turn: int, code: str | None = None,
        index: int | None = None, message: tuple[int, int] | None = None,
    ) -> Reply:
        t = self.core.table(sitting_id)
        s = t.sitting if t else None
        _ = self.people.t(user.id)
        seat, refusal = self.check(s, user.id, hand_no, turn, code, message=message)
        if refusal:
            return Reply(refusal)
        assert t is not None and s is not None and seat is not None
        async with t.lock:
            # again, under the lock
            seat, refusal = self.check(s, user.id, hand_no, turn, code, message=message)
            if refusal:
                return Reply(refusal)
            assert s.state is not None and seat is not None
            if index is not None:
                moves = s.state.legal_moves(seat)
                if not 0 <= index < len(moves) or not isinstance(chosen := moves[index], Move):
                    return Reply(_(STALE))
                code = chosen.code
            try:
                await self.apply(s, seat, code or "", "player")
            except IllegalMove as e:
                return Reply(self.reason(t.presenter, e, _))
        return Reply()

    async def pick(
        self, sitting_id: int, user: UserLike, hand_no: int, turn: int, action: str, index: int,
        message: tuple[int, int] | None = None,
    ) -> Reply:
        """The card picker: toggle, clear, hint, confirm. Its card indices
        belong to the pick they were drawn for: a picker of a pick since
        closed is stale."""
        t = self.core.table(sitting_id)
        s = t.sitting if t else None
        _ = self.people.t(user.id)
        seat, refusal = self.check(s, user.id, hand_no, turn, pick=True, message=message)
        if refusal:
            return Reply(refusal)
        assert t is not None and s is not None and seat is not None
        async with t.lock:
            seat, refusal = self.check(s, user.id, hand_no, turn, pick=True, message=message)
            if refusal:
                return Reply(refusal)
            st = s.state
            assert st is not None and seat is not None
            p = t.presenter
            moves = st.legal_moves(seat)
            if not render.needs_picker(p, moves):
                return Reply(_(STALE))
            cards = render.picker_cards(s, seat, moves)
            old = s.selection(seat)  # open since its turn, whatever others did since
            since, selected, hint_no = ((old.turn, list(old.selected), old.hint_no) if old
                                        else (turn, [], 0))
            if action == "x":
                if not 0 <= index < len(cards):
                    return Reply(_(STALE))
                selected = ([i for i in selected if i != index] if index in selected
                            else selected + [index])
            elif action == "clr":
                selected = []
            elif action == "hint":
                hints = p.hints(moves)
                if not hints:
                    return Reply(_("No hint."))
                h = hints[hint_no % len(hints)]
                selected, hint_no = render.indices_for(cards, h.cards), hint_no + 1
            elif action == "ok":
                return await self._confirm(t, seat, moves, render.cards_of(cards, sorted(selected)),
                                           _)
            else:
                return Reply(_(STALE))
            s.picks[seat] = Selection(since, selected, hint_no)
            await self.core.storage.run(repo.update_sitting, s.id, {"picks": s.picks_json()})
            self.screens.hand(s, seat)
        return Reply()

    async def _confirm(
        self, t: Table, seat: int, moves: Sequence[Move | Pick], chosen: list[str], _: Translator
    ) -> Reply:
        """The picker's 确定: the chosen cards as a move (caller holds the lock)."""
        s = t.sitting
        try:
            code = self._picked_code(t, seat, moves, chosen, _)
            kept = s.picks.pop(seat, None)  # cleared with the move
            try:
                await self.apply(s, seat, code, "player")
            except IllegalMove:
                if kept is not None:
                    s.picks[seat] = kept  # refused: the cards stay selected
                raise
        except IllegalMove as e:
            return Reply(self.reason(t.presenter, e, _))
        except Refused as e:
            return Reply(str(e))
        return Reply()

    @staticmethod
    def _picked_code(
        t: Table, seat: int, moves: Sequence[Move | Pick], chosen: list[str], _: Translator
    ) -> str:
        assert t.sitting.state is not None
        picks = [m for m in moves if isinstance(m, Pick)]
        if picks:
            p = picks[0]
            if not p.min_count <= len(chosen) <= p.max_count:
                raise Refused(t.presenter.pick_count(p, len(chosen), _))
            return p.code_for(chosen)
        if not chosen:
            raise Refused(_("Choose cards first."))
        return t.sitting.state.code_for_cards(seat, chosen)

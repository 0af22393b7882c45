"""One hand of 掀牛 / 掀牛九: the state machine of rules §3.

Phases: "opening" (a big hand at the deal awaits its holder's decision),
"control" (the controller 控制权 leads, says 扣, or calls 紧牌), "trick" (a
follower must beat: 有拦必拦; followers who cannot beat pass automatically),
"poll" (after a 扣, a player may 掀), "tighten" (紧牌 discards owed by every
player at once), "over".

Move codes: L<cards> lead, B<cards> beat, K 扣, X / X<cards> 掀 (with 贴牌
discards), J 紧牌, D<cards> 紧牌 discard, O<cards> play the big hand at the
deal, W waive it. Cards are concatenated codes sorted as strings.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.base import COPY_1, COPY_2, Game, IllegalMove, Move, Pick, Result, State
from games.xianniu.scoring import score_hand
from games.xianniu.shapes import LONGFENG, Info, Rules
from games.xianniu.views import CAP, Opening, Views

KOU = Move("K", "kou")
XIAN = Move("X", "xian")
TIGHTEN = Move("J", "tighten")
WAIVE = Move("W", "waive")
ALL = (1 << 48) - 1  # every card of the deck
NEXT = (1, 2, 0)  # the seat after each seat
FOLLOW = ((1, 2), (2, 0), (0, 1))  # the followers of each seat's lead, in turn
ROUND = ((0, 1, 2), (1, 2, 0), (2, 0, 1))  # the seats in turn from each seat
ONE_SEAT = frozenset({"trick", "poll", "opening"})  # phases awaiting `pending` alone


class XianniuState(Views, State):
    MUTABLE = {"history": COPY_1, "hands": COPY_1, "leaves": COPY_2, "counts": COPY_1,
               "hidden": COPY_1, "kou": COPY_1, "xian": COPY_2, "last_xianer": COPY_1,
               "led": COPY_1, "played": COPY_1, "followers": COPY_1, "poll": COPY_1,
               "owed": COPY_1}
    REBUILT = frozenset({"_combos"})  # per seat, plays by shape: _after_copy
    # the deal (made once, never changed); holders / opening / end_reason
    # (replaced, never changed in place)
    SHARED = State.SHARED | {"_deal", "_rare"}
    seats = 3  # on the class: an instance keeps at most 29 attributes (see __init__)

    def __init__(self, game: Game, variant: dict[str, Any], dealer: int, deal: Any,
                 rules: Rules, masks: list[int] | None = None) -> None:
        """`rules`: rules_for(the game's mode, `variant`) (the mode is
        `rules.mode`). `masks`: the deal's hands as card masks, when the game
        dealt them itself (new_state; `deal` is None: its codes are made when
        asked); a deal from outside is parsed and checked."""
        # 29 attributes at most: from the 30th on CPython 3.11 keeps them in a
        # plain dict and specialises no attribute load or method call on it
        # (so `deck` is the rules', the variant's flags are read from it, and
        # the seldom set fields share `_rare`).
        self.game = game
        self.variant = variant
        self.dealer = dealer
        self.history = []
        self.rules = rules
        if masks is None:
            masks = self._parse_deal(deal)
        # the explicit deal, or the hands as dealt (hands changes in place)
        # until their codes are asked (`deal`)
        self._deal: Any = (*masks,) if deal is None else deal
        self.hands: list[int] = masks
        self.leaves: list[list[tuple[Info, bool]]] = [[], [], []]  # (play, 喜 may score)
        self.counts = [0, 0, 0]  # leaves per seat
        self.waste = 0  # 废牌: beaten cards (public)
        self.hidden = [0, 0, 0]  # face-down discards of 紧牌 / 贴牌
        self.table = 0  # T
        self.controller = dealer
        self.phase = "control"
        self.pending = dealer  # the seat awaited in trick / poll / opening
        self.kou = [False, False, False]
        self.xian = [[0, 0, 0], [0, 0, 0], [0, 0, 0]]  # xian[i][j]: times i 掀ed j
        self.last_xianer: list[int | None] = [None, None, None]
        self.must_lead = False
        self.led = [False, False, False]
        self.played = [False, False, False]
        self.top: tuple[int, Info, bool] | None = None  # (owner, play, 喜 may score)
        self.followers: list[int] = []
        self.poll: list[int] = []
        self.poll_xian = False
        self.owed = [0, 0, 0]
        # (holders, opening, end_reason): set a few times a hand at most
        self._rare: tuple[list[int], Opening | None, str | None] = ([], None, None)
        # per seat: its plays of each shape asked so far, indexed by shape (_of_shape)
        self._combos: list[list[list[Info] | None] | None] = [None, None, None]
        self._cache: tuple[int, list] | None = None

    @property
    def deal(self) -> Any:
        """The explicit deal (JSON data): the codes of the dealt hands."""
        d = self._deal
        if d.__class__ is tuple:  # the dealt hands' masks (an explicit deal is a dict)
            d = self._deal = {"hands": [self.deck.cards(m) for m in d]}
        return d

    @deal.setter
    def deal(self, deal: Any) -> None:
        self._deal = deal

    @property
    def holders(self) -> list[int]:
        """The seats that may still play their big hand at the deal, in turn."""
        return self._rare[0]

    @holders.setter
    def holders(self, holders: list[int]) -> None:
        self._rare = (holders, *self._rare[1:])

    @property
    def opening(self) -> Opening | None:
        """The big hand played at the deal: {"seat", "shape"}."""
        return self._rare[1]

    @opening.setter
    def opening(self, opening: Opening | None) -> None:
        h, _, e = self._rare
        self._rare = (h, opening, e)

    @property
    def end_reason(self) -> str | None:
        return self._rare[2]

    @end_reason.setter
    def end_reason(self, reason: str | None) -> None:
        self._rare = (*self._rare[:2], reason)

    def _parse_deal(self, deal: Any) -> list[int]:
        hands = deal["hands"] if isinstance(deal, dict) else None
        if not isinstance(hands, list) or len(hands) != 3:
            raise ValueError("deal needs three hands")
        bit = self.deck.bit
        try:
            masks = [sum(map(bit.__getitem__, h)) for h in hands]
        except (KeyError, TypeError) as e:
            raise ValueError(f"unknown card in the deal: {e}") from e
        if any(len(set(h)) != 16 or m.bit_count() != 16 for m, h in zip(masks, hands, strict=True)):
            raise ValueError("each hand must be 16 distinct cards of the deck")
        if masks[0] | masks[1] | masks[2] != (1 << 48) - 1:
            raise ValueError("the deal must use all 48 cards once")
        return masks

    # -- opening (rules §3.2 step 2) ---------------------------------------
    def begin(self) -> None:
        may_open = self.rules.may_open  # _bighands(s) is not empty
        h0, h1, h2 = hands = self.hands
        if not (may_open(h0) or may_open(h1) or may_open(h2)):
            return  # most deals (holders stays [])
        self.holders = [s for s in ROUND[self.dealer] if may_open(hands[s])]
        s = self.holders[0]
        options = self._bighands(s)
        if self.variant["bighand_mandatory"] and len(options) == 1:
            self._play_bighand(s, options[0], [])
        else:
            self.phase, self.pending = "opening", s

    def _bighands(self, seat: int) -> list[Info]:
        found = []
        hand = self.hands[seat]
        if self.rules.badadui(hand):
            found.append(self.rules.info(hand))
        lf = self.rules.longfeng(hand)
        if lf:
            found.append(self.rules.info(lf))
        out = [i for i in found if i is not None]
        assert len(out) == len(found)  # both checks found an opening shape
        return out

    def _play_bighand(self, seat: int, info: Info, events: list) -> None:
        self.hands[seat] ^= info.mask
        self.leaves[seat].append((info, True))  # not a lead: outside 喜前不喜后
        self.counts[seat] += info.size
        self.table += info.size
        self.opening = {"seat": seat, "shape": info.name}
        self.holders = []
        events.append({"type": "bighand", "seat": seat, "cards": list(info.cards),
                       "shape": info.name})
        self._control(seat, events)

    # -- protocol -----------------------------------------------------------
    def to_act(self) -> list[int]:
        ph = self.phase
        if ph == "trick":
            return [self.pending]
        if ph == "control":
            return [self.controller]
        if ph == "over":
            return []
        if ph == "tighten":
            return [s for s in range(3) if self.owed[s]]
        return [self.pending]

    def legal_moves(self, seat: int) -> list[Move | Pick]:
        c = self._cache
        if c is not None and c[0] == seat:
            return c[1]
        ph = self.phase
        if ph == "control":
            if seat != self.controller:
                return []
            cap = CAP - self.table  # (Rules.leads without its call while cap ≥ 4)
            moves = (self.rules._plays(self.hands[seat], 1, cap) if cap >= 4
                     else self.rules.leads(self.hands[seat], cap))
            if not self.must_lead:
                moves.append(KOU)
            if cap <= 7 and self.variant["tighten"]:  # _may_tighten, inline (table ≥ 9)
                h0, h1, h2 = self.hands
                if h0.bit_count() > cap or h1.bit_count() > cap or h2.bit_count() > cap:
                    moves.append(TIGHTEN)
        elif ph == "tighten":  # to_act: the seats that owe discards
            k = self.owed[seat] if seat in (0, 1, 2) else 0
            if not k:
                return []
            moves = [Pick("discard", "D", tuple(self.deck.cards(self.hands[seat])), k, k)]
        elif seat not in self.to_act():
            return []
        elif ph == "trick":
            assert self.top is not None  # the trick phase has a top play
            moves = self._beats(seat, self.top[1])
        elif ph == "poll":
            k = self._tie_count(seat)
            xian = Pick("xian", "X", tuple(self.deck.cards(self.hands[seat])), k, k) if k else XIAN
            moves = [xian, KOU]
        else:  # opening
            moves = [Move("O" + i.codes, "bighand", i.cards, {"shape": i.name, "n": 1})
                     for i in self._bighands(seat)]
            if not self.variant["bighand_mandatory"]:
                moves.append(WAIVE)
        self._cache = (seat, moves)
        return moves

    def _after_copy(self) -> None:
        # Each seat's by-shape list is filled in place from that copy's
        # (shrinking) hand: not shared; the lists in it are never changed.
        self._combos = [None if c is None else [*c] for c in self._combos]

    def _of_shape(self, seat: int, shape: int) -> list[Info]:
        """The seat's plays of one shape, highest tier first, from its hand when
        first asked. Hands only shrink, so later questions filter these by the
        current hand instead of enumerating again."""
        by_shape = self._combos[seat]
        if by_shape is None:
            by_shape = self._combos[seat] = [None] * LONGFENG  # (every normal shape)
        group = by_shape[shape]
        if group is None:
            group = by_shape[shape] = self.rules.of_shape(self.hands[seat], shape)
        return group

    def _beats(self, seat: int, top: Info) -> list:
        """The seat's beat moves on `top`, the trick's top play."""
        shape = top.plain
        if shape:
            return self._plain_beats(seat, shape, top.tier)
        shapes = top.beaters
        if not shapes:
            return []
        hand = self.hands[seat]
        out = []
        cap = CAP - self.table
        beats = self.rules.beats
        for shape in shapes:
            for i in self._of_shape(seat, shape):
                if i.mask & hand == i.mask and i.size <= cap:
                    if beats(i, top):
                        out.append(i.beat)
                    elif shape == top.shape and i.tier <= top.tier:
                        break  # sorted by tier: nothing further beats
        return out

    def _may_tighten(self) -> bool:
        if self.table < 9 or not self.variant["tighten"]:
            return False
        limit = CAP - self.table
        h0, h1, h2 = self.hands  # (asked at every lead: no generator)
        return h0.bit_count() > limit or h1.bit_count() > limit or h2.bit_count() > limit

    def _tie_count(self, seat: int) -> int:
        """Cards the 掀er must 贴 (discard) before 掀ing (rules §3.2 step 5)."""
        rule = self.variant["tie_rule"]
        have = self.hands[seat].bit_count()
        if rule == "limit16":
            return max(0, have - (CAP - self.table))
        if rule == "match_xianee_hand":
            return max(0, have - self.hands[self.controller].bit_count())
        if rule == "xianee_leaves":
            return min(have, self.counts[self.controller])
        return 0

    # -- applying -----------------------------------------------------------
    def _cards(self, seat: int, text: str, count: int | None = None) -> int:
        codes = [text[i:i + 2] for i in range(0, len(text), 2)]
        try:  # (deck.parse, on the split codes)
            mask = 0 if len(text) % 2 else sum(map(self.deck.bit.__getitem__, codes))
        except KeyError:  # an unknown code
            mask = 0
        if not mask or mask.bit_count() != len(codes):  # malformed, or a card twice
            raise IllegalMove("malformed_move", text)
        if mask & self.hands[seat] != mask:
            raise IllegalMove("not_in_hand", text)
        if count is not None and mask.bit_count() != count:
            raise IllegalMove("wrong_count", f"need {count}")
        if codes != sorted(codes):  # (no code twice) text == deck.code_str(mask)
            raise IllegalMove("malformed_move", "cards must be sorted")
        return mask

    def _play(self, seat: int, code: str) -> Info:
        info = self.rules.by_code.get(code[1:])  # fast path: a play seen before
        if info is None:
            info = self.rules.info(self._cards(seat, code[1:]))
        elif info.mask & self.hands[seat] != info.mask:
            raise IllegalMove("not_in_hand", code)
        if info is None or info.shape >= LONGFENG:
            raise IllegalMove("not_a_shape", code)
        if info.size > CAP - self.table:
            raise IllegalMove("table_full", code)
        return info

    def apply(self, seat: int, move: str | Move) -> list[dict[str, Any]]:
        """State.apply, the protocol checks answered from the phase when one
        seat is awaited (control, trick, poll, opening) or the seat owes
        紧牌 discards (tighten): the same checks in the same order.
        A lead or beat the seat may make now is applied at once; any other
        code takes the full path, which names the reason of a refusal."""
        ph = self.phase
        if isinstance(move, str):
            if ph == "control":
                if seat == self.controller:
                    info = self.rules.by_lead.get(move)
                    if (info is not None
                            and info.mask & self.hands[seat] == info.mask
                            and info.size <= CAP - self.table):
                        events = self._lead(seat, info)
                        self.history.append((seat, move))
                        return events
            elif ph == "trick" and seat == self.pending:
                info = self.rules.by_beat.get(move)
                assert self.top is not None  # the trick phase has a top play
                top = self.top[1]
                if (info is not None
                        and info.mask & self.hands[seat] == info.mask
                        and info.size <= CAP - self.table
                        and ((info.shape == top.plain and info.tier > top.tier) if top.plain
                             else self.rules.beats(info, top))):
                    events = self._beat(seat, info)
                    self.history.append((seat, move))
                    return events
        if (move.__class__ is str and move and move.isascii() and (
                (ph == "control" and seat == self.controller)
                or (seat == self.pending and ph in ONE_SEAT)
                or (ph == "tighten" and seat in (0, 1, 2) and self.owed[seat]))):
            events = self._apply(seat, move)
            self.history.append((seat, move))
            return events
        return super().apply(seat, move)

    def _apply(self, seat: int, code: str) -> list[dict[str, Any]]:
        ph = self.phase
        head = code[0]
        if ph == "control":
            if head == "L":
                info = self.rules.by_code.get(code[1:])
                if (info is None or info.mask & self.hands[seat] != info.mask
                        or info.shape >= LONGFENG or info.size > CAP - self.table):
                    info = self._play(seat, code)  # the slow path names the reason
                return self._lead(seat, info)
            if code == "K":
                if self.must_lead:
                    raise IllegalMove("must_lead")
                return self._kou(seat)
            if code == "J":
                if not self._may_tighten():
                    raise IllegalMove("tighten_not_allowed")
                return self._tighten(seat)
        elif ph == "trick":
            if head == "B":
                info = self.rules.by_code.get(code[1:])
                if (info is None or info.mask & self.hands[seat] != info.mask
                        or info.size > CAP - self.table):
                    info = self._play(seat, code)
                assert self.top is not None  # the trick phase has a top play
                if not self.rules.beats(info, self.top[1]):
                    raise IllegalMove("cannot_beat", code)
                return self._beat(seat, info)
        elif ph == "poll":
            if code == "K":
                self._cache = None
                self.kou[seat] = True
                self.poll.pop(0)
                events = [{"type": "kou", "seat": seat}]
                self._next_poll(events)
                return events
            if head == "X":
                k = self._tie_count(seat)
                mask = self._cards(seat, code[1:], k) if k or len(code) > 1 else 0
                return self._xian(seat, mask)
        elif ph == "tighten":
            if head == "D":
                mask = self._cards(seat, code[1:], self.owed[seat])
                self._cache = None
                self.hands[seat] ^= mask
                self.hidden[seat] |= mask
                self.owed[seat] = 0
                if not any(self.owed):
                    self.phase = "control"
                return [{"type": "discard", "seat": seat, "count": mask.bit_count()}]
        elif ph == "opening":
            if code == "W" and not self.variant["bighand_mandatory"]:
                self._cache = None
                self.holders = self.holders[1:]  # (shared by copies: replaced)
                if self.holders:
                    self.pending = self.holders[0]
                else:
                    self.phase = "control"
                return [{"type": "waive", "seat": seat}]
            for info in self._bighands(seat):
                if code == "O" + info.codes:
                    self._cache = None
                    opened: list = []
                    self._play_bighand(seat, info, opened)
                    return opened
        raise IllegalMove("not_legal", code)

    def _lead(self, seat: int, info: Info) -> list:
        self.hands[seat] ^= info.mask
        xi = self.variant["xi_first"]
        if xi == "off":  # (if, not `or`: the compares are specialised, see is_over)
            ok = True
        elif xi == "first_lead":
            ok = not self.led[seat]
        elif xi == "first_play":
            ok = not self.played[seat]
        else:
            ok = False
        self.led[seat] = self.played[seat] = True
        self.must_lead = False
        self.top = (seat, info, ok)
        self.followers = [*FOLLOW[seat]]
        events = [{"type": "lead", "seat": seat, "cards": [*info.cards], "shape": info.name,
                   "n": info.multiple}]
        self._advance(events, info)
        return events

    def _beat(self, seat: int, info: Info) -> list:
        self.hands[seat] ^= info.mask
        beaten = self.top
        assert beaten is not None  # a beat answers the top play
        self.waste |= beaten[1].mask
        xi = self.variant["xi_first"]
        if xi == "off":  # (if, not `or`: see _lead)
            ok = True
        elif xi == "first_play":
            ok = not self.played[seat]
        else:
            ok = False  # first_lead: a beat is not a lead
        self.played[seat] = True
        self.top = (seat, info, ok)
        del self.followers[0]
        events = [{"type": "beat", "seat": seat, "cards": [*info.cards], "shape": info.name,
                   "n": info.multiple, "over": beaten[0]}]
        self._advance(events, info)
        return events

    def _plain_beats(self, seat: int, shape: int, tt: int) -> list:
        """The seat's beats of a plain-tier top of tier `tt`: its plays of the
        shape are sorted by tier, so the scan stops at the first tie."""
        c = self._combos[seat]
        if c is None:
            c = self._combos[seat] = [None] * LONGFENG
        group = c[shape]
        if group is None:  # (_of_shape, inline)
            group = c[shape] = self.rules.of_shape(self.hands[seat], shape)
        gone = ALL ^ self.hands[seat]  # (a play in the hand shares no card with it:
        # the test is one & whose result is 0, a shared int; no 48-bit int made)
        out = []
        for i in group:
            if i.tier > tt:
                if not i.mask & gone:
                    out.append(i.beat)
            else:
                break
        return out

    def _advance(self, events: list, top: Info) -> None:
        """Ask the next follower who can beat `top`; pass the others; close the trick."""
        followers = self.followers
        shape, tt = top.plain, top.tier
        while followers:
            q = followers[0]
            if shape:  # (_beats' plain-tier path, without its dispatch)
                options = self._plain_beats(q, shape, tt)
            else:
                options = self._beats(q, top)
            if options:
                self.phase = "trick"
                self.pending = q
                self._cache = (q, options)
                return
            del followers[0]
            events.append({"type": "pass", "seat": q})
        self._cache = None
        assert self.top is not None  # the trick being closed
        owner, _, ok = self.top
        self.leaves[owner].append((top, ok))
        size = top.size
        counts = self.counts
        counts[owner] += size
        table = self.table = self.table + size
        self.top = None
        events.append({"type": "take", "seat": owner, "count": size, "leaves": counts[owner]})
        if table < CAP and not self.variant["ci_ends_hand"] and self.hands[owner]:
            self.controller = owner  # _control's common case, inline
            self.phase = "control"
        else:
            self._control(owner, events)

    def _control(self, seat: int, events: list) -> None:
        self.controller = seat
        if self.table >= CAP:
            self._end("table_full", events)
        elif self.variant["ci_ends_hand"] and max(self.counts) >= 11:
            self._end("ci", events)
        elif not self.hands[seat]:
            self._end("no_cards", events)
        else:
            self.phase = "control"

    def _end(self, reason: str, events: list) -> None:
        self.phase = "over"
        self.end_reason = reason
        self._cache = None
        events.append({"type": "end", "reason": reason})

    def _kou(self, seat: int) -> list:
        self._cache = None
        if not self.variant["leader_kou_keeps_xian_right"]:
            self.kou[seat] = True
        self.poll = [q for q in ((seat + 1) % 3, (seat + 2) % 3) if not self.kou[q]]
        self.poll_xian = False
        events = [{"type": "kou", "seat": seat}]
        self._next_poll(events)
        return events

    def _next_poll(self, events: list) -> None:
        if self.poll:
            self.phase, self.pending = "poll", self.poll[0]
        elif self.poll_xian:
            self.phase = "control"
            self.must_lead = True
        else:
            self._end("all_kou", events)

    def _xian(self, seat: int, discard: int) -> list:
        self._cache = None
        target = self.controller
        self.hands[seat] ^= discard
        self.hidden[seat] |= discard
        self.xian[seat][target] += 1
        self.last_xianer[target] = seat
        self.poll_xian = True
        if self.variant["xian_poll"] == "sequential_first":
            self.poll = []
        else:
            self.poll.pop(0)
        events = [{"type": "xian", "seat": seat, "target": target,
                   "discard": discard.bit_count()}]
        self._next_poll(events)
        return events

    def _tighten(self, seat: int) -> list:
        self._cache = None
        limit = CAP - self.table
        self.owed = [n - limit if n > limit else 0 for n in map(int.bit_count, self.hands)]
        self.phase = "tighten"
        return [{"type": "tighten", "seat": seat, "limit": limit}]

    def is_over(self) -> bool:
        # (a compare that jumps is specialised in CPython 3.11; one whose
        # value is returned is not: asked before every move)
        if self.phase == "over":
            return True
        return False

    def result(self) -> Result:
        if self.phase != "over":
            raise IllegalMove("hand_not_over")
        res = score_hand(self.leaves, self.xian, self.last_xianer, self.variant)
        res.details["end_reason"] = self.end_reason
        return res

    def code_for_cards(self, seat: int, cards: Sequence[str]) -> str:
        """A freely chosen set of cards → the lead/beat code it makes."""
        mask = self.deck.parse("".join(cards))
        if mask is None or not mask:
            raise IllegalMove("malformed_move")
        info = self.rules.info(mask)
        if info is None or info.shape >= LONGFENG:
            raise IllegalMove("not_a_shape")
        code = ("L" if self.phase == "control" else "B") + info.codes
        if code not in {m.code for m in self.legal_moves(seat) if isinstance(m, Move)}:
            raise IllegalMove("cannot_beat" if self.phase == "trick" else "not_legal")
        return code

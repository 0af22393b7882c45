"""One hand of 刨幺: the trick flow (§5), the win checks and the 雪 decision (§6).

Seats 0..3 in turn order; partners sit opposite, team 0 = {0, 2} and team
1 = {1, 3} (seat % 2). `dealer` is the seat that leads the first trick.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from games.base import COPY_1, COPY_2, COPY_DEEP, Game, IllegalMove, Move, Result, State
from games.paoyao import notation
from games.paoyao.cards import (
    ACE,
    BJ,
    FOUR,
    NRANKS,
    POINTS,
    RANK_CHARS,
    RANK_OF,
    SJ,
    TOTAL_POINTS,
    is_card,
    rank_order,
)
from games.paoyao.combos import BOMB, KIND_NAMES, beats, classify, refusal, why_invalid
from games.paoyao.moves import (
    Base,
    Bombs,
    Ends,
    PlayEntry,
    Tables,
    bomb_key,
    bombs,
    hand_of,
    held,
    leads,
    responses,
    swap_four_ace_jokers,
    swap_roads,
)
from games.paoyao.scoring import SNOW_NAMES, grade, score_hand, snowable
from games.paoyao.views import PaoyaoPublic, PaoyaoView, Snow, Top

PLAY, SNOW, OVER = "play", "snow", "over"
_TABLES = {True: Tables(rank_order(True)), False: Tables(rank_order(False))}
_PASS = notation.PASS
_PASS_MOVE = Move(_PASS, "pass")
_AFTER = tuple(tuple((seat + i) % 4 for i in range(1, 5)) for seat in range(4))  # turn order
_BOMB_RANKS = frozenset((FOUR, ACE, SJ, BJ))  # ranks of 幺 and 王 bombs
_SNOW_MOVES = (Move(notation.SNOW, "snow"), Move(notation.NO_SNOW, "no_snow"))


class PaoyaoState(State):
    MUTABLE = {"history": COPY_1, "cnt": COPY_2, "seat_bombs": COPY_1, "left": COPY_1,
               "trick": COPY_1, "out": COPY_1, "score": COPY_1, "taken": COPY_2, "snow": COPY_DEEP,
               "finish": COPY_DEEP}
    # base, ends: replaced, never changed; order, plays: the rank order's tables
    SHARED = State.SHARED | {"order", "plays", "base", "ends"}

    def __init__(self, game: Game, variant: Mapping[str, Any], deal: Any, dealer: int,
                 seats: int = 4, hands: Iterable[tuple[Base, Ends, list[int]]] | None = None,
                 ) -> None:
        """`hands`: the deal's hands as moves.hand_of() makes them, if at hand."""
        # 29 attributes at most: from the 30th on CPython 3.11 keeps them in a
        # plain dict and no method call on the state is specialised (+5%
        # instructions a hand measured with one more)
        self.game = game
        self.variant = dict(variant)
        self.seats = seats
        self.dealer = dealer
        self.deal = deal
        self.history = []
        self.tables = _TABLES[bool(variant["three_beats_two"])]
        self.order = self.tables.order
        self.plays = self.tables.plays  # code -> (combination, shape, points)
        self.set_hands(deal["hands"], hands)
        self.phase = PLAY
        self.current = dealer  # seat to play (`turn` is the protocol's move count)
        self.top: tuple[int, int, int] | None = None  # combination on top of the trick
        self.top_seat: int | None = None
        self.trick: list[list[Any]] = []  # [seat, cards] per play, [seat, None] per pass
        self.trick_points = 0
        self.passes = 0  # consecutive passes since the top play
        self.out: list[int] = []  # seats in the order they went out (出完)
        self.score = [0, 0]  # captured points per team
        self.taken: list[list[str]] = [[], []]  # cards captured per team
        self.chase: int | None = None  # after 雪: the fixed winning team
        self.snow: Snow | None = None  # pending 雪 decision
        self.resume: str | None = None  # "play": a play was interrupted by the decision
        self.last_trick_winner: int | None = None
        self.finish: dict[str, Any] | None = None

    def set_hands(self, hands: Sequence[Sequence[str]],
                  parts: Iterable[tuple[Base, Ends, list[int]]] | None = None) -> None:
        """Each seat's cards as moves.py keeps a hand: `base` (sorted, fixed),
        `ends` (where each rank's block ends) and `cnt` (held per rank);
        `parts`: those of `hands`, if made already."""
        self.base: list[tuple[str, ...]] = []
        self.ends: list[tuple[int, ...]] = []
        self.cnt: list[list[int]] = []
        for base, ends, cnt in parts or map(hand_of, hands):
            self.base.append(base)
            self.ends.append(ends)
            self.cnt.append(cnt)
        self.left = [len(h) for h in hands]  # cards left per seat
        # per seat: its bombs as moves.bombs() makes them, or None until asked
        # (asked at nearly every response; a play from a rank held 3+ times swaps
        # that rank's 路, one that may change a 幺 or 王 bomb makes those again)
        self.seat_bombs: list[Bombs | None] = [None] * 4

    # -- helpers -------------------------------------------------------------
    def _next_active(self, seat: int) -> int:
        left = self.left
        for s in _AFTER[seat]:
            if left[s]:
                return s
        raise AssertionError("nobody holds cards: the hand ended before")

    def hand_codes(self, seat: int) -> list[str]:
        base, ends, cnt = self.base[seat], self.ends[seat], self.cnt[seat]
        out: list[str] = []
        for r in range(NRANKS):
            c = cnt[r]
            if c:
                out += base[ends[r] - c : ends[r]]
        return out

    @property
    def hands(self) -> list[list[list[str]]]:
        """Every seat's held cards per rank (a fresh copy: reading only)."""
        return [
            [list(held(self.base[s], self.ends[s], self.cnt[s], r)) for r in range(NRANKS)]
            for s in range(4)
        ]

    # -- protocol ------------------------------------------------------------
    def to_act(self) -> list[int]:
        if self.phase == PLAY:
            return [self.current]
        if self.phase == SNOW:
            assert self.snow is not None  # the SNOW phase has an offer
            answered = {s for s, _ in self.snow["answers"]}
            return [s for s in self.snow["deciders"] if s not in answered]
        return []

    def is_over(self) -> bool:
        return self.phase == OVER

    def legal_moves(self, seat: int) -> list[Move]:
        if self.phase != PLAY:
            return list(_SNOW_MOVES) if self.phase == SNOW and seat in self.to_act() else []
        if seat != self.current:
            return []
        bombs_held = self.seat_bombs[seat]
        if bombs_held is None:
            bombs_held = self.seat_bombs[seat] = bombs(
                self.base[seat], self.ends[seat], self.cnt[seat], self.tables.roads
            )
        top = self.top
        if top is None:
            return leads(self.base[seat], self.ends[seat], self.cnt[seat], self.tables, bombs_held)
        if top[0] == BOMB:  # to a bomb (a third of all asks): from the seat's bombs
            keys, held_bombs = bombs_held
            return [*held_bombs[bisect_right(keys, bomb_key(top[1], top[2])) :], _PASS_MOVE]
        moves = responses(
            self.base[seat], self.ends[seat], self.cnt[seat], self.tables, top, bombs_held
        )
        moves.append(_PASS_MOVE)
        return moves

    def code_for_cards(self, seat: int, cards: Sequence[str]) -> str:
        if self.phase != PLAY or seat != self.current:
            raise IllegalMove("not_your_turn", f"seat {seat}")
        cards = list(cards)
        if not cards:
            raise IllegalMove("no_cards")
        if not all(isinstance(c, str) and is_card(c) for c in cards):
            raise IllegalMove("unknown_card", repr(cards))
        base, ends, cnt = self.base[seat], self.ends[seat], self.cnt[seat]
        for c in set(cards):
            if held(base, ends, cnt, RANK_OF[c[0]]).count(c) < cards.count(c):
                raise IllegalMove("not_in_hand", c)
        cnt = [0] * NRANKS
        for c in cards:
            cnt[RANK_OF[c[0]]] += 1
        self._check_play(seat, cnt)
        return notation.encode(cards)

    def _check_play(self, seat: int, cnt: list[int]) -> tuple[int, int, int]:
        """The combination the rank counts `cnt` form if `seat` may play them now."""
        have = self.cnt[seat]
        for r in range(NRANKS):
            if cnt[r] > have[r]:
                raise IllegalMove("not_in_hand", RANK_CHARS[r])
        combo = classify(cnt, self.order)
        if combo is None:
            raise IllegalMove(why_invalid(cnt), notation.encode_counts(cnt))
        top = self.top
        if not beats(combo, top):
            assert top is not None  # any play may lead
            raise IllegalMove(refusal(combo, top), notation.encode_counts(cnt))
        return combo

    def apply(self, seat: int, move: str | Move) -> list[dict[str, Any]]:
        """State.apply, with the common case first: the seat to play passes or
        plays a listed code (a listed code is ASCII and well formed, and the
        seat is the one to act, so the protocol checks hold). Anything else
        goes the general way, with its checks in their order."""
        if self.phase == PLAY and seat == self.current and move.__class__ is str:
            if move == _PASS:
                if self.top is not None:  # a pass answers the trick's top (as _apply checks)
                    events = self._pass(seat)
                    self.history.append((seat, move))
                    return events
            else:
                known = self.plays.get(move)
                if known is not None:
                    cnt = self.cnt[seat]
                    for r, k in known[1]:  # _may_play, inlined
                        if cnt[r] < k:
                            break
                    else:
                        top = self.top
                        if top is None or beats(known[0], top):
                            events = self._play(seat, known)
                            self.history.append((seat, move))
                            return events
        return super().apply(seat, move)

    def _may_play(self, cnt: list[int], known: PlayEntry) -> bool:
        """Whether a hand holding `cnt` has the cards of a play (combination,
        shape, points) of the table and it beats the top."""
        for r, k in known[1]:
            if cnt[r] < k:
                return False
        return self.top is None or beats(known[0], self.top)

    def _apply(self, seat: int, code: str) -> list[dict[str, Any]]:
        if self.phase == SNOW:
            if code not in (notation.SNOW, notation.NO_SNOW):
                raise IllegalMove("not_legal", f"{code!r}: 雪 (X) or 不雪 (N)")
            return self._answer_snow(seat, code == notation.SNOW)
        if code == notation.PASS:
            if self.top is None:
                raise IllegalMove("must_lead")
            return self._pass(seat)
        known = self.tables.plays.get(code)
        if known is not None and self._may_play(self.cnt[seat], known):  # no parsing
            return self._play(seat, known)
        cnt = notation.decode(code)
        combo = self._check_play(seat, cnt)
        shape = tuple((r, k) for r, k in enumerate(cnt) if k)
        return self._play(seat, (combo, shape, sum(POINTS[r] * k for r, k in shape)))

    # -- trick flow (§5) -----------------------------------------------------
    def _play(self, seat: int, play: PlayEntry) -> list[dict[str, Any]]:
        """Play (combination, shape, points): the lowest suits of k cards of
        rank r per (r, k) in `shape`."""
        combo, shape, points = play
        cnt, base, ends = self.cnt[seat], self.base[seat], self.ends[seat]
        cards: list[str] = []
        remake = False  # a 路 of 4 or A, a 幺 or a 王 bomb taken from
        for r, k in shape:
            c = cnt[r]
            o = ends[r] - c  # the lowest suits held of r: a slice of base
            cards += base[o : o + k]
            if c >= 3 and r not in _BOMB_RANKS:  # only r's 路 change: swapped in place
                held_bombs = self.seat_bombs[seat]
                if held_bombs is not None:
                    self.seat_bombs[seat] = swap_roads(
                        held_bombs, base, ends, r, c, c - k, self.tables.roads
                    )
            elif c >= 3 or r in _BOMB_RANKS and (  # a 路 of 4 or A, a 幺 or a 王 bomb held
                cnt[SJ] + cnt[BJ] >= 2 if r >= SJ else cnt[ACE] and cnt[FOUR] >= 2
            ):
                remake = True
            cnt[r] = c - k
        if remake:  # those bombs made again from the counts left, the rest kept
            held_bombs = self.seat_bombs[seat]
            if held_bombs is not None:
                self.seat_bombs[seat] = swap_four_ace_jokers(
                    held_bombs, base, ends, cnt, self.tables.roads
                )
        left = self.left
        n = left[seat] = left[seat] - len(cards)
        self.trick.append([seat, cards])
        self.trick_points += points
        self.top, self.top_seat, self.passes = combo, seat, 0
        events: list[dict[str, Any]] = [
            {"type": "play", "seat": seat, "cards": cards, "combo": KIND_NAMES[combo[0]], "left": n}
        ]
        if n:  # the common case of _after_move: the next one holding cards is to play
            if len(self.out) < 3:
                for s in _AFTER[seat]:
                    if left[s]:
                        self.current = s
                        break
            else:
                self._award(events)  # nobody else holds cards
            return events
        self.out.append(seat)
        events.append({"type": "out", "seat": seat, "place": len(self.out)})
        self._on_out(seat, events)
        if self.phase == PLAY:
            self._after_move(seat, events)
        elif self.phase == SNOW:
            self.resume = "play"
        return events

    def _pass(self, seat: int) -> list[dict[str, Any]]:
        self.trick.append([seat, None])
        self.passes += 1
        events: list[dict[str, Any]] = [{"type": "pass", "seat": seat}]
        active = 4 - len(self.out)  # as _after_move, inlined: passes are most moves
        assert self.top_seat is not None  # one passes only on a trick with a top
        left = self.left
        if self.passes >= (active - 1 if left[self.top_seat] else active):
            self._award(events)
        else:
            for s in _AFTER[seat]:  # _next_active, inlined
                if left[s]:
                    self.current = s
                    break
        return events

    def _after_move(self, mover: int, events: list[dict[str, Any]]) -> None:
        """End the trick once every other active player has passed (§5.4),
        else hand the turn on."""
        active = 4 - len(self.out)
        assert self.top_seat is not None  # called after a play or a pass on a trick
        needed = active - 1 if self.left[self.top_seat] else active
        if self.passes >= needed:
            self._award(events)
        else:
            self.current = self._next_active(mover)

    def _award(self, events: list[dict[str, Any]]) -> None:
        winner = self.top_seat
        assert winner is not None  # a trick is won by its top
        team = winner % 2
        points = self.trick_points
        self.score[team] += points
        for _s, cards in self.trick:
            if cards:
                self.taken[team].extend(cards)
        self.last_trick_winner = winner
        self.top, self.top_seat, self.trick, self.trick_points, self.passes = None, None, [], 0, 0
        leader = winner
        if not self.left[winner]:  # 接风 (D3)
            partner = (winner + 2) % 4
            if self.variant["jiefeng"] == "partner" and self.left[partner]:
                leader = partner
            else:
                leader = self._next_active(winner)
        self.current = leader
        events.append(
            {
                "type": "trick",
                "seat": winner,
                "team": team,
                "points": points,
                "score": list(self.score),
                "leader": leader,
            }
        )
        self._on_award(team, events)

    # -- hand-end checks (§6.2, §6.4) -------------------------------------------
    def _on_out(self, seat: int, events: list[dict[str, Any]]) -> None:
        team = seat % 2
        if self.chase is not None:
            self._check_chase(events)
        elif not self.left[(seat + 2) % 4]:  # 双飞: both partners out
            self._finish(team, grade(self.score[1 - team], self.variant), "double_out", events)
        elif self.out[0] == seat and self.score[team] >= self.variant["kangqi_threshold"]:
            self._offer_snow(team, "kangqi", events)  # 扛旗 as the first player goes out

    def _on_award(self, team: int, events: list[dict[str, Any]]) -> None:
        if self.chase is not None:
            self._check_chase(events)
            return
        v = self.variant
        if self.score[team] == TOTAL_POINTS:
            self._finish(team, 4, "200", events)
        elif self.score[team] >= v["win_threshold"]:
            self._offer_snow(team, "140", events)
        elif (
            v["kangqi_check"] == "continuous"
            and self.out
            and self.out[0] % 2 == team
            and self.score[team] >= v["kangqi_threshold"]
        ):
            self._offer_snow(team, "kangqi", events)

    def _check_chase(self, events: list[dict[str, Any]]) -> None:
        w = self.chase
        assert w is not None and self.snow is not None  # a chase follows a 雪 offer
        lose = self.score[1 - w]
        reason = self.snow["reason"]
        if not snowable(lose, self.variant):
            self._finish(w, 1, reason, events)  # 免雪
        elif not self.left[w] and not self.left[w + 2]:
            self._finish(w, grade(lose, self.variant), reason, events)
        elif not self.left[1 - w] and not self.left[3 - w] and self.top is None:
            self._finish(w, grade(lose, self.variant), reason, events)  # losers gone: as 双飞
        elif self.score[0] + self.score[1] == TOTAL_POINTS:
            self._finish(w, grade(lose, self.variant), reason, events)

    # -- 雪 / 不雪 (§6.3) -----------------------------------------------------------
    def _offer_snow(self, team: int, reason: str, events: list[dict[str, Any]]) -> None:
        if not snowable(self.score[1 - team], self.variant):
            self._finish(team, 1, reason, events)  # 免雪: no decision
            return
        if self.variant["snow_deciders"] == "all_winners":
            deciders = [team, team + 2]
        else:
            deciders = [s for s in (team, team + 2) if self.left[s]]
        self.phase = SNOW
        self.snow = {"team": team, "reason": reason, "deciders": deciders, "answers": []}
        events.append({"type": "snow_offer", "team": team, "reason": reason, "deciders": deciders})

    def _answer_snow(self, seat: int, snow: bool) -> list[dict[str, Any]]:
        offer = self.snow
        assert offer is not None  # answered only in the SNOW phase
        offer["answers"].append([seat, snow])
        events: list[dict[str, Any]] = [{"type": "snow", "seat": seat, "snow": snow}]
        answers = [a for _, a in offer["answers"]]
        complete = len(answers) == len(offer["deciders"])
        if self.variant["snow_vote"] == "any_snow":
            start, decline = snow, complete and not any(answers)
        else:
            start, decline = complete and all(answers), not snow
        if decline:
            self._finish(offer["team"], 1, offer["reason"], events, declined=True)
        elif start:
            self.phase, self.chase = PLAY, offer["team"]
            events.append({"type": "chase", "team": offer["team"]})
            self._check_chase(events)
            if self.phase == PLAY and self.resume == "play":
                assert self.top_seat is not None  # the offer came on a play, not a won trick
                self._after_move(self.top_seat, events)
            self.resume = None
        return events

    def _finish(self, team: int, multiplier: int, win: str, events: list[dict[str, Any]],
                declined: bool = False) -> None:
        self.phase = OVER
        snow = "declined" if declined else SNOW_NAMES[multiplier]
        self.finish = {"team": team, "multiplier": multiplier, "win": win, "snow": snow}
        events.append(
            {"type": "end", "team": team, "multiplier": multiplier, "win": win, "snow": snow}
        )

    # -- views -----------------------------------------------------------------
    def next_leader(self) -> int:
        """Leader of the next hand (D2)."""
        if self.variant["next_leader"] == "rotate":
            return (self.dealer + 1) % 4
        if self.out:
            return self.out[0]  # 头跑
        return self.last_trick_winner if self.last_trick_winner is not None else self.dealer

    def final_points(self) -> list[int]:
        """Captured points, plus leftovers under leftover_points (D9)."""
        pts = list(self.score)
        if self.variant["leftover_points"] == "to_opponents_of_holder":
            for s in range(4):
                pts[1 - s % 2] += sum(POINTS[r] * c for r, c in enumerate(self.cnt[s]))
            if self.top_seat is not None:
                pts[self.top_seat % 2] += self.trick_points
        return pts

    def public_view(self) -> PaoyaoPublic:
        top: Top | None = None
        if self.top is not None:
            assert self.top_seat is not None  # set and cleared with the top
            # the last play's cards (not next() over reversed(): mypyc cannot
            # compile that, see bench/compiled.py)
            cards = [c for _s, c in self.trick if c][-1]
            top = {
                "seat": self.top_seat,
                "cards": cards,
                "combo": KIND_NAMES[self.top[0]],
                "key": list(self.top),
            }
        view: PaoyaoPublic = {
            "phase": self.phase,
            "dealer": self.dealer,
            "turn": self.current if self.phase == PLAY else None,
            "to_act": self.to_act(),
            "teams": [[0, 2], [1, 3]],
            "left": list(self.left),
            "out": list(self.out),
            "points": list(self.score),
            "top": top,
            "trick": [
                {"seat": s, "cards": c} if c else {"seat": s, "pass": True} for s, c in self.trick
            ],
            "trick_points": self.trick_points,
            "chase": self.chase,
            "snow": None
            if self.snow is None
            else {**self.snow, "answers": [list(a) for a in self.snow["answers"]]},
            "thresholds": {
                "win": self.variant["win_threshold"],
                "kangqi": self.variant["kangqi_threshold"],
                "snow": self.variant["snow_threshold"],
            },
        }
        if self.variant["ming_yao"]:  # 明幺: As and 4s in hand are public
            view["yao_counts"] = [[c[RANK_OF["A"]], c[RANK_OF["4"]]] for c in self.cnt]
        if self.phase == OVER:
            view["result"] = self.result().details
        return view

    def view(self, seat: int) -> PaoyaoView:
        v: PaoyaoView = {**self.public_view(), "seat": seat, "hand": self.hand_codes(seat)}
        partner = (seat + 2) % 4
        if (
            self.variant["show_partner_hand_after_out"]
            and not self.left[seat]
            and self.left[partner]
        ):
            v["partner_hand"] = self.hand_codes(partner)
        return v

    def result(self) -> Result:
        if self.finish is None:
            raise IllegalMove("hand_not_over")
        f = self.finish
        net, tally = score_hand(f["team"], f["multiplier"], self.variant)
        details = {
            "winner_team": f["team"],
            "winners": [f["team"], f["team"] + 2],
            "multiplier": f["multiplier"],
            "win": f["win"],  # 200 | 140 | kangqi (扛旗) | double_out (双飞)
            "snow": f["snow"],  # big 大雪 | small 小雪 | escaped 免雪 | declined 不雪
            "chased": self.chase is not None,
            "points": list(self.score),
            "final_points": self.final_points(),
            "out": list(self.out),
            "payments": net,
            "tally": tally,
            "next_leader": self.next_leader(),
        }
        return Result(net, details)

    def timeout_move(self, seat: int) -> str | None:
        """An unanswered 雪 decision counts as the flag snow_timeout_default
        says (spec §6.3); any other timeout is played by the computer (托管)."""
        if self.phase != SNOW:
            return None
        return notation.SNOW if self.variant["snow_timeout_default"] == "snow" else notation.NO_SNOW

    # -- persistence ---------------------------------------------------------------
    def dump(self) -> dict[str, Any]:
        return {
            "hands": [self.hand_codes(s) for s in range(4)],
            "phase": self.phase,
            "turn": self.current,
            "top": list(self.top) if self.top else None,
            "top_seat": self.top_seat,
            "trick": [[s, c] for s, c in self.trick],
            "trick_points": self.trick_points,
            "passes": self.passes,
            "out": list(self.out),
            "score": list(self.score),
            "taken": [list(t) for t in self.taken],
            "chase": self.chase,
            "snow": self.snow,
            "resume": self.resume,
            "last_trick_winner": self.last_trick_winner,
            "finish": self.finish,
        }

    def restore(self, d: dict[str, Any]) -> None:
        self.set_hands(d["hands"])
        self.phase, self.current = d["phase"], d["turn"]
        self.top = tuple(d["top"]) if d["top"] else None
        self.top_seat = d["top_seat"]
        self.trick = [[s, list(c) if c else None] for s, c in d["trick"]]
        self.trick_points, self.passes = d["trick_points"], d["passes"]
        self.out, self.score = list(d["out"]), list(d["score"])
        self.taken = [list(t) for t in d["taken"]]
        self.chase, self.resume = d["chase"], d["resume"]
        s = d["snow"]
        self.snow = None if s is None else Snow(
            team=s["team"], reason=s["reason"], deciders=s["deciders"],
            answers=[list(a) for a in s["answers"]])
        self.last_trick_winner, self.finish = d["last_trick_winner"], d["finish"]

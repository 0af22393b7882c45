"""One hand of 顶牛: the layout, forced play and 扣, 算帐 and scoring.

Seats play in seat order from the head (头牌 = the protocol's dealer). Move codes:
  O<tile>        the head's opening tile ("O56"); O4444 leads both 红八 (rule ④)
  L<tile> R<tile> put a tile on the left / right open end ("R15")
  K<tile>        扣: lay a tile face down (only with no playable tile)
When both ends show the same value a tile is offered once, on L.
"""

from __future__ import annotations

from typing import Any

from games.base import COPY_1, COPY_2, COPY_DEEP, Game, IllegalMove, Move, Result, State
from games.dingniu import suanzhang as sz
from games.dingniu.opening import lalian_forbidden, leads, must_pair
from games.dingniu.scoring import score
from games.dingniu.suanzhang import D_WEIGHT, ND_WEIGHT
from games.dingniu.tiles import (
    CODES,
    COPIES,
    FIT,
    HONGSHI,
    IS_DOUBLE,
    KIND_OF,
    N_KINDS,
    NON_DOUBLES,
    OTHER,
    PIPS,
    POINTS,
    SIX_COVERS,
    codes_of,
    oriented,
)
from games.dingniu.views import Account, DingniuPublic, DingniuView, Suanzhang

# Every move object is built once; legal_moves only picks them.
PLAY_MOVES = {
    (side, t, v): Move(f"{side}{CODES[t]}", "play", (CODES[t],),
                       {"end": side, "on": v, "to": OTHER[t][v]})
    for side in "LR" for t in range(N_KINDS) for v in PIPS[t]
}
FULL_SIGS = sz.signatures(list(COPIES))
_MEMO = sz._memo  # the analysis memo, read directly on the hot path
# ORIENTED[t][left pip]: the tile as it lies on the layout.
ORIENTED = tuple({a: oriented(t, a), b: oriented(t, b)} for t, (a, b) in enumerate(PIPS))
# Per end value: (kind, move) of every tile that fits it, on the left / right.
L_MOVES = tuple(tuple((t, PLAY_MOVES["L", t, v]) for t in FIT[v]) for v in range(7))
R_MOVES = tuple(tuple((t, PLAY_MOVES["R", t, v]) for t in FIT[v]) for v in range(7))
KOU_MOVES = tuple(Move(f"K{c}", "kou", (c,)) for c in CODES)
LEAD_MOVES = tuple(Move(f"O{c}", "lead", (c,)) for c in CODES)
PAIR_MOVES = tuple(Move(f"O{c}{c}", "lead", (c, c), {"pair": True}) for c in CODES)

# How a hand ended; with the last three the hand tiles count as well.
ALL_OUT, RUNOUT, SMOTHERED, IMMEDIATE, SIZHA_END = (
    "all_out", "runout", "smothered", "immediate", "sizha_end")
COUNT_HANDS = frozenset((SMOTHERED, IMMEDIATE, SIZHA_END))


class DingniuState(State):
    MUTABLE = {"history": COPY_1, "hands": COPY_2, "sizes": COPY_1, "kou": COPY_2,
               "layout": COPY_1, "on_layout": COPY_1, "sizha": COPY_2, "_rem": COPY_1,
               "end": COPY_DEEP, "suanzhang": COPY_DEEP}
    SHARED = State.SHARED | {"_legal"}  # a cached move list, replaced, never changed
    seats = 4  # on the class: an instance keeps at most 29 attributes (see __init__)

    def __init__(self, game: Game, variant: dict[str, Any], deal: Any, dealer: int) -> None:
        # 29 attributes at most: from the 30th on CPython 3.11 keeps them in a
        # plain dict and specialises no attribute load or method call on it.
        self.game = game
        self.variant = variant
        self.dealer = dealer  # 头牌, the head
        self.deal = deal
        self.history = []
        self.hands = hands = [[0] * N_KINDS for _ in range(4)]
        for hand, codes in zip(hands, deal["hands"]):
            for c in codes:
                hand[KIND_OF[c]] += 1
        self.sizes = [6, 6, 6, 6]
        self.kou: list[list[int]] = [[], [], [], []]  # 扣 tiles in the order laid down
        self.layout: list[str] = []  # oriented codes, left to right ("64" = [6|4])
        self.left = self.right = 0  # open ends; 0 before the opening
        self.on_layout = [0] * N_KINDS
        self.actor = dealer  # seat to act; -1 once the hand is over
        self.end: str | None = None
        self.suanzhang: Suanzhang | None = None  # the counted 算帐
        self.sizha: list[Account] = []  # forced smashes (死砸), no 算帐
        # 死拦 candidates: the seat whose last play let a 红帐 (or any block) through.
        self.silan_hong = -1
        self.silan_any = -1
        self._setup_variant()
        # before the opening every tile is in V under either basis
        self._rem = list(COPIES)
        self._nd, self._d = FULL_SIGS
        self._an: tuple[bool, int] | None = None  # None before the opening

    # -- derived data ------------------------------------------------------
    def _setup_variant(self) -> None:
        v = self.variant
        self._by_hands = v["sz_basis"] == "hands"
        self._doubles = v["smother_counts_doubles"]
        self._mask = sz.SMOTHER_MASKS[v["smother_values"]]
        self._sizha_all = v["sizha_scope"] == "all"
        self._pair_all = v["pair_double_lead_all"]
        self._silan_all = v["silan_scope"] == "all_classic"
        self._legal: list[Move] | None = None

    def _recount(self) -> None:
        """V (tiles still in play for 算帐) and its analysis, from scratch."""
        if self._by_hands:
            self._rem = [sum(h[t] for h in self.hands) for t in range(N_KINDS)]
        else:
            self._rem = [COPIES[t] - self.on_layout[t] for t in range(N_KINDS)]
        self._nd, self._d = sz.signatures(self._rem)
        self._an = self._analyse(self._nd, self._d, self.left, self.right) if self.left else None

    def _analyse(self, nd: int, d: int, left: int, right: int) -> tuple[bool, int]:
        return sz.analyse(nd, d if self._doubles else -1, left, right)

    # -- protocol ----------------------------------------------------------
    def to_act(self) -> list[int]:
        return [self.actor] if self.actor >= 0 else []

    def is_over(self) -> bool:
        return self.actor < 0

    def legal_moves(self, seat: int) -> list[Move]:
        if seat != self.actor:
            return []
        if self._legal is None:
            self._legal = self._compute_legal(seat)
        return list(self._legal)

    def _compute_legal(self, seat: int) -> list[Move]:
        hand = self.hands[seat]
        left, right = self.left, self.right
        if not left:
            return [
                PAIR_MOVES[t] if pair else LEAD_MOVES[t] for t, pair in leads(hand, self._pair_all)
            ]
        out = [m for t, m in L_MOVES[left] if hand[t]]
        if left != right:
            out += [m for t, m in R_MOVES[right] if hand[t]]
        if out:
            return out
        return [KOU_MOVES[t] for t in range(N_KINDS) if hand[t]]  # 扣: any tile

    def _plays(self, hand: list[int]) -> list[tuple[str, int, int]]:
        """(side, kind, end value) of every playable tile; one side if L == R."""
        left, right = self.left, self.right
        out = [("L", t, left) for t in FIT[left] if hand[t]]
        if left != right:
            out.extend(("R", t, right) for t in FIT[right] if hand[t])
        return out

    def _can_play(self, hand: list[int]) -> bool:
        return any(hand[t] for t in FIT[self.left]) or any(hand[t] for t in FIT[self.right])

    # -- applying ----------------------------------------------------------
    def apply(self, seat: int, move: str | Move) -> list[dict[str, Any]]:
        """State.apply with the protocol checks answered from `actor` (the one
        seat to act; -1 once over): the same checks in the same order."""
        if move.__class__ is str and move and move.isascii() and seat == self.actor >= 0:
            events = self._apply(seat, move)
            self.history.append((seat, move))
            return events
        return super().apply(seat, move)

    def _apply(self, seat: int, code: str) -> list[dict[str, Any]]:
        c = code[0]
        hand = self.hands[seat]
        if not self.left:
            return self._lead(seat, code, hand)
        t = KIND_OF.get(code[1:])
        if t is None:
            raise IllegalMove("malformed_move", code)
        if not hand[t]:
            raise IllegalMove("not_in_hand", code)
        if c == "L" or c == "R":
            v = self.left if c == "L" else self.right
            if v not in PIPS[t]:
                raise IllegalMove("does_not_fit", code)
            if c == "R" and self.left == self.right:
                raise IllegalMove("same_end", "both ends show the same value: use L")
            return self._play(seat, t, c, v)
        if c == "K":
            if self._can_play(hand):
                raise IllegalMove("must_play", "不能扣活牌: a tile fits")
            return self._kou(seat, t)
        raise IllegalMove("malformed_move", code)

    def _lead(self, seat: int, code: str, hand: list[int]) -> list[dict[str, Any]]:
        if code[0] != "O" or len(code) not in (3, 5):
            raise IllegalMove("must_lead", code)
        t = KIND_OF.get(code[1:3])
        if t is None or (len(code) == 5 and code[3:] != code[1:3]):
            raise IllegalMove("malformed_move", code)
        n = 2 if len(code) == 5 else 1
        if hand[t] < n:
            raise IllegalMove("not_in_hand", code)
        if lalian_forbidden(hand, t):
            raise IllegalMove("lalian", "不能拉三家")
        paired = must_pair(hand, t, self._pair_all)
        if n == 2 and not paired:
            raise IllegalMove("not_legal", "only a paired double is led together")
        if n == 1 and paired:
            raise IllegalMove("must_lead_pair", "lead both together")
        a, b = PIPS[t]
        hand[t] -= n
        self.sizes[seat] -= n
        self.on_layout[t] += n
        self.layout.extend([f"{a}{b}"] * n)
        self.left, self.right = a, b
        self.silan_hong = self.silan_any = -1
        self._rem[t] -= n  # left V under either basis
        self._nd, self._d = sz.signatures(self._rem)
        self._an = self._analyse(self._nd, self._d, a, b)
        events = [{"type": "lead", "seat": seat, "tiles": [CODES[t]] * n, "ends": [a, b]}]
        self._advance(seat, events)
        return events

    def _outcome(
        self, t: int, side: str, v: int
    ) -> tuple[int, int, int, int, tuple[bool, int], str | None]:
        """The position after putting kind t on end `side` (showing v), unapplied."""
        w = OTHER[t][v]
        left, right = (w, self.right) if side == "L" else (self.left, w)
        nd, d = self._nd - ND_WEIGHT[t], self._d - D_WEIGHT[t]
        an = self._analyse(nd, d, left, right)
        old = self._an
        assert old is not None  # tiles are played on ends only after the opening
        typ = sz.classify(old, an, left, right, self._mask) if an != old else None
        return left, right, nd, d, an, typ

    def _play(self, seat: int, t: int, side: str, v: int) -> list[dict[str, Any]]:
        hand = self.hands[seat]
        # the position after the move (inlined _outcome: this is the hot path)
        w = OTHER[t][v]
        if side == "L":
            left, right = w, self.right
        else:
            left, right = self.left, w
        nd, d = self._nd - ND_WEIGHT[t], self._d - D_WEIGHT[t]
        an = _MEMO.get(((nd * 730 + (d + 1 if self._doubles else 0)) * 7 + left) * 7 + right)
        if an is None:
            an = sz.analyse(nd, d if self._doubles else -1, left, right)
        old = self._an
        assert old is not None  # tiles are played on ends only after the opening
        typ = sz.classify(old, an, left, right, self._mask) if an != old else None
        forced = False
        if typ is not None and (self._sizha_all or typ not in sz.CLASSIC_TYPES):
            # 死砸: no 算帐 when every legal play of this turn makes one.
            forced = all(
                self._outcome(u, s, ev)[5] is not None
                for s, u, ev in self._plays(hand) if (s, u) != (side, t)
            )
        if self._silan_all or self.left * self.right == 24:  # ends {4, 6}: a 红帐 threat
            silan_hong, silan_any = self._silan_after(seat, t, side, hand)
        else:
            silan_hong = silan_any = -1
        # -- validated: mutate --
        prev_hong, prev_any = self.silan_hong, self.silan_any
        hand[t] -= 1
        self.sizes[seat] -= 1
        self.on_layout[t] += 1
        self._rem[t] -= 1
        self._nd, self._d, self._an = nd, d, an
        if side == "L":
            self.layout.insert(0, ORIENTED[t][w])
        else:
            self.layout.append(ORIENTED[t][v])
        self.left, self.right = left, right
        self.silan_hong, self.silan_any = silan_hong, silan_any
        events: list[dict[str, Any]] = [
            {"type": "play", "seat": seat, "tile": CODES[t], "end": side, "ends": [left, right]}
        ]
        if typ is None:
            sizes = self.sizes
            for i in (1, 2, 3):  # _advance, inlined for the common case
                nxt = (seat + i) & 3
                if sizes[nxt]:
                    self.actor = nxt
                    self._legal = None
                    return events
            self._advance(seat, events)
            return events
        classic = typ in sz.CLASSIC_TYPES
        mode = self.variant["sz_settlement"]
        if forced:
            self.sizha.append({"type": typ, "seat": seat})
            events.append({"type": "sizha", "seat": seat, "kind": typ})
            if classic:
                self._run_out(seat, events)
            elif self.variant["sizha_smothered_end"]:
                self._finish(SIZHA_END, events)
            else:
                self._advance(seat, events)
            return events
        if self.suanzhang is None:
            liable = None
            scope = self.variant["silan_scope"]
            if typ == sz.HONG and scope != "off":
                liable = prev_hong
            elif classic and scope == "all_classic":
                liable = prev_any
            self.suanzhang = {
                "type": typ,
                "seat": seat,
                "silan": liable if liable is not None and liable >= 0 and liable != seat else None,
            }
            events.append({"type": "suanzhang", "seat": seat, "kind": typ})
            if mode == "immediate_all":
                self._finish(IMMEDIATE, events)
                return events
            if not classic and mode == "hybrid":
                self._finish(SMOTHERED, events)
                return events
        if classic:  # the rest is forced: play it out at once
            self._run_out(seat, events)
        else:
            self._advance(seat, events)
        return events

    def _silan_after(self, seat: int, t: int, side: str, hand: list[int]) -> tuple[int, int]:
        """死拦 candidates after this play (spec A4.4): the seat, if a block
        threat stood before the play, he could have defused it and did not."""
        hong = -1
        left, right = self.left, self.right
        if (left, right) in ((4, 6), (6, 4)) and self.on_layout[HONGSHI] == 1:
            six = "L" if left == 6 else "R"
            if any(hand[u] for u in SIX_COVERS) and not (t in SIX_COVERS and side == six):
                hong = seat
        anyb = -1
        if self._silan_all and self._threat(self._nd, self.left, self.right):
            after = self._outcome(t, side, left if side == "L" else right)
            if self._threat(after[2], after[0], after[1]):
                for s, u, ev in self._plays(hand):
                    alt = self._outcome(u, s, ev)
                    if not self._threat(alt[2], alt[0], alt[1]):
                        anyb = seat
                        break
        return hong, anyb

    def _threat(self, nd: int, left: int, right: int) -> bool:
        """Some tile still in V would make a full block in one move."""
        s = nd
        for u in NON_DOUBLES:
            if s % 3:
                for v in (left, right):
                    if v in PIPS[u]:
                        w = OTHER[u][v]
                        ends = (w, right) if v == left else (left, w)
                        if sz.analyse(nd - ND_WEIGHT[u], -1, *ends)[0]:
                            return True
            s //= 3
        return False

    def _kou(self, seat: int, t: int) -> list[dict[str, Any]]:
        self.hands[seat][t] -= 1
        self.sizes[seat] -= 1
        self.kou[seat].append(t)
        self.silan_hong = self.silan_any = -1
        if self._by_hands:
            self._rem[t] -= 1
            self._nd, self._d = sz.signatures(self._rem)
            self._an = self._analyse(self._nd, self._d, self.left, self.right)
        events = [{"type": "kou", "seat": seat, "count": len(self.kou[seat])}]
        self._advance(seat, events)
        return events

    def _advance(self, seat: int, events: list[dict[str, Any]]) -> None:
        self._legal = None
        sizes = self.sizes
        for i in (1, 2, 3, 4):
            s = (seat + i) % 4
            if sizes[s]:
                self.actor = s
                return
        self._finish(ALL_OUT, events)

    def _run_out(self, seat: int, events: list[dict[str, Any]]) -> None:
        """After a full block nothing but the doubles on the ends can go:
        each holder plays them, every other tile is 扣ed (spec A4.5)."""
        left, right = self.left, self.right
        plays = []
        for i in (1, 2, 3, 4):
            s = (seat + i) % 4
            hand = self.hands[s]
            for t in range(N_KINDS):
                while hand[t]:
                    hand[t] -= 1
                    self.sizes[s] -= 1
                    if IS_DOUBLE[t] and PIPS[t][0] in (left, right):
                        side = "L" if PIPS[t][0] == left else "R"
                        self.on_layout[t] += 1
                        if side == "R":
                            self.layout.append(CODES[t])
                        else:
                            self.layout.insert(0, CODES[t])
                        plays.append({"seat": s, "tile": CODES[t], "end": side})
                    else:
                        self.kou[s].append(t)
        self._recount()
        events.append({"type": "runout", "plays": plays,
                       "kou_counts": [len(k) for k in self.kou]})
        self._finish(RUNOUT, events)

    def _finish(self, how: str, events: list[dict[str, Any]]) -> None:
        self._legal = None
        self.actor = -1
        self.end = how
        events.append({"type": "end", "reason": how})

    # -- results -----------------------------------------------------------
    def points(self) -> list[int]:
        """Points per seat: 扣 tiles, plus hand tiles when the hand stopped early."""
        out = []
        for s in range(4):
            p = sum(POINTS[t] for t in self.kou[s])
            if self.end in COUNT_HANDS:
                p += sum(POINTS[t] * n for t, n in enumerate(self.hands[s]))
            out.append(p)
        return out

    def result(self) -> Result:
        if not self.is_over():
            raise IllegalMove("hand_not_over")
        pts = self.points()
        net, details = score(pts, self.dealer, self.variant, self.suanzhang)
        details.update(
            head=self.dealer,
            end=self.end,
            kou=[[CODES[t] for t in k] for k in self.kou],
            counted_hand=[codes_of(h) if self.end in COUNT_HANDS else [] for h in self.hands],
            sizha=list(self.sizha),
        )
        return Result(net, details)

    # -- views -------------------------------------------------------------
    def public_view(self) -> DingniuPublic:
        return {
            "head": self.dealer,
            "layout": list(self.layout),
            "ends": [self.left, self.right] if self.left else None,
            "hand_counts": list(self.sizes),
            "kou_counts": [len(k) for k in self.kou],
            "turn": self.actor if self.actor >= 0 else None,
            "suanzhang": ({"type": self.suanzhang["type"], "seat": self.suanzhang["seat"]}
                          if self.suanzhang else None),
            "sizha": list(self.sizha),
            "over": self.actor < 0,
            "end": self.end,
        }

    def view(self, seat: int) -> DingniuView:
        return {
            **self.public_view(),
            "seat": seat,
            "hand": codes_of(self.hands[seat]),
            "kou": [CODES[t] for t in self.kou[seat]],  # a player knows his own 扣
        }

    def dump(self) -> dict[str, Any]:
        return {
            "hands": [codes_of(h) for h in self.hands],
            "kou": [[CODES[t] for t in k] for k in self.kou],
            "layout": list(self.layout),
            "ends": [self.left, self.right],
            "turn": self.actor,
            "end": self.end,
            "suanzhang": dict(self.suanzhang) if self.suanzhang else None,
            "sizha": [dict(x) for x in self.sizha],
            "silan": [self.silan_hong, self.silan_any],
        }

    def restore(self, data: dict[str, Any]) -> None:
        self.hands = [[0] * N_KINDS for _ in range(4)]
        for s, codes in enumerate(data["hands"]):
            for c in codes:
                self.hands[s][KIND_OF[c]] += 1
        self.sizes = [sum(h) for h in self.hands]
        self.kou = [[KIND_OF[c] for c in k] for k in data["kou"]]
        self.layout = list(data["layout"])
        self.on_layout = [0] * N_KINDS
        for c in self.layout:
            self.on_layout[KIND_OF[c if c[0] <= c[1] else c[::-1]]] += 1
        self.left, self.right = data["ends"]
        self.actor = data["turn"]
        self.end = data["end"]
        z = data["suanzhang"]
        self.suanzhang = Suanzhang(type=z["type"], seat=z["seat"], silan=z["silan"]) if z else None
        self.sizha = [Account(type=x["type"], seat=x["seat"]) for x in data["sizha"]]
        self.silan_hong, self.silan_any = data["silan"]
        self._legal = None
        self._recount()

"""One hand of 幺地人: the 起/打/仰 round, the dealer's 21st card and 偷牌, the
loop of discards, flips, claims and supplementary draws, and the end
(spec B3). Moves:

  Q 起, A 打, Y 仰                    qualification round
  T<code> 偷/吐火 own set, N no 偷     偷 decisions (only when there is a choice)
  D<code> discard, H 胡 (self-draw)    the player to discard
  H F K P C<code><code> N              claims on a discarded or flipped card

Forced steps (a hopeless hand's 仰, a mandatory 偷/杀/吐火 with no 胡
alternative, flips) happen inside the engine and show up as events.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress
from operator import add, itemgetter
from typing import Any

from games.base import COPY_1, COPY_2, COPY_DEEP, Game, IllegalMove, Move, Result, State
from games.changpai.cards import (
    CODES,
    COPIES,
    DECK_SIZE,
    KIND_OF,
    N_KINDS,
    YDR,
    kind,
    to_codes,
)
from games.changpai.claims import RANK, offer_options, seat_order
from games.changpai.estimate import Estimate, claim_ok, estimate_avail, hand_ok
from games.changpai.hu import Fixed, Rules, Win, evaluate, may_win_with, threshold
from games.changpai.kan import classify
from games.changpai.melds import StoredMeld, fixed_of
from games.changpai.scoring import net_of, payments, unit
from games.changpai.views import ChangpaiPublic, ChangpaiView, Outcome, WinRecord

HAND = 20
_KINDS = range(N_KINDS)
_YDR_KINDS = tuple(k for k in _KINDS if YDR[k])
_YDR_PICK = itemgetter(*_YDR_KINDS)  # (several kinds: a tuple)
_FIVE_GT = COPIES.__gt__  # seen + held < 5: a copy is still unseen
# Most of the time no kind is all in sight: then every seat's flags are this one tuple.
_ALL_UNSEEN = (True,) * N_KINDS

MOVE_KIND = {"Q": "qi", "A": "da", "Y": "yang", "H": "hu", "F": "fire", "K": "sha", "P": "peng",
             "N": "pass", "C": "chi", "D": "discard", "T": "tou"}


# Cards a claim move shows: the claimed card (胡) or the whole set it makes.
_CLAIM_SIZE = {"H": 1, "F": 5, "K": 4, "P": 3, "N": 0}
# Moves outside claims carry no data: one immutable Move per (code, phase, drawn card).
_PLAIN: dict[tuple[str, bool, int], Move] = {}


def _plain_move(code: str, tou: bool, drawn: int) -> Move:
    m = _FIXED_MOVES.get(code)  # those whose fields follow from the code alone
    if m is not None:
        return m
    key = (code, tou, drawn if code == "H" else -1)
    m = _PLAIN.get(key)
    if m is None:
        head = code[0]
        cards: tuple[str, ...] = ()
        if head in ("D", "T"):
            cards = (code[1:],)
        elif head == "H" and drawn >= 0:
            cards = (CODES[drawn],)
        m = _PLAIN[key] = Move(code, "no_tou" if (head == "N" and tou) else MOVE_KIND[head],
                               cards)
    return m


_D_CODES = tuple("D" + c for c in CODES)
_FIXED_MOVES: dict[str, Move] = {
    **{"D" + c: Move("D" + c, "discard", (c,)) for c in CODES},
    **{"T" + c: Move("T" + c, "tou", (c,)) for c in CODES},
    **{h: Move(h, MOVE_KIND[h]) for h in "QAY"},
}
_D_MOVES = tuple(_FIXED_MOVES[code] for code in _D_CODES)  # by kind


def parse_deal(deal: Any) -> list[int]:
    known = _DEALT.pop(deal, None) if isinstance(deal, str) else None
    if known is not None:
        return known
    if not isinstance(deal, str) or len(deal) != 2 * DECK_SIZE:
        raise ValueError("changpai deal must be a string of 105 two-character card codes")
    try:
        cards = [KIND_OF[deal[i : i + 2]] for i in range(0, len(deal), 2)]
    except KeyError as e:
        raise IllegalMove("unknown_card", repr(e.args[0])) from None
    if any(cards.count(k) != COPIES for k in range(N_KINDS)):
        raise ValueError("changpai deal must hold every card kind five times")
    return cards


# Deals just made by Changpai.deal, already as kinds: a new hand does not parse
# its own deal string back (a few entries at most: deal() is followed by start()).
_DEALT: dict[str, list[int]] = {}


def remember_deal(deal: str, deck: list[int]) -> None:
    if len(_DEALT) > 8:
        _DEALT.clear()
    _DEALT[deal] = list(deck)


# 胡's Rules by the variant's three flags (a state keeps no attribute for them).
_RULES: dict[tuple[bool, bool, bool], Rules] = {}


class ChangpaiState(State):
    MUTABLE = {"history": COPY_1, "conc": COPY_2, "melds": COPY_DEEP, "status": COPY_1,
               "qchoice": COPY_1, "tou_seats": COPY_1, "tou_scope": COPY_1, "offer": COPY_DEEP,
               "peng_bar": COPY_2, "hu_bar": COPY_2, "dead": COPY_1, "seen": COPY_1,
               "last": COPY_1, "_fixed": COPY_1, "_moves": COPY_1,
               "_qualify_ok": COPY_1}
    SHARED = State.SHARED | {"deck"}

    def __init__(self, game: Game, variant: dict[str, Any], seats: int, dealer: int,
                 deal: Any) -> None:
        # 29 attributes at most: from the 30th on CPython 3.11 keeps them in a
        # plain dict and specialises no attribute load or method call on it
        # (so `deal` and `qi_seat` are derived, the 胡 Rules kept per variant).
        self.game = game
        self.variant = variant
        self.seats = seats
        self.dealer = dealer
        self.history = []
        self.deck = parse_deal(deal)
        self.pos = seats * HAND  # next stock card
        deck = self.deck
        self.conc = [[0] * N_KINDS for _ in range(seats)]
        for s, conc in enumerate(self.conc):
            for k in deck[s * HAND : (s + 1) * HAND]:
                conc[k] += 1
        self.melds: list[list[StoredMeld]] = [[] for _ in range(seats)]
        self.status = ["in"] * seats  # in / yang 仰 / fold 系统仰 / baozi 包子
        self.qchoice: list[str | None] = [None] * seats
        self.phase = "qualify"
        self.actor = -1
        self.tou_seats: list[int] = []
        self.tou_scope: list[int] | None = None  # None: any kind (opening); else kinds just drawn
        self.hu_here = False
        self.drawn = -1  # last card drawn by `turn` (self-draw 胡 card)
        self.last_sha = -1  # the 4-set just 杀ed (its 5th may come by the supplementary draw)
        self.opening = True  # before the dealer's first discard (天胡)
        self.offer: dict[str, Any] | None = None
        self.peng_bar: list[list[int]] = [[] for _ in range(seats)]
        self.hu_bar: list[list[int]] = [[] for _ in range(seats)]
        self.dead: list[int] = []
        self.seen = [0] * N_KINDS  # public cards: melds, dead pile, the card on offer
        self.outcome: Outcome | None = None
        self.last: list[dict[str, Any]] = []
        self._fixed: list[Fixed | None] = [None] * seats
        self._moves: dict[int, list[Move]] = {}
        self._qualify_ok: dict[int, bool] = {}  # per seat, for the 起/打/仰 round

    @property
    def deal(self) -> str:
        """The explicit deal (JSON data): the codes of the deck, in order."""
        return "".join([CODES[k] for k in self.deck])

    @deal.setter
    def deal(self, deal: Any) -> None:
        self.deck = parse_deal(deal)

    @property
    def qi_seat(self) -> int:
        """The seat that said 起, -1 before: one at most (qualify_options)."""
        q = self.qchoice
        return q.index("qi") if "qi" in q else -1

    # -- helpers ----------------------------------------------------------
    def fixed(self, s: int) -> Fixed:
        f = self._fixed[s]
        if f is None:
            f = self._fixed[s] = fixed_of(self.melds[s])
        return f

    def active(self, s: int) -> bool:
        return self.status[s] == "in"

    def next_active(self, s: int) -> int:
        status = self.status
        for t in seat_order(self.seats, s)[1:]:
            if status[t] == "in":
                return t
        return s if status[s] == "in" else -1

    def any_active(self) -> bool:
        return "in" in self.status

    def chi_seats(self, src: int, okind: str) -> tuple[int, ...]:
        """吃 is for 自己或下家: src or its next active player on a flip, only
        the next active player on a discard."""
        nxt = self.next_active(src)
        if okind == "flip":
            return (src, nxt)
        return (nxt,) if nxt != src else ()

    def is_dealer(self, s: int) -> bool:
        return s == self.dealer

    def rules(self) -> Rules:
        v = self.variant
        key = (v["threshold_strict"], v["k3_breaks_duidui"], v["all_black_exempt"])
        r = _RULES.get(key)
        if r is None:
            r = _RULES[key] = Rules(*key)
        return r

    def holds(self, s: int) -> int:
        return sum(self.conc[s]) + self.fixed(s).cards

    def can_win_size(self, s: int, extra_card: int) -> bool:
        """21 + extra cards make 7 坎; anything else cannot win."""
        f = self.fixed(s)
        return sum(self.conc[s]) + f.cards + extra_card == 21 + f.extra

    def may_claim_hu(self, s: int, x: int) -> bool:
        """False when seat s cannot 胡 on card x whatever the bars: the hand's
        size, and a component no partition uses up (most seats, most cards)."""
        conc = self.conc[s]
        f = self._fixed[s] or self.fixed(s)
        return sum(conc) + f.cards + 1 == 21 + f.extra and may_win_with(conc, x)

    def claim_hu(self, s: int, x: int, need_k23: bool, need_k1: bool) -> bool:
        conc = self.conc[s]
        if not self.may_claim_hu(s, x):
            return False
        counts = list(conc)
        counts[x] += 1
        return bool(evaluate(counts, self.fixed(s), self.is_dealer(s), self.rules(), x,
                             need_k23, need_k1, full=False))

    def self_hu(self, s: int) -> bool:
        if self.opening and not self.variant["tianhu"]:
            return False
        if not self.can_win_size(s, 0) or not may_win_with(self.conc[s], -1):
            return False
        return bool(
            evaluate(self.conc[s], self.fixed(s), self.is_dealer(s), self.rules(), full=False)
        )

    def estimates_on(self) -> bool:
        return self.variant["qualify_mode"] == "xy"

    def unseen(self, s: int, conc: Sequence[int] | None = None,
               seen: Sequence[int] | None = None) -> list[int]:
        conc = self.conc[s] if conc is None else conc
        seen = self.seen if seen is None else seen
        return [COPIES - seen[k] - conc[k] for k in range(N_KINDS)]

    def avail(self, s: int, conc: Sequence[int] | None = None,
              seen: Sequence[int] | None = None) -> tuple[bool, ...]:
        """Per kind: does a copy exist that seat s has not seen (the estimate's
        "unseen" flags), without building the unseen counts."""
        conc = self.conc[s] if conc is None else conc
        seen = self.seen if seen is None else seen
        if COPIES not in map(add, seen, conc):  # (4 in 5 of the asks) no kind all in sight
            return _ALL_UNSEEN
        return tuple(map(_FIVE_GT, map(add, seen, conc)))

    def estimate_of(self, s: int, conc: Sequence[int] | None = None, fixed: Fixed | None = None,
                    seen: Sequence[int] | None = None) -> Estimate:
        conc = self.conc[s] if conc is None else conc
        f = self.fixed(s) if fixed is None else fixed
        v = self.variant
        return estimate_avail(tuple(conc), self.avail(s, conc, seen), f.count, f.tuo,
                              threshold(s == self.dealer), v["threshold_strict"],
                              v["estimate_mode"] == "xy")

    def estimate_holds(self, s: int) -> bool:
        """estimate_of(s).ok, for the checks that need no more (包子, 系统仰)."""
        f = self.fixed(s)
        v = self.variant
        return hand_ok(tuple(self.conc[s]), self.avail(s), f.count, f.tuo,
                       threshold(s == self.dealer), v["threshold_strict"],
                       v["estimate_mode"] == "xy")

    def claim_basis(self, s: int) -> tuple[int, tuple[int, ...] | None, tuple[bool, ...],
                                          int, int, int, bool, bool]:
        """What every 碰/吃 check of seat s shares while its hand stands:
        (cards in hand, the hand as a tuple or None while estimates are off,
        its unseen flags, its sets after the claim, their 砣 before the claim's
        坎, threshold, strict, xy). The used cards leave the hand and become
        seen: the unseen flags stay as now."""
        conc = self.conc[s]
        v = self.variant
        if v["qualify_mode"] != "xy":  # estimates_on()
            return sum(conc), None, _ALL_UNSEEN, 0, 0, 0, False, False
        f = self._fixed[s] or self.fixed(s)
        return (sum(conc), tuple(conc), self.avail(s), f.count + 1, f.tuo,
                threshold(s == self.dealer), v["threshold_strict"],
                v["estimate_mode"] == "xy")

    def claim_keeps_hand(self, s: int, used: tuple[int, ...], x: int) -> bool:
        """A 吃/碰 needs a card left to discard, and (while estimates are in
        force) must not make the claimer's own estimate fail. The rule as one
        check: claims._with_options applies it inline, with one claim_basis
        per seat, and test_properties holds the two equal."""
        held, hand, avail, count, tuo, thr, strict, xy = self.claim_basis(s)
        if held <= len(used):
            return False
        if hand is None:
            return True
        kan = classify((*used, x))
        assert kan is not None  # offered claims make a 坎
        return claim_ok(hand, avail, used, x, count, tuo + kan[1], thr, strict, xy)

    def discardable(self, s: int) -> list[int]:
        conc = self.conc[s]
        kinds = list(compress(_KINDS, conc))
        if self.variant["no_discard_from_triple"]:
            free = [k for k in kinds if conc[k] < 3]
            return free or kinds  # never stuck: with only triples left, any card goes
        return kinds

    # -- qualification (起/打/仰) -------------------------------------------
    def qualify_options(self, s: int) -> list[str]:
        conc = self.conc[s]
        ok = self._qualify_ok.get(s)  # hands do not change during the round: asked once
        if ok is None:
            flags = tuple(map(_FIVE_GT, conc)) if COPIES in conc else _ALL_UNSEEN
            ok = self._qualify_ok[s] = hand_ok(
                tuple(conc), flags, 0, 0, threshold(self.is_dealer(s)),
                self.variant["threshold_strict"], self.variant["estimate_mode"] == "xy")
        if not ok:
            return ["Y"]
        opts = []
        # 起 needs a pair of 幺地人 or four of a kind
        if self.qi_seat < 0 and (max(conc) >= 4 or max(_YDR_PICK(conc)) >= 2):
            opts.append("Q")
        return opts + ["A", "Y"]

    def _advance_qualify(self, ev: list) -> None:
        while True:
            pending = [s for s in self._q_order() if self.qchoice[s] is None]
            if not pending:
                self._start_play(ev)
                return
            s = pending[0]
            opts = self.qualify_options(s)
            if opts != ["Y"]:
                self.actor = s
                return
            self.qchoice[s] = "yang"
            self.status[s] = "yang"
            ev.append({"type": "qualify", "seat": s, "choice": "yang", "forced": True})

    def _q_order(self) -> list[int]:
        return [(self.dealer + i) % self.seats for i in range(self.seats)]

    # -- opening: 21st card and 偷 ------------------------------------------
    def begin(self) -> None:
        ev: list[dict[str, Any]] = []
        if self.variant["qualify_mode"] == "xy":
            if all(self.qualify_options(s) == ["Y"] for s in range(self.seats)):
                # Every hand is hopeless: the dealer taps his (only) 仰 so the
                # redeal happens through a move; a hand never ends at creation.
                self.actor = self.dealer
            else:
                self._advance_qualify(ev)
        else:
            self._start_play(ev)
        self.last = ev

    def _start_play(self, ev: list) -> None:
        if self.variant["qualify_mode"] == "xy" and self.qi_seat < 0:
            self._end({"kind": "redeal"}, ev)
            return
        if not self.any_active():
            self._end({"kind": "huang"}, ev)
            return
        self.phase = "tou"
        if self.active(self.dealer):
            self._draw_private(self.dealer, ev)
        self.tou_seats = [s for s in self._q_order() if self.active(s)]
        self.tou_scope = None
        self._next_tou(ev)

    def _draw_private(self, s: int, ev: list) -> None:
        k = self.deck[self.pos]
        self.pos += 1
        self.conc[s][k] += 1
        if s == self.dealer:  # his 天胡 card, shown only to him
            self.drawn = k
        ev.append({"type": "draw", "seat": s, "count": 1})

    def tou_options(self, s: int) -> list[int]:
        conc = self.conc[s]
        scope = range(N_KINDS) if self.tou_scope is None else self.tou_scope
        melds = self.melds[s]
        if not melds or not any(len(cards) == 4 for _mk, cards, _c, _f in melds):
            # no 4-set a 5th could join (the opening round): quads only
            if max(conc) < 4:
                return []
            return sorted({x for x in scope if conc[x] >= 4})
        out = []
        for x in scope:
            if conc[x] >= 4:
                out.append(x)
            elif conc[x] >= 1 and self._own_four(s, x) is not None:
                out.append(x)
        return sorted(set(out))

    def _own_four(self, s: int, x: int) -> int | None:
        """Index of this player's 4-set of x that a 5th card may join."""
        for i, (mk, cards, _c, _f) in enumerate(self.melds[s]):
            if len(cards) == 4 and cards[0] == x and (
                mk == "tou"
                or (mk == "sha" and (x == self.last_sha or self.variant["upgrade_melds"]))
            ):
                return i
        return None

    def _next_tou(self, ev: list) -> None:
        """Run the opening 偷 round; stop where a player has a real choice."""
        while self.tou_seats:
            s = self.tou_seats[0]
            opts = self.tou_options(s)
            if not opts:
                self.tou_seats.pop(0)
                continue
            hu = self.self_hu(s)
            if hu or self.variant["tou_optional"]:
                self._ask_tou(s, hu)
                return
            if not self._do_tou(s, opts[0], ev):
                return
        self._first_turn(ev)

    def _ask_tou(self, s: int, hu: bool) -> None:
        self.phase = "tou"
        self.actor = s
        self.hu_here = hu

    def _do_tou(self, s: int, x: int, ev: list) -> bool:
        """Lock x (a new 4/5-set, or the 5th onto an own 4-set) and draw what it
        earns. False if the stock ran out (荒)."""
        conc = self.conc[s]
        i = self._own_four(s, x) if conc[x] < 4 else None
        if i is not None:
            conc[x] -= 1
            self.melds[s][i][1].append(x)
            self.melds[s][i][0] = "tou" if self.melds[s][i][0] == "tou" else "fire"
            draws, size = 1, 5
        else:
            size = conc[x]
            conc[x] = 0
            self.melds[s].append(["tou", [x] * size, -1, -1])
            self.seen[x] += size
            draws = size - 3
        if i is not None:
            self.seen[x] += 1
        self._fixed[s] = None
        ev.append({"type": "tou", "seat": s, "card": CODES[x], "size": size})
        public = self.tou_scope is not None
        drawn: list[int] = []
        for _ in range(draws):
            if self.pos >= DECK_SIZE:
                self._end({"kind": "huang"}, ev)
                return False
            if public:
                k = self.deck[self.pos]
                self.pos += 1
                self.conc[s][k] += 1
                self.drawn = k
                drawn.append(k)
                ev.append({"type": "supplement", "seat": s, "card": CODES[k]})
            else:
                self._draw_private(s, ev)
        if public:
            self.tou_scope = drawn
        return True

    def _first_turn(self, ev: list) -> None:
        self.tou_scope = None
        if self.active(self.dealer):
            self.phase = "discard"
            self.actor = self.dealer
            self.hu_here = self.self_hu(self.dealer)
        else:
            self.opening = False
            self._flip(self.next_active(self.dealer), ev)

    # -- the play loop ----------------------------------------------------
    def _flip(self, s: int, ev: list) -> None:
        deck, seen = self.deck, self.seen
        while True:
            if s < 0 or not self.any_active() or self.pos >= DECK_SIZE:
                self._end({"kind": "huang"}, ev)
                return
            x = deck[self.pos]
            self.pos += 1
            seen[x] += 1
            ev.append({"type": "flip", "seat": s, "card": CODES[x]})
            options = offer_options(self, x, s, "flip")
            if options:
                self._open(x, s, "flip", options, ev)
                return
            # nobody may claim it (most flips): dead, and the next player flips
            self.dead.append(x)
            ev.append({"type": "dead", "card": CODES[x]})
            s = self.next_active(s)

    def _offer(self, x: int, src: int, okind: str, ev: list) -> None:
        options = offer_options(self, x, src, okind)
        if options:
            self._open(x, src, okind, options, ev)
            return
        self.dead.append(x)
        ev.append({"type": "dead", "card": CODES[x]})
        self._flip(self.next_active(src), ev)

    def _open(self, x: int, src: int, okind: str, options: dict[int, list[str]],
              ev: list) -> None:
        answers = {s: c[0] for s, c in options.items() if len(c) == 1}  # forced 杀/吐火
        self.offer = {"card": x, "src": src, "kind": okind,
                      "options": {str(s): c for s, c in options.items()},
                      "answers": {str(s): a for s, a in answers.items()}}
        self.phase = "claim"
        if len(answers) == len(options):
            self._resolve(ev)

    def _resolve(self, ev: list) -> None:
        off = self.offer
        assert off is not None
        x, src, okind = off["card"], off["src"], off["kind"]
        best = None
        for key, code in off["answers"].items():
            s = int(key)
            offered = off["options"][key]
            if "P" in offered and code != "P" and x not in self.peng_bar[s]:
                self.peng_bar[s].append(x)  # 能碰而不碰: never 碰 this card again
            if "H" in offered and code != "H" and self._hu_bar_applies(s, src, okind):
                if x not in self.hu_bar[s]:
                    self.hu_bar[s].append(x)
            if code == "N":
                continue
            rank = (RANK[code[0]], -((s - src) % self.seats))
            if best is None or rank > best[0]:
                best = (rank, s, code)
        self.offer = None
        if best is None:
            self.dead.append(x)
            ev.append({"type": "dead", "card": CODES[x]})
            self._flip(self.next_active(src), ev)
            return
        _rank, s, code = best
        if code == "H":
            self._win(s, x, False, src, ev)
            return
        conc = self.conc[s]
        short = False
        if code == "F":
            i = next((i for i, (mk, c, _cl, _f) in enumerate(self.melds[s])
                      if len(c) == 4 and c[0] == x), None)
            short = conc[x] == 4  # an undeclared quad (tou_optional) never earned its 偷 draw
            if short:
                conc[x] = 0
                self.melds[s].append(["fire", [x] * 5, x, src])
                self.seen[x] += 4
            else:
                assert i is not None
                self.melds[s][i] = ["fire", [x] * 5, x, src]
            used: tuple[int, ...] = (x,) * 4
        elif code == "K":
            if conc[x] == 3:
                conc[x] = 0
                self.melds[s].append(["sha", [x] * 4, x, src])
                self.seen[x] += 3
            else:  # upgrade_melds: onto one's own 碰
                i = next(
                    i
                    for i, (mk, c, _cl, _f) in enumerate(self.melds[s])
                    if mk == "peng" and c[0] == x
                )
                self.melds[s][i] = ["sha", [x] * 4, x, src]
            used = (x,) * 3
        else:
            used = (x, x) if code == "P" else (kind(code[1:3]), kind(code[3:5]))
            for k in used:
                conc[k] -= 1
                self.seen[k] += 1
            self.melds[s].append(["peng" if code == "P" else "chi", sorted([*used, x]), x, src])
        self._fixed[s] = None
        ev.append({"type": "claim", "seat": s, "kind": MOVE_KIND[code[0]], "card": CODES[x],
                   "cards": [CODES[k] for k in sorted((*used, x))], "from": src})
        if short:  # the 偷 draw the undeclared quad never took, shown to all
            if self.pos >= DECK_SIZE:
                self._end({"kind": "huang"}, ev)
                return
            k = self.deck[self.pos]
            self.pos += 1
            conc[k] += 1
            ev.append({"type": "supplement", "seat": s, "card": CODES[k]})
        # a 碰/吃 was offered only if the claimer's estimate holds after it
        # (claim_keeps_hand: this very hand, melds and unseen flags)
        self._checks(s, ev, held=code[0] in "PC")
        if self.phase == "over":
            return
        if not self.active(s):
            self._flip(self.next_active(s), ev)
            return
        if code in ("F", "K"):
            self.last_sha = x if code == "K" else -1
            if self.variant["after_kill"] == "public_flip":
                self._flip(s, ev)
            else:
                self._supplement(s, ev)
            return
        self.phase = "discard"
        self.actor = s
        self.hu_here = False
        self.drawn = -1

    def _hu_bar_applies(self, s: int, src: int, okind: str) -> bool:
        scope = self.variant["hu_pass_scope"]
        if scope == "off":
            return False
        if scope == "others_discards_only":
            return okind == "discard" and src != s
        return True

    def _supplement(self, s: int, ev: list) -> None:
        if self.pos >= DECK_SIZE:
            self._end({"kind": "huang"}, ev)
            return
        k = self.deck[self.pos]
        self.pos += 1
        self.conc[s][k] += 1
        self.drawn = k
        ev.append({"type": "supplement", "seat": s, "card": CODES[k]})
        self.tou_scope = [k]
        self._after_supplement(s, ev)

    def _after_supplement(self, s: int, ev: list) -> None:
        """The drawn card(s): 胡, a due 偷/吐火 (then draw again), or keep and discard."""
        while True:
            opts = self.tou_options(s)
            hu = self.self_hu(s)
            if opts and (hu or self.variant["tou_optional"]):
                self._ask_tou(s, hu)
                return
            if not opts:
                break
            if not self._do_tou(s, opts[0], ev):
                return
        self.tou_scope = None
        self.phase = "discard"
        self.actor = s
        self.hu_here = hu

    def _checks(self, actor: int, ev: list, held: bool = False) -> None:
        """包子 and 系统仰 after a discard or a claim (spec B3.6). held: the
        actor's estimate is known to hold (a 碰/吃 was offered only so)."""
        if not self.estimates_on():
            return
        status = self.status
        if not held and status[actor] == "in" and not self.estimate_holds(actor):
            status[actor] = "baozi"
            ev.append({"type": "baozi", "seat": actor})
        if self.variant["auto_fold"]:
            for s in range(self.seats):
                if s != actor and status[s] == "in" and not self.estimate_holds(s):
                    status[s] = "fold"
                    ev.append({"type": "fold", "seat": s})
        if "in" not in status:
            self._end({"kind": "huang"}, ev)

    def _win(self, s: int, x: int, self_draw: bool, src: int, ev: list) -> None:
        counts = list(self.conc[s])
        need_k23 = need_k1 = False
        if not self_draw:
            counts[x] += 1
            okind = "flip" if src == s else "discard"
            need_k23 = x in self.hu_bar[s]
            need_k1 = self.variant["chi_type_hu_restricted"] and s not in self.chi_seats(src, okind)
        w = evaluate(counts, self.fixed(s), self.is_dealer(s), self.rules(),
                     x if not self_draw else -1, need_k23, need_k1)
        assert isinstance(w, Win)  # full=True: a win (the move was legal) is a Win
        if not self_draw:  # the offered card joins the winner's hand
            self.conc[s][x] += 1
            self.seen[x] -= 1
        win: WinRecord = {
            "winner": s,
            "card": CODES[x] if x >= 0 else None,
            "self_draw": self_draw,
            "from": None if self_draw else src,
            "fan": w.fan,
            "set_fan": w.set_fan,
            "duidui": w.duidui,
            "extra_fan": w.extra_fan,
            "tuo": w.tuo,
            "concealed_kan": [[CODES[k] for k in g.kinds] for g in w.groups],
        }
        ev.append({"type": "hu", "seat": s, "card": win["card"], "self_draw": self_draw,
                   "from": win["from"], "fan": w.fan, "tuo": w.tuo})
        self._end({"kind": "win", "win": win}, ev)

    def _end(self, outcome: Outcome, ev: list) -> None:
        self.outcome = outcome
        self.phase = "over"
        self.offer = None
        self.actor = -1
        if outcome["kind"] != "win":
            ev.append({"type": outcome["kind"]})

    # -- protocol ---------------------------------------------------------
    def to_act(self) -> list[int]:
        if self.phase == "over":
            return []
        if self.phase == "claim":
            off = self.offer
            assert off is not None  # a card is on offer while claims are open
            answers = off["answers"]
            return sorted([int(s) for s in off["options"] if s not in answers])
        return [self.actor]

    def _codes(self, seat: int) -> list[str]:
        phase = self.phase
        if phase == "claim":
            off = self.offer
            assert off is not None
            if type(seat) is int:  # to_act(): the seats with options that have not answered
                key = str(seat)
                codes = off["options"].get(key)
                return [] if codes is None or key in off["answers"] else list(codes)
            return list(off["options"][str(seat)]) if seat in self.to_act() else []
        if seat != self.actor or phase == "over":  # to_act() is [actor] outside claims
            return []
        if phase == "qualify":
            return self.qualify_options(seat)
        if self.phase == "tou":
            codes = ["T" + CODES[k] for k in self.tou_options(seat)]
            if self.variant["tou_optional"]:
                codes.append("N")
            return (["H"] if self.hu_here else []) + codes
        codes = [_D_CODES[k] for k in self.discardable(seat)]
        return (["H"] if self.hu_here else []) + codes

    def legal_moves(self, seat: int) -> list[Move]:
        cached = self._moves.get(seat)
        if cached is not None:
            return cached
        phase = self.phase
        if phase == "discard" and not self.hu_here and seat == self.actor:
            # _codes' discards, each code's shared Move looked up by kind
            moves = [_D_MOVES[k] for k in self.discardable(seat)]
            self._moves[seat] = moves
            return moves
        codes = self._codes(seat)
        if phase == "claim":
            moves = self._claim_moves(codes)
        else:
            drawn = self.drawn
            tou = self.phase == "tou"
            moves = [_plain_move(c, tou, drawn) for c in codes]
        self._moves[seat] = moves
        return moves

    def _claim_moves(self, codes: list[str]) -> list[Move]:
        off = self.offer
        assert off is not None
        x = CODES[off["card"]]
        src, okind = off["src"], off["kind"]
        out = []
        for code in codes:
            head = code[0]
            if head == "C":
                cards: tuple[str, ...] = (code[1:3], code[3:5], x)
            else:
                cards = (x,) * _CLAIM_SIZE[head]
            out.append(Move(code, MOVE_KIND[head], cards, {"card": x, "from": src, "offer": okind}))
        return out

    def apply(self, seat: int, move: str | Move) -> list[dict[str, Any]]:
        """State.apply: the same checks in the same order, the turn answered
        from the phase (to_act() is [actor] outside claims)."""
        code = move.code if isinstance(move, Move) else move
        if not isinstance(code, str) or not code.isascii() or not code:
            raise IllegalMove("malformed_move", repr(code))
        phase = self.phase
        if phase == "over":
            raise IllegalMove("hand_over")
        if seat != self.actor if phase != "claim" else seat not in self.to_act():
            raise IllegalMove("not_your_turn", f"seat {seat}")
        events = self._apply(seat, code)
        self.history.append((seat, code))
        return events

    def _apply(self, seat: int, code: str) -> list[dict[str, Any]]:
        listed = self._moves.get(seat)  # legal_moves of this very state, if asked
        if listed is not None:
            for m in listed:
                if m.code == code:
                    break
            else:
                raise IllegalMove("not_legal", code)
        elif code not in self._codes(seat):
            raise IllegalMove("not_legal", code)
        self._moves = {}
        ev: list[dict[str, Any]] = []
        head = code[0]
        if self.phase == "qualify":
            choice = {"Q": "qi", "A": "da", "Y": "yang"}[head]
            self.qchoice[seat] = choice
            if head == "Y":
                self.status[seat] = "yang"
            ev.append({"type": "qualify", "seat": seat, "choice": choice, "forced": False})
            self._advance_qualify(ev)
        elif self.phase == "claim":
            assert self.offer is not None
            self.offer["answers"][str(seat)] = code
            ev.append({"type": "answered", "seat": seat})
            if len(self.offer["answers"]) == len(self.offer["options"]):
                self._resolve(ev)
        elif head == "H":
            self._win(seat, self.drawn, True, seat, ev)
        elif self.phase == "tou":
            if head == "T":
                if self._do_tou(seat, kind(code[1:]), ev):
                    self._after_tou(seat, ev)
            else:  # N: keep the sets in hand
                self._tou_done(seat, ev)
        else:  # D: discard
            x = kind(code[1:])
            self.conc[seat][x] -= 1
            self.seen[x] += 1
            self.opening = False
            self.drawn = -1
            self.hu_here = False
            self.last_sha = -1
            ev.append({"type": "discard", "seat": seat, "card": CODES[x]})
            self._checks(seat, ev)
            if self.phase == "over":
                self.dead.append(x)  # nobody left to claim it
            else:
                self._offer(x, seat, "discard", ev)
        self.last = ev
        return ev

    def _after_tou(self, s: int, ev: list) -> None:
        if self.phase == "over":
            return
        if self.tou_seats:  # opening round
            self._next_tou(ev)
        else:
            self._after_supplement(s, ev)

    def _tou_done(self, s: int, ev: list) -> None:
        if self.tou_seats:
            self.tou_seats.pop(0)
            self._next_tou(ev)
        else:
            self.tou_scope = None
            self.phase = "discard"
            self.actor = s

    def is_over(self) -> bool:
        return self.phase == "over"

    # -- views ------------------------------------------------------------
    def public_view(self) -> ChangpaiPublic:
        off = self.offer
        return {
            "phase": self.phase,
            "dealer": self.dealer,
            # While a card is open to claims, who may claim it is each
            # claimer's own secret (it tells what they hold): nobody is named.
            "to_act": [] if self.phase == "claim" else self.to_act(),
            "actor": self.actor,
            "stock": DECK_SIZE - self.pos,
            "dead": [CODES[k] for k in self.dead],
            "offer": None if off is None else {"card": CODES[off["card"]], "from": off["src"],
                                               "kind": off["kind"]},
            "qi": self.qi_seat,
            "players": [
                {
                    "status": self.status[s],
                    "choice": self.qchoice[s],
                    "count": sum(self.conc[s]),
                    "melds": [
                        {
                            "kind": mk,
                            "cards": [CODES[k] for k in c],
                            "claimed": CODES[cl] if cl >= 0 else None,
                            "from": f if f >= 0 else None,
                        }
                        for mk, c, cl, f in self.melds[s]
                    ],
                    "tuo": self.fixed(s).tuo,
                    "fan": self.fixed(s).fan,
                }
                for s in range(self.seats)
            ],
            "last": list(self.last),
            "outcome": self.outcome,
        }

    def view(self, seat: int) -> ChangpaiView:
        v: ChangpaiView = {
            **self.public_view(),
            "seat": seat,
            "hand": to_codes(self.conc[seat]),
            "drawn": CODES[self.drawn] if self.drawn >= 0 and self.actor == seat else None,
            "peng_barred": [CODES[k] for k in self.peng_bar[seat]],
            "hu_barred": [CODES[k] for k in self.hu_bar[seat]],
            "threshold": threshold(self.is_dealer(seat)),
        }
        if self.phase == "claim" and seat in self.to_act():
            v["to_act"] = [seat]  # only their own claim (the key keeps its place)
        if self.phase != "over" and self.active(seat) and self.estimates_on():
            e = self.estimate_of(seat)
            v["estimate"] = {"tuo": e.tuo, "groups": e.groups, "ok": e.ok}
        return v

    def result(self) -> Result:
        if self.outcome is None:
            raise IllegalMove("hand_not_over")
        win = self.outcome.get("win")
        baozi = [s for s in range(self.seats) if self.status[s] == "baozi"]
        pays = payments(self.seats, self.variant, self.status, win, baozi)
        details: dict[str, Any] = {
            "outcome": self.outcome["kind"],
            "status": list(self.status),
            "baozi": baozi,
            "payments": pays,
        }
        if win is not None:
            capped, u = unit(win["fan"], self.variant)
            details.update(win)
            details["fan_capped"] = capped
            details["unit"] = u
            details["amount"] = self.variant["base_stake"] * u
            details["melds"] = self.public_view()["players"][win["winner"]]["melds"]
        return Result(net_of(self.seats, pays), details)

    # -- persistence ------------------------------------------------------
    FIELDS = ("pos", "conc", "melds", "status", "qchoice", "qi_seat", "phase", "actor", "tou_seats",
              "tou_scope", "hu_here", "drawn", "last_sha", "opening", "offer", "peng_bar", "hu_bar",
              "dead", "seen", "outcome", "last")

    def dump(self) -> dict[str, Any]:
        return {f: getattr(self, f) for f in self.FIELDS}

    def restore(self, data: dict[str, Any]) -> None:
        import copy

        for f in self.FIELDS:
            if f == "qi_seat":
                continue  # derived from qchoice
            setattr(self, f, copy.deepcopy(data[f]))
        self._fixed = [None] * self.seats
        self._moves = {}
        self._qualify_ok = {}


"""The rule-of-thumb player for 幺地人 (a good local player's habits).

- 胡 whenever it can; 杀/吐火 are forced anyway, 偷 is taken.
- 起/打/仰: 起 only with a hand at least as good as a typical playable one
  (the game is then played; a weak hand would rather see a redeal),
  otherwise 打; never 仰 by choice (a 仰 player still pays the winner).
- 碰/吃 when the claimed 坎 and the best discard after it leave a better
  hand than passing: complete 坎 toward 7, more 砣 toward 33/34, 幺地人 番.
- Discard the card whose loss costs the hand least, never one that would make
  the estimate fail (包子), and prefer cards the others are unlikely to
  claim: kinds whose other copies are mostly in sight.

It reads only what its seat sees: its own concealed cards, every fixed set,
the public count of seen cards (sets, dead pile, the card on offer), its own
碰 bars and its own legal moves.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from games.changpai.ai_eval import HandCalc, fixed_value, hand_value
from games.changpai.cards import CODES, COMPLEMENTS, COMPONENT_OF, COPIES, KIND_OF, N_KINDS, RED
from games.changpai.hu import Fixed, threshold
from games.changpai.kan import classify
from games.changpai.state import ChangpaiState

# 起 from about the median playable 20-card hand (values of 300 deals:
# quartiles 556 / 591 / 621); a weaker hand would rather see a redeal.
QI_LEVEL = 580
CLAIM_MARGIN = 5
CLAIM_DISCARDS = 3  # discards tried after a claim, besides the claim's component
DANGER_PENG = 5  # per unseen copy beyond the first: somebody may 碰/杀 it
DANGER_CHI = 1  # per unseen complement: the next player may 吃 it
BAOZI = 10_000  # a discard or claim that fails the estimate


def unseen_of(st: ChangpaiState, conc: Sequence[int], seen: Sequence[int]) -> list[int]:
    return [COPIES - seen[k] - conc[k] for k in range(N_KINDS)]


class Position:
    """One seat's hand and what it may become by one discard or claim."""

    def __init__(self, st: ChangpaiState, seat: int) -> None:
        self.st = st
        self.seat = seat
        self.conc = st.conc[seat]
        self.fixed = st.fixed(seat)
        self.unseen = unseen_of(st, self.conc, st.seen)
        self.calc = HandCalc(self.conc, self.unseen, max(0, 7 - self.fixed.count),
                             st.variant["estimate_mode"] == "xy")
        self.thr = threshold(st.is_dealer(seat))
        self.strict = st.variant["threshold_strict"]
        self.checks = st.estimates_on()
        self._ranking: list[int] | None = None

    def value(self, delta: dict[int, int], fixed: Fixed) -> int:
        """Realistic value after conc += delta, minus a huge amount if the
        起牌 estimate fails (包子)."""
        ok, _tuo, v = self.calc.evaluate(delta, fixed.count, fixed.tuo, self.thr, self.strict)
        v += fixed_value(fixed)
        if self.checks and not ok:
            v -= BAOZI
        return v

    def danger(self, k: int) -> int:
        """How likely another player claims a discarded k: copies they may hold."""
        u = self.unseen[k]
        chi = sum(self.unseen[j] for j in COMPLEMENTS[k])
        return DANGER_PENG * max(0, u - 1) + DANGER_CHI * chi

    def discard_scores(self, kinds: Iterable[int], base: dict[int, int] | None = None,
                       fixed: Fixed | None = None) -> dict[int, int]:
        fixed = self.fixed if fixed is None else fixed
        out = {}
        for k in kinds:
            delta = dict(base) if base else {}
            delta[k] = delta.get(k, 0) - 1
            out[k] = self.value(delta, fixed) - self.danger(k) + (0 if RED[k] else 1)  # keep red
        return out

    def claim_value(self, used: tuple[int, ...], x: int) -> int:
        """Value after claiming x with `used` from the hand, and the best discard."""
        conc = list(self.conc)
        base: dict[int, int] = {}
        for k in used:
            conc[k] -= 1
            base[k] = base.get(k, 0) - 1
        f = self.fixed
        kan = classify((*used, x))
        assert kan is not None  # claim options only name cards that make a 坎 with x
        _shape, tuo, fan = kan
        after = Fixed(f.count + 1, f.tuo + tuo, f.fan + fan)
        kinds = discardable_after(self.st, conc)
        if not kinds:
            return -BAOZI
        # The best discard after a claim is nearly always one of the best now,
        # or a card of the component the claim changed: try only those.
        comp = COMPONENT_OF[x]
        ranked = self.ranking()
        tries = [k for k in kinds if COMPONENT_OF[k] == comp] + ranked[:CLAIM_DISCARDS]
        tries = [k for k in dict.fromkeys(tries) if k in kinds] or kinds
        return max(self.discard_scores(tries, base, after).values())

    def ranking(self) -> list[int]:
        """Kinds of the hand, the likeliest discards first, by a static look
        (no search): lone cards with no partner in hand, black before red."""
        if self._ranking is None:
            conc = self.conc

            def loneliness(k: int) -> tuple:
                partners = sum(conc[j] for j in COMPLEMENTS[k])
                return (conc[k] >= 2, partners, RED[k], -self.danger(k), k)

            self._ranking = sorted((k for k in range(N_KINDS) if conc[k]), key=loneliness)
        return self._ranking


def discardable_after(st: ChangpaiState, conc: Sequence[int]) -> list[int]:
    kinds = [k for k in range(N_KINDS) if conc[k]]
    if st.variant["no_discard_from_triple"]:
        free = [k for k in kinds if conc[k] < 3]
        return free or kinds
    return kinds


class Heuristic:
    name = "heuristic"

    def choose(self, st: ChangpaiState, seat: int, rng: random.Random) -> str:
        codes = [m.code for m in st.legal_moves(seat)]
        if len(codes) == 1:
            return codes[0]
        if "H" in codes:
            return "H"
        if st.phase == "qualify":
            return self.qualify(st, seat, codes)
        if st.phase == "claim":
            return self.claim(st, seat, codes)
        if st.phase == "tou":
            tou = [c for c in codes if c[0] == "T"]
            return tou[0] if tou else codes[0]
        return self.discard(st, seat, codes)

    def qualify(self, st: ChangpaiState, seat: int, codes: list[str]) -> str:
        if "Q" in codes:
            conc = st.conc[seat]
            v = hand_value(conc, unseen_of(st, conc, st.seen), 7)
            bonus = threshold(st.is_dealer(seat)) - 33  # the dealer needs one more 砣
            if v >= QI_LEVEL + 10 * bonus:
                return "Q"
        return "A" if "A" in codes else codes[0]

    def claim(self, st: ChangpaiState, seat: int, codes: list[str]) -> str:
        assert st.offer is not None  # claims are asked only about a card on offer
        x = st.offer["card"]
        pos = Position(st, seat)
        best, best_v = "N", pos.value({}, pos.fixed) + CLAIM_MARGIN
        for c in codes:
            if c[0] == "P":
                used: tuple[int, ...] = (x, x)
            elif c[0] == "C":
                used = (KIND_OF[c[1:3]], KIND_OF[c[3:5]])
            else:
                continue
            v = pos.claim_value(used, x)
            if v > best_v:
                best, best_v = c, v
        if best == "N" and "N" not in codes:
            return codes[0]  # forced 杀/吐火
        return best

    def discard(self, st: ChangpaiState, seat: int, codes: list[str]) -> str:
        kinds = [KIND_OF[c[1:]] for c in codes if c[0] == "D"]
        if not kinds:
            return codes[0]
        scores = Position(st, seat).discard_scores(kinds)
        return "D" + CODES[max(scores, key=lambda x: (scores[x], -x))]

    def ranked_discards(self, st: ChangpaiState, seat: int) -> list[str]:
        """Discard codes, best first (the Monte Carlo player tries the top few)."""
        codes = [m.code for m in st.legal_moves(seat) if m.code[0] == "D"]
        kinds = [KIND_OF[c[1:]] for c in codes]
        scores = Position(st, seat).discard_scores(kinds)
        return ["D" + CODES[k] for k in sorted(scores, key=lambda x: (-scores[x], x))]


def heuristic() -> Heuristic:
    return Heuristic()

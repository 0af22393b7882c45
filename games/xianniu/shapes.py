"""Shapes (牌型) and the beats() comparison of rules §2, for both modes.

`Rules` is built once per mode and set of shape-relevant flags. It classifies
a card mask into an `Info` (shape, tier, scoring value, the lead and beat
moves) and caches it by mask, enumerates every normal play in a hand from
rank groups (counting ranks, never enumerating subsets), and decides whether
one play may be laid on another.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from itertools import combinations
from operator import attrgetter
from typing import cast

from games.base import Move
from games.xianniu.cards import DECKS, Deck

# Shapes. BAI(n) = 10+n, YU(n) = 20+n. Opening-only shapes are >= LONGFENG.
SINGLE, PAIR, TRIPLE, FOUR = 1, 2, 3, 4
BAI = 10  # 摆 K+10+8, n-fold
YU = 20  # 鱼 the three lowest kinds, n-fold
LIANG_BAI = 30  # 亮子摆 KKKK+10+8
SDLY = 31  # 四地拉鱼 AAAA+2+3 (P) / 2222+3+4 (N)
XBL = 32  # 喜包亮: a 亮子 (not 5s) + 公喜 or 三喜 ([S4] variant)
LONGFENG = 40  # 龙凤(齐): 双摆 + 双鱼, only at the deal
BADADUI = 41  # 八大对: a whole hand of pairs, only at the deal
NONE = -1  # tier of incomparable plays (公喜, 三喜, ...)
TIER = attrgetter("tier")
# Rules.info where the mask is known to be a play; made once (a typing
# subscript evaluated at run time builds a new alias object: ~2 µs each)
INFO_OF = Callable[[int], "Info"]
NO_PLAYS: tuple = ((), (), (), (), 0)  # a 摆 / 鱼 entry of a hand missing one of the kinds

NAMES = {
    SINGLE: "single",
    PAIR: "pair",
    TRIPLE: "triple",
    FOUR: "four",
    LIANG_BAI: "liang_bai",
    SDLY: "si_di_la_yu",
    XBL: "xibaoliang",
    LONGFENG: "longfeng",
    BADADUI: "badadui",
}


def shape_name(shape: int) -> tuple[str, int]:
    """(name, multiple) of a shape: BAI+2 → ("bai", 2)."""
    if BAI < shape <= BAI + 4:
        return "bai", shape - BAI
    if YU < shape <= YU + 4:
        return "yu", shape - YU
    return NAMES[shape], 1


# Rank indices shared by both decks (cards.RANKS): the 鱼 kinds are 0, 1, 2
# (A 2 3 in P, 2 3 4 in N); 5 → 3, 6 → 4, 8 → 6, 9 → 7, 10 → 8, J → 9, K → 11.
FIVE, SIX, EIGHT, NINE, TEN, JACK, KING = 3, 4, 6, 7, 8, 9, 11
RED, BLACK = 0b1010, 0b0101  # suit bits of a rank group: h, d red; s, c black


# longfeng's quick test: bit 1 of a rank's 4-bit count (≥ 2 cards) of K, 8, 0, 1, 2
N1, N2 = 0x5555_5555_5555, 0x3333_3333_3333
TWO_EACH = sum(2 << (4 * r) for r in (KING, EIGHT, 0, 1, 2))


@cache
def subsets(group: int, k: int) -> tuple[int, ...]:
    """Every k-card sub-mask of a group mask (a rank, or 10+J)."""
    bits = [1 << i for i in range(group.bit_length()) if group >> i & 1]
    return tuple(sum(c) for c in combinations(bits, k))


class Info:
    """One valid play: a card mask with its shape, tier and scoring value."""

    __slots__ = ("mask", "shape", "tier", "size", "rank", "codes", "cards", "xz", "xi", "liang",
                 "lead", "beat", "name", "multiple", "beaters", "plain")

    def __init__(
        self, mask: int, shape: int, tier: int, rank: int, deck: Deck, xz: int, xi: bool,
        liang: int,
    ) -> None:
        self.mask = mask
        self.shape = shape
        self.tier = tier
        self.size = mask.bit_count()
        self.rank = rank  # rank index of single-rank plays, else -1
        self.cards = tuple(sorted(deck.cards(mask)))
        self.codes = "".join(self.cards)
        self.xz = xz  # 性子 of 9s/5s (公 pair 2, triple 3)
        self.xi = xi  # the 性子 come from 喜 (5s): subject to 喜前不喜后
        self.liang = liang  # 亮子 points inside this one play
        self.beaters: tuple[int, ...] | None = None  # shapes that may beat it (Rules.beaters)
        self.plain = 0  # the one shape beating it by plain tiers, if so (Rules._make)
        self.name, self.multiple = shape_name(shape)
        data = {"shape": self.name, "n": self.multiple}
        self.lead = Move("L" + self.codes, "lead", self.cards, data)
        self.beat = Move("B" + self.codes, "beat", self.cards, data)


def _gong(group: int) -> bool:
    """公: a red and a black card of the same rank (9s or 5s)."""
    return bool(group & RED) and bool(group & BLACK)


class Rules:
    def __init__(self, mode: str, v: dict) -> None:
        self.mode = mode
        self.deck = DECKS[mode]
        self.mixed_ten_pair = v["mixed_ten_pair"]
        self.j_in_bai = v["j_in_bai"]
        self.cpp = v.get("pair_33_rule") == "cpp"
        self.max_m = v["max_bai_yu_multiple"]
        self.liang_bai_combo = v["liang_bai_combo"]
        self.attach = v["kkkk_attach_bai"]
        self.xibaoliang = v["xibaoliang"]
        self.ba_da_dui = v["ba_da_dui"]
        self.three = self.deck.rank_index["3"]
        if mode == "P":
            self.single = [1, 2, 3, 5, 6, 7, 8, 9, 10, 10, 12, 13]
            self.multi = [1, 2, 6, 5, 6, 7, 8, 9, 10, 10, 12, 13]
            self.top = 13
        else:
            chuan = v["chuan_points"]  # 串串 (the 3 stand-in): 6 or 3 points
            self.single = [2, chuan, 4, 6, 6, 7, 8, 9, 10, 10, 11, 12]
            self.multi = list(self.single)
            self.top = 12
        self.four_95_none = v.get("n_four_9_5_tier") == "none"
        # each card's tier as a single (the cut, 扳点数, compares them)
        self.card_tier = tuple(self.single_tier(c // 4, 1 << (c % 4)) for c in range(48))
        self._info: dict[int, Info | None] = {}
        self.by_code: dict[str, Info] = {}  # canonical card string → play
        self.by_lead: dict[str, Info] = {}  # lead move code → play (normal shapes)
        self.by_beat: dict[str, Info] = {}  # beat move code → play (normal shapes)
        # _plays' tables: the plays of one rank by the bytes of a hand's mask
        # (byte n: ranks 2n and 2n + 1), built below; the 鱼 plays by the
        # three lowest kinds (12 bits), the 摆 plays by the cards of their
        # three kinds, filled when first asked. Entries are tuples, mostly
        # the one shared ().
        self._ranks: list[tuple[tuple, ...] | None] = [None] * (16 * 12)  # by 16 * r + g
        self._yu: list[tuple | None] = [None] * 4096
        self._ten_bits = 255 if self.j_in_bai else 15  # the 10s (and Js) of a 摆
        # 摆 / 鱼 entries: plays, leads, KKKK+10+8 / 四地拉鱼 plays and leads, largest size
        self._bai: dict[int, tuple] = {}  # by K, 8 and 10 (J) kinds
        self._bytes: tuple[list[tuple], ...] = tuple([self._byte(n, bits) for bits in range(256)]
                                                     for n in range(6))
        self._single_bytes = self._singles_by_byte()

    # -- tiers --------------------------------------------------------------
    def single_tier(self, r: int, group: int) -> int:
        if self.mode == "N":
            if r == NINE:
                return 9 if group & RED else 8  # 牛九 / 牛八
            if r == FIVE:
                return 3 if group & RED else 6  # 合三 / 合六
        return self.single[r]

    def pair_tier(self, r: int, g: int) -> int:
        if r == NINE:
            if _gong(g):
                return self.top  # 公牛 = KK
            if self.mode == "P":
                return 9
            return 9 if g & RED == g else 8
        if r == FIVE:
            if _gong(g):
                return NONE  # 公喜
            if self.mode == "P":
                return 5
            return 3 if g & RED == g else 6
        if r == self.three and self.cpp:
            return 3  # [S4]: 母55 beats 33, 66 and 33 still tie (see beats)
        return self.multi[r]

    def triple_tier(self, r: int) -> int:
        if r == NINE:
            return self.top  # 三牛 = KKK
        if r == FIVE:
            return NONE  # 三喜
        return self.multi[r]

    def four_tier(self, r: int) -> int:
        if r in (NINE, FIVE):  # 9999 / 5555 sit at their plain rank, 9 / 5
            return NONE if self.four_95_none else (9 if r == NINE else 5)
        return self.multi[r]

    # -- classification -----------------------------------------------------
    def info(self, mask: int) -> Info | None:
        try:
            return self._info[mask]
        except KeyError:
            i = self._classify(mask)
            self._info[mask] = i
            if i is not None:
                self.by_code[i.codes] = i
            return i

    def _make(
        self, mask: int, shape: int, tier: int, rank: int = -1, xz: int = 0, xi: bool = False,
        liang: int = 0,
    ) -> Info:
        i = Info(mask, shape, tier, rank, self.deck, xz, xi, liang)
        b = i.beaters = self.beaters(i)
        if len(b) == 1 and b[0] <= FOUR and not self.cpp:
            i.plain = b[0]  # beaten by any play of its shape with a higher tier
        if shape < LONGFENG:
            self.by_lead[i.lead.code] = self.by_beat[i.beat.code] = i
        return i

    def _classify(self, mask: int) -> Info | None:
        n = mask.bit_count()
        if n == 0:
            return None
        groups = [(mask >> (4 * r)) & 15 for r in range(12)]
        present = [r for r in range(12) if groups[r]]
        if len(present) == 1:
            r = present[0]
            g = groups[r]
            if n == 1:
                return self._make(mask, SINGLE, self.single_tier(r, g), r)
            if n == 2:
                xz = 2 if r in (NINE, FIVE) and _gong(g) else 0
                return self._make(mask, PAIR, self.pair_tier(r, g), r, xz, r == FIVE)
            if n == 3:
                xz = 3 if r in (NINE, FIVE) else 0
                return self._make(mask, TRIPLE, self.triple_tier(r), r, xz, r == FIVE)
            return self._make(mask, FOUR, self.four_tier(r), r, liang=2)
        cnt = [g.bit_count() for g in groups]
        if n == 2 and self.mixed_ten_pair and cnt[TEN] == 1 and cnt[JACK] == 1:
            return self._make(mask, PAIR, self.multi[TEN])
        ten = cnt[TEN] + (cnt[JACK] if self.j_in_bai else 0)
        bai_cards = cnt[KING] + ten + cnt[EIGHT]
        if bai_cards == n:
            m = cnt[KING]
            if m == ten == cnt[EIGHT] and m <= self.max_m:
                full = sum(1 for r in (KING, TEN, JACK, EIGHT) if groups[r] == 15)
                return self._make(mask, BAI + m, 0, liang=2 * full)
            if cnt[KING] == 4 and ten == 1 and cnt[EIGHT] == 1 and (
                self.liang_bai_combo or self.attach
            ):
                return self._make(mask, LIANG_BAI, self.four_tier(KING), liang=2)
        if cnt[0] + cnt[1] + cnt[2] == n:
            m = cnt[0]
            if m == cnt[1] == cnt[2] and m <= self.max_m:
                full = sum(1 for r in (0, 1, 2) if groups[r] == 15)
                return self._make(mask, YU + m, 0, liang=2 * full)
            if self.liang_bai_combo and cnt[0] == 4 and cnt[1] == 1 and cnt[2] == 1:
                return self._make(mask, SDLY, 0, liang=2)
        if self.xibaoliang and len(present) == 2 and FIVE in present:
            other = present[0] if present[1] == FIVE else present[1]
            g5 = groups[FIVE]
            if cnt[other] == 4 and (cnt[FIVE] == 3 or (cnt[FIVE] == 2 and _gong(g5))):
                return self._make(mask, XBL, NONE, xz=cnt[FIVE], xi=True, liang=2)
        if n == 12 and all(cnt[r] == 2 for r in (KING, EIGHT, 0, 1, 2)) and ten == 2:
            if bai_cards + cnt[0] + cnt[1] + cnt[2] == 12:
                return self._make(mask, LONGFENG, NONE)
        if n == 16 and self.ba_da_dui and all(c % 2 == 0 for c in cnt):
            xz = liang = 0
            for r in range(12):
                if r in (NINE, FIVE):
                    xz += 4 if cnt[r] == 4 else (2 if cnt[r] == 2 and _gong(groups[r]) else 0)
                elif cnt[r] == 4:
                    liang += 2
            return self._make(mask, BADADUI, NONE, xz=xz, liang=liang)
        return None

    # -- comparison ---------------------------------------------------------
    def beats(self, new: Info, top: Info) -> bool:
        """May `new` be laid on `top`? (rules §2.1, plus KKKK+10+8 attached.)"""
        ns, ts = new.shape, top.shape
        if BAI < ns <= BAI + 4:
            return ts == ns + 10  # n摆 eats n鱼 only
        if ns == LIANG_BAI:
            if ts == SDLY:
                return self.liang_bai_combo
            # KKKK beats the four, then 10 and 8 follow (kkkk_attach_bai)
            return ts == FOUR and self.attach and 0 <= top.tier < new.tier
        if ns != ts or ns > FOUR:
            return False
        if new.tier < 0 or top.tier < 0:
            return False
        if self.cpp and ns == PAIR and new.rank == SIX and top.rank == self.three:
            return False  # [S4]: 66 and 33 never beat each other
        return new.tier > top.tier

    def beaters(self, top: Info) -> tuple[int, ...]:
        """Shapes that may be laid on `top` (to look up only those plays)."""
        ts = top.shape
        if YU < ts <= YU + 4:
            return (ts - 10,)
        if ts == SDLY:
            return (LIANG_BAI,) if self.liang_bai_combo else ()
        if ts > FOUR or top.tier < 0:
            return ()
        if ts == FOUR and self.attach:
            return (FOUR, LIANG_BAI)
        return (ts,)

    # -- enumeration --------------------------------------------------------
    def combos(self, hand: int) -> list[Info]:
        """Every play of normal shapes (not opening-only) inside `hand`."""
        return self._plays(hand, 0)

    def leads(self, hand: int, cap: int = 16) -> list:  # of Moves (a Move | Pick list to extend)
        """The lead moves of combos(hand) of at most `cap` cards, in the same order."""
        if cap >= 4:
            return self._plays(hand, 1, cap)
        if cap == 1:  # singles alone (every other play has 2+ cards), in rank order
            b0, b1, b2, b3, b4, b5 = hand.to_bytes(6, "little")
            t0, t1, t2, t3, t4, t5 = self._bytes
            return [i.lead for i in (*t0[b0][2], *t1[b1][2], *t2[b2][2], *t3[b3][2],
                                     *t4[b4][2], *t5[b5][2])]
        return [i.lead for i in self._plays(hand, 0) if i.size <= cap]  # a play may not fit

    def _plays(self, hand: int, k: int, cap: int = 16) -> list:
        """combos (k = 0) or their lead moves (k = 1), built from plays cached
        per rank group and per group triple (摆 kinds, 鱼 kinds): a hand is a
        few table look-ups, not an enumeration. Plays of more than `cap` cards
        (cap ≥ 4, only with k = 1) are left out."""
        # the six bytes' entries, inline here, in leads (cap 1) and of_shape: a
        # shared helper cost 1–3% of a hand side by side (two runs, 2 Dec
        # evening); the bytes are small ints (no 48-bit int made per shift and mask)
        b0, b1, b2, b3, b4, b5 = hand.to_bytes(6, "little")
        t0, t1, t2, t3, t4, t5 = self._bytes
        out: list = [*t0[b0][k], *t1[b1][k], *t2[b2][k], *t3[b3][k], *t4[b4][k], *t5[b5][k]]
        if self.mixed_ten_pair and (hand >> 32) & 15 and (hand >> 36) & 15:
            info = cast(INFO_OF, self.info)  # a 10 and a J: a pair
            for t in subsets((hand >> 32) & 15, 1):
                for j in subsets((hand >> 36) & 15, 1):
                    i = info((t << 32) | (j << 36))
                    out.append(i.lead if k else i)
        # 摆 and 鱼 (and KKKK+10+8, 四地拉鱼) depend on three groups each
        # (a K and an 8 first: most hands stop there, without a call)
        bai = self._bai_entry(hand, b3, b4, b5) if b5 >> 4 and b3 & 15 else NO_PLAYS
        yu = self._yu[hand & 0xFFF]  # the three lowest kinds
        if yu is None:
            yu = self._yu[hand & 0xFFF] = self._yu_plays(hand & 0xFFF)
        if bai is NO_PLAYS and yu is NO_PLAYS:
            pass  # most hands: no 摆, no 鱼
        elif (bai[4] if bai[4] > yu[4] else yu[4]) <= cap:  # their largest play fits
            out += bai[k]
            out += yu[k]
            out += bai[2 + k]
            out += yu[2 + k]
        else:
            out += [i.lead for part in (bai[0], yu[0], bai[2], yu[2]) for i in part
                    if i.size <= cap]
        if self.xibaoliang:
            info = cast(INFO_OF, self.info)  # a 亮子 with 公喜/三喜
            g5 = (hand >> 12) & 15
            parts = [p for p in subsets(g5, 2) if _gong(p)] + list(subsets(g5, 3))
            for r in range(12):
                if (hand >> (4 * r)) & 15 == 15 and r != FIVE:
                    for p in parts:
                        i = info((15 << (4 * r)) | (p << 12))
                        if i.size <= cap:
                            out.append(i.lead if k else i)
        return out

    def of_shape(self, hand: int, shape: int) -> list[Info]:
        """The plays of one shape inside `hand`, highest tier first (equal
        tiers in the order of combos)."""
        if shape == SINGLE and self._single_bytes is not None:  # sorted already
            s5, s4, s3, s2, s1, s0 = self._single_bytes
            b0, b1, b2, b3, b4, b5 = hand.to_bytes(6, "little")
            return [*s5[b5], *s4[b4], *s3[b3], *s2[b2], *s1[b1], *s0[b0]]
        if shape <= FOUR and not self.mixed_ten_pair:  # plays of one rank, by byte
            b0, b1, b2, b3, b4, b5 = hand.to_bytes(6, "little")
            t0, t1, t2, t3, t4, t5 = self._bytes
            k = 1 + shape
            plays = [*t0[b0][k], *t1[b1][k], *t2[b2][k], *t3[b3][k], *t4[b4][k], *t5[b5][k]]
        elif BAI < shape <= BAI + 4:  # n摆 (on n鱼): only in the hand's 摆 entry, all tier 0
            b3, b4, b5 = hand.to_bytes(6, "little")[3:]
            return [i for i in self._bai_entry(hand, b3, b4, b5)[0] if i.shape == shape]
        else:
            plays = [i for i in self._plays(hand, 0) if i.shape == shape]
        plays.sort(key=TIER, reverse=True)
        return plays

    def _bai_entry(self, hand: int, b3: int, b4: int, b5: int) -> tuple:
        """The hand's 摆 entry (NO_PLAYS without a K, an 8 and a 10 or J); b3,
        b4, b5: the mask's bytes 3-5 (the 8s, the 10s and Js, the Ks)."""
        ten = b4 & self._ten_bits  # (byte 4: the 10s, then the Js)
        if not (b5 >> 4 and b3 & 15 and ten):
            return NO_PLAYS
        key = b5 >> 4 | (b3 & 15) << 4 | ten << 8  # the K, 8 and 10 kinds of 摆
        bai = self._bai.get(key)
        if bai is None:
            bai = self._bai[key] = self._bai_plays(hand)
        return bai

    def _singles_by_byte(self) -> tuple[list[tuple[Info, ...]], ...] | None:
        """of_shape's singles without a sort: for each byte of a mask (two
        ranks), the singles of each value of it, highest tier first (equal
        tiers in card order, as combos lists them), when every single of a
        byte is above every single of the bytes below (掀牛: its one tie,
        10 = J, is inside a byte); else None (掀牛九: 串串, 合六 and the 6s tie
        across bytes). Highest byte first."""
        tier = self.card_tier
        if any(min(tier[8 * n:]) <= max(tier[:8 * n]) for n in range(1, 6)):
            return None
        info = cast(INFO_OF, self.info)  # a card: a single
        out = []
        for n in range(5, -1, -1):
            order = sorted(range(8 * n, 8 * n + 8), key=lambda c: -tier[c])  # (stable)
            out.append([tuple(info(1 << c) for c in order if bits >> (c - 8 * n) & 1)
                         for bits in range(256)])
        return tuple(out)

    def _byte(self, n: int, bits: int) -> tuple:
        """The single-rank plays of ranks 2n and 2n + 1 holding `bits` (a byte
        of a mask) in rank order, their leads, then those plays of 1, 2, 3
        and 4 cards (an entry of _bytes: the two ranks' entries joined)."""
        a, b = self._rank(2 * n, bits & 15), self._rank(2 * n + 1, bits >> 4)
        return (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3], a[4] + b[4], a[5] + b[5])

    def _rank(self, r: int, g: int) -> tuple[tuple, ...]:
        """The plays of rank r's cards `g`, as a _byte entry (cached)."""
        entry = self._ranks[16 * r + g]
        if entry is None:
            info = cast(INFO_OF, self.info)  # 1-4 cards of a rank: a play
            plays = [info(sub << (4 * r)) for k in range(1, 5) for sub in subsets(g, k)]
            by_size = [[i for i in plays if i.size == k] for k in range(1, 5)]
            entry = self._ranks[16 * r + g] = _frozen(plays, [i.lead for i in plays], *by_size)
        return entry

    def _bai_plays(self, hand: int) -> tuple:
        """n摆 of the hand's K, 10 (and J) and 8 cards, their leads, then
        KKKK+10+8 and its leads."""
        kg, eg = (hand >> 44) & 15, (hand >> 24) & 15
        tg = (hand >> 32) & self._ten_bits
        if not (kg and eg and tg):
            return NO_PLAYS
        triples: list[Info] = []
        self._triples(triples, kg, 44, tg, 32, eg, 24)
        liang: list[Info] = []
        if kg == 15 and (self.liang_bai_combo or self.attach):
            info = cast(INFO_OF, self.info)  # KKKK+10+8: a play here
            for t in subsets(tg, 1):
                for e in subsets(eg, 1):
                    liang.append(info((15 << 44) | (t << 32) | (e << 24)))
        return (*_frozen(triples, [i.lead for i in triples], liang, [i.lead for i in liang]),
                max([i.size for i in triples + liang], default=0))

    def _yu_plays(self, hand: int) -> tuple:
        """n鱼 of the hand's three lowest kinds, their leads, then 四地拉鱼
        and its leads."""
        g0, g1, g2 = hand & 15, (hand >> 4) & 15, (hand >> 8) & 15
        if not (g0 and g1 and g2):
            return NO_PLAYS
        triples: list[Info] = []
        self._triples(triples, g0, 0, g1, 4, g2, 8)
        sdly: list[Info] = []
        if g0 == 15 and self.liang_bai_combo:
            info = cast(INFO_OF, self.info)  # 四地拉鱼: a play here
            for a in subsets(g1, 1):
                for b in subsets(g2, 1):
                    sdly.append(info(15 | (a << 4) | (b << 8)))
        return (*_frozen(triples, [i.lead for i in triples], sdly, [i.lead for i in sdly]),
                max([i.size for i in triples + sdly], default=0))

    def _triples(self, out: list[Info], ga: int, sa: int, gb: int, sb: int, gc: int,
                 sc: int) -> None:
        """n摆 / n鱼: n cards of each of three kinds."""
        top = min(ga.bit_count(), gb.bit_count(), gc.bit_count(), self.max_m)
        info = cast(INFO_OF, self.info)  # n摆/n鱼 masks: always a play
        for m in range(1, top + 1):
            for a in subsets(ga, m):
                for b in subsets(gb, m):
                    ab = (a << sa) | (b << sb)
                    for c in subsets(gc, m):
                        out.append(info(ab | (c << sc)))

    def longfeng(self, hand: int) -> int:
        """The 龙凤(齐) inside `hand` (lowest cards of each kind), or 0."""
        x = hand - ((hand >> 1) & N1)  # each rank's card count, 4 bits per rank
        x = (x & N2) + ((x >> 2) & N2)
        if (x | x >> 1) & TWO_EACH != TWO_EACH:
            return 0  # fewer than 2 of a K, 8 or 鱼 kind: the common case, in a few ops
        need = [KING, EIGHT, 0, 1, 2]
        mask = 0
        for r in need:
            g = (hand >> (4 * r)) & 15
            if g.bit_count() < 2:
                return 0
            mask |= subsets(g, 2)[0] << (4 * r)
        tg = (hand >> 32) & (255 if self.j_in_bai else 15)
        if tg.bit_count() < 2:
            return 0
        bits = [1 << i for i in range(8) if tg >> i & 1][:2]
        return mask | (sum(bits) << 32)

    def may_open(self, hand: int) -> bool:
        """badadui(hand) or longfeng(hand): a big hand at the deal (the common
        no answered from the 4-bit rank counts)."""
        x = hand - ((hand >> 1) & N1)  # each rank's card count, 4 bits per rank
        x = (x & N2) + ((x >> 2) & N2)
        if (x | x >> 1) & TWO_EACH == TWO_EACH and self.longfeng(hand):
            return True
        return self.ba_da_dui and not x & 0x111111111111 and hand.bit_count() == 16

    def badadui(self, hand: int) -> bool:
        if not self.ba_da_dui or hand.bit_count() != 16:
            return False
        x = hand ^ (hand >> 1)
        x ^= x >> 2  # bit 4r: the parity of rank r's card count
        return not x & 0x111111111111


SHAPE_FLAGS = ("mixed_ten_pair", "j_in_bai", "pair_33_rule", "max_bai_yu_multiple",
               "liang_bai_combo", "kkkk_attach_bai", "xibaoliang", "ba_da_dui",
               "chuan_points", "n_four_9_5_tier")
_RULES: dict[tuple, Rules] = {}


def rules_for(mode: str, variant: dict) -> Rules:
    key = (mode,) + tuple(variant.get(f) for f in SHAPE_FLAGS)
    r = _RULES.get(key)
    if r is None:
        r = _RULES[key] = Rules(mode, variant)
    return r


def _frozen(*parts: list) -> tuple[tuple, ...]:
    """A table entry: each list as a tuple (an empty one is the shared ())."""
    return tuple(tuple(p) for p in parts)

"""Combinations (牌型), their classification and comparison (spec §3, §4).

Everything works on a 15-entry rank-count vector (see cards.py), never on
card subsets (§9). A combination is a tuple (kind, a, b):

  SINGLE    (1, strength, 0)      单张
  PAIR      (2, strength, 0)      对牌 (no joker pairs)
  STRAIGHT  (3, length, low)      单顺 / 单龙, 4…A only
  DSTRAIGHT (4, pairs, low)       双顺 / 双龙, 4…A only
  BOMB      (5, tier, sub)        路 / 幺 / 王 on the single ladder of §4.1

`strength` is the rank's place in the single-card order (3比2大 or 小);
`low` is the lowest rank index (straights never hold 2, 3 or jokers).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from games.paoyao.cards import ACE, BJ, FOUR, NRANKS, SJ

Combo = tuple[int, int, int]  # (kind, a, b): see above
Shape = tuple[tuple[int, int], ...]  # a play's (rank, count) pairs, in rank order
Formed = tuple[Combo, Shape]  # a play: its combination and its shape

SINGLE, PAIR, STRAIGHT, DSTRAIGHT, BOMB = 1, 2, 3, 4, 5
KIND_NAMES = {
    SINGLE: "single",
    PAIR: "pair",
    STRAIGHT: "straight",
    DSTRAIGHT: "double_straight",
    BOMB: "bomb",
}

# Bomb tiers (§4.1): n路 by n, 幺 by the number of 4s, joker sets by (SJ, BJ).
ROAD_TIER = {3: 1, 4: 2, 5: 4, 6: 5, 7: 7, 8: 8}  # 三路 … 八路
YAO_TIER = {2: 3, 3: 6, 4: 9, 5: 10, 6: 11, 7: 12, 8: 13}  # 小幺 44A, 中幺, 老幺, 老老幺
JOKER_TIER = {(2, 0): 1, (1, 1): 2, (0, 2): 4, (2, 1): 5, (1, 2): 7, (2, 2): 8}
JOKER_SUB = 13  # a joker set heads its 路
STRAIGHT_TOP = ACE  # straights run 4 … A


def classify(cnt: Sequence[int], order: Sequence[int]) -> Combo | None:
    """The combination a rank-count vector forms, or None if it is invalid."""
    sj, bj = cnt[SJ], cnt[BJ]
    normal = [r for r in range(SJ) if cnt[r]]
    n = sum(cnt)
    if sj or bj:
        if normal:
            return None
        if n == 1:
            return (SINGLE, order[SJ] if sj else order[BJ], 0)
        return (BOMB, JOKER_TIER[(sj, bj)], JOKER_SUB)
    if n == 0:
        return None
    if n == 1:
        return (SINGLE, order[normal[0]], 0)
    if len(normal) == 2 and normal == [FOUR, ACE] and cnt[ACE] == 1 and cnt[FOUR] >= 2:
        return (BOMB, YAO_TIER[cnt[FOUR]], 0)
    if len(normal) == 1:
        r = normal[0]
        k = cnt[r]
        return (PAIR, order[r], 0) if k == 2 else (BOMB, ROAD_TIER[k], order[r])
    lo, hi = normal[0], normal[-1]
    if hi <= STRAIGHT_TOP and hi - lo + 1 == len(normal) and len(normal) >= 3:
        counts = {cnt[r] for r in normal}
        if counts == {1}:
            return (STRAIGHT, len(normal), lo)
        if counts == {2}:
            return (DSTRAIGHT, len(normal), lo)
    return None


def why_invalid(cnt: Sequence[int]) -> str:
    """A stable reason key for a rank-count vector classify() rejects."""
    sj, bj = cnt[SJ], cnt[BJ]
    normal = [r for r in range(SJ) if cnt[r]]
    if sum(cnt) == 0:
        return "no_cards"
    if (sj or bj) and normal:
        return "joker_mix"  # 王 never combine with other ranks
    if set(normal) == {FOUR, ACE} or (cnt[ACE] and cnt[FOUR] and len(normal) == 2):
        return "bad_yao"  # 幺 is exactly one A and at least two 4s
    counts = {cnt[r] for r in normal}
    if len(counts) > 1:
        return "mixed_counts"  # e.g. 44455, 445566 7: no 3+2 forms
    if any(r > STRAIGHT_TOP for r in normal):
        return "straight_no_2_3"  # 3和2不能编入顺子
    if normal[-1] - normal[0] + 1 != len(normal):
        return "straight_gap"
    if counts.pop() >= 3:
        return "no_triple_straight"  # 444555 is not a play
    return "straight_too_short"  # 45, 4455: three ranks at least


def beats(new: Combo | None, cur: Combo | None) -> bool:
    """Whether combination `new` may be played on top of `cur` (§4.2)."""
    if new is None:
        return False
    if cur is None:
        return True
    nk, ck = new[0], cur[0]
    if nk == BOMB:
        if ck == BOMB:
            return (new[1], new[2]) > (cur[1], cur[2])
        if ck == DSTRAIGHT:
            return new[1] >= 2  # 三路 (and 对小王) cannot beat a 双顺 (D11)
        return True
    if ck == BOMB:
        return False
    if nk == ck:
        if nk <= PAIR:
            return new[1] > cur[1]
        return new[1] == cur[1] and new[2] > cur[2]
    if nk == DSTRAIGHT and ck == STRAIGHT:  # 骑顺: pairs = straight length
        return new[1] == cur[1] and new[2] > cur[2]
    return False


def refusal(new: Combo, cur: Combo) -> str:
    """Why a valid `new` does not beat `cur` (a stable reason key)."""
    nk, ck = new[0], cur[0]
    if ck == BOMB and nk != BOMB:
        return "cannot_beat_bomb"
    if ck == DSTRAIGHT and nk == BOMB:
        return "three_road_vs_double_straight"  # 三路 cannot beat 双顺
    if nk in (STRAIGHT, DSTRAIGHT) and ck in (STRAIGHT, DSTRAIGHT) and new[1] != cur[1]:
        return "wrong_length"
    if nk != ck and not (nk == DSTRAIGHT and ck == STRAIGHT):
        return "wrong_type"
    return "cannot_beat"


# -- enumeration by rank counts (§9) ----------------------------------------
# A play's shape is a tuple of (rank, count) pairs in rank order.


def bombs(cnt: Sequence[int], order: Sequence[int],
          above: tuple[int, int] | None = None) -> list[Formed]:
    """Every bomb in `cnt` with power above `above` = (tier, sub) (None: all)."""
    out: list[Formed] = []
    for r in range(SJ):
        c = cnt[r]
        for k in range(3, c + 1):
            p = (ROAD_TIER[k], order[r])
            if above is None or p > above:
                out.append(((BOMB, p[0], p[1]), ((r, k),)))
    if cnt[ACE] and cnt[FOUR] >= 2:
        for k in range(2, cnt[FOUR] + 1):
            p = (YAO_TIER[k], 0)
            if above is None or p > above:
                out.append(((BOMB, p[0], 0), ((FOUR, k), (ACE, 1))))
    sj, bj = cnt[SJ], cnt[BJ]
    if sj + bj >= 2:
        for (a, b), tier in JOKER_TIER.items():
            if a <= sj and b <= bj and (above is None or (tier, JOKER_SUB) > above):
                shape = ((SJ, a),) * bool(a) + ((BJ, b),) * bool(b)
                out.append(((BOMB, tier, JOKER_SUB), shape))
    return out


def runs(cnt: Sequence[int], width: int, length: int | None = None,
         low_above: int = -1) -> list[tuple[int, int]]:
    """Straights (width 1) or double straights (width 2) as (low, length)."""
    out = []
    for lo in range(low_above + 1, STRAIGHT_TOP - 1):
        hi = lo
        while hi <= STRAIGHT_TOP and cnt[hi] >= width:
            hi += 1
            n = hi - lo
            if n >= 3 and (length is None or n == length):
                out.append((lo, n))
            if length is not None and n >= length:
                break
    return out


def _run_play(kind: int, width: int, lo: int, n: int) -> Formed:
    return ((kind, n, lo), tuple((r, width) for r in range(lo, lo + n)))


def leads(cnt: Sequence[int], order: Sequence[int]) -> list[Formed]:
    """Every distinct play of a leader holding `cnt` as (combination, shape)."""
    out: list[Formed] = [((SINGLE, order[r], 0), ((r, 1),)) for r in range(NRANKS) if cnt[r]]
    out += [((PAIR, order[r], 0), ((r, 2),)) for r in range(SJ) if cnt[r] >= 2]
    out += [_run_play(STRAIGHT, 1, lo, n) for lo, n in runs(cnt, 1)]
    out += [_run_play(DSTRAIGHT, 2, lo, n) for lo, n in runs(cnt, 2)]
    out += bombs(cnt, order)
    return out


def responses(cnt: Sequence[int], order: Sequence[int], top: Combo) -> list[Formed]:
    """Every play of `cnt` that beats the combination `top`."""
    kind = top[0]
    if kind == BOMB:
        return bombs(cnt, order, (top[1], top[2]))
    out: list[Formed]
    if kind == SINGLE:
        out = [
            ((SINGLE, order[r], 0), ((r, 1),))
            for r in range(NRANKS)
            if cnt[r] and order[r] > top[1]
        ]
    elif kind == PAIR:
        out = [
            ((PAIR, order[r], 0), ((r, 2),)) for r in range(SJ) if cnt[r] >= 2 and order[r] > top[1]
        ]
    elif kind == STRAIGHT:
        n, lo = top[1], top[2]
        out = [_run_play(STRAIGHT, 1, s, n) for s, _ in runs(cnt, 1, n, lo)]
        out += [_run_play(DSTRAIGHT, 2, s, n) for s, _ in runs(cnt, 2, n, lo)]  # 骑顺
    else:  # DSTRAIGHT: only longer-equal double straights or bombs of tier >= 2
        n, lo = top[1], top[2]
        out = [_run_play(DSTRAIGHT, 2, s, n) for s, _ in runs(cnt, 2, n, lo)]
        return out + bombs(cnt, order, (1, 99))
    return out + bombs(cnt, order)


def counts_of_ranks(ranks: Iterable[int]) -> list[int]:
    cnt = [0] * NRANKS
    for r in ranks:
        cnt[r] += 1
    return cnt

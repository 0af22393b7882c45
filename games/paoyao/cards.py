"""Cards of 刨幺: two 54-card packs, ranks, point cards (分数牌) and codes.

Suits never matter in 刨幺 (spec §1), so the rules work on rank indices:
0..12 = 4 5 6 7 8 9 T J Q K A 2 3, 13 = small joker (小王), 14 = big joker
(大王). A card code is the rank character plus a lower-case suit
("5h", "Ts"); jokers are "SJ" and "BJ". The two packs' copies share a code.
"""

from __future__ import annotations

from collections.abc import Iterable

RANK_CHARS = "456789TJQKA23SB"  # index = rank; S/B are the jokers' first letter
SUITS = "cdhs"  # ♣ ♦ ♥ ♠, sorted as in codes
FOUR, FIVE, TEN, KING, ACE, TWO, THREE, SJ, BJ = 0, 1, 6, 9, 10, 11, 12, 13, 14
NRANKS = 15
JOKER_CODES = ("SJ", "BJ")

RANK_OF = {ch: i for i, ch in enumerate(RANK_CHARS)}
POINTS = [0] * NRANKS  # 分数牌: 5 = 5, 10 = 10, K = 10; 200 in all
POINTS[FIVE], POINTS[TEN], POINTS[KING] = 5, 10, 10
TOTAL_POINTS = 200


def rank_of(code: str) -> int:
    return RANK_OF[code[0]]


def is_card(code: str) -> bool:
    if code in JOKER_CODES:
        return True
    return len(code) == 2 and code[0] in RANK_CHARS[:13] and code[1] in SUITS


def deck(remove_threes: bool = False) -> list[str]:
    """Both packs in a fixed order: 108 cards (100 with 无3, no 3s)."""
    one = [r + s for r in RANK_CHARS[:13] if not (remove_threes and r == "3") for s in SUITS]
    one += list(JOKER_CODES)
    return one + one


def rank_order(three_beats_two: bool) -> list[int]:
    """Strength of each rank for singles, pairs and 路: 4 < … < A < 2 < 3 < SJ < BJ,
    or with 3比2小 (three_beats_two = false) … A < 3 < 2."""
    order = list(range(NRANKS))
    if not three_beats_two:
        order[TWO], order[THREE] = THREE, TWO
    return order


def sort_key(code: str) -> tuple[int, str]:
    return (RANK_OF[code[0]], code[1])


def sorted_cards(codes: Iterable[str]) -> list[str]:
    return sorted(codes, key=sort_key)

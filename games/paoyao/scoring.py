"""End-of-hand grading and scoring (spec §6.3–6.5) and the match tally."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

# Snow grades by multiplier: 大雪 ×4, 小雪 ×2, 免雪 (loser escapes) ×1.
SNOW_NAMES = {4: "big", 2: "small", 1: "escaped"}


def snowable(loser_points: int, variant: Mapping[str, Any]) -> bool:
    """D4: may the winners 雪 (snow) losers holding this many points?"""
    t = variant["snow_threshold"]
    return loser_points <= t if variant["snow_threshold_inclusive"] else loser_points < t


def grade(loser_points: int, variant: Mapping[str, Any]) -> int:
    """The multiplier a decided hand pays: 4 if the losers have nothing,
    2 if they are snowable, 1 otherwise."""
    if loser_points == 0:
        return 4
    return 2 if snowable(loser_points, variant) else 1


def score_hand(winner_team: int, multiplier: int, variant: Mapping[str, Any],
               base: int = 1) -> tuple[list[int], list[int]]:
    """(net, tally) per seat. net is zero-sum (D10): each winner +m·b, each
    loser −m·b. tally is what the match scoreboard adds up: the same under
    zero_sum, or winners +m·b and losers 0 under winners_only."""
    m = multiplier * base
    net = [m if s % 2 == winner_team else -m for s in range(4)]
    tally = (
        list(net)
        if variant["zero_sum"] is True
        else [m if s % 2 == winner_team else 0 for s in range(4)]
    )
    return net, tally


def match_totals(tallies: Iterable[list[int]]) -> list[int]:
    """Per-seat totals of a match from each hand's tally."""
    total = [0, 0, 0, 0]
    for t in tallies:
        for s in range(4):
            total[s] += t[s]
    return total


def match_over(hands_played: int, variant: Mapping[str, Any]) -> bool:
    return hands_played >= variant["hands_per_match"]

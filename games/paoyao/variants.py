"""Variant flags of 刨幺 (spec §10) with the spec's names and defaults."""

from __future__ import annotations

from games.base import Flag

FLAGS = {
    f.name: f
    for f in (
        Flag("three_beats_two", True, doc="3 > 2 (false: 3比2小, 3 ranks just below 2)"),
        Flag("remove_threes", False, doc="无3: no 3s, 100 cards, 25 each"),
        Flag("win_threshold", 140, doc="a team with this many points wins (≥)"),
        Flag(
            "kangqi_threshold", 90, doc="扛旗: the first-out player's team wins with this many (≥)"
        ),
        Flag(
            "kangqi_check",
            "continuous",
            ("continuous", "on_out_only"),
            "D5: also after later tricks",
        ),
        Flag("snow_threshold", 20, doc="雪 allowed when the losers have at most this many"),
        Flag("snow_threshold_inclusive", True, doc="D4: ≤ threshold (false: <)"),
        Flag("snow_deciders", "active_winners", ("active_winners", "all_winners"), "D6"),
        Flag("snow_vote", "any_snow", ("any_snow", "unanimous_snow"), "D6"),
        Flag(
            "snow_timeout_default", "no_snow", ("no_snow", "snow"), "an unanswered decider's answer"
        ),
        Flag(
            "jiefeng",
            "partner",
            ("partner", "next_active"),
            "D3: who leads after an out player's trick",
        ),
        Flag("first_leader", "random", ("random", "host", "seat0"), "D1"),
        Flag("next_leader", "first_out", ("first_out", "rotate"), "D2"),
        Flag("leftover_points", "none", ("none", "to_opponents_of_holder"), "D9"),
        Flag("zero_sum", True, (True, False, "winners_only"), "D10 (false = winners_only tally)"),
        Flag("hands_per_match", 8, doc="局数 of a match"),
        Flag("show_partner_hand_after_out", False, doc="an out player sees the partner's hand"),
        Flag("ming_yao", False, doc="明幺: each player's count of As and 4s is public"),
    )
}

PRESETS = {
    "default": {},
    "wu_san": {"remove_threes": True},  # 无3
    "san_xiao": {"three_beats_two": False},  # 3比2小
}

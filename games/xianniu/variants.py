"""Variant flags of rules §3.5, with the defaults of each mode.

Flag names are the spec's. Flags marked "(P)" or "(N)" in the spec exist only
in that mode; everything else exists in both with mode-specific defaults.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from games.base import Flag


def _f(name: str, default: Any, choices: Iterable[Any] = (), doc: str = "") -> Flag:
    return Flag(name, default, tuple(choices), doc)


def flags_for(mode: str) -> dict[str, Flag]:
    p = mode == "P"
    fl = [
        _f("dealer_first", "random" if p else "cut", ("random", "cut"),
           "first hand's dealer: random [S1] or cut for the high card [S2]"),
        _f("dealer_next", "rotate", ("rotate", "random", "winner"), "dealer of later hands"),
        _f("bighand_mandatory", p, doc="龙凤(齐)/八大对 must be played at the deal"),
        _f("ba_da_dui", p, doc="八大对 exists"),
        _f("mixed_ten_pair", False, doc="J+10 is a pair"),
        _f("j_in_bai", False, doc="J may stand in for the 10 of 摆"),
        _f("max_bai_yu_multiple", 4, (1, 2, 3, 4), "largest n of n摆 / n鱼"),
        _f("liang_bai_combo", p, doc="KKKK+10+8 and 四地拉鱼 exist"),
        _f("kkkk_attach_bai", p, doc="KKKK may take a 10 and an 8 along"),
        _f("xibaoliang", False, doc="喜包亮 ([S4])"),
        _f("tighten", p, doc="紧牌 when the table holds 9 or more"),
        _f("tie_rule", "off" if p else "limit16",
           ("off", "limit16", "match_xianee_hand", "xianee_leaves"), "贴牌 before a 掀"),
        _f("xi_first", "off" if p else "first_lead", ("off", "first_lead", "first_play"),
           "喜前不喜后"),
        _f("leader_kou_keeps_xian_right", False, doc="the controller's own 扣 keeps his 掀 right"),
        _f("xian_poll", "sequential_first", ("sequential_first", "all_may_xian"), "掀 poll"),
        _f("ci_ends_hand", False, doc="reaching 11 leaves ends the hand"),
        _f("stake", [1, 2], doc="(性子 unit, 掀 unit)"),
        _f("min_base_for_six", 0, (0, 1), "least base a winner is paid"),
        _f("bighand_payment", "double_last_xianer" if p else "bao_ci",
           ("double_last_xianer", "bao_ci", "plain"), "who pays a big hand"),
        _f("bighand_double_includes_xian", False, doc="the double payment includes the 掀 money"),
        _f("liang_split_rule", "kkk_bai_only" if p else "none",
           ("kkk_bai_only", "none", "any_split"), "亮子 split over several plays"),
    ]
    if p:
        fl.append(_f("pair_33_rule", "tier6", ("tier6", "cpp"), "33 = 66, or [S4]'s order"))
    else:
        fl.append(_f("chuan_points", 6, (6, 3), "points of 串串 (the 3)"))
        fl.append(_f("n_four_9_5_tier", "9_5", ("9_5", "none"), "亮子 9999/5555 tiers"))
    return {f.name: f for f in fl}


PRESETS: dict[str, dict[str, dict[str, Any]]] = {  # mode → preset name → flags
    "P": {
        "default": {},
        # the [S4] game-hall program
        "gamehall": {"pair_33_rule": "cpp", "leader_kou_keeps_xian_right": True,
                     "xibaoliang": True},
    },
    "N": {
        "default": {},
        "er_wu": {"stake": [2, 5]},  # "二五"
        # the [S5] program: 串串 = 合三, 贴牌 to the 掀ed player's hand size
        "chuan3": {"chuan_points": 3, "tie_rule": "match_xianee_hand"},
    },
}

"""Variant flags of 幺地人 (spec B7). Defaults are the spec's DECISIONs."""

from __future__ import annotations

from games.base import Flag

FLAGS: dict[str, Flag] = {
    f.name: f
    for f in (
        Flag("qualify_mode", "xy", ("xy", "off"),
             "xy: 起/打/仰 round, one 起 needed, hopeless hands fold, 包子 checks;"
             " off: everyone plays"),
        Flag("dealer_on_draw", "stay", ("stay", "next"),
             "dealer after 荒: stays, or the next seat"),
        Flag("tou_optional", False, doc="偷 (declaring 4/5 of a kind) may be declined"),
        Flag("after_kill", "draw_discard", ("draw_discard", "public_flip"),
             "after 杀/吐火: public supplementary draw into the hand then discard,"
             " or a normal flip"),
        Flag("chi_type_hu_restricted", False,
             doc="a player who may not 吃 the card may 胡 only with it in an identical set"),
        Flag("hu_pass_scope", "all", ("all", "others_discards_only", "off"),
             "which declined 胡 bar a later 碰-type 胡 on the same card"),
        Flag("threshold_strict", False, doc="砣 must exceed 34/33 instead of reaching it"),
        Flag("k3_breaks_duidui", True, doc="three different 7s break 对对胡"),
        Flag("all_black_exempt", False, doc="an all-black hand wins without the 砣 threshold"),
        Flag("tianhu", True, doc="the dealer may 胡 before his first discard (天胡)"),
        Flag("fan_mode", "gungun", ("gungun", "titi"), "滚滚番 2^番 or 梯梯番 1+番"),
        Flag("fan_cap", 4, (4, 3, 0), "番 cap (0: no cap)"),
        Flag("base_stake", 1, doc="points per unit"),
        Flag("payer", "all", ("all", "fangchong", "active_only"), "who pays the winner"),
        Flag("auto_fold", True, doc="other players whose estimate fails are folded (系统仰)"),
        Flag("baozi_penalty", 2, (2, 4, 0), "包子 pays this to each other player"),
        Flag("estimate_mode", "seed", ("seed", "xy"),
             "seed estimate, or xy (a concealed triple counts as its 4-set, a quad as its 5-set)"),
        Flag("no_discard_from_triple", False,
             doc="cards of a concealed triple may not be discarded or used in 吃"),
        Flag("qi_fan_guard", False,
             doc="the 起 player with 0 番 may not use a 幺地人 pair in a 吃"),
        Flag("upgrade_melds", False, doc="杀 onto one's 碰 set and 吐火 onto one's 杀 set"),
    )
}

PRESETS: dict[str, dict] = {
    "default": {},
    # The xy-games server's room defaults (spec source S8).
    "xy_server": {
        "dealer_on_draw": "next",
        "hu_pass_scope": "off",
        "k3_breaks_duidui": False,
        "estimate_mode": "xy",
        "no_discard_from_triple": True,
        "qi_fan_guard": True,
    },
    "titi": {"fan_mode": "titi"},
}

"""Variant flags of 顶牛 (spec A6). Defaults are the spec's DECISIONs."""

from __future__ import annotations

from games.base import Flag

FLAGS: dict[str, Flag] = {
    f.name: f
    for f in (
        Flag("head_rule", "random", ("random", "prev_winner", "rotate"),
             "who is 头牌 in the next hand: drawn at random, the last winner, or the next seat"),
        Flag("tie_distance", "play_order", ("play_order", "physical"),
             "'nearer the head' in ties: play order, or seats next to the head first"),
        Flag("pair_double_lead_all", False, (),
             "a head holding both copies of any double leads them together (not only 红八)"),
        Flag("sz_basis", "layout", ("layout", "hands"),
             "算帐 judged from the layout only, or counting 扣ed tiles as dead"),
        Flag("smother_values", "45", ("45", "all"),
             "classes whose smothering is a 算帐: 4 and 5 (砸红帐, 闷五帐) or every class"),
        Flag("smother_counts_doubles", False, (),
             "stranding only the doubles of a class also counts as smothering it"),
        Flag("sizha_scope", "all", ("all", "smothered_only"),
             "死砸 (a forced 算帐 is no 算帐) applies to every type or only to smothered ones"),
        Flag("sizha_smothered_end", False, (),
             "a forced smothered block ends the hand at once (hand tiles counted, plain score)"),
        Flag("sz_settlement", "hybrid", ("hybrid", "immediate_all", "play_out"),
             "after a 算帐: run-out for blocks / stop for smothered; stop and count every hand "
             "tile; or play on and count only 扣"),
        Flag("sz_tie", "tiebreak", ("tiebreak", "fail"),
             "a 算帐 player tied for fewest points succeeds by the tie rule, or fails"),
        Flag("zero_point_exemption", "head", ("head", "anyone"),
             "a 0-point 算帐 player is exempt (头牌净手): only the head, or anyone"),
        Flag("silan_scope", "hongzhang", ("hongzhang", "off", "all_classic"),
             "死拦: who failed to block a 红帐 pays it; off; or for every block type"),
        Flag("payout", "standard", ("standard", "doubletony"),
             "winner +6, 大庄 -3, 二庄 -2, 小庄 -1;"
             " or doubletony's 2/1 with tied winners splitting"),
    )
}

PRESETS: dict[str, dict] = {
    "default": {},
    # navpil's simulator (spec S4): any 0-point declarer is exempt, a forced
    # smothered block ends the hand, no 死拦 rule.
    "navpil": {"zero_point_exemption": "anyone", "sizha_smothered_end": True, "silan_scope": "off"},
    # The seed read literally: every hand tile counts at a 算帐.
    "literal": {"sz_settlement": "immediate_all"},
}

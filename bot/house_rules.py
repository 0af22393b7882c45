"""House rules in players' words: the name and one-line description of every
preset and variant flag of every game, and the names of the flags' choices.

The engines name presets and flags in code (`er_wu`, `fan_mode` ...); players
never see those. Msgids are English; translations are in locales/*/house.po.
A flag the tables here do not describe is not offered in /settings.
"""

from __future__ import annotations

from typing import Any

from bot.i18n import N_, Translator

# game id → preset → (name, one-line description)
PRESETS: dict[str, dict[str, tuple[str, str]]] = {
    "xianniu": {
        "default": (N_("Standard"), N_("The usual 掀牛 rules: stakes 1 and 2, 紧牌 allowed")),
        "gamehall": (N_("Game hall"), N_("As in the game-hall app: 33 ranks as printed, "
                                         "喜包亮 counts, the leader may 扣 and still 掀")),
    },
    "niujiu": {
        "default": (N_("Standard"), N_("The usual 掀牛九 rules: stakes 1 and 2, 串串 worth 6")),
        "er_wu": (N_("Two-five (二五)"), N_("Higher stakes: 性子 pays 2, 掀 pays 5")),
        "chuan3": (N_("串串 worth 3"),
                   N_("串串 counts 3, and 贴牌 matches the hand of whoever is xianed")),
    },
    "dingniu": {
        "default": (N_("Standard"), N_("The usual 顶牛 rules: 算帐 on 红帐 and 五帐, "
                                       "the head's clean hand is exempt")),
        "navpil": (N_("Relaxed 算帐"), N_("Anyone with 0 points is exempt, no 死拦, "
                                         "a forced 闷 block ends the hand")),
        "literal": (N_("Count every tile"),
                    N_("After a 算帐 play stops and every tile left in hand is counted")),
    },
    "paoyao": {
        "default": (N_("Standard"), N_("Two decks with 3s, 3 beats 2, 140 points win")),
        "wu_san": (N_("No 3s (无3)"), N_("All 3s are taken out: 100 cards, 25 each")),
        "san_xiao": (N_("3 below 2 (3比2小)"), N_("3 ranks just below 2 instead of above it")),
    },
    "changpai": {
        "default": (N_("Standard"), N_("起/打/仰 before play, 滚滚番 doubling, capped at 4 番")),
        "xy_server": (N_("Chongqing 幺地人"),
                      N_("As on the Chongqing card servers: dealer moves on a 荒, "
                         "stricter estimates and 吃")),
        "titi": (N_("Ladder fan (梯梯番)"), N_("Each 番 adds one unit instead of doubling")),
    },
}

ON, OFF = N_("on"), N_("off")

# flag → (name, one-line explanation, {value: choice name}); flags shared by
# 掀牛 and 掀牛九 are described once.
FLAGS: dict[str, dict[str, tuple[str, str, dict[Any, str]]]] = {}

_XIAN: dict[str, tuple[str, str, dict[Any, str]]] = {
    "dealer_first": (N_("First dealer"), N_("Who deals the first hand"),
                     {"random": N_("drawn by lot"), "cut": N_("cut for the high card")}),
    "dealer_next": (N_("Next dealer"), N_("Who deals the following hands"),
                    {"rotate": N_("the next seat"), "random": N_("drawn by lot"),
                     "winner": N_("the last winner")}),
    "bighand_mandatory": (N_("Big hands shown at once"),
                          N_("龙凤 and 八大对 must be shown at the deal"), {True: ON, False: OFF}),
    "ba_da_dui": (N_("八大对"), N_("Eight big pairs count as a big hand"), {True: ON, False: OFF}),
    "mixed_ten_pair": (N_("J with 10 is a pair"), N_("A J and a 10 together count as a pair"),
                       {True: ON, False: OFF}),
    "j_in_bai": (N_("J in a 摆"), N_("A J may stand in for the 10 of a 摆"),
                 {True: ON, False: OFF}),
    "max_bai_yu_multiple": (N_("Longest 摆/鱼"), N_("The most 摆 or 鱼 that may be played at once"),
                            {1: "1", 2: "2", 3: "3", 4: "4"}),
    "liang_bai_combo": (N_("亮子摆 and 四地拉鱼"), N_("Four of a kind may carry a 摆 or a 鱼"),
                        {True: ON, False: OFF}),
    "kkkk_attach_bai": (N_("Four kings carry 10 and 8"), N_("KKKK may take a 10 and an 8 along"),
                        {True: ON, False: OFF}),
    "xibaoliang": (N_("喜包亮"), N_("A 喜 may wrap a four of a kind"), {True: ON, False: OFF}),
    "tighten": (N_("紧牌"), N_("With 9 or more on the table a player may tighten"),
                {True: ON, False: OFF}),
    "tie_rule": (N_("贴牌 before a 掀"), N_("What a player discards before a 掀"),
                 {"off": OFF, "limit16": N_("up to the 16-card limit"),
                  "match_xianee_hand": N_("up to the xianed player's hand"),
                  "xianee_leaves": N_("up to the xianed player's table")}),
    "xi_first": (N_("喜前不喜后"), N_("A 喜 counts only early in the hand"),
                 {"off": OFF, "first_lead": N_("first lead only"),
                  "first_play": N_("first play only")}),
    "leader_kou_keeps_xian_right": (N_("Leader's 扣 keeps 掀"),
                                    N_("The leader may 扣 and still 掀 later"),
                                    {True: ON, False: OFF}),
    "xian_poll": (N_("Who may 掀"), N_("Who is asked after a player 扣s"),
                  {"sequential_first": N_("the next player first"),
                   "all_may_xian": N_("everyone")}),
    "ci_ends_hand": (N_("11 ends the hand"), N_("Reaching 11 on the table ends the hand"),
                     {True: ON, False: OFF}),
    "stake": (N_("Stakes"), N_("Points of a 性子 and of a 掀"),
              {(1, 2): N_("1 and 2 (一二)"), (2, 5): N_("2 and 5 (二五)"),
               (1, 3): N_("1 and 3"), (2, 4): N_("2 and 4")}),
    "min_base_for_six": (N_("Least 性子 paid"), N_("Whether a winner with no 性子 is paid"),
                         {0: N_("paid anyway"), 1: N_("needs 1 性子")}),
    "bighand_payment": (N_("Who pays a big hand"), N_("Who pays when a big hand wins"),
                        {"double_last_xianer": N_("the last to 掀 pays double"),
                         "bao_ci": N_("包呲: one player pays all"), "plain": N_("everyone pays")}),
    "bighand_double_includes_xian": (N_("Double includes 掀"),
                                     N_("The double payment includes the 掀 money"),
                                     {True: ON, False: OFF}),
    "liang_split_rule": (N_("Splitting a 亮子"),
                         N_("Whether four of a kind may be played in parts"),
                         {"kkk_bai_only": N_("only KKK in a 摆"), "none": N_("never"),
                          "any_split": N_("always")}),
    "pair_33_rule": (N_("Rank of 33"), N_("Where a pair of 3s ranks"),
                     {"tier6": N_("equal to 66"), "cpp": N_("as the game hall ranks it")}),
    "chuan_points": (N_("串串 points"), N_("How much 串串 (the 3) counts"), {6: "6", 3: "3"}),
    "n_four_9_5_tier": (N_("9999 and 5555"), N_("Whether four 9s and four 5s have their own rank"),
                        {"9_5": ON, "none": OFF}),
}
FLAGS["xianniu"] = _XIAN
FLAGS["niujiu"] = _XIAN

FLAGS["dingniu"] = {
    "head_rule": (N_("Next head"), N_("Who leads (头牌) the next hand"),
                  {"random": N_("drawn by lot"), "prev_winner": N_("the last winner"),
                   "rotate": N_("the next seat")}),
    "tie_distance": (N_("Ties"), N_("Who wins a tie: nearer the head by"),
                     {"play_order": N_("play order"), "physical": N_("seats")}),
    "pair_double_lead_all": (N_("Doubles led together"),
                             N_("A head with both copies of a double leads them together"),
                             {True: ON, False: N_("only 红八")}),
    "sz_basis": (N_("算帐 judged on"), N_("What a 算帐 is judged from"),
                 {"layout": N_("the tiles on the table"), "hands": N_("also the 扣ed tiles")}),
    "smother_values": (N_("闷 counts for"), N_("Which classes count as smothered"),
                       {"45": N_("4 and 5"), "all": N_("every class")}),
    "smother_counts_doubles": (N_("Doubles smother"), N_("Stranding only the doubles counts as 闷"),
                               {True: ON, False: OFF}),
    "sizha_scope": (N_("死砸"), N_("A forced 算帐 is no 算帐 for"),
                    {"all": N_("every kind"), "smothered_only": N_("闷 only")}),
    "sizha_smothered_end": (N_("Forced 闷 ends the hand"),
                            N_("A forced smothered block ends the hand at once"),
                            {True: ON, False: OFF}),
    "sz_settlement": (N_("After a 算帐"), N_("How a hand goes on after a 算帐"),
                      {"hybrid": N_("play out blocks, stop on 闷"),
                       "immediate_all": N_("stop and count every tile"),
                       "play_out": N_("play on, count only 扣")}),
    "sz_tie": (N_("算帐 tie"), N_("A 算帐 player tied for fewest points"),
               {"tiebreak": N_("tie rule decides"), "fail": N_("fails")}),
    "zero_point_exemption": (N_("净手 exemption"), N_("Who is exempt with 0 points"),
                             {"head": N_("only the head"), "anyone": N_("anyone")}),
    "silan_scope": (N_("死拦"), N_("Who failed to block pays the 帐"),
                    {"hongzhang": N_("for 红帐"), "off": OFF, "all_classic": N_("for every 帐")}),
    "payout": (N_("Payout"), N_("How the winner is paid"),
               {"standard": N_("+6, 大庄 −3, 二庄 −2, 小庄 −1"),
                "doubletony": N_("2 and 1, tied winners split")}),
}

FLAGS["paoyao"] = {
    "three_beats_two": (N_("3 above 2"), N_("Whether 3 ranks above 2"),
                        {True: N_("3 beats 2"), False: N_("3 below 2 (3比2小)")}),
    "remove_threes": (N_("无3"), N_("Take out every 3: 25 cards each"), {True: ON, False: OFF}),
    "win_threshold": (N_("Winning points"), N_("Points a team needs to win"),
                      {120: "120", 140: "140", 160: "160"}),
    "kangqi_threshold": (N_("扛旗 points"), N_("Points the first-out team needs to win at once"),
                         {80: "80", 90: "90", 100: "100"}),
    "kangqi_check": (N_("扛旗 checked"), N_("When 扛旗 is checked"),
                     {"continuous": N_("after every trick"), "on_out_only": N_("when going out")}),
    "snow_threshold": (N_("雪 limit"), N_("雪 is allowed when the losers have at most"),
                       {10: "10", 20: "20", 30: "30"}),
    "snow_threshold_inclusive": (N_("雪 limit included"), N_("The limit itself still allows 雪"),
                                 {True: ON, False: OFF}),
    "snow_deciders": (N_("Who decides 雪"), N_("Which winners decide on 雪"),
                      {"active_winners": N_("winners still playing"),
                       "all_winners": N_("all winners")}),
    "snow_vote": (N_("雪 vote"), N_("How the winners' answers combine"),
                  {"any_snow": N_("one 雪 is enough"), "unanimous_snow": N_("all must say 雪")}),
    "snow_timeout_default": (N_("No answer on 雪"), N_("What an unanswered 雪 question means"),
                             {"no_snow": N_("no 雪"), "snow": N_("雪")}),
    "jiefeng": (N_("接风"), N_("Who leads after an out player's trick"),
                {"partner": N_("the partner"), "next_active": N_("the next player")}),
    "first_leader": (N_("First leader"), N_("Who leads the first hand"),
                     {"random": N_("drawn by lot"), "host": N_("whoever opened the table"),
                      "seat0": N_("seat 1")}),
    "next_leader": (N_("Next leader"), N_("Who leads the following hands"),
                    {"first_out": N_("the first out"), "rotate": N_("the next seat")}),
    "leftover_points": (N_("Points left in hand"), N_("Points still in a hand at the end"),
                        {"none": N_("count for nobody"),
                         "to_opponents_of_holder": N_("go to the holder's opponents")}),
    "zero_sum": (N_("Scoring"), N_("How a hand is scored"),
                 {True: N_("winners gain what losers lose"), False: N_("winners only"),
                  "winners_only": N_("winners only")}),
    "hands_per_match": (N_("Hands a match"), N_("How many hands make a match"),
                        {4: "4", 8: "8", 12: "12"}),
    "show_partner_hand_after_out": (N_("See partner's hand"),
                                    N_("A player who is out sees the partner's hand"),
                                    {True: ON, False: OFF}),
    "ming_yao": (N_("明幺"), N_("Everyone's count of A and 4 is shown"), {True: ON, False: OFF}),
}

FLAGS["changpai"] = {
    "qualify_mode": (N_("起/打/仰"), N_("A round before play where weak hands fold"),
                     {"xy": ON, "off": N_("off: everyone plays")}),
    "dealer_on_draw": (N_("Dealer after 荒"), N_("Who deals after a drawn hand"),
                       {"stay": N_("the same dealer"), "next": N_("the next seat")}),
    "tou_optional": (N_("偷 optional"), N_("Declaring four or five of a kind may be skipped"),
                     {True: ON, False: OFF}),
    "after_kill": (N_("After 杀"), N_("What follows a 杀 or 吐火"),
                   {"draw_discard": N_("draw then discard"), "public_flip": N_("flip a card")}),
    "chi_type_hu_restricted": (N_("胡 without 吃"),
                               N_("Who may not 吃 a card may 胡 on it only in a set of the same"),
                               {True: ON, False: OFF}),
    "hu_pass_scope": (N_("Passed 胡"), N_("Which declined 胡 bar a later 碰-type 胡"),
                      {"all": N_("every card"), "others_discards_only": N_("others' discards"),
                       "off": OFF}),
    "threshold_strict": (N_("砣 strictly above"), N_("砣 must exceed 34/33 instead of reaching it"),
                         {True: ON, False: OFF}),
    "k3_breaks_duidui": (N_("Three 7s break 对对胡"), N_("Three different 7s break 对对胡"),
                         {True: ON, False: OFF}),
    "all_black_exempt": (N_("All black wins"), N_("An all-black hand wins without enough 砣"),
                         {True: ON, False: OFF}),
    "tianhu": (N_("天胡"), N_("The dealer may 胡 before the first discard"),
               {True: ON, False: OFF}),
    "fan_mode": (N_("番 counting"), N_("How 番 multiply the payment"),
                 {"gungun": N_("滚滚番: doubling"), "titi": N_("梯梯番: one more each")}),
    "fan_cap": (N_("番 cap"), N_("The most 番 that count"), {4: "4", 3: "3", 0: N_("no cap")}),
    "base_stake": (N_("Stake"), N_("Points per unit"), {1: "1", 2: "2", 5: "5"}),
    "payer": (N_("Who pays"), N_("Who pays the winner"),
              {"all": N_("everyone"), "fangchong": N_("the discarder (放冲)"),
               "active_only": N_("players still in")}),
    "auto_fold": (N_("Automatic 仰"), N_("Hands whose estimate fails fold by themselves"),
                  {True: ON, False: OFF}),
    "baozi_penalty": (N_("包子 penalty"), N_("What a 包子 pays each other player"),
                      {2: "2", 4: "4", 0: "0"}),
    "estimate_mode": (N_("Estimate"), N_("How a hand's 砣 is estimated for 起"),
                      {"seed": N_("as dealt"), "xy": N_("triples as four")}),
    "no_discard_from_triple": (N_("Keep triples"), N_("A concealed triple may not be broken"),
                               {True: ON, False: OFF}),
    "qi_fan_guard": (N_("起 guard"), N_("A 起 player with 0 番 may not 吃 with 幺地人"),
                     {True: ON, False: OFF}),
    "upgrade_melds": (N_("Upgrade melds"), N_("杀 onto one's 碰 and 吐火 onto one's 杀"),
                      {True: ON, False: OFF}),
}

STAKE_FLAGS = {"xianniu": "stake", "niujiu": "stake", "changpai": "base_stake"}


def preset_name(game_id: str, preset: str, _: Translator) -> str:
    name = PRESETS.get(game_id, {}).get(preset)
    if name is None:
        return _("Standard") if preset == "default" else _("Custom")
    return _(name[0])


def find_preset(game_id: str, presets, word: str) -> str | None:
    """A preset typed after /new or `paiju play --preset`: its name in any
    language, with or without the Chinese in brackets ("Two-five", "二五",
    "two five (二五)"), or its code name (`er_wu`)."""
    from bot.i18n import LANGS, translator

    wanted = _loose(word)
    if not wanted:
        return None
    for p in presets:
        names = {p, *(preset_name(game_id, p, translator(lang)) for lang in LANGS)}
        if any(wanted in (_loose(n), _loose(n.split("(")[0]), _loose(_bracketed(n)))
               for n in names):
            return p
    return None


def _loose(text: str) -> str:
    """A name as typed, compared loosely: case, spaces, - and _ ignored."""
    return "".join(ch for ch in text.lower() if ch.isalnum())


def _bracketed(name: str) -> str:
    """The words in brackets of a name: "Two-five (二五)" → "二五"."""
    return name[name.index("(") + 1:name.rindex(")")] if "(" in name and ")" in name else ""


def preset_about(game_id: str, preset: str, _: Translator) -> str:
    name = PRESETS.get(game_id, {}).get(preset)
    return _(name[1]) if name else ""


def _key(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value


def flags_of(game_id: str, game: Any) -> list[str]:
    """The flags /settings offers for a game: the engine's, in its order."""
    known = FLAGS.get(game_id, {})
    return [f for f in game.flags if f in known]


def flag_name(game_id: str, flag: str, _: Translator) -> str:
    return _(FLAGS[game_id][flag][0])


def flag_about(game_id: str, flag: str, _: Translator) -> str:
    return _(FLAGS[game_id][flag][1])


def choices(game_id: str, flag: str, game: Any) -> list[Any]:
    """The values a button may set: the engine's choices, else ours; a value
    the group already has stays choosable."""
    f = game.flags[flag]
    values = list(f.choices) if f.choices else [list(v) if isinstance(v, tuple) else v
                                                 for v in FLAGS[game_id][flag][2]]
    if isinstance(f.default, bool) and not f.choices:
        values = [True, False]
    return values


def choice_name(game_id: str, flag: str, value: Any, _: Translator) -> str:
    names = FLAGS[game_id][flag][2]
    key = _key(value)
    if key in names:
        text = names[key]
        return _(text) if not text.isdigit() else text
    if isinstance(key, tuple):
        return "/".join(map(str, key))
    return str(value)


def differences(game_id: str, game: Any, variant: dict[str, Any], preset: str) -> list[str]:
    """The flags where `variant` differs from the preset's rules."""
    base = game.preset(preset) if preset in game.presets else game.variant({})
    return [f for f in flags_of(game_id, game) if _key(variant.get(f)) != _key(base.get(f))]

"""House rules in players' words: the name and one-line description of every
preset and variant flag of every game, and the names of the flags' choices.

The engines name presets and flags in code (`er_wu`, `fan_mode` ...); players
never see those. Msgids are English; translations are in locales/*/house.po.
A flag the tables here do not describe is not offered in /settings.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from bot.i18n import N_, Translator
from games.base import Game

# game id → preset → (name, one-line description)
PRESETS: dict[str, dict[str, tuple[str, str]]] = {
    "xianniu": {
        "default": (N_("Standard"), N_("The usual rules: a point (性子) pays 1, a xian (掀) 2; "
                                      "tighten (紧牌) allowed")),
        "gamehall": (N_("Game hall"), N_("As in the game-hall app: a pair of 3s ranks as "
                                         "there, four of a kind with joys (喜包亮) counts, "
                                         "and the leader may stand (扣) and still xian (掀)")),
    },
    "niujiu": {
        "default": (N_("Standard"), N_("The usual rules: a point (性子) pays 1, a xian (掀) "
                                      "2; the Skewer (串串) counts 6")),
        "er_wu": (N_("Two-five (二五)"), N_("Higher stakes: a point (性子) pays 2, a xian (掀) 5")),
        "chuan3": (N_("串串 worth 3"),
                   N_("The Skewer (串串) counts 3, and before a xian (掀) you "
                      "discard down to the hand of the player you xian")),
    },
    "dingniu": {
        "default": (N_("Standard"), N_("The usual 顶牛 rules: every block (算帐) counts; a "
                                       "leader with a clean hand (净手) is exempt")),
        "navpil": (N_("Relaxed blocks (算帐)"),
                   N_("Anyone with 0 pips is exempt, nobody pays for failing to stop a block "
                      "(死拦), a forced smothered block ends the hand")),
        "literal": (N_("Count every tile"),
                    N_("After a block (算帐) play stops and every tile left in hand counts")),
    },
    "paoyao": {
        "default": (N_("Standard"), N_("Two decks with 3s, 3 beats 2, 140 points win")),
        "wu_san": (N_("No 3s (无3)"), N_("All 3s are taken out: 100 cards, 25 each")),
        "san_xiao": (N_("3 below 2 (3比2小)"), N_("3 ranks just below 2 instead of above it")),
    },
    "changpai": {
        "default": (N_("Standard"), N_("Declare (起), play or fold (仰) before play; each fan "
                                       "(番) doubles the payment (滚滚番), up to 4 fan")),
        "xy_server": (N_("Chongqing card servers"),
                      N_("As on the Chongqing card servers: the deal passes on after a hand "
                         "nobody won (荒), stricter estimates and chows (吃)")),
        "titi": (N_("Ladder (梯梯番)"), N_("Each fan (番) adds one unit instead of doubling")),
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
                          N_("A dragon and phoenix (龙凤) or eight pairs (八大对) "
                             "must be shown at the deal"), {True: ON, False: OFF}),
    "ba_da_dui": (N_("Eight pairs (八大对)"), N_("Eight pairs count as a big hand"),
                  {True: ON, False: OFF}),
    "mixed_ten_pair": (N_("J with 10 is a pair"), N_("A J and a 10 together count as a pair"),
                       {True: ON, False: OFF}),
    "j_in_bai": (N_("J in a bai (摆)"), N_("A J may take the place of the 10 in a bai (摆)"),
                 {True: ON, False: OFF}),
    "max_bai_yu_multiple": (N_("Longest bai (摆) or fish (鱼)"),
                            N_("The most bai (摆) or fish (鱼) played at once"),
                            {1: "1", 2: "2", 3: "3", 4: "4"}),
    "liang_bai_combo": (N_("Fours with bai (摆) or fish (鱼)"),
                        N_("Four of a kind may carry a bai (摆) or a fish (鱼): 亮子摆, 四地拉鱼"),
                        {True: ON, False: OFF}),
    "kkkk_attach_bai": (N_("Four kings carry 10 and 8"), N_("KKKK may take a 10 and an 8 along"),
                        {True: ON, False: OFF}),
    "xibaoliang": (N_("Joys wrap a four (喜包亮)"),
                   N_("A joy pair (公喜) or three joys (三喜) may wrap a four of a kind"),
                   {True: ON, False: OFF}),
    "tighten": (N_("Tighten (紧牌)"),
                N_("With 9 or more on the table the leader may tighten (紧牌)"),
                {True: ON, False: OFF}),
    "tie_rule": (N_("Discard before a xian (掀)"),
                 N_("What a player discards (贴牌) before calling xian (掀)"),
                 {"off": OFF, "limit16": N_("up to the 16-card limit"),
                  "match_xianee_hand": N_("to match the other's hand"),
                  "xianee_leaves": N_("as many as the other's table")}),
    "xi_first": (N_("Joys only as first lead"),
                 N_("A joy pair (公喜) or three joys (三喜) score only as their player's first "
                    "lead (喜前不喜后)"),
                 {"off": OFF, "first_lead": N_("first lead only"),
                  "first_play": N_("first play only")}),
    "leader_kou_keeps_xian_right": (N_("Stand (扣), still xian (掀)"),
                                    N_("The leader may stand (扣) and still xian (掀) later"),
                                    {True: ON, False: OFF}),
    "xian_poll": (N_("Who may xian (掀)"), N_("Who is asked after a player stands (扣)"),
                  {"sequential_first": N_("the next player first"),
                   "all_may_xian": N_("everyone")}),
    "ci_ends_hand": (N_("11 ends the hand"), N_("Reaching 11 on the table ends the hand"),
                     {True: ON, False: OFF}),
    "stake": (N_("Stakes"), N_("What a point (性子) and a xian (掀) are worth"),
              {(1, 2): N_("1 and 2 (一二)"), (2, 5): N_("2 and 5 (二五)"),
               (1, 3): N_("1 and 3"), (2, 4): N_("2 and 4")}),
    "min_base_for_six": (N_("Winner with no points"),
                         N_("What a winner with 6 but no points (性子) is paid"),
                         {0: N_("nothing, a draw"), 1: N_("1 point anyway")}),
    "bighand_payment": (N_("Who pays a big hand"), N_("Who pays when a big hand wins"),
                        {"double_last_xianer": N_("last to xian (掀) pays double"),
                         "bao_ci": N_("last to xian (掀) pays all"),
                         "plain": N_("everyone pays")}),
    "bighand_double_includes_xian": (N_("Double includes the xian (掀)"),
                                     N_("The double payment includes the xian (掀) money"),
                                     {True: ON, False: OFF}),
    "liang_split_rule": (N_("Four of a kind in parts"),
                         N_("Whether four of a kind may be played in parts"),
                         {"kkk_bai_only": N_("only KKK and a bai (摆)"), "none": N_("never"),
                          "any_split": N_("always")}),
    "pair_33_rule": (N_("Rank of 33"), N_("Where a pair of 3s ranks"),
                     {"tier6": N_("equal to 66"), "cpp": N_("as the game hall ranks it")}),
    "chuan_points": (N_("Skewer (串串) counts"), N_("What the Skewer (串串, the 3) counts"),
                     {6: "6", 3: "3"}),
    "n_four_9_5_tier": (N_("9999 and 5555"), N_("Whether four 9s and four 5s have their own rank"),
                        {"9_5": ON, "none": OFF}),
}
FLAGS["xianniu"] = _XIAN
FLAGS["niujiu"] = _XIAN

FLAGS["dingniu"] = {
    "head_rule": (N_("Next hand's leader"), N_("Who leads (头牌) the next hand"),
                  {"random": N_("drawn by lot"), "prev_winner": N_("the last winner"),
                   "rotate": N_("the next seat")}),
    "tie_distance": (N_("Ties"), N_("Who wins a tie: nearer the leader by"),
                     {"play_order": N_("play order"), "physical": N_("seats")}),
    "pair_double_lead_all": (N_("Doubles led together"),
                             N_("A leader with both copies of a double leads them together"),
                             {True: ON, False: N_("only Man (红八)")}),
    "sz_basis": (N_("Blocks (算帐) judged on"), N_("What a block (算帐) is judged from"),
                 {"layout": N_("the tiles on the table"), "hands": N_("also the face-down tiles")}),
    "smother_values": (N_("Smothering (闷) counts for"), N_("Which classes count as smothered"),
                       {"45": N_("4 and 5"), "all": N_("every class")}),
    "smother_counts_doubles": (N_("Doubles smother"),
                               N_("Stranding only the doubles counts as smothering"),
                               {True: ON, False: OFF}),
    "sizha_scope": (N_("Forced blocks (死砸)"), N_("A forced block does not count for"),
                    {"all": N_("every kind"), "smothered_only": N_("smothered only")}),
    "sizha_smothered_end": (N_("Forced smothering ends the hand"),
                            N_("A forced smothered block ends the hand at once"),
                            {True: ON, False: OFF}),
    "sz_settlement": (N_("After a block (算帐)"), N_("How a hand goes on after a block"),
                      {"hybrid": N_("play out, or stop if smothered"),
                       "immediate_all": N_("stop and count every tile"),
                       "play_out": N_("play on, count face-down only")}),
    "sz_tie": (N_("Block tie"), N_("A blocking player tied for the fewest pips"),
               {"tiebreak": N_("tie rule decides"), "fail": N_("fails")}),
    "zero_point_exemption": (N_("Clean hand (净手) exemption"), N_("Who is exempt with 0 pips"),
                             {"head": N_("only the leader"), "anyone": N_("anyone")}),
    "silan_scope": (N_("Failing to stop (死拦)"), N_("Who could have stopped a block pays for it"),
                    {"hongzhang": N_("for fours (红帐)"), "off": OFF,
                     "all_classic": N_("for every block")}),
    "payout": (N_("Payout"), N_("How the winner is paid"),
               {"standard": N_("+6; last −3, 3rd −2, 2nd −1"),
                "doubletony": N_("2 and 1, tied winners split")}),
}

FLAGS["paoyao"] = {
    "three_beats_two": (N_("3 above 2"), N_("Whether 3 ranks above 2"),
                        {True: N_("3 beats 2"), False: N_("3 below 2 (3比2小)")}),
    "remove_threes": (N_("No 3s (无3)"), N_("Take out every 3: 25 cards each"),
                      {True: ON, False: OFF}),
    "win_threshold": (N_("Winning points"), N_("Points a team needs to win"),
                      {120: "120", 140: "140", 160: "160"}),
    "kangqi_threshold": (N_("First-out win points (扛旗)"),
                         N_("Points the first-out team needs to win at once"),
                         {80: "80", 90: "90", 100: "100"}),
    "kangqi_check": (N_("First-out win checked (扛旗)"),
                     N_("When the first-out win (扛旗) is checked"),
                     {"continuous": N_("after every trick"), "on_out_only": N_("when going out")}),
    "snow_threshold": (N_("Snow (雪) limit"),
                       N_("A snow (雪) is allowed when the losers have at most"),
                       {10: "10", 20: "20", 30: "30"}),
    "snow_threshold_inclusive": (N_("Snow (雪) limit included"),
                                 N_("The limit itself still allows a snow (雪)"),
                                 {True: ON, False: OFF}),
    "snow_deciders": (N_("Who decides on snow (雪)"), N_("Which winners decide on a snow (雪)"),
                      {"active_winners": N_("winners still playing"),
                       "all_winners": N_("all winners")}),
    "snow_vote": (N_("Snow (雪) vote"), N_("How the winners' answers combine"),
                  {"any_snow": N_("one snow (雪) is enough"),
                   "unanimous_snow": N_("all must say snow (雪)")}),
    "snow_timeout_default": (N_("No answer on snow (雪)"),
                             N_("What an unanswered snow (雪) question means"),
                             {"no_snow": N_("no snow"), "snow": N_("snow")}),
    "jiefeng": (N_("After an out player's trick"),
                N_("Who leads after a trick won by a player who is out (接风)"),
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
    "ming_yao": (N_("Open A and 4 counts (明幺)"), N_("Everyone's count of As and 4s is shown"),
                 {True: ON, False: OFF}),
}

FLAGS["changpai"] = {
    "qualify_mode": (N_("Declare or fold (起/打/仰)"),
                     N_("A round before play where weak hands fold"),
                     {"xy": ON, "off": N_("off: everyone plays")}),
    "dealer_on_draw": (N_("Dealer after no winner (荒)"), N_("Who deals after a hand nobody won"),
                       {"stay": N_("the same dealer"), "next": N_("the next seat")}),
    "tou_optional": (N_("Locking (偷) optional"),
                     N_("Locking four or five of a kind may be skipped"),
                     {True: ON, False: OFF}),
    "after_kill": (N_("After a kill (杀)"), N_("What follows a kill (杀) or fire (吐火)"),
                   {"draw_discard": N_("draw then discard"), "public_flip": N_("flip a card")}),
    "chi_type_hu_restricted": (N_("Wins (胡) without chow (吃)"),
                               N_("Who may not chow a card may win on it only in a set of the "
                                  "same kind"),
                               {True: ON, False: OFF}),
    "hu_pass_scope": (N_("Passed wins (胡)"),
                      N_("Which declined wins bar a later pong-type (碰) win"),
                      {"all": N_("every card"), "others_discards_only": N_("others' discards"),
                       "off": OFF}),
    "threshold_strict": (N_("Tuo (砣) strictly above"),
                         N_("Tuo must exceed 34/33 instead of reaching it"),
                         {True: ON, False: OFF}),
    "k3_breaks_duidui": (N_("Three 7s break all-alike (对对胡)"),
                         N_("Three different 7s break all sets alike (对对胡)"),
                         {True: ON, False: OFF}),
    "all_black_exempt": (N_("All black wins"), N_("An all-black hand wins without enough tuo (砣)"),
                         {True: ON, False: OFF}),
    "tianhu": (N_("Dealer's first-card win (天胡)"),
               N_("The dealer may win (胡) before the first discard"),
               {True: ON, False: OFF}),
    "fan_mode": (N_("Counting fan (番)"), N_("How fan multiply the payment"),
                 {"gungun": N_("doubling each (滚滚番)"),
                  "titi": N_("one unit more each (梯梯番)")}),
    "fan_cap": (N_("Fan (番) cap"), N_("The most fan that count"),
                {4: "4", 3: "3", 0: N_("no cap")}),
    "base_stake": (N_("Stake"), N_("Points per unit"), {1: "1", 2: "2", 5: "5"}),
    "payer": (N_("Who pays"), N_("Who pays the winner"),
              {"all": N_("everyone"), "fangchong": N_("whoever gave the card (放铳)"),
               "active_only": N_("players still in")}),
    "auto_fold": (N_("Automatic fold (仰)"), N_("Hands whose estimate fails fold by themselves"),
                  {True: ON, False: OFF}),
    "baozi_penalty": (N_("Dead hand (包子) penalty"), N_("What a dead hand pays each other player"),
                      {2: "2", 4: "4", 0: "0"}),
    "estimate_mode": (N_("Estimate"), N_("How a hand's tuo (砣) is estimated for declaring (起)"),
                      {"seed": N_("as dealt"), "xy": N_("triples as four")}),
    "no_discard_from_triple": (N_("Keep triples"), N_("A concealed triple may not be broken"),
                               {True: ON, False: OFF}),
    "qi_fan_guard": (N_("Declarer's guard (起)"),
                     N_("A declarer with 0 fan (番) may not chow with Earth, Man or One-Four"),
                     {True: ON, False: OFF}),
    "upgrade_melds": (N_("Upgrade sets"),
                      N_("Kill (杀) onto one's pong (碰), fire (吐火) onto one's kill"),
                      {True: ON, False: OFF}),
}

STAKE_FLAGS = {"xianniu": "stake", "niujiu": "stake", "changpai": "base_stake"}


def preset_name(game_id: str, preset: str, _: Translator) -> str:
    name = PRESETS.get(game_id, {}).get(preset)
    if name is None:
        return _("Standard") if preset == "default" else _("Custom")
    return _(name[0])


def find_preset(game_id: str, presets: Iterable[str], word: str) -> str | None:
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


def flags_of(game_id: str, game: Game) -> list[str]:
    """The flags /settings offers for a game: the engine's, in its order."""
    known = FLAGS.get(game_id, {})
    return [f for f in game.flags if f in known]


def flag_name(game_id: str, flag: str, _: Translator) -> str:
    return _(FLAGS[game_id][flag][0])


def flag_about(game_id: str, flag: str, _: Translator) -> str:
    return _(FLAGS[game_id][flag][1])


def choices(game_id: str, flag: str, game: Game) -> list[Any]:
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


def differences(game_id: str, game: Game, variant: dict[str, Any], preset: str) -> list[str]:
    """The flags where `variant` differs from the preset's rules."""
    base = game.preset(preset) if preset in game.presets else game.variant({})
    return [f for f in flags_of(game_id, game) if _key(variant.get(f)) != _key(base.get(f))]

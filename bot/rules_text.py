"""/rules [game]: a concise summary of each game (how to win, the plays, how
scoring works) and the group's current preset and changed flags, split into
Telegram messages. The same text, in every language, is docs/PLAYING.md:
`python -m bot.rules_text > docs/PLAYING.md` (a test checks the file is current).
"""

from __future__ import annotations

import sys
from typing import Any

from bot import catalog, house_rules
from bot.i18n import LANG_NAMES, LANGS, N_, Translator, translator

MAX_MESSAGE = 4096

# game id → (how to win, the plays, scoring): one short paragraph each
SUMMARY: dict[str, tuple[str, str, str]] = {
    "xianniu": (
        N_("3 players, 48 poker cards without the 4s, 16 each. Whoever has at least 6 cards "
           "standing on the table (够6张) when the hand ends wins; the table holds at most 16."),
        N_("The leader plays a single, a pair, three or four of a kind, a 摆 or a 鱼. Whoever can "
           "beat it must (有拦必拦); the last play stands on its owner's table. Instead of "
           "leading you may 扣 (stop); the others may then 掀 you: you must lead again, and "
           "a 掀er who does not reach 6 pays for it. With 9 or more on the table 紧牌 cuts "
           "every hand down."),
        N_("Every loser pays each winner his 性子 (a red-black pair of 9s or 5s counts 2, three "
           "of them 3, each 亮子 2). 11 or more on the table is a big hand: 11 pays 4, 12 pays 5 "
           "and so on. Stakes are per 性子 and per 掀."),
    ),
    "niujiu": (
        N_("3 players, 48 牛九 cards (poker stand-ins without Aces), 16 each. Whoever has at "
           "least 6 cards standing on the table when the hand ends wins."),
        N_("Cards go by their 牛九 names: 天, 虎, 花十, 梅十, 牛九, 牛八, 红八, 摇七, 铜锤, 串串, "
           "合六, 板凳, 合三, 地眼. The leader plays a single, a pair, three or four of a kind, a "
           "摆 or a 鱼; whoever can beat it must. You may 扣 instead of leading, and the others "
           "may 掀 you to make you lead again."),
        N_("Every loser pays each winner his 性子 (a 公牛 or 公喜 pair counts 2, three of them "
           "3, each 亮子 2; 串串 as the rules say). 11 or more on the table is a big hand. "
           "Stakes are per 性子 and per 掀, e.g. 二五."),
    ),
    "dingniu": (
        N_("4 players, 24 牌九 tiles, 6 each. Play goes round from the head (头牌). When every "
           "tile is down, the fewest points on your 扣ed tiles wins."),
        N_("Add a tile to one of the two open ends so the pips match. A tile that fits must be "
           "played; with none you lay one face down (扣) and its points count against you. A "
           "play that leaves nobody able to follow (红帐, 五帐 ...) is a 算帐."),
        N_("The winner gets 6: 大庄 pays 3, 二庄 2, 小庄 1. A successful 算帐 doubles every "
           "payment; a failed one makes its player pay 12 alone (包庄)."),
    ),
    "paoyao": (
        N_("4 players in two teams, partners opposite, two 54-card decks (27 each). Tricks "
           "win the 5s, 10s and Ks in them (5, 10 and 10 points); a team with 140 wins the "
           "hand."),
        N_("Lead singles, pairs, straights or 路 (three or more of a kind: the more, the "
           "higher), with 幺 (4s with an A) and the jokers above; follow with a higher play or "
           "pass. 3 beats 2 unless the group plays 3比2小. The first player out may win at once "
           "with 90 (扛旗)."),
        N_("The winning team gains what the losers lose. Losers with very few points may be "
           "snowed (雪), which multiplies the payment; the winners decide."),
    ),
    "changpai": (
        N_("3 players, 105 川牌 (21 kinds × 5); the dealer takes 21 cards, the others 20. Win "
           "(胡) with 7 坎 and enough 砣: 34 for the dealer, 33 for the others."),
        N_("Before play each says 起, 打 or 仰 (weak hands fold). Then draw, discard and claim: "
           "碰 three alike, 吃 to finish a 坎, 杀 and 偷 for four or five alike. A hand no "
           "longer able to win folds."),
        N_("The winner is paid by every other player: a unit per 番, 滚滚番 doubling per 番 "
           "(or 梯梯番 adding one), capped as the group says. A 包子 pays a penalty."),
    ),
}


def current_rules(
    game_id: str, preset: str, variant: dict[str, Any], _: Translator, in_play: bool = False
) -> list[str]:
    """The preset and each flag that differs from it: a sitting's own rules
    (`in_play`: the game open in the chat) or the chat's for its next game."""
    g = catalog.game(game_id)
    head = _("This game's rules: {preset}") if in_play else _("Rules here: {preset}")
    lines = [head.format(preset=house_rules.preset_name(game_id, preset, _))]
    about = house_rules.preset_about(game_id, preset, _)
    if about:
        lines.append(about)
    for f in house_rules.differences(game_id, g, variant, preset):
        lines.append("• " + _("{flag}: {value}").format(
            flag=house_rules.flag_name(game_id, f, _),
            value=house_rules.choice_name(game_id, f, variant[f], _)))
    return lines


def text(
    game_id: str, preset: str, variant: dict[str, Any], _: Translator, in_play: bool = False
) -> str:
    name = catalog.presenter(game_id).game_name(_)
    win, plays, scoring = (_(t) for t in SUMMARY[game_id])
    parts = [
        _("📖 {game}").format(game=name),
        _("How to win: {text}").format(text=win),
        _("The plays: {text}").format(text=plays),
        _("Scoring: {text}").format(text=scoring),
        "\n".join(current_rules(game_id, preset, variant, _, in_play)),
    ]
    return "\n\n".join(parts)


def split(text_: str, limit: int = MAX_MESSAGE) -> list[str]:
    """Messages of at most `limit` characters, cut at paragraph or line ends."""
    out: list[str] = []
    current = ""
    for para in text_.split("\n"):
        while len(para) > limit:  # one endless line: cut it hard
            out.append(para[:limit])
            para = para[limit:]
        candidate = f"{current}\n{para}" if current else para
        if len(candidate) > limit:
            out.append(current)
            current = para
        else:
            current = candidate
    if current:
        out.append(current)
    return out


def messages(
    game_id: str, preset: str, variant: dict[str, Any], _: Translator, in_play: bool = False
) -> list[str]:
    return split(text(game_id, preset, variant, _, in_play))


def playing_md() -> str:
    """docs/PLAYING.md: every game's summary with its standard rules, in every language."""
    out = ["# Paiju: how to play / 怎么玩 / 怎麼玩", "",
           "Generated by `python -m bot.rules_text > docs/PLAYING.md` from the text of the "
           "bot's /rules; do not edit by hand.", ""]
    for lang in LANGS:
        _ = translator(lang)
        out += [f"## {LANG_NAMES[lang]}", ""]
        for gid in catalog.landed():
            g = catalog.game(gid)
            preset = next(iter(g.presets))
            body = text(gid, preset, g.preset(preset), _)
            head, _sep, rest = body.partition("\n\n")
            out += [f"### {head.removeprefix('📖 ')}", "", rest, ""]
            presets = [f"- {house_rules.preset_name(gid, p, _)}: "
                       f"{house_rules.preset_about(gid, p, _)}" for p in g.presets]
            out += presets + [""]
    return "\n".join(out).rstrip() + "\n"


if __name__ == "__main__":
    sys.stdout.write(playing_md())

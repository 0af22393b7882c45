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
    # 掀牛, 掀牛九 and 刨幺 in docs/glossary.md's words (their catalogs: xianniu.po, paoyao.po)
    "xianniu": (
        N_("3 players, 48 poker cards without the 4s, 16 each. Whoever has at least 6 cards "
           "standing on the table when the hand ends wins; the table holds at most 16."),
        N_("The leader plays a single, a pair, three or four of a kind, a bai (摆) of K, 10 "
           "and 8, or a fish (鱼) of A, 2 and 3; a bai beats only a fish. Whoever can beat "
           "the play must (有拦必拦); the last play stays on its owner's table. Instead of "
           "leading you may stand (扣); the others may then xian (掀) you: you must lead "
           "again, and whoever calls xian and does not reach 6 pays for it. With 9 or more on "
           "the table the leader may tighten (紧牌): everyone cuts their hand to what the "
           "table can still take."),
        N_("Every loser pays each winner the winner's points (性子): an ox pair (公牛) of a red "
           "and a black 9, or a joy pair (公喜) of a red and a black 5, counts 2; three oxen "
           "(三牛) or three joys (三喜) count 3; four of a kind counts 2. 11 or more on the "
           "table is a big hand: 11 pays 4, 12 pays 5 and so on. Stakes are per point and per "
           "xian."),
    ),
    "niujiu": (
        N_("3 players, 48 Niu Jiu cards (牛九; poker cards without the Aces can take their "
           "place), 16 each. Whoever has at least 6 cards standing on the table when the hand "
           "ends wins."),
        N_("Each card's name ends with the rank it plays as, high to low: Heaven 12 (天), Tiger "
           "11 (虎), Flower 10 (花十), Plum 10 (梅十), Ox 9 (牛九), Ox 8 (牛八), Red 8 (红八), "
           "Swing 7 (摇七), Hammer 6 (铜锤), Skewer 6 (串串), Joy 6 (合六), Bench 4 (板凳), Joy "
           "3 (合三), Earth 2 (地眼); some groups count the Skewer 3. A higher rank beats a "
           "lower one; equal ranks never beat. The leader plays a single, a pair, three or four "
           "of a kind, a bai (摆) of Heaven, Plum and Red 8, or a fish (鱼) of Earth, Skewer "
           "and Bench; a bai beats only a fish. Whoever can beat the play must. You may stand "
           "(扣) instead of leading, and the others may xian (掀) you to make you lead again, "
           "discarding (贴牌) first."),
        N_("Every loser pays each winner the winner's points (性子): an ox pair (公牛) of Ox 9 "
           "and Ox 8, or a joy pair (公喜) of Joy 3 and Joy 6, counts 2; three oxen (三牛) or "
           "three joys (三喜) count 3; four of a kind counts 2; joys count only as their "
           "player's first lead. 11 or more on the table is a big hand. Stakes are per point "
           "and per xian, e.g. two-five (二五)."),
    ),
    "dingniu": (
        N_("4 players, 24 Chinese domino tiles (牌九), 6 each. The leader (头牌) plays first, "
           "then the others in turn. When every tile is down, the fewest pips on your face-down "
           "tiles win."),
        N_("Add a tile to one of the two open ends so the pips match. A tile that fits must be "
           "played; with none you lay one face down (扣) and its pips count against you. A play "
           "after which a kind of tile can never be added again (fours (红帐), fives (五帐) ...) "
           "is a block (算帐)."),
        N_("The winner gets 6 points: last place (大庄) pays 3, 3rd place (二庄) 2, 2nd place "
           "(小庄) 1. A block whose player wins doubles every payment; otherwise its player pays "
           "12 alone (包庄)."),
    ),
    "paoyao": (
        N_("4 players in two teams, partners opposite, two 54-card decks (27 each). Tricks win "
           "the 5s, 10s and Ks in them (5, 10 and 10 points); a team with 140 points wins the "
           "hand."),
        N_("Lead a single, a pair, a straight (3 or more ranks in a row, 4 to A), a double "
           "straight (3 or more pairs in a row) or a bomb: three or more of a kind (三路 … 八路, "
           "the more cards the higher), a yao (幺) of two or more 4s with one A, or jokers "
           "together. Follow with a higher play of the same kind or a bomb, or pass. 3 beats 2 "
           "unless the group plays 3 below 2 (3比2小). The first player out wins at once if the "
           "team has 90 points (扛旗); both partners out (双飞) wins too."),
        N_("The winning team gains what the losers lose, ×1. After a 140 or first-out win "
           "with the losers at 20 points or fewer, the winners may snow (雪): play on, and the "
           "win pays ×2 if the losers end with 20 or fewer (small snow), ×4 if they end with "
           "none (big snow), ×1 if they get past 20. All 200 points or both partners out are "
           "counted the same way at once."),
    ),
    "changpai": (
        N_("3 players, 105 Chuan Pai cards (21 kinds × 5); the dealer takes 21, the others 20. "
           "You win (胡) with 7 sets (坎) worth enough tuo (砣): 34 for the dealer, 33 for the "
           "others."),
        N_("Before play each declares (起), plays or folds (仰); weak hands fold. Then draw, "
           "discard and claim: pong (碰) three alike, chow (吃) to finish a set, kill (杀) and "
           "lock (偷) four or five alike. A hand that can no longer win folds."),
        N_("The winner is paid by every other player, more for each fan (番): doubling per fan "
           "(滚滚番) or one unit more (梯梯番), capped as the group says. A dead hand (包子) pays "
           "a penalty."),
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

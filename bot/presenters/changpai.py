"""How 川牌 (幺地人) looks: cards by their Sichuan names with pips (人牌[4:4]),
red and black cards apart, the sets on the table, the claim buttons
("你可以: [ 碰 ] [ 吃: 人人猫猫 ] [ 过 ]") and the 胡 explained. English uses
the established English names of the Chinese dominoes where one names a
single kind here, and the Sichuan names translated where it does not
(docs/glossary.md).

Plain text only (no aiogram). Group texts read `public_view()`; a hand text
reads `view(seat)` of its own seat.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from bot.i18n import N_, NC_, Translator, in_context
from bot.presenters import gupai
from bot.presenters.base import OFF, ON, FlagText, Presenter, names_list
from bot.presenters.gupai import Glossary, term
from games.base import Move, Pick, Result, Revealed
from games.changpai import ChangpaiPublic, ChangpaiView, Meld

CONTEXT = "changpai"  # the gettext context of the card and set names

# Cards in the table order of the spec (B1); msgids are English, the catalogs
# (context "changpai") hold the names Sichuan players say.
CARD_NAMES = {
    "66": NC_("changpai", "Heaven"),  # 天牌
    "11": NC_("changpai", "Earth"),  # 地牌
    "44": NC_("changpai", "Man"),  # 人牌
    "13": NC_("changpai", "Harmony"),  # 和牌
    "55": NC_("changpai", "Plum Flower"),  # 梅子
    "33": NC_("changpai", "Long Three"),  # 长三
    "22": NC_("changpai", "Bench"),  # 板凳 (长二)
    "56": NC_("changpai", "Axe"),  # 斧头
    "46": NC_("changpai", "Red Head Ten"),  # 四六 (红头十)
    "15": NC_("changpai", "Red Mallet Six"),  # 猫猫
    "16": NC_("changpai", "Long Leg Seven"),  # 高脚 (高脚七)
    # The military pieces: "Mixed Nine" etc. would name two kinds at once here.
    "45": NC_("changpai", "Red Nine"),  # 红九
    "36": NC_("changpai", "Black Nine"),  # 黑九
    "26": NC_("changpai", "Flat Eight"),  # 平八
    "35": NC_("changpai", "Three-Five"),  # 三五
    "25": NC_("changpai", "Two-Five"),  # 二五
    "34": NC_("changpai", "Three-Four"),  # 三四
    "24": NC_("changpai", "Two Red"),  # 二红
    "14": NC_("changpai", "One-Four"),  # 幺四
    "23": NC_("changpai", "Crutch"),  # 拐子
    "12": NC_("changpai", "Tiny"),  # 丁丁
}
RED = {c for c in CARD_NAMES if "1" in c or "4" in c or c == "66"}
ORDER = list(CARD_NAMES)  # the table order of the spec: 天 地 人 和 …
YDR = ("11", "44", "14")  # 幺地人牌: a pair of one of them may 起
N_DEALER = NC_("changpai", "dealer")  # 庄

# How a set was made, as it shows on the table.
MELD_NAMES = {
    "tou": NC_("changpai", "lock"),  # 偷
    "sha": NC_("changpai", "kill"),  # 杀
    "fire": NC_("changpai", "fire"),  # 吐火
    "peng": NC_("changpai", "pong"),  # 碰
    "chi": NC_("changpai", "chow"),  # 吃
}

STATUS = {
    "yang": NC_("changpai", "folded"),  # 仰
    "fold": NC_("changpai", "folded automatically"),  # 系统仰
    "baozi": NC_("changpai", "out with a dead hand"),  # 包子
}

CHOICES = {  # 起 打 仰
    "qi": NC_("changpai", "declared"), "da": NC_("changpai", "playing"),
    "yang": NC_("changpai", "folded"),
}

# What a prompt names for each kind of move (the buttons say it short).
ACTIONS = {
    "qi": NC_("changpai", "declare and play"),  # 起牌
    "da": NC_("changpai", "play without declaring"),  # 打牌
    "yang": NC_("changpai", "fold"),  # 仰
    "hu": NC_("changpai", "win"),  # 胡
    "fire": NC_("changpai", "breathe fire"),  # 吐火
    "sha": NC_("changpai", "kill"),  # 杀
    "peng": NC_("changpai", "pong"),  # 碰
    "chi": NC_("changpai", "chow"),  # 吃
    "pass": NC_("changpai", "pass"),  # 过
    "tou": NC_("changpai", "lock the cards and draw again"),  # 偷
    "no_tou": NC_("changpai", "keep the cards in hand"),  # 不偷
    "discard": NC_("changpai", "discard a card"),  # 打出一张
}

BUTTONS = {
    "qi": NC_("changpai", "Declare"),
    "da": NC_("changpai", "Play"),
    "yang": NC_("changpai", "Fold"),
    "hu": NC_("changpai", "Win!"),
    "fire": NC_("changpai", "Breathe fire"),
    "sha": NC_("changpai", "Kill"),
    "peng": NC_("changpai", "Pong"),
    "pass": NC_("changpai", "Pass"),
    "no_tou": NC_("changpai", "Keep them"),
}

# Terms glossed with their Chinese the first time an English message uses them.
TERMS = (
    (term("tuo"), "砣"),
    (term("fan"), "番"),
    (term("[Ss]ets?"), "坎"),
    (term("[Dd]eclar(?:e|es|ed|ing)"), "起"),
    (term("[Ff]old(?:s|ed)?"), "仰"),
    (term("dead hand"), "包子"),
    (term("[Ww]ins?"), "胡"),
    (term("[Pp]ongs?"), "碰"),
    (term("[Cc]hows?"), "吃"),
    (term("[Kk]ills?"), "杀"),
    (term("[Ll]ock(?:s|ed)?"), "偷"),
    (term("[Bb]reathes? fire|fire"), "吐火"),
)

REASONS = {
    "not_legal": N_("That move is not allowed now."),
    "unknown_card": N_("There is no such card."),
    "not_your_turn": N_("It is not your turn."),
    "malformed_move": N_("That move is not allowed now."),
}


def paired(codes: list[str]) -> list[str]:
    """The pair first, its 14-complement after: 四六四六板凳."""
    c = Counter(codes)
    return sorted(codes, key=lambda x: (-c[x], ORDER.index(x)))


# -- house rules and /rules in players' words (msgids; bot/words/house_rules.py reads them) --
PRESETS: dict[str, tuple[str, str]] = {  # preset → (name, one-line description)
    "default": (N_("Standard"), N_("Declare (起), play or fold (仰) before play; each fan "
                                   "(番) doubles the payment (滚滚番), up to 4 fan")),
    "xy_server": (N_("Chongqing card servers"),
                  N_("As on the Chongqing card servers: the deal passes on after a hand "
                     "nobody won (荒), stricter estimates and chows (吃)")),
    "titi": (N_("Ladder (梯梯番)"), N_("Each fan (番) adds one unit instead of doubling")),
}

# flag → (name, one-line explanation, {value: choice name})
FLAGS: dict[str, FlagText] = {
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

SUMMARY = (  # how to win, the plays, scoring
    N_("3 players, 105 Chuan Pai cards (21 kinds × 5); the dealer takes 21, the others 20. "
       "You win (胡) with 7 sets (坎) worth enough tuo (砣): 34 for the dealer, 33 for the "
       "others."),
    N_("Before play each declares (起), plays or folds (仰); weak hands fold. Then draw, "
       "discard and claim: pong (碰) three alike, chow (吃) to finish a set, kill (杀) and "
       "lock (偷) four or five alike. A hand that can no longer win folds."),
    N_("The winner is paid by every other player, more for each fan (番): doubling per fan "
       "(滚滚番) or one unit more (梯梯番), capped as the group says. A dead hand (包子) pays "
       "a penalty."),
)


class ChangpaiPresenter(Presenter[ChangpaiPublic, ChangpaiView]):
    game_id = "changpai"
    presets = PRESETS
    flags = FLAGS
    summary = SUMMARY

    def game_name(self, _: Translator) -> str:
        return _("Chuan Pai")

    # -- cards ----------------------------------------------------------------
    def name(self, code: str, _: Translator) -> str:
        return in_context(CONTEXT, CARD_NAMES[code], _) if code in CARD_NAMES else code

    def word(self, msgid: str, _: Translator) -> str:
        """A word of this game (its gettext context): 碰 / pong."""
        return in_context(CONTEXT, msgid, _)

    def short(self, code: str, _: Translator) -> str:
        """天 地 人 和 without 牌, the others as they are (for buttons and sets);
        English names have nothing to drop."""
        n = self.name(code, _)
        return n[:-1] if len(n) == 2 and n[-1] == "牌" else n

    def card(self, code: str, _: Translator) -> str:
        """人牌[4:4] / Man [4:4]"""
        return gupai.with_pips(self.name(code, _), code, _)

    def glossed(self, code: str, _: Translator) -> str:
        """A card with the name Sichuan players say, in English: Man (人牌) [4:4]."""
        name = gupai.glossed(self.name(code, _), gupai.in_chinese(CONTEXT, CARD_NAMES[code]))
        return gupai.with_pips(name, code, _)

    def group(self, codes: list[str], _: Translator) -> str:
        """A set written short: 人人猫猫 / 地×4 in Chinese, Man ×2 + Red Mallet Six
        in English."""
        runs: list[list[str]] = []
        for code in codes:
            if runs and runs[-1][0] == code:
                runs[-1].append(code)
            else:
                runs.append([code])
        names = [self.short(r[0], _) for r in runs]
        if not gupai.is_chinese("".join(names)):
            return " + ".join(gupai.times(n, len(r), _) for n, r in zip(names, runs))
        if all(len(r) <= 2 for r in runs):
            return "".join(n * len(r) for n, r in zip(names, runs))
        return " ".join(gupai.times(n, len(r), _) for n, r in zip(names, runs))

    def counted(self, codes: list[str], _: Translator, pips: bool = True,
                gloss: bool = False) -> str:
        c = Counter(codes)
        show = self.glossed if gloss else self.card if pips else self.short
        return gupai.tile_list([gupai.times(show(code, _), c[code], _)
                                for code in sorted(c, key=ORDER.index)], _) or "—"

    def meld(self, m: Meld, g: Glossary, _: Translator) -> str:
        kind = m["kind"]
        shown = g(self.word(MELD_NAMES[kind], _)) if kind in MELD_NAMES else kind
        return _("{kind} {cards}").format(kind=shown, cards=self.group(paired(m["cards"]), _))

    def cards_text(self, codes: Sequence[str], _: Translator) -> str:
        return self.counted(list(codes), _)

    # -- buttons ----------------------------------------------------------------
    def move_label(self, move: Move, _: Translator) -> str:
        k = move.kind
        if k == "discard":
            return self.card(move.cards[0], _)
        if k == "chi":
            return _("Chow: {cards}").format(cards=self.group(paired(list(move.cards)), _))
        if k == "tou":
            return _("Lock {card}").format(card=self.card(move.cards[0], _))
        return self.word(BUTTONS[k], _) if k in BUTTONS else move.code

    def prompt(
        self, view: ChangpaiView, moves: Sequence[Move | Pick], names: list[str], _: Translator
    ) -> str | None:
        """The actions the buttons offer, in words: "Pong (碰), chow (吃) or pass?"."""
        kinds = list(dict.fromkeys(m.kind for m in moves if isinstance(m, Move)))
        g = Glossary(TERMS)
        said = [g(self.word(ACTIONS[k], _)) for k in kinds if k in ACTIONS]
        if not said:
            return None
        if len(said) == 1:
            text = _("{action}.").format(action=said[0])
        else:
            text = _("{actions} or {last}?").format(actions=names_list(said[:-1], _),
                                                    last=said[-1])
        return text[0].upper() + text[1:]

    def turn_action(self, public: ChangpaiPublic, _: Translator) -> str:
        """The table's turn line: "阿强 起/打/仰" while hands are weighed, else
        what the seat does next."""
        qualify = (NC_("changpai", "to play or fold") if public.get("qi", -1) >= 0
                   else NC_("changpai", "to declare, play or fold"))  # one 起 a hand
        action = {"qualify": qualify, "tou": NC_("changpai", "to lock or not")}.get(
            public["phase"], NC_("changpai", "to discard"))
        return Glossary(TERMS)(self.word(action, _))

    def reason_text(self, reason: str, _: Translator) -> str:
        return _(REASONS.get(reason, REASONS["not_legal"]))

    # -- the table --------------------------------------------------------------
    def offer_line(self, public: ChangpaiPublic, names: list[str], _: Translator) -> str | None:
        off = public.get("offer")
        if not off:
            return None
        text = N_("{who} discards {card}") if off["kind"] == "discard" else N_("{who} flips {card}")
        return _(text).format(who=names[off["from"]], card=self.card(off["card"], _))

    def seat_line(
        self, public: ChangpaiPublic, seat: int, names: list[str], g: Glossary, _: Translator
    ) -> str:
        p = public["players"][seat]
        mark = "👉 " if seat in public["to_act"] else ""
        tags = []
        if seat == public["dealer"]:
            tags.append(self.word(N_DEALER, _))
        if public.get("qi") == seat and public["phase"] != "qualify":
            tags.append(self.word(CHOICES["qi"], _))
        head = f"{mark}{names[seat]}" + (f" ({names_list(tags, _)})" if tags else "")
        status = (STATUS[p["status"]] if p["status"] != "in"
                  else CHOICES[p["choice"]] if public["phase"] == "qualify" and p["choice"]
                  else None)
        if status is not None:
            return _("{who} · {status}").format(who=head, status=g(self.word(status, _)))
        if not p["melds"]:
            return _("{who} · {n} in hand").format(who=head, n=p["count"])
        return g(_("{who} · {n} in hand · sets: {sets} · {tuo} tuo")).format(
            who=head, n=p["count"], sets=" · ".join(self.meld(m, g, _) for m in p["melds"]),
            tuo=p["tuo"])

    def table_text(self, public: ChangpaiPublic, names: list[str], _: Translator) -> str:
        g = Glossary(TERMS)
        n = len(public["players"])
        lines = [g(_("Stock: {n} · dealer: {who}")).format(
            n=public["stock"], who=names[public["dealer"]])]
        lines.append("────────────")
        for i in range(n):
            lines.append(self.seat_line(public, (public["dealer"] + i) % n, names, g, _))
        below = []
        if off := public.get("offer"):  # "Last:" tells who discarded or flipped it
            below.append(_("Open to claims: {card}").format(card=self.card(off["card"], _)))
        if public["dead"]:
            below.append(_("Out of play: {cards}").format(
                cards=self.counted(public["dead"], _, pips=False)))
        if below:
            lines += ["────────────", *below]
        return "\n".join(lines)

    def hand_text(self, view: ChangpaiView, seat: int, names: list[str], _: Translator) -> str:
        g = Glossary(TERMS)
        hand = view["hand"]
        lines = [_("Your cards ({n}):").format(n=len(hand))]
        red = [c for c in hand if c in RED]
        black = [c for c in hand if c not in RED]
        lines.append(_("🔴 red: {cards}").format(cards=self.counted(red, _, gloss=True)))
        lines.append(_("⚫ black: {cards}").format(cards=self.counted(black, _, gloss=True)))
        me = view["players"][seat]
        if me["melds"]:
            lines.append(g(_("Your sets: {sets} · {tuo} tuo, {fan} fan")).format(
                sets=" · ".join(self.meld(m, g, _) for m in me["melds"]), tuo=me["tuo"],
                fan=me["fan"]))
        est = view.get("estimate")
        if est:
            ok = "✅" if est["ok"] else "⚠️"
            lines.append(g(_("Estimate: {tuo} tuo of {need} needed, {kan} of 7 sets {ok}")).format(
                tuo=est["tuo"], need=view["threshold"], kan=est["groups"], ok=ok))
        drawn = view["drawn"]
        if drawn and seat in view["to_act"]:
            lines.append(_("You drew {card}").format(card=self.card(drawn, _)))
        if view.get("peng_barred"):
            lines.append(g(_("You may no longer pong: {cards}")).format(
                cards=gupai.tile_list([self.short(c, _) for c in view["peng_barred"]], _)))
        if view.get("hu_barred"):
            lines.append(g(_("You may win on these only in a chow-type set: {cards}")).format(
                cards=gupai.tile_list([self.short(c, _) for c in view["hu_barred"]], _)))
        if me["status"] != "in":
            lines.append(_("You are out of this hand: {why}").format(
                why=g(self.word(STATUS.get(me["status"], STATUS["yang"]), _))))
        elif seat in view["to_act"]:
            lines.extend(self._situation(view, names, g, _))
        return "\n".join(lines)

    def _situation(
        self, view: ChangpaiView, names: list[str], g: Glossary, _: Translator
    ) -> list[str]:
        """What the seat asked now needs to know besides its cards: the card on
        offer, or why it may not declare (the prompt names what it may do)."""
        if view["phase"] == "claim":
            offer = self.offer_line(view, names, _)
            return [offer] if offer else []
        if view["phase"] != "qualify":
            return []
        est = view.get("estimate")
        if est and not est["ok"]:
            return [g(_("Your cards cannot make 7 sets."))]
        if view.get("qi", -1) >= 0:
            return [g(_("{who} has declared.")).format(who=names[view["qi"]])]
        if not may_declare(view["hand"]):
            return [g(_("Only a hand with a pair of Earth, Man or One-Four, or four of a kind, "
                        "may declare."))]
        return []

    # -- what happened ------------------------------------------------------------
    def event_line(self, event: dict[str, Any], names: list[str], _: Translator) -> str | None:
        t = event.get("type")
        who = names[event["seat"]] if "seat" in event else ""
        card = self.card(event["card"], _) if event.get("card") else ""
        if t == "qualify":
            if event["forced"]:
                return _("{who} cannot make 7 sets and folds").format(who=who)
            choice = {"qi": N_("{who} declares"), "da": N_("{who} plays without declaring"),
                      "yang": N_("{who} folds")}[event["choice"]]
            return _(choice).format(who=who)
        if t == "discard":
            return _("{who} discards {card}").format(who=who, card=card)
        if t == "flip":
            return _("{who} flips {card}").format(who=who, card=card)
        if t == "claim":
            claim = {"peng": N_("{who} pongs {cards}"), "chi": N_("{who} chows {cards}"),
                     "sha": N_("{who} kills {cards}"),
                     "fire": N_("{who} breathes fire: {cards}")}[event["kind"]]
            return _(claim).format(who=who, cards=self.group(paired(event["cards"]), _))
        if t == "tou":
            return _("{who} locks {cards} and draws again").format(
                who=who, cards=self.group([event["card"]] * event["size"], _))
        if t == "supplement":
            return _("{who} draws {card}, face up").format(who=who, card=card)
        if t == "baozi":
            return _("{who} has a dead hand (包子): out, and pays each other player").format(
                who=who)
        if t == "fold":
            return _("{who} can no longer win and folds").format(who=who)
        if t == "hu":
            return self.win_line(event["seat"], event.get("card"), event["self_draw"],
                                 event.get("from"), names, Glossary(()), _)
        if t == "huang":  # the stock ran out, or nobody is left in: the result says which
            return _("no winner")
        if t == "redeal":
            return _("nobody declared: the cards are dealt again")
        return None

    def no_winner(self, d: dict[str, Any], _: Translator) -> str:
        """Why a hand ended without a 胡: nobody declared (a redeal), or 荒:
        the stock ran out, or nobody was left in the hand (all folded or out)."""
        if d["outcome"] == "redeal":
            return _("Nobody declared: the cards are dealt again")
        if "in" not in d["status"]:
            return _("No winner: nobody is left in the hand")
        return _("No winner: the stock ran out")

    def win_line(self, w: int, card: str | None, self_draw: bool, src: int | None,
                 names: list[str], g: Glossary, _: Translator) -> str:
        who = names[w]
        if self_draw and card:
            return g(_("{who} wins on their own draw: {card}")).format(
                who=who, card=self.card(card, _))
        if self_draw or not card:
            return g(_("{who} wins on their own draw")).format(who=who)
        if src is None or src == w:
            return g(_("{who} wins on their own flip: {card}")).format(
                who=who, card=self.card(card, _))
        return g(_("{who} wins with {card} from {src} (放铳)")).format(
            who=who, card=self.card(card, _), src=names[src])

    def result_head(self, result: Result, names: list[str], _: Translator) -> str | None:
        """How the hand ended, for /history: who won (胡) on which card, or why
        nobody did."""
        d = result.details
        if d["outcome"] in ("redeal", "huang"):
            return self.no_winner(d, _)
        return self.win_line(d["winner"], d.get("card"), d.get("self_draw", False),
                             d.get("from"), names, Glossary(TERMS), _)

    # -- end of hand ----------------------------------------------------------------
    def result_text(
        self, result: Result, final: Revealed[ChangpaiPublic], names: list[str], _: Translator
    ) -> str:
        g = Glossary(TERMS)
        d = result.details
        lines: list[str] = []
        if d["outcome"] in ("redeal", "huang"):
            lines.append(g(self.no_winner(d, _)))
        else:
            lines.append(self.win_line(d["winner"], d.get("card"), d["self_draw"], d["from"],
                                       names, g, _))
            line = g(_("{tuo} tuo · {fan} fan: {parts}") if d["fan"]  # glossed in the order shown
                     else _("{tuo} tuo · {fan} fan"))
            parts = [_("{n} from sets").format(n=d["set_fan"])] if d["set_fan"] else []
            if d["duidui"]:
                parts.append(_("all sets alike (对对胡) +1"))
            if d["extra_fan"]:
                parts.append(g(_("extra tuo +{n}")).format(n=d["extra_fan"]))
            lines.append(line.format(tuo=d["tuo"], fan=d["fan"], parts=_(", ").join(parts)))
            if d["fan_capped"] != d["fan"]:
                lines.append(g(_("Capped at {n} fan")).format(n=d["fan_capped"]))
            kan = [self.meld(m, g, _) for m in d["melds"]]
            kan += [self.group(paired(k), _) for k in d["concealed_kan"]]
            lines.append(g(_("Sets: {list}")).format(list=" · ".join(kan)))
        for p in d["payments"]:
            lines.append(self.payment(p, names, g, _))
        hands = final["hands"]
        winner = d.get("winner")  # a winner's cards are all in the sets above
        if any(h for s, h in enumerate(hands) if s != winner):
            lines.append(_("Cards left in hand:"))
            for s, h in enumerate(hands):
                if h and s != winner:
                    lines.append(_("{who}: {cards}").format(
                        who=names[s], cards=self.counted(h, _, pips=False)))
        return "\n".join(lines)

    def payment(self, p: dict[str, Any], names: list[str], g: Glossary, _: Translator) -> str:
        text = (N_("{a} pays {points} to {b}") if p["reason"] == "win"
                else N_("{a} pays {points} to {b} for a dead hand"))
        return g(_(text)).format(a=names[p["from"]], b=names[p["to"]],
                                 points=gupai.points(p["amount"], _))


def may_declare(hand: list[str]) -> bool:
    """起 needs a pair of a 幺地人 card (地, 人, 幺四) or four of a kind (spec B3.2)."""
    counts = Counter(hand)
    return any(counts[c] >= 2 for c in YDR) or max(counts.values(), default=0) >= 4


PRESENTERS = {"changpai": ChangpaiPresenter()}

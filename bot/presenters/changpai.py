"""How 川牌 (幺地人) looks: cards by their Sichuan names with pips (人牌[4:4]),
red and black cards apart, the sets on the table, the claim buttons
("你可以: [ 碰 ] [ 吃: 人人猫猫 ] [ 过 ]") and the 胡 explained.

Plain text only (no aiogram). Group texts read `public_view()`; a hand text
reads `view(seat)` of its own seat.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from bot.i18n import N_, Translator
from bot.presenters.base import Presenter, signed
from games.base import Move, Result

# Card names as Sichuan players say them (spec B1); msgids are pinyin.
CARD_NAMES = {
    "66": N_("Tian card"),  # 天牌
    "11": N_("Di card"),  # 地牌
    "44": N_("Ren card"),  # 人牌
    "13": N_("He card"),  # 和牌
    "55": N_("Meizi"),  # 梅子
    "33": N_("Changsan"),  # 长三
    "22": N_("Bandeng"),  # 板凳 (长二)
    "56": N_("Futou"),  # 斧头
    "46": N_("Siliu"),  # 四六
    "15": N_("Maomao"),  # 猫猫
    "16": N_("Gaojiao"),  # 高脚
    "45": N_("Hongjiu"),  # 红九
    "36": N_("Heijiu"),  # 黑九
    "26": N_("Pingba"),  # 平八
    "35": N_("Sanwu"),  # 三五
    "25": N_("Erwu"),  # 二五
    "34": N_("Sansi"),  # 三四
    "24": N_("Erhong"),  # 二红
    "14": N_("Yaosi"),  # 幺四
    "23": N_("Guaizi"),  # 拐子
    "12": N_("Dingding"),  # 丁丁
}
RED = {c for c in CARD_NAMES if "1" in c or "4" in c or c == "66"}
ORDER = list(CARD_NAMES)  # the table order of the spec: 天 地 人 和 …

MELD_NAMES = {
    "tou": N_("Tou"),  # 偷
    "sha": N_("Sha"),  # 杀
    "fire": N_("Tuhuo"),  # 吐火
    "peng": N_("Peng"),  # 碰
    "chi": N_("Chi"),  # 吃
}

STATUS = {
    "yang": N_("folded"),  # 仰
    "fold": N_("folded (hopeless)"),  # 系统仰
    "baozi": N_("Baozi (out)"),  # 包子
}

CHOICES = {"qi": N_("declared (qi)"), "da": N_("plays"), "yang": N_("folded")}

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


class ChangpaiPresenter(Presenter):
    game_id = "changpai"

    def game_name(self, _: Translator) -> str:
        return _("Chuanpai (Yao-Di-Ren)")

    # -- cards ----------------------------------------------------------------
    def name(self, code: str, _: Translator) -> str:
        return _(CARD_NAMES[code]) if code in CARD_NAMES else code

    def short(self, code: str, _: Translator) -> str:
        """天 地 人 和 without 牌, the others as they are (for buttons and sets)."""
        n = self.name(code, _)
        if n.endswith(" card"):
            return n[: -len(" card")]
        return n[:-1] if len(n) == 2 and n[-1] in "牌" else n

    def card(self, code: str, _: Translator) -> str:
        """人牌[4:4]"""
        return f"{self.name(code, _)}[{code[0]}:{code[1]}]"

    def group(self, codes: list[str], _: Translator) -> str:
        """A set written short and together: 人人猫猫 / 地地地地."""
        names = [self.short(c, _) for c in codes]
        runs: list[list[str]] = []
        for n in names:
            if runs and runs[-1][0] == n:
                runs[-1].append(n)
            else:
                runs.append([n])
        pair = "{0} {0}" if any(n.isascii() for n in names) else "{0}{0}"
        parts = [f"{r[0]}×{len(r)}" if len(r) > 2 else pair.format(r[0]) if len(r) == 2 else r[0]
                 for r in runs]
        tight = all(not n.isascii() for n in names) and all(len(r) <= 2 for r in runs)
        return ("" if tight else " ").join(parts)

    def counted(self, codes: list[str], _: Translator, pips: bool = True) -> str:
        c = Counter(codes)
        parts = []
        for code in sorted(c, key=ORDER.index):
            text = self.card(code, _) if pips else self.short(code, _)
            parts.append(text + (f"×{c[code]}" if c[code] > 1 else ""))
        return " ".join(parts) or "—"

    def meld(self, m: dict[str, Any], _: Translator) -> str:
        return f"{_(MELD_NAMES.get(m['kind'], m['kind']))} {self.group(paired(m['cards']), _)}"

    # -- buttons ----------------------------------------------------------------
    def move_label(self, move: Move, _: Translator) -> str:
        k = move.kind
        if k == "discard":
            return self.card(move.cards[0], _)
        if k == "chi":
            mine, claimed = list(move.cards[:2]), move.cards[2]
            return _("Chi: {cards}").format(
                cards=self.group([*sorted(mine, key=ORDER.index), claimed], _))
        if k == "hu":
            return _("Hu!")
        fixed = {
            "qi": N_("Declare (qi)"),
            "da": N_("Play on"),
            "yang": N_("Fold (yang)"),
            "fire": N_("Tuhuo"),
            "sha": N_("Sha"),
            "peng": N_("Peng"),
            "pass": N_("Pass"),
            "no_tou": N_("Keep them"),
        }
        if k == "tou":
            return _("Tou {card}").format(card=self.short(move.cards[0], _))
        return _(fixed[k]) if k in fixed else move.code

    def reason_text(self, reason: str, _: Translator) -> str:
        return _(REASONS.get(reason, REASONS["not_legal"]))

    # -- the table --------------------------------------------------------------
    def offer_line(self, public: dict[str, Any], names: list[str], _: Translator) -> str | None:
        off = public.get("offer")
        if not off:
            return None
        text = N_("{who} discards {card}") if off["kind"] == "discard" else N_("{who} flips {card}")
        return _(text).format(who=names[off["from"]], card=self.card(off["card"], _))

    def seat_line(self, public: dict[str, Any], seat: int, names: list[str], _: Translator) -> str:
        p = public["players"][seat]
        mark = "👉 " if seat in public["to_act"] else ""
        tags = []
        if seat == public["dealer"]:
            tags.append(_("dealer"))
        if public.get("qi") == seat:
            tags.append(_("qi"))
        head = f"{mark}{names[seat]}" + (f" [{'·'.join(tags)}]" if tags else "")
        if p["status"] != "in":
            return f"{head}  {_(STATUS[p['status']])}"
        if public["phase"] == "qualify" and p["choice"]:
            return f"{head}  {_(CHOICES[p['choice']])}"
        line = _("{head}  hand {n}").format(head=head, n=p["count"])
        if p["melds"]:
            sets = " · ".join(self.meld(m, _) for m in p["melds"])
            line += "  " + _("sets: {sets} ({tuo} tuo)").format(sets=sets, tuo=p["tuo"])
        return line

    def table_text(self, public: dict[str, Any], names: list[str], _: Translator) -> str:
        n = len(public["players"])
        lines = [_("Stock {n} · dealer {who}").format(
            n=public["stock"], who=names[public["dealer"]])]
        lines.append("────────────")
        for i in range(n):
            lines.append(self.seat_line(public, (public["dealer"] + i) % n, names, _))
        lines.append("────────────")
        if public["phase"] == "qualify":
            lines.append(_("Who plays this hand? (qi / play / fold)"))
        if (offer := self.offer_line(public, names, _)) is not None:
            lines.append(offer)
        if public["dead"]:
            lines.append(_("Dead cards: {cards}").format(
                cards=self.counted(public["dead"], _, pips=False)))
        return "\n".join(lines)

    def hand_text(self, view: dict[str, Any], seat: int, names: list[str], _: Translator) -> str:
        hand = view["hand"]
        lines = [_("Your cards ({n}):").format(n=len(hand))]
        red = [c for c in hand if c in RED]
        black = [c for c in hand if c not in RED]
        lines.append(_("🔴 red: {cards}").format(cards=self.counted(red, _)))
        lines.append(_("⚫ black: {cards}").format(cards=self.counted(black, _)))
        me = view["players"][seat]
        if me["melds"]:
            lines.append(_("Your sets: {sets} ({tuo} tuo, {fan} fan)").format(
                sets=" · ".join(self.meld(m, _) for m in me["melds"]), tuo=me["tuo"],
                fan=me["fan"]))
        est = view.get("estimate")
        if est:
            ok = "✅" if est["ok"] else "⚠️"
            lines.append(_("Estimate: {tuo} tuo of {need}, {kan} kan {ok}").format(
                tuo=est["tuo"], need=view["threshold"], kan=est["groups"], ok=ok))
        if view.get("drawn") and seat in view["to_act"]:
            lines.append(_("You drew {card}").format(card=self.card(view["drawn"], _)))
        if view.get("peng_barred"):
            lines.append(_("No more Peng on: {cards}").format(
                cards=" ".join(self.short(c, _) for c in view["peng_barred"])))
        if view.get("hu_barred"):
            lines.append(_("Hu on these only with a Chi-type set: {cards}").format(
                cards=" ".join(self.short(c, _) for c in view["hu_barred"])))
        if me["status"] != "in":
            lines.append(_("You are out of this hand: {why}").format(
                why=_(STATUS.get(me["status"], "folded"))))
        elif seat in view["to_act"]:
            lines.append(self._prompt(view, names, _))
        return "\n".join(lines)

    def _prompt(self, view: dict[str, Any], names: list[str], _: Translator) -> str:
        phase = view["phase"]
        if phase == "qualify":
            return _("Declare (qi), play on, or fold?")
        if phase == "claim":
            offer = self.offer_line(view, names, _) or ""
            return offer + "\n" + _("You may:")
        if phase == "tou":
            return _("Lock four of a kind (tou)?")
        return _("Discard a card.")

    # -- what happened ------------------------------------------------------------
    def event_line(self, event: dict[str, Any], names: list[str], _: Translator) -> str | None:
        t = event.get("type")
        who = names[event["seat"]] if "seat" in event else ""
        card = self.card(event["card"], _) if event.get("card") else ""
        if t == "qualify":
            if event["forced"]:
                return _("{who} cannot make 7 kan: folded").format(who=who)
            return _("{who}: {choice}").format(who=who, choice=_(CHOICES[event["choice"]]))
        if t == "discard":
            return _("{who} discards {card}").format(who=who, card=card)
        if t == "flip":
            return _("{who} flips {card}").format(who=who, card=card)
        if t == "claim":
            return _("{who} {kind} {cards}").format(
                who=who, kind=_(MELD_NAMES[event["kind"]]),
                cards=self.group(paired(event["cards"]), _))
        if t == "tou":
            return _("{who} Tou {cards}, draws again").format(
                who=who, cards=self.group([event["card"]] * event["size"], _))
        if t == "supplement":
            return _("{who} draws {card} (shown)").format(who=who, card=card)
        if t == "baozi":
            return _("{who} is Baozi: out, pays everyone").format(who=who)
        if t == "fold":
            return _("{who} can no longer win: folded").format(who=who)
        if t == "hu":
            if event["self_draw"]:
                return _("{who} wins (Hu) on own draw {card}!").format(who=who, card=card)
            return _("{who} wins (Hu) with {card}!").format(who=who, card=card)
        if t == "huang":
            return _("The stock is empty: no winner (huang)")
        if t == "redeal":
            return _("Nobody declared: the cards are dealt again")
        return None

    def result_head(self, result: Result, names: list[str], _: Translator) -> str | None:
        """/history: who won (胡) on which card, or 荒牌."""
        d = result.details
        if d["outcome"] in ("huang", "redeal"):
            head = self.event_line({"type": d["outcome"]}, names, _)
        else:
            head = self.event_line({"type": "hu", "seat": d["winner"], "card": d.get("card") or "",
                                    "self_draw": d.get("self_draw")}, names, _)
        return head

    # -- end of hand ----------------------------------------------------------------
    def result_text(
        self, result: Result, final: dict[str, Any], names: list[str], _: Translator
    ) -> str:
        d = result.details
        n = len(result.net)
        lines: list[str] = []
        if d["outcome"] == "redeal":
            lines.append(_("Nobody declared: the cards are dealt again"))
        elif d["outcome"] == "huang":
            lines.append(_("The stock is empty: no winner (huang)"))
        else:
            w = d["winner"]
            card = self.card(d["card"], _) if d.get("card") else ""
            if d["self_draw"]:
                how = _("on own draw")
            elif d["from"] == w:
                how = _("on own flip")
            else:
                how = _("from {who}").format(who=names[d["from"]])
            lines.append(_("{who} wins (Hu) with {card}, {how}").format(
                who=names[w], card=card, how=how))
            parts = [_("{n} from sets").format(n=d["set_fan"])]
            if d["duidui"]:
                parts.append(_("all sets (duidui) +1"))
            if d["extra_fan"]:
                parts.append(_("extra tuo +{n}").format(n=d["extra_fan"]))
            lines.append(_("{tuo} tuo · {fan} fan ({parts})").format(
                tuo=d["tuo"], fan=d["fan"], parts=", ".join(parts)))
            if d["fan_capped"] != d["fan"]:
                lines.append(_("Capped at {n} fan").format(n=d["fan_capped"]))
            lines.append(_("Each payer pays {n}").format(n=d["amount"]))
            kan = [self.meld(m, _) for m in d["melds"]]
            kan += [self.group(paired(g), _) for g in d["concealed_kan"]]
            lines.append(_("Kan: {list}").format(list=" · ".join(kan)))
        reasons = {"win": N_("win"), "baozi": N_("Baozi")}
        for p in d["payments"]:
            lines.append(_("{a} pays {b} {n} ({why})").format(
                a=names[p["from"]], b=names[p["to"]], n=p["amount"], why=_(reasons[p["reason"]])))
        lines.append(_("Result: {list}").format(
            list=" · ".join(f"{names[s]} {signed(result.net[s])}" for s in range(n))))
        hands = final.get("hands") or []
        for s, h in enumerate(hands):
            if h:
                lines.append(f"{names[s]}: {self.counted(h, _, pips=False)}")
        return "\n".join(lines)


PRESENTERS = {"changpai": ChangpaiPresenter()}

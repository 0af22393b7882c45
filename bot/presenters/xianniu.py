"""How 掀牛 (poker suits) and 掀牛九 (牛九 names over the poker stand-ins)
look: cards, shape names on the buttons (对K, 公牛, 摆, 鱼 ...), the table with
everyone's leaves, the private hand, what happened, and the settlement.

Plain text only (no aiogram). Group texts read `public_view()`; a hand text
reads `view(seat)` of its own seat.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.i18n import N_, Translator, in_context
from bot.presenters.base import Presenter, signed
from games.base import Move, Pick, Result

# ♥ and ♦ in their red emoji form, ♠ ♣ plain (black).
SUITS = {"s": "♠", "h": "♥️", "c": "♣", "d": "♦️"}
RANK_TEXT = {"T": "10"}

# 牛九 kinds by stand-in (rules §1.2); 9 and 5 depend on the colour.
KINDS = {
    "K": N_("Sky"),  # 天 / 天爷
    "Q": N_("Tiger"),  # 虎
    "J": N_("Flower Ten"),  # 花十
    "T": N_("Plum Ten"),  # 梅十
    "9r": N_("Ox Nine"),  # 牛九 (red 9)
    "9b": N_("Ox Eight"),  # 牛八 (black 9)
    "8": N_("Red Eight"),  # 红八
    "7": N_("Rocking Seven"),  # 摇七
    "6": N_("Copper Hammer"),  # 铜锤
    "3": N_("Skewer"),  # 串串
    "5b": N_("Join Six"),  # 合六 (black 5)
    "4": N_("Stool"),  # 板凳
    "5r": N_("Join Three"),  # 合三 (red 5)
    "2": N_("Earth Eye"),  # 地眼
}

MULTI = {
    "bai": (N_("Bai"), N_("Double Bai"), N_("Triple Bai"), N_("Quadruple Bai")),  # 摆 双摆 …
    "yu": (N_("Fish"), N_("Double Fish"), N_("Triple Fish"), N_("Quadruple Fish")),  # 鱼 双鱼 …
}
SHAPES = {
    "liang_bai": N_("Liang Bai"),  # 亮子摆 KKKK+10+8
    "si_di_la_yu": N_("Four Earths Pull a Fish"),  # 四地拉鱼
    "xibaoliang": N_("Xi Wraps Liang"),  # 喜包亮
    "badadui": N_("Eight Big Pairs"),  # 八大对
}
LONGFENG = {"P": N_("Dragon and Phoenix"), "N": N_("Dragon-Phoenix")}  # 龙凤齐 / 龙凤

REASONS = {
    "not_in_hand": N_("You do not hold those cards."),
    "not_a_shape": N_("Those cards are not a play."),
    "cannot_beat": N_("That does not beat the cards on top."),
    "table_full": N_("The table holds at most 16 cards."),
    "must_lead": N_("You were xianed: lead first."),
    "tighten_not_allowed": N_("Tightening needs 9 cards on the table."),
    "wrong_count": N_("Choose exactly the number of cards asked for."),
    "not_legal": N_("That move is not allowed."),
    "malformed_move": N_("That move is not allowed."),
}

END_REASONS = {
    "table_full": N_("16 cards on the table: the hand is over."),
    "all_kou": N_("Everyone stopped: the hand is over."),
    "no_cards": N_("No cards left to lead: the hand is over."),
    "ci": N_("A big hand of 11: the hand is over."),
}

WHY = {
    "base": N_("points"),
    "bighand": N_("big hand"),
    "bighand_double": N_("big hand, double"),
    "xian": N_("failed xian"),
}


def _red(code: str) -> bool:
    return code[1] in "hd"


class XianniuPresenter(Presenter):
    game_id = "xianniu"
    mode = "P"
    ranks = "KQJT98765432A"  # high to low, for sorting a hand

    def game_name(self, _: Translator) -> str:
        return _("Xian Niu")

    # -- cards ---------------------------------------------------------------
    def rank_text(self, code: str, _: Translator) -> str:
        """What a same-rank group is called: K, 10 (P) or 天, 梅十 (N)."""
        return RANK_TEXT.get(code[0], code[0])

    def card(self, code: str, _: Translator) -> str:
        """♠K, ♥️10."""
        return SUITS[code[1]] + RANK_TEXT.get(code[0], code[0])

    def cards(self, codes: list[str] | tuple[str, ...], _: Translator) -> str:
        return "".join(self.card(c, _) for c in self.sort(codes)) or "—"

    def sort(self, codes) -> list[str]:
        return sorted(codes, key=lambda c: (self.ranks.index(c[0]), "shcd".index(c[1])))

    def hand_groups(self, codes: list[str], _: Translator) -> str:
        """♠K ♥️K │ ♥️9 ♠9 │ ♦️Q — cards of one rank together, high first."""
        groups: list[list[str]] = []
        for c in self.sort(codes):
            if groups and groups[-1][0][0] == c[0]:
                groups[-1].append(c)
            else:
                groups.append([c])
        return " │ ".join(" ".join(self.card(c, _) for c in g) for g in groups) or "—"

    # -- shapes --------------------------------------------------------------
    def shape_label(self, shape: str, n: int, cards: list[str] | tuple[str, ...],
                    _: Translator) -> str:
        """对K, 公牛 ♥️9♠9, 三个Q, 亮子8, 摆 ♠K♥️10♦️8 … (in N: 对天, 公牛, 对牛九)."""
        cards = self.sort(cards)
        rank = cards[0][0] if cards else ""
        shown = self.cards(cards, _)
        # in P the suits of 9s and 5s matter (公/母), so those plays show them
        suits = f" {shown}" if self.mode == "P" else ""
        if shape == "single":
            return self.card(cards[0], _)
        if shape == "pair":
            if cards[0][0] != cards[1][0]:
                return shown  # J+10 (mixed_ten_pair)
            if rank in "95" and _red(cards[0]) != _red(cards[1]):
                name = _("Ox pair") if rank == "9" else _("Xi pair")  # 公牛 / 公喜
                return name + suits
            label = self.of_rank(N_("Pair {rank}"), _).format(rank=self.rank_text(cards[0], _))
            return label + (suits if rank in "95" else "")
        if shape == "triple":
            if rank in "95":
                return (_("Three oxen") if rank == "9" else _("Three xi")) + suits  # 三牛 / 三喜
            return self.of_rank(N_("Three {rank}"), _).format(rank=self.rank_text(cards[0], _))
        if shape == "four":
            # 亮子
            return self.of_rank(N_("Four {rank}"), _).format(rank=self.rank_text(cards[0], _))
        if shape in MULTI:
            name = _(MULTI[shape][n - 1])
            # the kinds of a 摆/鱼 are fixed: 牛九 names need no list (unless J stands in)
            if self.mode == "N" and not any(c[0] == "J" for c in cards):
                return name
            return f"{name} {shown}"
        if shape == "longfeng":
            return _(LONGFENG[self.mode])
        if shape == "badadui":
            return _(SHAPES[shape])
        return f"{_(SHAPES[shape])} {shown}" if shape in SHAPES else shown

    def of_rank(self, msgid: str, _: Translator) -> str:
        """"Pair {rank}": poker ranks read "Pair of 3s" in English (the
        "poker" context), 牛九 kinds keep the plain form."""
        return in_context("poker", msgid, _) if self.mode == "P" else _(msgid)

    # -- buttons -------------------------------------------------------------
    def move_label(self, move: Move, _: Translator) -> str:
        k = move.kind
        if k in ("lead", "beat"):
            data = move.data or {}
            return self.shape_label(data.get("shape", "single"), data.get("n", 1), move.cards, _)
        if k == "kou":
            return _("Stop")  # 扣了
        if k == "xian":
            return _("Xian!")  # 掀!
        if k == "tighten":
            return _("Tighten")  # 紧牌
        if k == "bighand":
            data = move.data or {}
            return _("Show {shape}").format(
                shape=self.shape_label(data.get("shape", ""), 1, move.cards, _))
        if k == "waive":
            return _("Keep it")
        return move.code

    def pick_prompt(self, pick: Pick, _: Translator) -> str:
        if pick.kind == "xian":
            return _("To xian, first discard {n} cards face down").format(n=pick.min_count)
        return _("Tightening: discard {n} cards face down").format(n=pick.min_count)

    def uses_picker(self, moves: Sequence[Move | Pick]) -> bool:
        """Buttons while they fit on a phone (a fresh hand has ~30 plays); the
        picker only for very rich hands (n摆 everywhere...)."""
        return sum(1 for m in moves if isinstance(m, Move) and m.cards) > 40

    def hints(self, moves: Sequence[Move | Pick]) -> list[Move]:
        """The longest plays first (they put the most cards on the table)."""
        plays = [m for m in moves if isinstance(m, Move) and m.cards]
        return sorted(plays, key=lambda m: -len(m.cards))[:3]

    def reason_text(self, reason: str, _: Translator) -> str:
        return _(REASONS.get(reason, REASONS["not_legal"]))

    # -- the table -----------------------------------------------------------
    def leaves_text(self, plays: list[dict[str, Any]], _: Translator) -> str:
        return " · ".join(self.shape_label(p["shape"], p["n"], p["cards"], _) for p in plays)

    def table_text(self, public: dict[str, Any], names: list[str], _: Translator) -> str:
        dealer = public["dealer"]
        lines = [_("Dealer: {name} · table {t}/{cap}").format(
            name=names[dealer], t=public["table"], cap=public["cap"])]
        if public.get("opening"):
            o = public["opening"]
            lines.append(_("{who} showed {shape} at the deal").format(
                who=names[o["seat"]], shape=self.shape_label(o["shape"], 1, [], _)))
        lines.append("────────────")
        acting = set(public["to_act"])
        for i in range(3):
            s = (dealer + i) % 3
            n = public["leaf_counts"][s]
            parts = [("👉 " if s in acting else "") + names[s],
                     _("table {n}").format(n=n) + (" ✅" if n >= 6 else ""),
                     _("hand {n}").format(n=public["hand_counts"][s])]
            if public["base"][s]:
                parts.append(_("points {n}").format(n=public["base"][s]))
            if public["kou"][s]:
                parts.append(_("stopped"))
            xian = sum(public["xian"][s])
            if xian:
                parts.append(_("xian ×{n}").format(n=xian))
            lines.append("  ".join(parts))
            if public["leaves"][s]:
                lines.append("   " + self.leaves_text(public["leaves"][s], _))
        if public["phase"] != "control" or public["must_lead"]:  # the turn line says who leads
            lines.append("────────────")
            lines.append(self.status_line(public, names, _))
        return "\n".join(lines)

    def status_line(self, public: dict[str, Any], names: list[str], _: Translator) -> str:
        ph = public["phase"]
        c = names[public["controller"]]
        if ph == "trick":
            top = public["trick"]
            return _("On top: {who} {cards} · {next} must beat").format(
                who=names[top["seat"]], cards=self.shape_label(top["shape"], top["n"],
                                                               top["cards"], _),
                next=names[public["to_act"][0]])
        if ph == "poll":
            return _("{who} stopped · {next}: xian or stop?").format(
                who=c, next=names[public["to_act"][0]])
        if ph == "tighten":
            return _("Tightening: everyone keeps at most {n} cards").format(
                n=public["cap"] - public["table"])
        if ph == "opening":
            return _("{who} may show a big hand").format(who=names[public["to_act"][0]])
        if ph == "over":
            return _(END_REASONS.get(public["end_reason"], END_REASONS["all_kou"]))
        if public["must_lead"]:
            return _("{who} was xianed and must lead").format(who=c)
        return _("{who} leads or stops").format(who=c)

    def turn_action(self, public: dict[str, Any], _: Translator) -> str:
        ph = public["phase"]
        if ph == "trick":
            return _("to beat")  # 压牌
        if ph == "poll":
            return _("to xian or stop")  # 掀还是扣
        if ph == "tighten":
            return _("to discard")
        if ph == "opening":
            return _("to show a big hand")
        return _("to lead") if public.get("must_lead") else _("to lead or stop")

    def hand_text(self, view: dict[str, Any], seat: int, names: list[str], _: Translator) -> str:
        lines = [_("Your cards ({n}):").format(n=len(view["hand"])),
                 self.hand_groups(view["hand"], _),
                 _("Table: you {mine} · all {t} (at most {cap})").format(
                     mine=view["leaf_counts"][seat], t=view["table"], cap=view["cap"])]
        if view.get("my_discards"):
            lines.append(_("Discarded face down: {cards}").format(
                cards=self.cards(view["my_discards"], _)))
        if seat in view["to_act"]:
            ph = view["phase"]
            if ph == "trick":
                top = view["trick"]
                lines.append(_("You must beat {who}'s {cards}").format(
                    who=names[top["seat"]],
                    cards=self.shape_label(top["shape"], top["n"], top["cards"], _)))
            elif ph == "poll":
                lines.append(_("{who} stopped: xian (make them lead again) or stop?").format(
                    who=names[view["controller"]]))
            elif ph == "tighten":
                lines.append(_("Tightening: keep at most {n} cards").format(
                    n=view["cap"] - view["table"]))
            elif ph == "opening":
                lines.append(_("You hold a big hand: show it now?"))
            elif view["must_lead"]:
                lines.append(_("You were xianed: lead a play"))
            else:
                lines.append(_("Your lead (or stop)"))
        return "\n".join(lines)

    # -- what happened -------------------------------------------------------
    def event_line(self, event: dict[str, Any], names: list[str], _: Translator) -> str | None:
        kind = event.get("type")
        who = names[event["seat"]] if "seat" in event else ""
        if kind in ("lead", "beat", "bighand"):
            shape = self.shape_label(event["shape"], event.get("n", 1), event["cards"], _)
            if kind == "lead":
                return _("{who} leads {shape}").format(who=who, shape=shape)
            if kind == "beat":
                return _("{who} beats with {shape}").format(who=who, shape=shape)
            return _("{who} shows {shape}").format(who=who, shape=shape)
        if kind == "pass":
            return _("{who} cannot beat").format(who=who)
        if kind == "take":
            return _("{who} keeps {n} on the table ({total} in all)").format(
                who=who, n=event["count"], total=event["leaves"])
        if kind == "kou":
            return _("{who} stops").format(who=who)
        if kind == "xian":
            line = _("{who} xians {target}!").format(who=who, target=names[event["target"]])
            if event.get("discard"):
                line += " " + _("(discarded {n} first)").format(n=event["discard"])
            return line
        if kind == "tighten":
            return _("{who} tightens: everyone keeps at most {n} cards").format(
                who=who, n=event["limit"])
        if kind == "discard":
            return _("{who} discards {n} face down").format(who=who, n=event["count"])
        if kind == "waive":
            return _("{who} keeps the big hand").format(who=who)
        if kind == "end":
            return _(END_REASONS.get(event.get("reason", ""), END_REASONS["all_kou"]))
        return None

    # -- end of hand ---------------------------------------------------------
    def result_text(
        self, result: Result, final: dict[str, Any], names: list[str], _: Translator
    ) -> str:
        d = result.details
        public = final.get("public", {})
        dealer = public.get("dealer", 0)
        order = [(dealer + i) % 3 for i in range(3)]
        lines = []
        for s in order:
            row = d["seats"][s]
            parts = [_("{n} on the table").format(n=row["leaves"])]
            if row["xingzi"]:
                parts.append(_("xingzi {n}").format(n=row["xingzi"]))
            if row["liang"]:
                parts.append(_("liangzi {n}").format(n=row["liang"]))
            if row["bonus"]:
                parts.append(_("big hand +{n}").format(n=row["bonus"]))
            lines.append(f"{names[s]} {signed(result.net[s])} ({' · '.join(parts)})")
        for p in d["payments"]:
            lines.append(_("{a} pays {b} {n} ({why})").format(
                a=names[p["from"]], b=names[p["to"]], n=p["amount"],
                why=_(WHY.get(p["why"], WHY["base"]))))
        if not d["payments"]:
            lines.append(_("Nobody pays: a draw"))
        hands = final.get("hands")
        if hands:
            lines.append(_("Cards left in hand:"))
            for s in order:
                lines.append(f"{names[s]}: {self.hand_groups(hands[s], _)}")
        return "\n".join(lines)


class NiujiuPresenter(XianniuPresenter):
    game_id = "niujiu"
    mode = "N"
    ranks = "KQJT98765432"

    def game_name(self, _: Translator) -> str:
        return _("Xian Niu Jiu")

    def kind(self, code: str) -> str:
        r = code[0]
        if r in "95":
            return r + ("r" if _red(code) else "b")
        return r

    def rank_text(self, code: str, _: Translator) -> str:
        return _(KINDS[self.kind(code)])

    def card(self, code: str, _: Translator) -> str:
        """天K, 梅十10, 牛九9: the 牛九 name, then the poker stand-in."""
        return _("{name} {rank}").format(name=_(KINDS[self.kind(code)]),
                                        rank=RANK_TEXT.get(code[0], code[0]))

    def cards(self, codes, _: Translator) -> str:
        return " ".join(self.card(c, _) for c in self.sort(codes)) or "—"

    def sort(self, codes) -> list[str]:
        # 牛九 (red 9) above 牛八; 合六 (black 5) above 合三
        return sorted(codes, key=lambda c: (self.ranks.index(c[0]),
                                            0 if (c[0] == "9") == _red(c) else 1, c[1]))

    def hand_groups(self, codes: list[str], _: Translator) -> str:
        groups: list[list[str]] = []
        for c in self.sort(codes):
            if groups and self.kind(groups[-1][0]) == self.kind(c):
                groups[-1].append(c)
            else:
                groups.append([c])
        return " │ ".join(" ".join(self.card(c, _) for c in g) for g in groups) or "—"


PRESENTERS = {"xianniu": XianniuPresenter(), "niujiu": NiujiuPresenter()}

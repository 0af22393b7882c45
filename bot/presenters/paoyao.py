"""How 刨幺 looks: poker cards with coloured suits, plays named as players say
them (单顺, 双顺, 三路, 小幺, 对小王 ...), partners shown as teams, and the 雪
settlement explained.

Plain text only (no aiogram). Group texts read `public_view()`; a hand text
reads `view(seat)` of its own seat. Plays are chosen with the card picker
(`uses_picker`), whose 提示 button cycles through `hints()`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.i18n import N_, Translator
from bot.presenters.base import Presenter, names_list, signed
from games.base import Move, Pick, Result
from games.paoyao import RANK_OF, Play, play_of

SUIT_SIGNS = {"s": "♠️", "h": "♥️", "c": "♣️", "d": "♦️"}  # ♥ ♦ show red on phones
RANK_SIGNS = {"T": "10"}

ROAD_NAMES = {
    3: N_("Three-road"),  # 三路
    4: N_("Four-road"),
    5: N_("Five-road"),
    6: N_("Six-road"),
    7: N_("Seven-road"),
    8: N_("Eight-road"),
}
YAO_NAMES = {2: N_("Small yao"), 3: N_("Middle yao"), 4: N_("Old yao")}  # 小幺 中幺 老幺
OLD_OLD_YAO = N_("Old old yao")  # 老老幺: 44444A and up
JOKER_NAMES = {
    (2, 0): N_("Pair of small jokers"),  # 对小王
    (1, 1): N_("Big and small joker"),  # 大小王
    (0, 2): N_("Pair of big jokers"),  # 对大王
    (2, 1): N_("Two small jokers and a big one"),  # 两小一大
    (1, 2): N_("Two big jokers and a small one"),  # 两大一小
    (2, 2): N_("Four jokers"),  # 四王
}
WIN_NAMES = {
    "200": N_("all 200 points"),
    "140": N_("140 points"),
    "kangqi": N_("Kangqi (first out with 90)"),  # 扛旗
    "double_out": N_("Both partners out"),  # 双飞
}
SNOW_NAMES = {
    "big": N_("Big snow ×4"),  # 大雪
    "small": N_("Small snow ×2"),  # 小雪
    "escaped": N_("Losers escape the snow ×1"),  # 免雪
    "declined": N_("No snow ×1"),  # 不雪
}
NOT_ALLOWED = N_("That play is not allowed.")
REASONS = {
    "joker_mix": N_("Jokers only go with jokers."),
    "bad_yao": N_("A yao is one A with two or more 4s."),
    "mixed_counts": N_("That is not a play: no three-plus-two forms."),
    "straight_no_2_3": N_("2, 3 and jokers cannot be in a straight."),
    "straight_gap": N_("A straight must have consecutive ranks."),
    "no_triple_straight": N_("Runs of triples are not a play."),
    "straight_too_short": N_("A straight needs at least three ranks."),
    "not_in_hand": N_("You do not hold those cards."),
    "cannot_beat": N_("That does not beat the table."),
    "cannot_beat_bomb": N_("Only a bigger bomb beats a bomb."),
    "three_road_vs_double_straight": N_("A three-road cannot beat a double straight."),
    "wrong_length": N_("It must have as many cards as the table's straight."),
    "wrong_type": N_("It must be the same kind of play as the table's."),
    "must_lead": N_("You lead: you cannot pass."),
    "no_cards": N_("Choose some cards first."),
    "not_your_turn": N_("It is not your turn."),
}


def play_made(move: Move) -> Play:
    play = play_of(move.cards)
    assert play is not None, move  # every legal play of cards makes one
    return play


class PaoyaoPresenter(Presenter):
    game_id = "paoyao"

    def game_name(self, _: Translator) -> str:
        return _("Pao Yao")

    # -- cards -----------------------------------------------------------------
    def rank(self, ch: str, _: Translator) -> str:
        if ch == "S":
            return _("Small joker")
        if ch == "B":
            return _("Big joker")
        return RANK_SIGNS.get(ch, ch)

    def card(self, code: str, _: Translator) -> str:
        """♥️5, ♠️10, 小王"""
        if code[1] == "J":
            return self.rank(code[0], _)
        return SUIT_SIGNS[code[1]] + self.rank(code[0], _)

    def cards(self, codes, _: Translator) -> str:
        return " ".join(self.card(c, _) for c in codes) or "—"

    def play_name(self, cards, kind: str | None, _: Translator) -> str:
        """The kind of play (as views and events name it: single, pair, ...,
        bomb) as players say it: 对5, 单顺 5-9, 三路 7, 小幺 ..."""
        ranks = [c[0] for c in cards]
        low, high = self.rank(ranks[0], _), self.rank(ranks[-1], _)
        if kind is None:
            return self.cards(cards, _)
        if kind == "single":
            return low
        if kind == "pair":
            return _("Pair {rank}").format(rank=low)
        if kind == "straight":
            return _("Straight {low}-{high}").format(low=low, high=high)
        if kind == "double_straight":
            return _("Double straight {low}-{high}").format(low=low, high=high)
        if ranks[0] in "SB":
            return _(JOKER_NAMES[(ranks.count("S"), ranks.count("B"))])
        if "A" in ranks and len(set(ranks)) == 2:
            name = _(YAO_NAMES.get(ranks.count("4"), OLD_OLD_YAO))
            return f"{name} {''.join(ranks)}"
        return _("{road} {rank}").format(road=_(ROAD_NAMES[len(ranks)]), rank=low)

    # -- buttons and picker --------------------------------------------------------
    def move_label(self, move: Move, _: Translator) -> str:
        if move.kind == "pass":
            return _("Don't beat")
        if move.kind == "snow":
            return _("Snow!")
        if move.kind == "no_snow":
            return _("No snow")
        play = play_of(move.cards)
        return self.play_name(move.cards, play and play.kind, _)

    def pick_prompt(self, pick: Pick, _: Translator) -> str:
        return _("Choose cards to play")

    def uses_picker(self, moves: Sequence[Move | Pick]) -> bool:
        return any(isinstance(m, Move) and m.kind == "play" for m in moves)

    def hints(self, moves: Sequence[Move | Pick]) -> list[Move]:
        """Up to three good plays: shed many low cards without wasting a bomb;
        when following, the cheapest play that beats, then the smallest bomb."""
        plays = [m for m in moves if isinstance(m, Move) and m.kind == "play"]
        kinds = {m.code: play_made(m) for m in plays}
        plain = [m for m in plays if kinds[m.code].kind != "bomb"]
        bombs = sorted((m for m in plays if kinds[m.code].kind == "bomb"),
                       key=lambda m: kinds[m.code].key)
        following = any(isinstance(m, Move) and m.kind == "pass" for m in moves)
        if following:
            plain.sort(key=lambda m: kinds[m.code].key)
        else:
            plain.sort(key=lambda m: (-len(m.cards), RANK_OF[m.code[0]]))
        return (plain[:2] + bombs[:1] + plain[2:3])[:3]

    def reason_text(self, reason: str, _: Translator) -> str:
        return _(REASONS.get(reason, NOT_ALLOWED))

    # -- the table -------------------------------------------------------------------
    def team_name(self, team: int, names: list[str], _: Translator) -> str:
        return _("{a} & {b}").format(a=names[team], b=names[team + 2])

    def _teams_line(self, public: dict[str, Any], names: list[str], _: Translator) -> str:
        a, b = public["points"]
        return _("{team_a}: {a} pts · {team_b}: {b} pts").format(
            team_a=self.team_name(0, names, _), a=a, team_b=self.team_name(1, names, _), b=b
        )

    def _top_line(self, public: dict[str, Any], names: list[str], _: Translator) -> str:
        top = public["top"]
        if top is None:
            return _("Table: empty")
        return _("Table: {who} played {play} {cards} ({pts} pts in this trick)").format(
            who=names[top["seat"]],
            play=self.play_name(top["cards"], top["combo"], _),
            cards=self.cards(top["cards"], _),
            pts=public["trick_points"],
        )

    def _status_line(self, public: dict[str, Any], names: list[str], _: Translator) -> str | None:
        if public["phase"] == "snow":
            waiting = names_list([names[s] for s in public["to_act"]], _)
            return _("{team} have won! Snow or not? Waiting for {names}").format(
                team=self.team_name(public["snow"]["team"], names, _), names=waiting
            )
        if public.get("chase") is not None:
            return _("Snow! {team} have won and play on for a bigger win").format(
                team=self.team_name(public["chase"], names, _)
            )
        return None

    def table_text(self, public: dict[str, Any], names: list[str], _: Translator) -> str:
        lines = [
            _("First lead: {name}").format(name=names[public["dealer"]])
        ]
        lines.append(self._teams_line(public, names, _))
        lines.append("────────────")
        for seat in range(4):
            mark = "👉 " if seat in public["to_act"] else ""
            team = "A" if seat % 2 == 0 else "B"
            if seat in public["out"]:
                state = _("out #{n}").format(n=public["out"].index(seat) + 1)
            else:
                state = _("{n} cards").format(n=public["left"][seat])
            line = f"{mark}[{team}] {names[seat]}  {state}"
            yao = public.get("yao_counts")
            if yao:
                line += "  " + _("A×{a} 4×{f}").format(a=yao[seat][0], f=yao[seat][1])
            lines.append(line)
        lines.append("────────────")
        lines.append(self._top_line(public, names, _))
        status = self._status_line(public, names, _)
        if status:
            lines.append(status)
        return "\n".join(lines)

    def hand_text(self, view: dict[str, Any], seat: int, names: list[str], _: Translator) -> str:
        groups: dict[str, list[str]] = {}
        for c in view["hand"]:
            groups.setdefault(c[0], []).append(c)
        shown = " │ ".join(self.cards(g, _) for g in groups.values())
        counts = " · ".join(
            self.rank(r, _) if r in "SB" and len(g) == 1 else f"{self.rank(r, _)} ×{len(g)}"
            for r, g in groups.items()
        )
        partner = names[(seat + 2) % 4]
        lines = [
            _("Your cards ({n}):").format(n=len(view["hand"])),
            shown or "—",
            _("Pick from: {counts}").format(counts=counts),
            _("Partner: {name}").format(name=partner),
            self._teams_line(view, names, _),
            self._top_line(view, names, _),
        ]
        if view.get("partner_hand"):
            lines.append(
                _("{name}'s cards: {cards}").format(
                    name=partner, cards=self.cards(view["partner_hand"], _)
                )
            )
        if view["phase"] == "snow" and seat in view["to_act"]:
            lines.append(_("Your team has won. Snow (play on for ×2/×4) or not?"))
        elif view["turn"] == seat:
            lines.append(
                _("Your lead: play anything.") if view["top"] is None else _("Beat it or pass.")
            )
        status = self._status_line(view, names, _)
        if status and view["phase"] != "snow":
            lines.append(status)
        return "\n".join(lines)

    # -- what happened ---------------------------------------------------------------------
    def event_line(self, event: dict[str, Any], names: list[str], _: Translator) -> str | None:
        kind = event.get("type")
        who = names[event["seat"]] if "seat" in event else ""
        if kind == "play":
            return _("{who} plays {play}: {cards}").format(
                who=who,
                play=self.play_name(event["cards"], event["combo"], _),
                cards=self.cards(event["cards"], _),
            )
        if kind == "pass":
            return _("{who} passes").format(who=who)
        if kind == "out":
            return _("{who} is out (#{n})").format(who=who, n=event["place"])
        if kind == "trick":
            return _("{who} takes the trick (+{pts} pts) · {a} : {b}").format(
                who=who, pts=event["points"], a=event["score"][0], b=event["score"][1]
            )
        if kind == "snow_offer":
            return _("{team} have won ({why})! Snow or not?").format(
                team=self.team_name(event["team"], names, _), why=_(WIN_NAMES[event["reason"]])
            )
        if kind == "snow":
            return (
                _("{who}: snow!").format(who=who)
                if event["snow"]
                else _("{who}: no snow").format(who=who)
            )
        if kind == "chase":
            return _("Snow! Play on: the losers must reach more than the snow line")
        if kind == "end":
            return _("Hand over: {team} win · {snow}").format(
                team=self.team_name(event["team"], names, _), snow=_(SNOW_NAMES[event["snow"]])
            )
        return None

    def result_head(self, result: Result, names: list[str], _: Translator) -> str | None:
        """/history: the winning team and the 雪 multiplier."""
        d = result.details
        end = {"type": "end", "team": d["winner_team"], "snow": d["snow"]}
        head = self.event_line(end, names, _)
        return head

    # -- end of hand ------------------------------------------------------------------------
    def result_text(
        self, result: Result, final: dict[str, Any], names: list[str], _: Translator
    ) -> str:
        d = result.details
        w = d["winner_team"]
        lines = [
            _("🏁 {game}: {team} win").format(
                game=self.game_name(_), team=self.team_name(w, names, _)
            ),
            _("How: {how} · {snow}").format(
                how=_(WIN_NAMES[d["win"]]), snow=_(SNOW_NAMES[d["snow"]])
            ),
            _("Points: {team_a} {a} · {team_b} {b}").format(
                team_a=self.team_name(0, names, _),
                a=d["points"][0],
                team_b=self.team_name(1, names, _),
                b=d["points"][1],
            ),
        ]
        if d["final_points"] != d["points"]:
            lines.append(
                _("With the cards left: {a} · {b}").format(
                    a=d["final_points"][0], b=d["final_points"][1]
                )
            )
        if d["out"]:
            lines.append(
                _("Out in order: {names}").format(names=names_list([names[s] for s in d["out"]], _))
            )
        lines.append(" · ".join(f"{names[s]} {signed(result.net[s])}" for s in range(4)))
        hands = final.get("hands") or []
        if any(hands):
            lines.append(_("Cards left:"))
            for s, h in enumerate(hands):
                if h:
                    lines.append(f"{names[s]}: {self.cards(h, _)}")
        lines.append(_("Next hand: {name} leads").format(name=names[d["next_leader"]]))
        return "\n".join(lines)


PRESENTERS = {"paoyao": PaoyaoPresenter()}

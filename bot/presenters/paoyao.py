"""How 刨幺 looks: poker cards with coloured suits, plays named as players say
them (单顺, 双顺, 三路, 小幺, 对小王 ...), partners shown as teams, and the 雪
scoring explained.

The words are docs/glossary.md's (刨幺): 三路 … 八路 are "Three Js" … "Eight
Js" in English; yao (幺) and snow (雪) are glossed with their Chinese on their
first use in a message.

Plain text only (no aiogram). Group texts read `public_view()`; a hand text
reads `view(seat)` of its own seat. Plays are chosen with the card picker
(`uses_picker`), whose 提示 button cycles through `hints()`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from bot.i18n import N_, Translator, plural
from bot.presenters.base import OFF, ON, FlagText, Presenter, names_list
from bot.presenters.gloss import gloss, gloss_labels, term
from games.base import Move, Pick, Result, Revealed, State
from games.paoyao import RANK_OF, PaoyaoPublic, PaoyaoView, Play, play_of

SUIT_SIGNS = {"s": "♠️", "h": "♥️", "c": "♣️", "d": "♦️"}  # ♥ ♦ show red on phones
RANK_SIGNS = {"T": "10"}

# English terms glossed with their Chinese on first use in a message.
TERMS = (term("yao", "幺"), term("snow", "雪"))

# n of a kind (三路 … 八路): the more cards, the higher the bomb
ROAD_NAMES = {
    3: N_("Three {rank}s"),  # 三路
    4: N_("Four {rank}s"),
    5: N_("Five {rank}s"),
    6: N_("Six {rank}s"),
    7: N_("Seven {rank}s"),
    8: N_("Eight {rank}s"),
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
# Why a team has won, as the 雪 question says it (the thresholds are in the
# result's own sentence)
WIN_WHY = {
    "200": N_("all 200 points"),
    "140": N_("enough points"),
    "kangqi": N_("first out with enough points (扛旗)"),  # 扛旗
    "double_out": N_("both partners out (双飞)"),  # 双飞
}
# The end of a hand in one line (the table's last event, /history)
END_LINES = {
    "big": N_("{team} win ×4 with a big snow"),  # 大雪
    "small": N_("{team} win ×2 with a small snow"),  # 小雪
    "escaped": N_("{team} win ×1: the losers are safe from the snow"),  # 免雪
    "declined": N_("{team} win ×1: no snow"),  # 不雪
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
    "three_road_vs_double_straight": N_("Three of a kind cannot beat a double straight."),
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


# -- house rules and /rules in players' words (msgids; bot/house_rules.py reads them) --
PRESETS: dict[str, tuple[str, str]] = {  # preset → (name, one-line description)
    "default": (N_("Standard"), N_("Two decks with 3s, 3 beats 2, 140 points win")),
    "wu_san": (N_("No 3s (无3)"), N_("All 3s are taken out: 100 cards, 25 each")),
    "san_xiao": (N_("3 below 2 (3比2小)"), N_("3 ranks just below 2 instead of above it")),
}

# flag → (name, one-line explanation, {value: choice name})
FLAGS: dict[str, FlagText] = {
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

SUMMARY = (  # how to win, the plays, scoring
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
)


class PaoyaoPresenter(Presenter[PaoyaoPublic, PaoyaoView]):
    game_id = "paoyao"
    presets = PRESETS
    flags = FLAGS
    summary = SUMMARY

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

    def cards(self, codes: Iterable[str], _: Translator) -> str:
        return " ".join(self.card(c, _) for c in codes) or "—"

    def play_name(self, cards: Sequence[str], kind: str | None, _: Translator) -> str:
        """The kind of play (as views and events name it: single, pair, ...,
        bomb) as players say it: 对5, 单顺 5-9, 三路 7, 小幺 … (Pair of 5s,
        Straight 5-9, Three 7s, Small yao …)."""
        ranks = [c[0] for c in cards]
        low, high = self.rank(ranks[0], _), self.rank(ranks[-1], _)
        if kind is None:
            return self.cards(cards, _)
        if kind == "single":
            return low
        if kind == "pair":
            return _("Pair of {rank}s").format(rank=low)
        if kind == "straight":
            return _("Straight {low}-{high}").format(low=low, high=high)
        if kind == "double_straight":
            return _("Double straight {low}-{high}").format(low=low, high=high)
        if ranks[0] in "SB":
            return _(JOKER_NAMES[(ranks.count("S"), ranks.count("B"))])
        if "A" in ranks and len(set(ranks)) == 2:
            name = _(YAO_NAMES.get(ranks.count("4"), OLD_OLD_YAO))
            return f"{name} {''.join(ranks)}"
        return _(ROAD_NAMES[len(ranks)]).format(rank=low)

    # -- buttons and picker --------------------------------------------------------
    def move_label(self, move: Move, _: Translator) -> str:
        if move.kind == "pass":
            return _("Don't beat")  # 不要 (English: "Pass"; changpai's "Pass" is 过)
        if move.kind == "snow":
            return _("Snow!")  # 雪
        if move.kind == "no_snow":
            return _("No snow")  # 不雪
        play = play_of(move.cards)
        return self.play_name(move.cards, play and play.kind, _)

    def move_labels(self, moves: list[Move], _: Translator) -> list[str]:
        return gloss_labels(super().move_labels(moves, _), TERMS)

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
        return gloss(_(REASONS.get(reason, NOT_ALLOWED)), TERMS)

    # -- the table -------------------------------------------------------------------
    def team_name(self, team: int, names: list[str], _: Translator) -> str:
        return _("{a} & {b}").format(a=names[team], b=names[team + 2])

    def team_points(self, points: Sequence[int], names: list[str], _: Translator) -> str:
        """Lao Wang & A Qiang: 70 points · Xiao Li & Da Liu: 10 points."""
        return " · ".join(
            plural(_, "{team}: {n} point", "{team}: {n} points", n).format(
                team=self.team_name(t, names, _), n=n)
            for t, n in enumerate(points))

    def _top_line(self, public: PaoyaoPublic, names: list[str], _: Translator) -> str:
        top = public["top"]
        if top is None:
            return _("On top: nothing yet")
        pts = public["trick_points"]
        return _("On top: {play} from {who}: {cards} · {points}").format(
            who=names[top["seat"]],
            play=self.play_name(top["cards"], top["combo"], _),
            cards=self.cards(top["cards"], _),
            points=plural(_, "{n} point in this trick", "{n} points in this trick",
                          pts).format(n=pts),
        )

    def _status_line(self, public: PaoyaoPublic, names: list[str], _: Translator) -> str | None:
        # while the 雪 question is open, the last event says who won and the
        # turn line who answers: the table does not say it a third time
        chase = public["chase"]
        if chase is not None and public["phase"] != "over":
            return _("Snow! {team} have won and play on for a bigger win").format(
                team=self.team_name(chase, names, _)
            )
        return None

    def table_text(self, public: PaoyaoPublic, names: list[str], _: Translator) -> str:
        lines = [
            _("First lead: {name}").format(name=names[public["dealer"]]),
            self.team_points(public["points"], names, _),
            "────────────",
        ]
        for seat in range(4):
            mark = "👉 " if seat in public["to_act"] else ""
            team = "A" if seat % 2 == 0 else "B"
            if seat in public["out"]:
                state = _("out #{n}").format(n=public["out"].index(seat) + 1)
            else:
                n = public["left"][seat]
                state = plural(_, "{n} card in hand", "{n} cards in hand", n).format(n=n)
            yao = public.get("yao_counts")
            if yao:
                state = _("{state} · A×{a} 4×{f}").format(
                    state=state, a=yao[seat][0], f=yao[seat][1])
            lines.append(_("{seat}: {state}").format(seat=f"{mark}[{team}] {names[seat]}",
                                                     state=state))
        lines.append("────────────")
        lines.append(self._top_line(public, names, _))
        status = self._status_line(public, names, _)
        if status:
            lines.append(status)
        return gloss("\n".join(lines), TERMS, names)

    @staticmethod
    def groups(codes: Sequence[str]) -> list[list[str]]:
        """A hand's groups, one per rank in hand order: its text and its picture show these."""
        groups: dict[str, list[str]] = {}
        for c in codes:
            groups.setdefault(c[0], []).append(c)
        return list(groups.values())

    def hand_text(self, view: PaoyaoView, seat: int, names: list[str], _: Translator) -> str:
        groups = self.groups(view["hand"])
        shown = " │ ".join(self.cards(g, _) for g in groups)
        counts = " · ".join(
            self.rank(g[0][0], _) + (f" ×{len(g)}" if len(g) > 1 else "") for g in groups
        )
        partner = names[(seat + 2) % 4]
        lines = [
            _("Your cards ({n}):").format(n=len(view["hand"])),
            shown or "—",
            _("By rank: {counts}").format(counts=counts or "—"),
            _("Partner: {name}").format(name=partner),
            self.team_points(view["points"], names, _),
            self._top_line(view, names, _),
        ]
        if view.get("partner_hand"):
            lines.append(
                _("{name}'s cards: {cards}").format(
                    name=partner, cards=self.cards(view["partner_hand"], _)
                )
            )
        if view["phase"] == "snow" and seat in view["to_act"]:
            lines.append(_("Your team has won. Snow, to play on for ×2 or ×4, or not?"))
        elif view["turn"] == seat:
            lines.append(
                _("Your lead: play anything.") if view["top"] is None else _("Beat it or pass.")
            )
        status = self._status_line(view, names, _)
        if status and view["phase"] != "snow":
            lines.append(status)
        return gloss("\n".join(lines), TERMS, names)

    def turn_action(self, public: PaoyaoPublic, _: Translator) -> str:
        if public["phase"] == "snow":
            return gloss(_("to choose: snow or not"), TERMS)  # 雪不雪
        return _("to play")

    # -- what happened ---------------------------------------------------------------------
    def event_line(self, event: dict[str, Any], names: list[str], _: Translator) -> str | None:
        line = self._event(event, names, _)
        return None if line is None else gloss(line, TERMS, names)

    def _event(self, event: dict[str, Any], names: list[str], _: Translator) -> str | None:
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
            pts = event["points"]
            return plural(_, "{who} takes the trick: +{n} point ({a} : {b})",
                          "{who} takes the trick: +{n} points ({a} : {b})", pts).format(
                who=who, n=pts, a=event["score"][0], b=event["score"][1])
        if kind == "snow_offer":
            return _("{team} have won: {why}").format(
                team=self.team_name(event["team"], names, _), why=_(WIN_WHY[event["reason"]])
            )
        if kind == "snow":
            return (
                _("{who} chooses snow").format(who=who)
                if event["snow"]
                else _("{who} chooses no snow").format(who=who)
            )
        if kind == "chase":
            return _("play goes on: the losers must pass the snow line to escape it")
        if kind == "end":
            return _(END_LINES[event["snow"]]).format(
                team=self.team_name(event["team"], names, _))
        return None

    def result_head(self, result: Result, names: list[str], _: Translator) -> str | None:
        """/history: the winning team and the 雪 multiplier."""
        d = result.details
        end = {"type": "end", "team": d["winner_team"], "snow": d["snow"]}
        return self.event_line(end, names, _)

    # -- history and replay ----------------------------------------------------
    def replay_move(self, state: State, seat: int, code: str, _: Translator) -> str:
        return gloss(super().replay_move(state, seat, code, _), TERMS)

    def gloss_text(self, text: str, names: Sequence[str]) -> str:
        return gloss(text, TERMS, names)

    def replay_lines(self, record: dict[str, Any], names: list[str], _: Translator) -> list[str]:
        """The replay as one text: each term glossed at its first use in it
        (the hands dealt come first)."""
        lines = super().replay_lines(record, names, _)
        return self.gloss_text("\n".join(lines), names).split("\n")

    # -- end of hand ------------------------------------------------------------------------
    def result_text(
        self, result: Result, final: Revealed[PaoyaoPublic], names: list[str], _: Translator
    ) -> str:
        """Who won and how, the 雪 and its multiplier, each a sentence; the
        teams' points, who went out, the cards left, the next leader. Each
        seat's net is the 🏁 message's own line."""
        d = result.details
        limits = final["public"]["thresholds"]
        team = self.team_name(d["winner_team"], names, _)
        lost = d["points"][1 - d["winner_team"]]
        win = d["win"]
        if win == "200":
            how = _("{team} win with all 200 points.").format(team=team)
        elif win == "140":
            how = _("{team} win with {n} points.").format(team=team, n=limits["win"])
        elif win == "kangqi":  # 扛旗
            how = _("{team} win: first out with {n} points (扛旗).").format(
                team=team, n=limits["kangqi"])
        else:  # 双飞
            how = _("{team} win: both partners out (双飞).").format(team=team)
        lines = [how, self.snow_sentence(d["snow"], d.get("chased", False), lost, _),
                 self.team_points(d["points"], names, _)]
        if d["final_points"] != d["points"]:
            lines.append(_("Counting the cards left: {points}").format(
                points=self.team_points(d["final_points"], names, _)))
        if d["out"]:
            lines.append(
                _("Out in order: {names}").format(names=names_list([names[s] for s in d["out"]], _))
            )
        hands = final["hands"]
        if any(hands):
            lines.append(_("Cards left:"))
            for s, h in enumerate(hands):
                if h:
                    lines.append(_("{name}: {cards}").format(name=names[s], cards=self.cards(h, _)))
        lines.append(_("Next hand: {name} leads").format(name=names[d["next_leader"]]))
        return gloss("\n".join(lines), TERMS, names)

    def snow_sentence(self, snow: str, chased: bool, lost: int, _: Translator) -> str:
        """The 雪 and its multiplier, from the losers' points."""
        if snow == "big":  # 大雪
            return _("Big snow: the losers have no points, ×4.")
        if snow == "small":  # 小雪
            return plural(_, "Small snow: the losers have only {n} point, ×2.",
                          "Small snow: the losers have only {n} points, ×2.", lost).format(n=lost)
        if snow == "declined":  # 不雪
            return _("The winners chose no snow: ×1.")
        if chased:  # 雪, then 免雪
            return plural(_, "After the snow the losers reached {n} point: ×1.",
                          "After the snow the losers reached {n} points: ×1.", lost).format(n=lost)
        return plural(_, "The losers have {n} point, too many for a snow: ×1.",  # 免雪
                      "The losers have {n} points, too many for a snow: ×1.", lost).format(n=lost)


PRESENTERS = {"paoyao": PaoyaoPresenter()}

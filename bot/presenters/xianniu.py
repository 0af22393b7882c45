"""How 掀牛 (poker suits) and 掀牛九 (牛九 cards) look: cards, shape names on
the buttons (对K, 公牛, 摆, 鱼 ...), the table with everyone's leaves, the
private hand, what happened, and the scoring.

The words are docs/glossary.md's (掀牛, 掀牛九): English glosses its game
words (xian, bai, stand, ox pair …) with their Chinese on their first use in a
message, and a 牛九 card's English name carries the rank it plays as ("Ox 8
(牛八)", a black 9).

Plain text only (no aiogram). Group texts read `public_view()`; a hand text
reads `view(seat)` of its own seat.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from typing import Any

from bot.i18n import N_, Translator, in_context, plural
from bot.presenters.base import OFF, ON, FlagText, Presenter, names_list
from bot.presenters.gloss import Term, gloss, gloss_labels, term
from games.base import Move, Pick, Result, Revealed, State
from games.xianniu import Leaf, XianniuPublic, XianniuView

# ♥ and ♦ in their red emoji form, ♠ ♣ plain (black).
SUITS = {"s": "♠", "h": "♥️", "c": "♣", "d": "♦️"}
RANK_TEXT = {"T": "10"}

# The 牛九 kinds (rules §1.2) by their poker stand-in (9 and 5 by colour):
# English names carry the rank the card plays as, the Chinese is the card's own
# (the gloss in an English hand). 串串 plays as 6 unless the group counts it 3.
KINDS = {
    "K": (N_("Heaven 12"), "天"),
    "Q": (N_("Tiger 11"), "虎"),
    "J": (N_("Flower 10"), "花十"),
    "T": (N_("Plum 10"), "梅十"),
    "9r": (N_("Ox 9"), "牛九"),  # red 9
    "9b": (N_("Ox 8"), "牛八"),  # black 9
    "8": (N_("Red 8"), "红八"),
    "7": (N_("Swing 7"), "摇七"),
    "6": (N_("Hammer 6"), "铜锤"),
    "3": (N_("Skewer 6"), "串串"),
    "5b": (N_("Joy 6"), "合六"),  # black 5; 合六 and 合三 are the two 喜 (joys)
    "4": (N_("Bench 4"), "板凳"),
    "5r": (N_("Joy 3"), "合三"),  # red 5
    "2": (N_("Earth 2"), "地眼"),
}

ORDER = {k: i for i, k in enumerate(KINDS)}  # high to low

# English terms glossed with their Chinese on first use in a message
# (docs/glossary.md).
TERMS = (term("ox pair", "公牛"), term("joy pair", "公喜"), term("three oxen", "三牛"),
         term("three joys", "三喜"), term("eight pairs", "八大对"),
         term(("xian", "xians"), "掀"), term(("stand", "stands", "stood"), "扣"),
         term("bai", "摆"), term("fish", "鱼"), term(("tighten", "tightens", "tightened"), "紧牌"),
         term(("point", "points"), "性子"))
P_TERMS = (*TERMS, term("dragon and phoenix", "龙凤齐"))
N_TERMS = (*TERMS, term("dragon and phoenix", "龙凤"),
           *(term((name, name + "s"), chinese) for name, chinese in KINDS.values()))
# What a button may be the first to name: a hand's text lists its cards and
# asks for 掀 or 扣 in the glossed words before its buttons.
BUTTON_TERMS = ("公牛", "公喜", "三牛", "三喜", "八大对", "摆", "鱼", "紧牌", "龙凤齐", "龙凤")

MULTI = {
    "bai": (N_("Bai"), N_("Double bai"), N_("Triple bai"), N_("Quadruple bai")),  # 摆 双摆 …
    "yu": (N_("Fish"), N_("Double fish"), N_("Triple fish"), N_("Quadruple fish")),  # 鱼 双鱼 …
}
SHAPES = {
    "liang_bai": N_("Four-of-a-kind bai"),  # 亮子摆 KKKK+10+8
    "si_di_la_yu": N_("Four Earths pull a fish"),  # 四地拉鱼
    "xibaoliang": N_("Four of a kind with joys"),  # 喜包亮
    "badadui": N_("Eight pairs"),  # 八大对
}
DRAGON = N_("Dragon and Phoenix")  # 龙凤齐 (P); 龙凤 in 掀牛九 (context "niujiu")

REASONS = {
    "not_in_hand": N_("You do not hold those cards."),
    "not_a_shape": N_("Those cards are not a play."),
    "cannot_beat": N_("That does not beat the cards on top."),
    "table_full": N_("The table holds at most 16 cards."),
    "must_lead": N_("After the xian you must lead again: you cannot stand now."),
    "tighten_not_allowed": N_("You can tighten only with 9 or more cards on the table."),
    "wrong_count": N_("Choose exactly the number of cards asked for."),
    "not_legal": N_("That move is not allowed."),
    "malformed_move": N_("That move is not allowed."),
}

# Why a hand ended (its last event). The 🏁 message says that it ended.
END_REASONS = {
    "table_full": N_("16 cards on the table: it is full"),
    "all_kou": N_("everyone stood"),
    "no_cards": N_("nobody has cards left to lead"),
    "ci": N_("11 cards on the table: a big hand"),
}


def _red(code: str) -> bool:
    return code[1] in "hd"


def kind_of(code: str) -> str:
    """What a card is to the rules: its rank, and for 9s and 5s its colour."""
    r = code[0]
    return r + ("r" if _red(code) else "b") if r in "95" else r


def _then(parts: Sequence[str], _: Translator) -> str:
    """Parts of a table row or result row: "6 on the table · 8 in hand"."""
    row = parts[0]
    for part in parts[1:]:
        row = _("{row} · {part}").format(row=row, part=part)
    return row


# -- house rules and /rules in players' words (msgids; bot/house_rules.py reads them) --
XIANNIU_PRESETS: dict[str, tuple[str, str]] = {  # preset → (name, one-line description)
    "default": (N_("Standard"), N_("The usual rules: a point (性子) pays 1, a xian (掀) 2; "
                                  "tighten (紧牌) allowed")),
    "gamehall": (N_("Game hall"), N_("As in the game-hall app: a pair of 3s ranks as "
                                     "there, four of a kind with joys (喜包亮) counts, "
                                     "and the leader may stand (扣) and still xian (掀)")),
}
NIUJIU_PRESETS: dict[str, tuple[str, str]] = {  # preset → (name, one-line description)
    "default": (N_("Standard"), N_("The usual rules: a point (性子) pays 1, a xian (掀) "
                                  "2; the Skewer (串串) counts 6")),
    "er_wu": (N_("Two-five (二五)"), N_("Higher stakes: a point (性子) pays 2, a xian (掀) 5")),
    "chuan3": (N_("Skewer (串串) counts 3"),
               N_("Before a xian (掀) you discard down to as many cards as "
                  "the player you xian holds")),
}

# flag → (name, one-line explanation, {value: choice name})
FLAGS: dict[str, FlagText] = {
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

XIANNIU_SUMMARY = (  # how to win, the plays, scoring
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
)

NIUJIU_SUMMARY = (  # how to win, the plays, scoring
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
)


class XianniuPresenter(Presenter[XianniuPublic, XianniuView]):
    game_id = "xianniu"
    presets = XIANNIU_PRESETS
    flags = FLAGS
    summary = XIANNIU_SUMMARY
    mode = "P"
    ranks = "KQJT98765432A"  # high to low, for sorting a hand
    terms: tuple[Term, ...] = P_TERMS

    def game_name(self, _: Translator) -> str:
        return _("Xian Niu")

    # -- cards ---------------------------------------------------------------
    def rank_text(self, code: str, _: Translator) -> str:
        """What a same-rank group is called: K, 10 (P) or Heaven 12 (N)."""
        return RANK_TEXT.get(code[0], code[0])

    def card(self, code: str, _: Translator) -> str:
        """♠K, ♥️10."""
        return SUITS[code[1]] + RANK_TEXT.get(code[0], code[0])

    def cards(self, codes: Sequence[str], _: Translator) -> str:
        """♠9♥️9: poker cards side by side."""
        return "".join(self.card(c, _) for c in self.sort(codes)) or "—"

    def sort(self, codes: Iterable[str]) -> list[str]:
        return sorted(codes, key=lambda c: (self.ranks.index(c[0]), "shcd".index(c[1])))

    def group_key(self, code: str) -> str:
        """What puts cards in one group of a hand: the rank (P), the kind (N)."""
        return code[0]

    def groups(self, codes: Sequence[str]) -> list[list[str]]:
        """A hand's groups, high first: its text and its picture show these."""
        groups: list[list[str]] = []
        for c in self.sort(codes):
            if groups and self.group_key(groups[-1][0]) == self.group_key(c):
                groups[-1].append(c)
            else:
                groups.append([c])
        return groups

    def hand_groups(self, codes: Sequence[str], _: Translator) -> str:
        """♠K ♥️K │ ♥️9 ♠9 │ ♦️Q — cards of one rank together, high first."""
        return " │ ".join(" ".join(self.card(c, _) for c in g)
                          for g in self.groups(codes)) or "—"

    def cards_text(self, codes: Sequence[str], _: Translator) -> str:
        """A hand in a row, as the hand message groups it (a replay's deal)."""
        return self.hand_groups(codes, _)

    # -- shapes --------------------------------------------------------------
    def shape_label(self, shape: str, n: int, cards: Sequence[str], _: Translator) -> str:
        """Pair of Ks, Ox pair ♠9♥️9, Three Qs, Bai, Fish … (对K, 公牛 ♠9♥️9, 三个Q,
        摆, 鱼); in 掀牛九 Pair of Heaven 12s, Ox pair (对天, 公牛)."""
        cards = self.sort(cards)
        if shape == "single":
            return self.card(cards[0], _)
        rank = cards[0][0] if cards else ""
        # in 掀牛 the colours of 9s and 5s matter (公/母), so those plays show them
        colours = f" {self.cards(cards, _)}" if self.mode == "P" and rank in "95" else ""
        if shape == "pair":
            if cards[0][0] != cards[1][0]:
                return self.cards(cards, _)  # J with 10 (mixed_ten_pair)
            if rank in "95" and _red(cards[0]) != _red(cards[1]):
                return (_("Ox pair") if rank == "9" else _("Joy pair")) + colours  # 公牛 / 公喜
            return self.of_rank(N_("Pair {rank}"), cards[0], _) + colours
        if shape == "triple":
            if rank in "95":
                return (_("Three oxen") if rank == "9" else _("Three joys")) + colours  # 三牛 三喜
            return self.of_rank(N_("Three {rank}"), cards[0], _)
        if shape == "four":  # 亮子
            if rank in "95":  # both 牛 (牛九 and 牛八) or both 喜
                return _("Four oxen") if rank == "9" else _("Four joys")  # 四牛 四喜
            return self.of_rank(N_("Four {rank}"), cards[0], _)
        if shape in MULTI:
            name = _(MULTI[shape][n - 1])
            if any(c[0] == "J" for c in cards):  # a J stands in for a 10 (j_in_bai)
                return _("{play}: {cards}").format(play=name, cards=self.cards(cards, _))
            return name
        if shape == "longfeng":
            return _(DRAGON) if self.mode == "P" else in_context("niujiu", DRAGON, _)
        if shape in SHAPES:
            return _(SHAPES[shape]) + colours
        return self.cards(cards, _)

    def of_rank(self, msgid: str, code: str, _: Translator) -> str:
        """"Pair {rank}" as "Pair of Ks" in English (the "poker" context)."""
        return in_context("poker", msgid, _).format(rank=self.rank_text(code, _))

    # -- buttons -------------------------------------------------------------
    def same_move(self, move: Move) -> Hashable:
        """Plays of cards alike in rank (and, for 9s and 5s, colour) are one
        move: suits matter for nothing else. A 掀牛 single stays the card
        the player taps (♠K, ♥️K)."""
        if move.cards and not (self.mode == "P" and len(move.cards) == 1):
            return move.kind, tuple(sorted(kind_of(c) for c in move.cards))
        return move.code

    def move_label(self, move: Move, _: Translator) -> str:
        k = move.kind
        if k in ("lead", "beat"):
            data = move.data or {}
            return self.shape_label(data.get("shape", "single"), data.get("n", 1), move.cards, _)
        if k == "kou":
            return _("Stand")  # 扣了
        if k == "xian":
            return _("Xian!")  # 掀!
        if k == "tighten":
            return _("Tighten")  # 紧牌
        if k == "bighand":
            data = move.data or {}
            return _("Show {shape}").format(
                shape=self.shape_label(data.get("shape", ""), 1, move.cards, _))
        if k == "waive":
            return _("Don't show it")  # 不亮
        return move.code

    def move_labels(self, moves: list[Move], _: Translator) -> list[str]:
        """One label per move; two different moves of one name show their cards."""
        labels = [self.move_label(m, _) for m in moves]
        keys: dict[str, set[Hashable]] = {}
        for m, label in zip(moves, labels):
            keys.setdefault(label, set()).add(self.same_move(m))
        out = [_("{play}: {cards}").format(play=label, cards=self.cards(m.cards, _))
               if len(keys[label]) > 1 and m.cards else label
               for m, label in zip(moves, labels)]
        return gloss_labels(out, [t for t in self.terms if t.chinese in BUTTON_TERMS])

    def pick_prompt(self, pick: Pick, _: Translator) -> str:
        n = pick.min_count
        if pick.kind == "xian":  # 贴牌
            return plural(_, "To xian, first discard {n} card face down",
                          "To xian, first discard {n} cards face down", n).format(n=n)
        return plural(_, "Tightened: discard {n} card face down",  # 紧牌
                      "Tightened: discard {n} cards face down", n).format(n=n)

    def uses_picker(self, moves: Sequence[Move | Pick]) -> bool:
        """Buttons while they fit on a phone; the picker only for very rich
        hands (n摆 everywhere...)."""
        offered = (moves[i] for i in self.offered(moves))
        return sum(1 for m in offered if isinstance(m, Move) and m.cards) > 40

    def hints(self, moves: Sequence[Move | Pick]) -> list[Move]:
        """The longest plays first (they put the most cards on the table)."""
        offered = [moves[i] for i in self.offered(moves)]
        plays = [m for m in offered if isinstance(m, Move) and m.cards]
        return sorted(plays, key=lambda m: -len(m.cards))[:3]

    def reason_text(self, reason: str, _: Translator) -> str:
        return gloss(_(REASONS.get(reason, REASONS["not_legal"])), self.terms)

    # -- the table -----------------------------------------------------------
    def leaves_text(self, plays: list[Leaf], _: Translator) -> str:
        out = []
        for p in plays:
            label = self.shape_label(p["shape"], p["n"], p["cards"], _)
            if not p.get("xi_ok", True) and self.joys(p["cards"]):  # 喜前不喜后
                label = _("{play} (no points: not led first)").format(play=label)
            out.append(label)
        return " · ".join(out)

    @staticmethod
    def joys(cards: Sequence[str]) -> bool:
        """A joy pair or three joys (公喜, 三喜): 5s of both colours."""
        return (len(cards) in (2, 3) and all(c[0] == "5" for c in cards)
                and len({_red(c) for c in cards}) == 2)

    def points(self, n: int, _: Translator) -> str:
        """性子 (with 亮子) as the table counts them: "2 points"."""
        return plural(_, "{n} point (性子)", "{n} points (性子)", n).format(n=n)

    def row(self, name: str, parts: Sequence[str], _: Translator) -> str:
        return _("{name}: {parts}").format(name=name, parts=_then(parts, _))

    def table_text(self, public: XianniuPublic, names: list[str], _: Translator) -> str:
        dealer = public["dealer"]
        lines = [_("Dealer: {name} · {t} of {cap} on the table").format(
            name=names[dealer], t=public["table"], cap=public["cap"])]
        o = public["opening"]
        if o:
            lines.append(_("{who} showed {shape} at the deal").format(
                who=names[o["seat"]], shape=self.shape_label(o["shape"], 1, [], _)))
        lines.append("────────────")
        acting = set(public["to_act"])
        for i in range(3):
            s = (dealer + i) % 3
            n = public["leaf_counts"][s]
            parts = [_("{n} on the table").format(n=n) + (" ✅" if n >= 6 else ""),
                     _("{n} in hand").format(n=public["hand_counts"][s])]
            if public["base"][s]:
                parts.append(self.points(public["base"][s], _))
            if public["kou"][s]:
                parts.append(_("stood"))
            xian = sum(public["xian"][s])
            if xian:
                parts.append(_("xian ×{n}").format(n=xian))
            lines.append(self.row(("👉 " if s in acting else "") + names[s], parts, _))
            if public["leaves"][s]:
                lines.append("   " + self.leaves_text(public["leaves"][s], _))
        status = self.status_line(public, names, _)
        if status:
            lines.append("────────────")
            lines.append(status)
        return gloss("\n".join(lines), self.terms, names)

    def status_line(self, public: XianniuPublic, names: list[str], _: Translator) -> str | None:
        """What the turn line does not say: the play to beat, a 紧牌's limit."""
        ph = public["phase"]
        if ph == "trick":
            top = public["trick"]
            assert top is not None  # a trick has a play to beat
            return _("On top: {cards} from {who}").format(
                who=names[top["seat"]],
                cards=self.shape_label(top["shape"], top["n"], top["cards"], _))
        if ph == "tighten":
            n = public["cap"] - public["table"]
            return plural(_, "Tightened: everyone keeps at most {n} card",
                          "Tightened: everyone keeps at most {n} cards", n).format(n=n)
        return None

    def turn_action(self, public: XianniuPublic, _: Translator) -> str:
        return gloss(self._turn_action(public, _), self.terms)

    def _turn_action(self, public: XianniuPublic, _: Translator) -> str:
        ph = public["phase"]
        if ph == "trick":
            return _("to beat")  # 压牌
        if ph == "poll":
            return _("to xian or stand")  # 掀还是扣
        if ph == "tighten":
            return _("to discard face down")
        if ph == "opening":
            return _("to show a big hand")
        if public.get("must_lead"):
            return _("to lead again after the xian")
        return _("to lead or stand")

    def hand_text(self, view: XianniuView, seat: int, names: list[str], _: Translator) -> str:
        lines = [_("Your cards ({n}):").format(n=len(view["hand"])),
                 self.hand_groups(view["hand"], _),
                 _("On the table: yours {mine} · all {t} of {cap}").format(
                     mine=view["leaf_counts"][seat], t=view["table"], cap=view["cap"])]
        if view.get("my_discards"):
            lines.append(_("Discarded face down: {cards}").format(
                cards=self.hand_groups(view["my_discards"], _)))
        if seat in view["to_act"]:
            ph = view["phase"]
            if ph == "trick":
                top = view["trick"]
                assert top is not None  # a trick has a play to beat
                lines.append(_("You must beat {cards} from {who}").format(
                    who=names[top["seat"]],
                    cards=self.shape_label(top["shape"], top["n"], top["cards"], _)))
            elif ph == "poll":
                lines.append(_("{who} stood. Xian to make them lead again, or stand?").format(
                    who=names[view["controller"]]))
            elif ph == "tighten":
                n = view["cap"] - view["table"]
                lines.append(plural(_, "Tightened: keep at most {n} card",
                                    "Tightened: keep at most {n} cards", n).format(n=n))
            elif ph == "opening":
                lines.append(_("You hold a big hand: show it now?"))
            elif view["must_lead"]:
                lines.append(_("After the xian you must lead again."))
            else:
                lines.append(_("Your lead, or stand."))
        return gloss("\n".join(lines), self.terms, names)

    # -- what happened -------------------------------------------------------
    def event_line(self, event: dict[str, Any], names: list[str], _: Translator) -> str | None:
        line = self._event(event, names, _)
        return None if line is None else gloss(line, self.terms, names)

    def _event(self, event: dict[str, Any], names: list[str], _: Translator) -> str | None:
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
            return _("{who} takes the trick: +{n} on the table ({total} in all)").format(
                who=who, n=event["count"], total=event["leaves"])
        if kind == "kou":
            return _("{who} stands").format(who=who)
        if kind == "xian":
            line = _("{who} calls xian on {target}!").format(
                who=who, target=names[event["target"]])
            if event.get("discard"):
                n = event["discard"]
                line += " " + plural(_, "({n} card discarded first)",
                                     "({n} cards discarded first)", n).format(n=n)
            return line
        if kind == "tighten":
            n = event["limit"]
            return _("{who} tightens: {limit}").format(who=who, limit=plural(
                _, "everyone keeps at most {n} card", "everyone keeps at most {n} cards",
                n).format(n=n))
        if kind == "discard":
            n = event["count"]
            return _("{who} discards {cards}").format(who=who, cards=plural(
                _, "{n} card face down", "{n} cards face down", n).format(n=n))
        if kind == "waive":
            return _("{who} does not show the big hand").format(who=who)
        if kind == "end":
            return _(END_REASONS.get(event.get("reason", ""), END_REASONS["all_kou"]))
        return None

    # -- history and replay ----------------------------------------------------
    def replay_move(self, state: State, seat: int, code: str, _: Translator) -> str:
        return gloss(super().replay_move(state, seat, code, _), self.terms)

    def gloss_text(self, text: str, names: Sequence[str]) -> str:
        return gloss(text, self.terms, names)

    def replay_lines(self, record: dict[str, Any], names: list[str], _: Translator) -> list[str]:
        """The replay as one text: each term glossed at its first use in it
        (the hands dealt come first)."""
        lines = super().replay_lines(record, names, _)
        return self.gloss_text("\n".join(lines), names).split("\n")

    # -- end of hand ---------------------------------------------------------
    def result_text(
        self, result: Result, final: Revealed[XianniuPublic], names: list[str], _: Translator
    ) -> str:
        """Each seat's table and points, in the table's words; who pays whom
        and why; the cards left. Each seat's net is the 🏁 message's own line."""
        d = result.details
        dealer = final["public"]["dealer"]
        order = [(dealer + i) % 3 for i in range(3)]
        lines = []
        for s in order:
            row = d["seats"][s]
            parts = [_("{n} on the table").format(n=row["leaves"])
                     + (" ✅" if row["leaves"] >= 6 else "")]
            if row["base"]:
                points = self.points(row["base"], _)
                if row["liang"]:
                    points = _("{points}, {n} from four of a kind").format(
                        points=points, n=row["liang"])
                parts.append(points)
            if row["bonus"]:
                parts.append(_("big hand +{n}").format(n=row["bonus"]))
            lines.append(self.row(names[s], parts, _))
        for p in d["payments"]:
            lines.append(self.payment(p, names, _))
        if not d["payments"]:
            lines.append(_("Nobody pays: no winner has points.")
                         if any(r["winner"] for r in d["seats"])
                         else _("Nobody pays: nobody has 6 on the table."))
        hands = final["hands"]
        if hands:
            lines.append(_("Cards left in hand:"))
            for s in order:
                lines.append(_("{name}: {cards}").format(
                    name=names[s], cards=self.hand_groups(hands[s], _)))
        return gloss("\n".join(lines), self.terms, names)

    def payment(self, p: dict[str, Any], names: list[str], _: Translator) -> str:
        """One payment as a sentence: who pays how much to whom, and why."""
        a, b, n = names[p["from"]], names[p["to"]], p["amount"]
        why = p["why"]
        if why == "xian":
            k = p.get("count", 1)
            return plural(_, "{a} pays {n} to {b} for {k} failed xian",
                          "{a} pays {n} to {b} for {k} failed xians", k).format(
                a=a, b=b, n=n, k=k)
        if why == "bighand":
            return _("{a} pays {n} to {b} for the big hand").format(a=a, b=b, n=n)
        if why == "bighand_double":
            return _("{a} pays {n} to {b}: double for the big hand, as the last to xian").format(
                a=a, b=b, n=n)
        return _("{a} pays {n} to {b} for points").format(a=a, b=b, n=n)


class NiujiuPresenter(XianniuPresenter):
    game_id = "niujiu"
    presets = NIUJIU_PRESETS
    summary = NIUJIU_SUMMARY
    mode = "N"
    ranks = "KQJT98765432"
    terms = N_TERMS

    def game_name(self, _: Translator) -> str:
        return _("Xian Niu Jiu")

    def rank_text(self, code: str, _: Translator) -> str:
        return self.card(code, _)

    def card(self, code: str, _: Translator) -> str:
        """天, 牛八 / Heaven 12, Ox 8: the 牛九 name."""
        return _(KINDS[kind_of(code)][0])

    def cards(self, codes: Sequence[str], _: Translator) -> str:
        """Ox 9, Ox 8 (牛九、牛八)."""
        return names_list([self.card(c, _) for c in self.sort(codes)], _) or "—"

    def sort(self, codes: Iterable[str]) -> list[str]:
        """High to low as they play: 天 12 … 地眼 2 (rules §1.2)."""
        return sorted(codes, key=lambda c: (ORDER[kind_of(c)], c[1]))

    def offered(self, moves: Sequence[Move | Pick]) -> list[int]:
        """Buttons low to high by the rank the cards play as (the engine lists
        them by their poker stand-ins); plays of several kinds (鱼, 摆 …)
        and moves without cards after them, as the engine has them."""
        def key(i: int) -> tuple[int, int, int]:
            cards = getattr(moves[i], "cards", ())
            if not cards or len({c[0] for c in cards}) > 1:
                return (1, 0, i)
            return (0, -max(ORDER[kind_of(c)] for c in cards), i)
        return sorted(super().offered(moves), key=key)

    def hand_groups(self, codes: Sequence[str], _: Translator) -> str:
        """天 ×2 │ 虎 │ … (Heaven 12 ×2 │ Tiger 11 │ …): the cards of one kind
        are alike, so each kind once, with its count."""
        return " │ ".join(self.card(g[0], _) + (f" ×{len(g)}" if len(g) > 1 else "")
                          for g in self.groups(codes)) or "—"

    def group_key(self, code: str) -> str:
        return kind_of(code)


PRESENTERS = {"xianniu": XianniuPresenter(), "niujiu": NiujiuPresenter()}

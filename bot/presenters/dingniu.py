"""How 顶牛 looks: tiles by the names 顶牛 players say (大天, 虎头, 红八 ...;
the names of docs/rules/dingniu.md) with their pips, the line with its two
open ends, and the 算帐 explained. English uses the established English
names of the Chinese dominoes (docs/glossary.md).

Plain text only (no aiogram). Group texts read `public_view()`; a hand text
reads `view(seat)` of its own seat.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from bot.i18n import N_, NC_, Translator, in_context, plural
from bot.presenters import gupai
from bot.presenters.base import OFF, ON, FlagText, Presenter, names_list, sentences
from bot.presenters.gupai import Glossary, term
from games.base import Move, Pick, Result, Revealed
from games.dingniu import DingniuPublic, DingniuView

CONTEXT = "dingniu"  # the gettext context of the tile and 算帐 names

# Tiles in the rules' table order; msgids are the established English names,
# the catalogs (context "dingniu", as CONTEXT) hold the names 顶牛 players say.
TILE_NAMES = {
    "66": NC_("dingniu", "Heaven"),  # 大天 (天牌)
    "56": NC_("dingniu", "Axe"),  # 虎头 (斧头)
    "55": NC_("dingniu", "Plum Flower"),  # 大五 (梅花)
    "46": NC_("dingniu", "Red Head Ten"),  # 红十 (红头十)
    "44": NC_("dingniu", "Man"),  # 红八 (人牌)
    "36": NC_("dingniu", "Mixed Nine"),  # 三六 (杂九)
    "26": NC_("dingniu", "Mixed Eight"),  # 二六 (杂八)
    "16": NC_("dingniu", "Long Leg Seven"),  # 一六 (高脚七)
    "33": NC_("dingniu", "Long Three"),  # 长三
    "15": NC_("dingniu", "Red Mallet Six"),  # 一五 (幺五)
    "13": NC_("dingniu", "Harmony"),  # 一三 (和牌)
    "22": NC_("dingniu", "Bench"),  # 二板 (板凳)
    "11": NC_("dingniu", "Earth"),  # 地幺 (地牌)
}

# 算帐 kinds (navpil: ones, two-three, fours, fives; smothered fives).
SZ_NAMES = {
    "yi": NC_("dingniu", "ones"),  # 一帐
    "ersan": NC_("dingniu", "two-three"),  # 二三帐
    "hong": NC_("dingniu", "fours"),  # 红帐
    "wu": NC_("dingniu", "fives"),  # 五帐
    "block": NC_("dingniu", "deadlock"),  # 死局帐
    "zahong": NC_("dingniu", "smothered fours"),  # 砸红帐
    "menwu": NC_("dingniu", "smothered fives"),  # 闷五帐
    "men1": NC_("dingniu", "smothered ones"),
    "men2": NC_("dingniu", "smothered twos"),
    "men3": NC_("dingniu", "smothered threes"),
    "men6": NC_("dingniu", "smothered sixes"),
}

# Seats by their place in play order from the leader: 头牌 二牌 三牌 末牌.
ROLE_NAMES = (NC_("dingniu", "leader"), NC_("dingniu", "2nd"), NC_("dingniu", "3rd"),
              NC_("dingniu", "last"))

# Terms glossed with their Chinese the first time an English message uses them.
TERMS = (
    (term("[Bb]lock"), "算帐"),
    (term("[Ff]ace down"), "扣"),
    (term("leader"), "头牌"),
)

REASONS = {
    "not_in_hand": N_("You do not hold that tile."),
    "does_not_fit": N_("That tile does not fit that end."),
    "same_end": N_("Both ends are the same: play it once."),
    "must_play": N_("You have a tile that fits: you may not lay one face down."),
    "must_lead": N_("The leader must lead first."),
    "lalian": N_("The leader may not lead a tile the others cannot follow."),
    "must_lead_pair": N_("Lead both Man tiles together."),
    "not_legal": N_("That move is not allowed."),
    "malformed_move": N_("That move is not allowed."),
}

END_REASONS = {
    "smothered": N_("play stops: tiles still in hand count too"),
    "immediate": N_("play stops: tiles still in hand count too"),
    "sizha_end": N_("play stops: tiles still in hand count too"),
}


# -- house rules and /rules in players' words (msgids; bot/words/house_rules.py reads them) --
PRESETS: dict[str, tuple[str, str]] = {  # preset → (name, one-line description)
    "default": (N_("Standard"), N_("The usual Ding Niu rules: every block (算帐) counts; a "
                                   "leader with a clean hand (净手) is exempt")),
    "navpil": (N_("Relaxed blocks (算帐)"),
               N_("Anyone with 0 pips is exempt, nobody pays for failing to stop a block "
                  "(死拦), a forced smothered block ends the hand")),
    "literal": (N_("Count every tile"),
                N_("After a block (算帐) play stops and every tile left in hand counts")),
}

# flag → (name, one-line explanation, {value: choice name})
FLAGS: dict[str, FlagText] = {
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

SUMMARY = (  # how to win, the plays, scoring
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
)


class DingniuPresenter(Presenter[DingniuPublic, DingniuView]):
    game_id = "dingniu"
    presets = PRESETS
    flags = FLAGS
    summary = SUMMARY

    def game_name(self, _: Translator) -> str:
        return _("Ding Niu")

    # -- tiles ---------------------------------------------------------------
    def msgid(self, code: str) -> str:
        return TILE_NAMES.get(code) or TILE_NAMES.get(code[::-1], code)

    def tile_name(self, code: str, _: Translator) -> str:
        return in_context(CONTEXT, self.msgid(code), _)

    def card(self, code: str, _: Translator) -> str:
        """虎头[5:6] / Axe [5:6]"""
        return gupai.with_pips(self.tile_name(code, _), code, _)

    def glossed(self, code: str, _: Translator) -> str:
        """A tile with the Chinese name players say, in English: Axe (虎头) [5:6]."""
        name = gupai.glossed(self.tile_name(code, _), gupai.in_chinese(CONTEXT, self.msgid(code)))
        return gupai.with_pips(name, code, _)

    def tiles(self, codes: Sequence[str], _: Translator, gloss: bool = False) -> str:
        """Tiles in a row, repeats counted: 红八[4:4]×2 大天[6:6]."""
        if not codes:
            return "—"
        show = self.glossed if gloss else self.card
        counted = Counter(codes)
        return gupai.tile_list([gupai.times(show(c, _), n, _) for c, n in counted.items()], _)

    def role(self, seat: int, head: int, _: Translator) -> str:
        return in_context(CONTEXT, ROLE_NAMES[(seat - head) % 4], _)

    def sz_name(self, kind: str, _: Translator) -> str:
        """A 算帐 kind; in English with its Chinese: fours (红帐)."""
        if kind not in SZ_NAMES:
            return kind
        return gupai.glossed(in_context(CONTEXT, SZ_NAMES[kind], _),
                             gupai.in_chinese(CONTEXT, SZ_NAMES[kind]))

    def cards_text(self, codes: Sequence[str], _: Translator) -> str:
        return self.tiles(codes, _)

    # -- buttons -------------------------------------------------------------
    def move_label(self, move: Move, _: Translator) -> str:
        if move.kind == "play":
            assert move.data is not None  # a play says which end it goes on
            return _("{tile} on {end}").format(tile=self.card(move.cards[0], _),
                                               end=move.data["on"])
        if move.kind == "kou":
            return _("Face down: {tile}").format(tile=self.card(move.cards[0], _))
        if move.kind == "lead" and len(move.cards) == 2:
            return _("Lead both: {tile}").format(tile=self.card(move.cards[0], _))
        if move.kind == "lead":
            return _("Lead {tile}").format(tile=self.card(move.cards[0], _))
        return move.code

    def pick_prompt(self, pick: Pick, _: Translator) -> str:
        return _("Choose a tile")

    def prompt(
        self, view: DingniuView, moves: Sequence[Move | Pick], names: list[str], _: Translator
    ) -> str | None:
        kinds = {m.kind for m in moves if isinstance(m, Move)}
        g = Glossary(TERMS)
        if "lead" in kinds:
            return g(_("You lead the first tile."))
        if "play" in kinds:
            return g(_("Add a tile to an open end."))
        if "kou" in kinds:
            return g(_("No tile fits: lay one face down."))
        return None

    def reason_text(self, reason: str, _: Translator) -> str:
        return _(REASONS.get(reason, REASONS["not_legal"]))

    # -- the table -----------------------------------------------------------
    def layout_text(self, public: DingniuPublic, g: Glossary, _: Translator) -> list[str]:
        ends = public["ends"]
        if not public["layout"] or ends is None:  # both, before the lead
            return [g(_("Table: empty, the leader starts"))]
        chain = "".join(f"[{c[0]}|{c[1]}]" for c in public["layout"])
        left, right = ends
        return [_("Table: {chain}").format(chain=chain),
                _("Open ends: {left} … {right}").format(left=left, right=right)]

    def table_text(self, public: DingniuPublic, names: list[str], _: Translator) -> str:
        g = Glossary(TERMS)
        head = public["head"]
        lines = self.layout_text(public, g, _)
        lines.append("────────────")
        for i in range(4):
            seat = (head + i) % 4
            mark = "👉 " if public["turn"] == seat else ""
            lines.append(g(_("{mark}{name} · {role} · {n} in hand · {k} face down")).format(
                mark=mark, name=names[seat], role=g(self.role(seat, head, _)),
                n=public["hand_counts"][seat], k=public["kou_counts"][seat]))
        sz = public.get("suanzhang")
        if sz:
            lines.append(g(_("Block by {name}: {kind}")).format(
                name=names[sz["seat"]], kind=self.sz_name(sz["type"], _)))
        return "\n".join(lines)

    def hand_text(self, view: DingniuView, seat: int, names: list[str], _: Translator) -> str:
        g = Glossary(TERMS)
        head = view["head"]
        if seat == head:
            lines = [g(_("You are the leader."))]
        else:
            lines = [g(_("You are {role} · leader: {name}")).format(
                role=self.role(seat, head, _), name=names[head])]
        if view["ends"]:
            left, right = view["ends"]
            lines.append(_("Open ends: {left} … {right}").format(left=left, right=right))
        lines.append(_("Your tiles: {tiles}").format(tiles=self.tiles(view["hand"], _, gloss=True)))
        if view.get("kou"):
            lines.append(g(_("Face down: {tiles}")).format(tiles=self.tiles(view["kou"], _)))
        return "\n".join(lines)

    # -- what happened -------------------------------------------------------
    def event_line(self, event: dict[str, Any], names: list[str], _: Translator) -> str | None:
        kind = event.get("type")
        who = names[event["seat"]] if "seat" in event else ""
        if kind == "lead":
            return _("{who} leads {tiles}").format(who=who, tiles=self.tiles(event["tiles"], _))
        if kind == "play":
            left, right = event["ends"]
            return _("{who} plays {tile} (open ends {left} … {right})").format(
                who=who, tile=self.card(event["tile"], _), left=left, right=right)
        if kind == "kou":
            return _("{who} lays a tile face down ({n} so far)").format(who=who, n=event["count"])
        if kind == "suanzhang":
            return _("{who} makes a block (算帐): {kind}").format(
                who=who, kind=self.sz_name(event["kind"], _))
        if kind == "sizha":
            return _("{who} has no other play: a forced block (死砸), {kind}, does not "
                     "count").format(who=who, kind=self.sz_name(event["kind"], _))
        if kind == "runout":
            if not event["plays"]:
                return _("nothing else fits: the rest go face down")
            seats = list(dict.fromkeys(p["seat"] for p in event["plays"]))  # in playing order
            plays = sentences([_("{who}: {tiles}").format(
                who=names[s], tiles=self.tiles([p["tile"] for p in event["plays"]
                                                if p["seat"] == s], _)) for s in seats], _)
            return _("the rest is played out: {plays}").format(plays=plays)
        if kind == "end" and event.get("reason") in END_REASONS:
            return _(END_REASONS[event["reason"]])
        return None

    # -- end of hand ---------------------------------------------------------
    def result_text(
        self, result: Result, final: Revealed[DingniuPublic], names: list[str], _: Translator
    ) -> str:
        g = Glossary(TERMS)
        d = result.details
        head = d["head"]
        order = [(head + i) % 4 for i in range(4)]
        lines = [g(_("Tiles that count (the fewest pips wins):"))]
        for s in order:
            parts = []
            if d["kou"][s]:
                parts.append(g(_("face down: {tiles}")).format(tiles=self.tiles(d["kou"][s], _)))
            if d["counted_hand"][s]:
                parts.append(_("in hand: {tiles}").format(
                    tiles=self.tiles(d["counted_hand"][s], _)))
            count = plural(_, "{n} pip", "{n} pips", d["points"][s]).format(n=d["points"][s])
            lines.append(_("{name}: {count} · {tiles}").format(
                name=names[s], count=count,
                tiles=" · ".join(parts) or g(_("nothing face down, a clean hand (净手)"))))
        if not any(result.net):  # doubletony's payout when every seat has the same pips
            lines.append(_("Everyone has the same pips: nobody pays"))
        elif "winners" in d and len(d["winners"]) > 1:
            lines.append(_("Winners: {names}").format(
                names=names_list([names[s] for s in d["winners"]], _)))
        else:
            da, er, xiao = d["zhuang"]
            places = _("Winner: {w} · 2nd place: {c} · 3rd place: {b} · last place: {a}")
            lines.append(places.format(w=names[d["winner"]], a=names[da], b=names[er],
                                       c=names[xiao]))
        sz = d.get("suanzhang")
        if sz:
            lines.append(self._sz_line(sz, d, names, g, _))
        for x in d.get("sizha", []):
            lines.append(g(_("Block by {who}, {kind}: forced (死砸), so it does not count")).format(
                who=names[x["seat"]], kind=self.sz_name(x["type"], _)))
        for p in d["payments"]:
            lines.append(self.payment(p, names, _))
        return "\n".join(lines)

    def payment(self, p: dict[str, Any], names: list[str], _: Translator) -> str:
        return _("{a} pays {points} to {b}").format(
            a=names[p["from"]], b=names[p["to"]], points=gupai.points(p["amount"], _))

    def _sz_line(
        self, sz: dict[str, Any], d: dict[str, Any], names: list[str], g: Glossary, _: Translator
    ) -> str:
        who, kind = names[sz["seat"]], self.sz_name(sz["type"], _)
        if sz["exempt"] == "head_clean":
            return g(_("Block by {who}, {kind}: the leader played out clean, so it does not "
                       "count; plain payments")).format(who=who, kind=kind)
        if sz["exempt"]:
            return g(_("Block by {who}, {kind}: 0 pips, so it does not count; "
                       "plain payments")).format(who=who, kind=kind)
        if sz["success"] and sz["silan"]:
            return g(_("Block by {who}, {kind}, succeeds: {liable} could have stopped it "
                       "and pays for everyone (包庄)")).format(
                who=who, kind=kind, liable=names[sz["liable"]])
        if sz["success"]:
            return g(_("Block by {who}, {kind}, succeeds: every payment is doubled")).format(
                who=who, kind=kind)
        return g(_("Block by {who}, {kind}, fails: {who} pays {winner} for everyone "
                   "(包庄)")).format(who=who, kind=kind, winner=names[d["winner"]])


PRESENTERS = {"dingniu": DingniuPresenter()}

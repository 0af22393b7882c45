"""How 顶牛 looks: tiles by the names players say (大天, 虎头, 红八 ...;
the names of docs/rules/dingniu.md, one scheme everywhere) with
their pips, the layout with its two open ends, and the 算帐 explained.

Plain text only (no aiogram). Group texts read `public_view()`; a hand text
reads `view(seat)` of its own seat.
"""

from __future__ import annotations

from typing import Any

from bot.i18n import N_, Translator
from bot.presenters.base import Presenter, names_list, sentences
from games.base import Move, Pick, Result, Revealed
from games.dingniu import DingniuPublic, DingniuView

# Tile names as players say them; msgids English, 简/繁 in the catalogs.
TILE_NAMES = {
    "66": N_("Heaven"),  # 大天 (天牌)
    "56": N_("Tiger Head"),  # 虎头
    "55": N_("Big Five"),  # 大五 / 梅花
    "46": N_("Red Ten"),  # 红十
    "44": N_("Red Eight"),  # 红八 (人牌)
    "36": N_("Mixed Nine"),  # 三六 / 杂九
    "26": N_("Mixed Eight"),  # 二六 / 杂八
    "16": N_("One-Six"),  # 一六 / 幺六
    "33": N_("Long Three"),  # 长三
    "15": N_("One-Five"),  # 一五 / 幺五
    "13": N_("One-Three"),  # 一三 (和牌)
    "22": N_("Two-Two"),  # 二板 (板凳)
    "11": N_("Earth"),  # 地幺 (地牌)
}

SZ_NAMES = {
    "yi": N_("One block"),  # 一帐
    "ersan": N_("Two-three block"),  # 二三帐
    "hong": N_("Red block"),  # 红帐
    "wu": N_("Five block"),  # 五帐
    "block": N_("Dead block"),  # 死局
    "zahong": N_("Smashed reds"),  # 砸红帐
    "menwu": N_("Smothered fives"),  # 闷五帐
    "men1": N_("Smothered ones"),
    "men2": N_("Smothered twos"),
    "men3": N_("Smothered threes"),
    "men6": N_("Smothered sixes"),
}

# Seats by their place in play order from the head.
ROLE_NAMES = (N_("1st (head)"), N_("2nd"), N_("3rd"), N_("4th (last)"))  # 头牌 二牌 三牌 末牌

REASONS = {
    "not_in_hand": N_("You do not hold that tile."),
    "does_not_fit": N_("That tile does not fit that end."),
    "same_end": N_("Both ends are the same: play it once."),
    "must_play": N_("You have a tile that fits: you may not lay one face down."),
    "must_lead": N_("The head must lead first."),
    "lalian": N_("The head may not lead a tile the others cannot follow."),
    "must_lead_pair": N_("Lead both Red Eights together."),
    "not_legal": N_("That move is not allowed."),
    "malformed_move": N_("That move is not allowed."),
}

END_REASONS = {
    "smothered": N_("The hand stops: tiles in hand count."),
    "immediate": N_("The hand stops: tiles in hand count."),
    "sizha_end": N_("The hand stops: tiles in hand count."),
}


def pips(code: str) -> str:
    return f"[{code[0]}:{code[1]}]"


class DingniuPresenter(Presenter[DingniuPublic, DingniuView]):
    game_id = "dingniu"

    def game_name(self, _: Translator) -> str:
        return _("Ding Niu")

    # -- tiles ---------------------------------------------------------------
    def tile_name(self, code: str, _: Translator) -> str:
        key = code if code in TILE_NAMES else code[::-1]
        return _(TILE_NAMES[key]) if key in TILE_NAMES else code

    def card(self, code: str, _: Translator) -> str:
        """虎头[5:6]"""
        return self.tile_name(code, _) + pips(code)

    def tiles(self, codes: list[str], _: Translator) -> str:
        return " ".join(self.card(c, _) for c in codes) or "—"

    def role(self, seat: int, head: int, _: Translator) -> str:
        return _(ROLE_NAMES[(seat - head) % 4])

    def sz_name(self, kind: str, _: Translator) -> str:
        return _(SZ_NAMES[kind]) if kind in SZ_NAMES else kind

    # -- buttons -------------------------------------------------------------
    def move_label(self, move: Move, _: Translator) -> str:
        if move.kind == "play":
            assert move.data is not None  # a play says which end it goes on
            return _("{tile} on {end}").format(
                tile=self.tile_name(move.cards[0], _), end=move.data["on"])
        if move.kind == "kou":
            return _("Lay down {tile}").format(tile=self.card(move.cards[0], _))
        if move.kind == "lead" and len(move.cards) == 2:
            return _("Lead both {tile}").format(tile=self.card(move.cards[0], _))
        if move.kind == "lead":
            return _("Lead {tile}").format(tile=self.card(move.cards[0], _))
        return move.code

    def pick_prompt(self, pick: Pick, _: Translator) -> str:
        return _("Choose a tile")

    def reason_text(self, reason: str, _: Translator) -> str:
        return _(REASONS.get(reason, REASONS["not_legal"]))

    # -- the table -----------------------------------------------------------
    def layout_text(self, public: DingniuPublic, _: Translator) -> list[str]:
        ends = public["ends"]
        if not public["layout"] or ends is None:  # both, before the lead
            return [_("Table: empty, the head leads")]
        chain = "".join(f"[{c[0]}|{c[1]}]" for c in public["layout"])
        left, right = ends
        return [_("Table: {chain}").format(chain=chain),
                _("Open ends: {left} … {right}").format(left=left, right=right)]

    def table_text(self, public: DingniuPublic, names: list[str], _: Translator) -> str:
        head = public["head"]
        lines = self.layout_text(public, _)
        lines.append("────────────")
        for i in range(4):
            seat = (head + i) % 4
            mark = "👉 " if public["turn"] == seat else ""
            lines.append(_("{mark}{name} · {role} · in hand {n} · face down {k}").format(
                mark=mark, name=names[seat], role=self.role(seat, head, _),
                n=public["hand_counts"][seat], k=public["kou_counts"][seat]))
        sz = public.get("suanzhang")
        if sz:
            lines.append(_("Settling the account: {name} — {kind}").format(
                name=names[sz["seat"]], kind=self.sz_name(sz["type"], _)))
        return "\n".join(lines)

    def hand_text(self, view: DingniuView, seat: int, names: list[str], _: Translator) -> str:
        head = view["head"]
        lines = [_("You are {role} · head: {name}").format(
            role=self.role(seat, head, _), name=names[head])]
        if view["ends"]:
            left, right = view["ends"]
            lines.append(_("Open ends: {left} … {right}").format(left=left, right=right))
        lines.append(_("Your tiles: {tiles}").format(tiles=self.tiles(view["hand"], _)))
        if view.get("kou"):
            lines.append(_("Face down: {tiles}").format(tiles=self.tiles(view["kou"], _)))
        if view["turn"] == seat and view["hand"]:
            if not view["ends"]:
                lines.append(_("You lead the first tile."))
            elif not any(str(e) in code for code in view["hand"] for e in view["ends"]):
                lines.append(_("No tile fits: lay one face down."))
        return "\n".join(lines)

    # -- what happened -------------------------------------------------------
    def event_line(self, event: dict[str, Any], names: list[str], _: Translator) -> str | None:
        kind = event.get("type")
        who = names[event["seat"]] if "seat" in event else ""
        if kind == "lead":
            return _("{who} leads {tiles}").format(who=who, tiles=self.tiles(event["tiles"], _))
        if kind == "play":
            left, right = event["ends"]
            return _("{who} plays {tile} (ends {left} … {right})").format(
                who=who, tile=self.card(event["tile"], _), left=left, right=right)
        if kind == "kou":
            return _("{who} lays a tile face down ({n} so far)").format(who=who, n=event["count"])
        if kind == "suanzhang":
            return _("{who} settles the account: {kind}!").format(
                who=who, kind=self.sz_name(event["kind"], _))
        if kind == "sizha":
            return _("{who} was forced ({kind}): no account").format(
                who=who, kind=self.sz_name(event["kind"], _))
        if kind == "runout":
            if not event["plays"]:
                return _("Nothing else can go: the rest is laid down")
            plays = names_list([f"{names[p['seat']]} {self.card(p['tile'], _)}"
                                for p in event["plays"]], _)
            return _("The rest is played out: {plays}").format(plays=plays)
        if kind == "end" and event.get("reason") in END_REASONS:
            return _(END_REASONS[event["reason"]])
        return None

    # -- end of hand ---------------------------------------------------------
    def result_text(
        self, result: Result, final: Revealed[DingniuPublic], names: list[str], _: Translator
    ) -> str:
        d = result.details
        head = d["head"]
        order = [(head + i) % 4 for i in range(4)]
        lines = []
        lines.append(_("Points: {list}").format(list=" · ".join(
            f"{names[s]} {d['points'][s]}" for s in order)))
        if "winners" in d and len(d["winners"]) > 1:
            lines.append(_("Winners: {names}").format(
                names=names_list([names[s] for s in d["winners"]], _)))
        else:
            da, er, xiao = d["zhuang"]
            lines.append(_("Winner {w} · big loser {a} · second {b} · small {c}").format(
                w=names[d["winner"]], a=names[da], b=names[er], c=names[xiao]))
        sz = d.get("suanzhang")
        if sz:
            lines.append(self._sz_line(sz, d, names, _))
        for x in d.get("sizha", []):
            lines.append(_("{who} was forced ({kind}): no account").format(
                who=names[x["seat"]], kind=self.sz_name(x["type"], _)))
        pays = [_("{a} pays {b} {n}").format(a=names[p["from"]], b=names[p["to"]], n=p["amount"])
                for p in d["payments"]]
        if pays:
            lines.append(sentences(pays, _))
        lines.append(_("Tiles that count:"))
        for s in order:
            parts = []
            if d["kou"][s]:
                parts.append(_("face down {tiles}").format(tiles=self.tiles(d["kou"][s], _)))
            if d["counted_hand"][s]:
                parts.append(_("in hand {tiles}").format(tiles=self.tiles(d["counted_hand"][s], _)))
            lines.append(f"{names[s]}: " + (" + ".join(parts) or _("none, played out clean")))
        return "\n".join(lines)

    def _sz_line(
        self, sz: dict[str, Any], d: dict[str, Any], names: list[str], _: Translator
    ) -> str:
        who, kind = names[sz["seat"]], self.sz_name(sz["type"], _)
        if sz["exempt"] == "head_clean":
            return _(
                "{who}: {kind}, but the head played out clean: no account, single stakes"
            ).format(who=who, kind=kind)
        if sz["exempt"]:
            return _("{who}: {kind}, but with 0 points: no account, single stakes").format(
                who=who, kind=kind)
        if sz["success"] and sz["silan"]:
            return _(
                "{who}: {kind} succeeds. {liable} could have blocked it and pays for all"
            ).format(who=who, kind=kind, liable=names[sz["liable"]])
        if sz["success"]:
            return _("{who}: {kind} succeeds, everyone pays double").format(who=who, kind=kind)
        return _("{who}: {kind} fails, {who} pays {winner} for everyone").format(
            who=who, kind=kind, winner=names[d["winner"]])


PRESENTERS = {"dingniu": DingniuPresenter()}

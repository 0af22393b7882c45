"""What a 掀牛 hand shows (public view, a seat's view) and how it is stored
(dump / restore): the read-only side of `XianniuState`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from games.xianniu.cards import Deck
from games.xianniu.scoring import seat_score
from games.xianniu.shapes import INFO_OF, Info, Rules

CAP = 16  # 桌面 at most 16 leaves


class Views:
    """Mixin of XianniuState: views and persistence."""

    # What it reads of XianniuState (annotations only: nothing is defined here).
    game: Any  # the _Family (its `mode`); State declares it a Game
    variant: dict[str, Any]
    dealer: int
    rules: Rules
    to_act: Callable[[], list[int]]
    # ... and what it restores (restore), typed as XianniuState types them
    top: tuple[int, Info, bool] | None
    opening: dict | None
    end_reason: str | None

    @property
    def deck(self) -> Deck:
        """The rules' deck (not an attribute: a state keeps at most 29)."""
        return self.rules.deck

    # -- views --------------------------------------------------------------
    def public_view(self) -> dict[str, Any]:
        top = None
        if self.top is not None:
            top = {"seat": self.top[0], "cards": list(self.top[1].cards),
                   "shape": self.top[1].name, "n": self.top[1].multiple}
        return {
            "mode": self.game.mode,
            "phase": self.phase,
            "dealer": self.dealer,
            "controller": self.controller,
            "to_act": self.to_act(),
            "table": self.table,
            "cap": CAP,
            "leaves": [[{"cards": list(i.cards), "shape": i.name, "n": i.multiple,
                         "xi_ok": ok} for i, ok in p] for p in self.leaves],
            "leaf_counts": list(self.counts),
            # 性子 + 亮子 standing so far (what a winner would be paid per loser)
            "base": [sum(seat_score(p, self.variant["liang_split_rule"])[1:])
                     for p in self.leaves],
            "hand_counts": [h.bit_count() for h in self.hands],
            "discarded": [h.bit_count() for h in self.hidden],
            "waste": self.deck.cards(self.waste),
            "kou": list(self.kou),
            "xian": [list(x) for x in self.xian],
            "last_xianer": list(self.last_xianer),
            "must_lead": self.must_lead,
            "trick": top,
            "owed": list(self.owed),
            "opening": self.opening,
            "end_reason": self.end_reason,
        }

    def view(self, seat: int) -> dict[str, Any]:
        v = self.public_view()
        v["seat"] = seat
        v["hand"] = self.deck.cards(self.hands[seat])
        v["my_discards"] = self.deck.cards(self.hidden[seat])
        return v

    # -- persistence --------------------------------------------------------
    def dump(self) -> dict[str, Any]:
        cs = self.deck.code_str
        return {
            "hands": [cs(h) for h in self.hands],
            "leaves": [[[i.codes, ok] for i, ok in p] for p in self.leaves],
            "waste": cs(self.waste),
            "hidden": [cs(h) for h in self.hidden],
            "table": self.table,
            "controller": self.controller,
            "phase": self.phase,
            "pending": self.pending,
            "kou": self.kou,
            "xian": self.xian,
            "last_xianer": self.last_xianer,
            "must_lead": self.must_lead,
            "led": self.led,
            "played": self.played,
            "top": None if self.top is None else [self.top[0], self.top[1].codes, self.top[2]],
            "followers": self.followers,
            "poll": self.poll,
            "poll_xian": self.poll_xian,
            "owed": self.owed,
            "holders": self.holders,
            "opening": self.opening,
            "end_reason": self.end_reason,
        }

    def restore(self, d: dict[str, Any]) -> None:
        # our own dump(): every code parses, every play is a shape
        parse = cast(Callable[[str], int], self.deck.parse)
        info = cast(INFO_OF, self.rules.info)
        self.hands = [parse(h) for h in d["hands"]]
        self.leaves = [[(info(parse(c)), ok) for c, ok in p] for p in d["leaves"]]
        self.counts = [sum(i.size for i, _ in p) for p in self.leaves]
        self.waste = parse(d["waste"])
        self.hidden = [parse(h) for h in d["hidden"]]
        self.table = d["table"]
        self.controller = d["controller"]
        self.phase = d["phase"]
        self.pending = d["pending"]
        self.kou = list(d["kou"])
        self.xian = [list(x) for x in d["xian"]]
        self.last_xianer = list(d["last_xianer"])
        self.must_lead = d["must_lead"]
        self.led = list(d["led"])
        self.played = list(d["played"])
        t = d["top"]
        self.top = None if t is None else (t[0], info(parse(t[1])), t[2])
        self.followers = list(d["followers"])
        self.poll = list(d["poll"])
        self.poll_xian = d["poll_xian"]
        self.owed = list(d["owed"])
        self.holders = list(d["holders"])
        self.opening = d["opening"]
        self.end_reason = d["end_reason"]


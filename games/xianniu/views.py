"""What a 掀牛 hand shows (public view, a seat's view: `XianniuPublic`,
`XianniuView`) and how it is stored (dump / restore): the read-only side of
`XianniuState`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypedDict, cast

from games.base import PublicView, SeatView
from games.xianniu.cards import Deck
from games.xianniu.scoring import seat_score
from games.xianniu.shapes import INFO_OF, Info, Rules

CAP = 16  # 桌面 at most 16 leaves


class Opening(TypedDict):
    """The big hand played at the deal: by whom, and its shape's name."""

    seat: int
    shape: str


class Play(TypedDict):
    """A play's cards (codes, sorted) and shape: its name ("pair", "bai"...)
    and multiple (摆 and 鱼 of 2 to 5 plays; else 1)."""

    cards: list[str]
    shape: str
    n: int


class Leaf(Play):
    """A play standing in front of its winner (桌面): whether its 喜 may
    still score (喜前不喜后)."""

    xi_ok: bool


class Trick(Play):
    """The play to beat, and who made it."""

    seat: int


class XianniuPublic(PublicView):
    mode: str  # "P" 掀牛 (砍牛腿), "N" 掀牛九
    phase: str  # opening, control, trick, poll, tighten, over (state.py)
    dealer: int
    controller: int  # who holds 控制权
    to_act: list[int]
    table: int  # T: leaves on the 桌面 so far
    cap: int  # the 桌面's size (CAP)
    leaves: list[list[Leaf]]  # per seat, the plays it won
    leaf_counts: list[int]
    base: list[int]  # per seat, 性子 + 亮子 so far (what a winner would be paid per loser)
    hand_counts: list[int]
    discarded: list[int]  # per seat, cards laid face down (紧牌 / 贴牌)
    waste: list[str]  # 废牌: beaten cards, face up
    kou: list[bool]  # per seat, has said 扣
    xian: list[list[int]]  # xian[i][j]: times seat i 掀ed seat j
    last_xianer: list[int | None]  # per seat, who 掀ed it last
    must_lead: bool
    trick: Trick | None
    owed: list[int]  # per seat, 紧牌 discards still owed
    opening: Opening | None
    end_reason: str | None


class XianniuView(XianniuPublic, SeatView):
    my_discards: list[str]  # the seat's own face-down cards


class Views:
    """Mixin of XianniuState: views and persistence."""

    # What it reads of XianniuState (annotations only: nothing is defined here).
    variant: dict[str, Any]
    dealer: int
    rules: Rules
    to_act: Callable[[], list[int]]
    # ... and what it shows and restores, typed as XianniuState types them
    hands: list[int]
    leaves: list[list[tuple[Info, bool]]]
    counts: list[int]
    waste: int
    hidden: list[int]
    table: int
    controller: int
    phase: str
    pending: int
    kou: list[bool]
    xian: list[list[int]]
    last_xianer: list[int | None]
    must_lead: bool
    led: list[bool]
    played: list[bool]
    top: tuple[int, Info, bool] | None
    followers: list[int]
    poll: list[int]
    poll_xian: bool
    owed: list[int]
    holders: list[int]
    opening: Opening | None
    end_reason: str | None

    @property
    def deck(self) -> Deck:
        """The rules' deck (not an attribute: a state keeps at most 29)."""
        return self.rules.deck

    # -- views --------------------------------------------------------------
    def public_view(self) -> XianniuPublic:
        top: Trick | None = None
        if self.top is not None:
            top = {"seat": self.top[0], "cards": list(self.top[1].cards),
                   "shape": self.top[1].name, "n": self.top[1].multiple}
        return {
            "mode": self.rules.mode,
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

    def view(self, seat: int) -> XianniuView:
        return {
            **self.public_view(),
            "seat": seat,
            "hand": self.deck.cards(self.hands[seat]),
            "my_discards": self.deck.cards(self.hidden[seat]),
        }

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


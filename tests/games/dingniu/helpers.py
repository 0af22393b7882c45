"""Building 顶牛 deals and positions from tile names, as the spec writes them."""

from __future__ import annotations

from collections import Counter

from games import registry
from games.dingniu.state import DingniuState
from games.dingniu.tiles import CODES, DECK

NAME = {
    "大天": "66", "虎头": "56", "大五": "55", "红十": "46", "红八": "44", "三六": "36",
    "二六": "26", "一六": "16", "长三": "33", "一五": "15", "一三": "13", "二板": "22",
    "地幺": "11",
}
GAME = registry.get("dingniu")


def codes(*names: str) -> list[str]:
    return [NAME[n] for n in names]


def rest_after(*used: list[str]) -> list[str]:
    left = Counter(CODES[t] for t in DECK)
    for group in used:
        left.subtract(group)
    assert min(left.values()) >= 0, "more copies than the set has"
    return sorted(left.elements())


def deal_of(*hands: list[str]) -> dict:
    """A full deal: the given hands (seat order), the rest filled in order."""
    hands = [list(h) for h in hands]
    rest = rest_after(*hands)
    while len(hands) < 4:
        hands.append([])
    for h in hands:
        while len(h) < 6:
            h.append(rest.pop(0))
    return {"hands": hands}


def start(*hands: list[str], head: int = 0, variant: dict | None = None) -> DingniuState:
    return GAME.start(GAME.variant(variant), deal_of(*hands), head)


def position(
    layout: list[str], mover: list[str], seat: int = 1, head: int = 0,
    variant: dict | None = None, others: dict[int, list[str]] | None = None,
    kou: dict[int, list[str]] | None = None,
) -> DingniuState:
    """A mid-hand position: `layout` as oriented tiles left to right ("31" = [3|1]),
    `seat` to act holding `mover`; the other tiles go to the other seats."""
    canon = ["".join(sorted(c)) for c in layout]
    others = dict(others or {})
    kou = dict(kou or {})
    rest = rest_after(canon, mover, *others.values(), *kou.values())
    hands = [[], [], [], []]
    hands[seat] = list(mover)
    for s, h in others.items():
        hands[s] = list(h)
    free = [s for s in range(4) if s != seat and s not in others]
    for i, c in enumerate(rest):
        hands[free[i % len(free)]].append(c)
    state = start(head=head, variant=variant)
    state.restore({
        "hands": hands,
        "kou": [kou.get(s, []) for s in range(4)],
        "layout": layout,
        "ends": [int(layout[0][0]), int(layout[-1][1])],
        "turn": seat,
        "end": None,
        "suanzhang": None,
        "sizha": [],
        "silan": [-1, -1],
    })
    return state


def codes_of_moves(state, seat=None) -> set[str]:
    seat = state.to_act()[0] if seat is None else seat
    return {m.code for m in state.legal_moves(seat)}


def play(state, *codes_: str) -> list[dict]:
    events = []
    for c in codes_:
        events += state.apply(state.to_act()[0], c)
    return events

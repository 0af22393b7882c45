"""What a 刨幺 hand shows: its public view and a seat's view, key by key
(the protocol's `PublicView` / `SeatView`, games/base.py)."""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict

from games.base import PublicView, SeatView


class Top(TypedDict):
    """The play on top of the trick."""

    seat: int  # who played it
    cards: list[str]
    combo: str  # single, pair, straight, double_straight, bomb (combos.KIND_NAMES)
    key: list[int]  # the combination (kind, a, b) it is compared by (combos.py)


class TrickPlay(TypedDict):
    seat: int
    cards: list[str]


# A pass in the trick: {"seat": s, "pass": True} ("pass" is a Python keyword).
TrickPass = TypedDict("TrickPass", {"seat": int, "pass": bool})


class Snow(TypedDict):
    """A pending 雪 decision: the team that may call it, why (140, 200,
    kangqi), who decides and their answers so far ([seat, 雪 or not])."""

    team: int
    reason: str
    deciders: list[int]
    answers: list[list[int | bool]]


class Thresholds(TypedDict):
    win: int
    kangqi: int  # 扛旗
    snow: int


class PaoyaoPublic(PublicView):
    phase: str  # play, snow, over
    dealer: int
    turn: int | None  # the seat to play; None outside the play phase
    to_act: list[int]
    teams: list[list[int]]  # [[0, 2], [1, 3]]
    left: list[int]  # cards left per seat
    out: list[int]  # seats in the order they went out (出完)
    points: list[int]  # captured points per team
    top: Top | None
    trick: list[TrickPlay | TrickPass]
    trick_points: int
    chase: int | None  # after 雪: the team that must win
    snow: Snow | None
    thresholds: Thresholds
    yao_counts: NotRequired[list[list[int]]]  # 明幺: per seat, its As and 4s held
    result: NotRequired[dict[str, Any]]  # once over: Result.details


class PaoyaoView(PaoyaoPublic, SeatView):
    partner_hand: NotRequired[list[str]]  # shown to a seat out before its partner (a flag)

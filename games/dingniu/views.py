"""What a 顶牛 hand shows: its public view and a seat's view, key by key
(the protocol's `PublicView` / `SeatView`, games/base.py), and the 算帐 records
they carry."""

from __future__ import annotations

from typing import TypedDict

from games.base import PublicView, SeatView


class Account(TypedDict):
    """A play that made an account (帐): its kind (games/dingniu/suanzhang.py:
    "yi", "hong", "zahong", ...) and the seat that played it."""

    type: str
    seat: int


class Suanzhang(Account):
    """The hand's counted 算帐, as the state keeps it: also the seat liable for
    死拦 if it succeeds (None: nobody)."""

    silan: int | None


class DingniuPublic(PublicView):
    head: int  # 头牌 (the protocol's dealer)
    layout: list[str]  # the tiles on the table, left to right, as they lie ("64" = [6|4])
    ends: list[int] | None  # [left, right] open ends; None before the opening
    hand_counts: list[int]
    kou_counts: list[int]  # 扣 tiles per seat (face down: only their number)
    turn: int | None  # the seat to play; None once the hand is over
    suanzhang: Account | None  # the counted 算帐 (who is liable for 死拦 is not shown)
    sizha: list[Account]  # the forced smashes (死砸) so far
    over: bool
    end: str | None  # how the hand ended (state.py: ALL_OUT ...), None while it runs


class DingniuView(DingniuPublic, SeatView):
    kou: list[str]  # the seat's own 扣 tiles, in the order laid down

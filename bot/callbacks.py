"""Callback data of every button (aiogram CallbackData, ≤ 64 ASCII bytes).

Every button of a sitting carries the sitting's number (`s`: a value on the
wire, so the field's name never reached a chat) and, where it matters, the
hand (`h`) and turn number (`t`) it was drawn for, so a stale or forged press
is recognised and changes nothing. Turn numbers restart every hand: the hand
number keeps a button of hand 1 from acting in hand 2."""

from __future__ import annotations

from aiogram.filters.callback_data import CallbackData

MAX_BYTES = 64


class MoveCB(CallbackData, prefix="m"):
    s: int  # the sitting's id
    h: int  # hand number
    t: int  # turn the button was drawn for
    c: str  # the move code


class MoveIndexCB(CallbackData, prefix="mi"):
    """For move codes too long for 64 bytes: the index in legal_moves()."""

    s: int  # the sitting's id
    h: int
    t: int
    i: int


class PickCB(CallbackData, prefix="p"):
    s: int  # the sitting's id
    h: int
    t: int
    a: str  # "x" toggle card i, "ok" confirm, "clr" clear, "hint" next hint
    i: int = 0


class TakeOverCB(CallbackData, prefix="tk"):
    """接管: the player takes the seat back from the computer."""

    s: int  # the sitting's id


class LobbyCB(CallbackData, prefix="l"):
    s: int  # the sitting's id
    a: str  # join | leave | cpu | start | cancel


class NewCB(CallbackData, prefix="n"):
    game: str
    preset: str = ""


class HandEndCB(CallbackData, prefix="h"):
    s: int  # the sitting's id
    n: int  # hand number
    a: str  # next | end


class StopCB(CallbackData, prefix="s"):
    """The /stop confirmation. `k` is the token of that one request: only a
    confirmation the bot sent can end a sitting (not a replayed or forged
    `s:<s>:yes` on some other message)."""

    s: int  # the sitting's id
    k: str  # the request's token (bot/lifecycle.py: stop_request)
    a: str  # yes | no


class LangCB(CallbackData, prefix="lang"):
    code: str


class SettingsCB(CallbackData, prefix="cf"):
    """/settings: a page or a change (see bot/settings_flow.py)."""

    a: str  # home | game | preset | flag | set | to | tov | cpu | wk | tz | tzv | lang | langv
    g: str = ""  # game id
    f: int = -1  # flag index in the game's offered flags
    v: int = -1  # choice index


class SettleCB(CallbackData, prefix="st"):
    """清账 from /score: `ask` sends the question naming the amounts; its
    `yes` settles exactly the hands it showed (after hand `b` up to hand `t`,
    hands.id), `no` keeps the tally."""

    a: str  # ask | yes | no
    g: str  # game id
    b: int = 0  # yes: the tally began after this hand
    t: int = 0  # yes: its last hand


class RulesCB(CallbackData, prefix="ru"):
    """The lobby's "rules" button: the game's rules summary."""

    s: int  # the sitting's id


def move_button_data(sitting_id: int, hand_no: int, turn: int, code: str, index: int) -> str:
    """`m:<sitting>:<hand>:<turn>:<code>`, or the move's index when the code is too long."""
    try:
        data = MoveCB(s=sitting_id, h=hand_no, t=turn, c=code).pack()
        if len(data.encode()) <= MAX_BYTES and data.isascii():
            return data
    except ValueError:  # a ':' in the code or too long
        pass
    return MoveIndexCB(s=sitting_id, h=hand_no, t=turn, i=index).pack()

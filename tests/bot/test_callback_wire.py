"""Buttons already in chats keep working: aiogram packs callback data as the
prefix and the fields' values in order, never their names, so naming the
sitting `s` (it was `g`) leaves the data on the wire as it was. These are
literal strings the bot sent before the rename."""

import pytest

from bot.callbacks import (
    HandEndCB,
    LobbyCB,
    MoveCB,
    MoveIndexCB,
    PickCB,
    RulesCB,
    SettingsCB,
    SettleCB,
    StopCB,
    TakeOverCB,
    move_button_data,
)

SENT_BEFORE = [
    (MoveCB, "m:7:2:13:LAc", {"s": 7, "h": 2, "t": 13, "c": "LAc"}),
    (MoveIndexCB, "mi:7:2:13:4", {"s": 7, "h": 2, "t": 13, "i": 4}),
    (PickCB, "p:7:2:13:x:5", {"s": 7, "h": 2, "t": 13, "a": "x", "i": 5}),
    (TakeOverCB, "tk:7", {"s": 7}),
    (LobbyCB, "l:7:join", {"s": 7, "a": "join"}),
    (HandEndCB, "h:7:2:next", {"s": 7, "n": 2, "a": "next"}),
    (StopCB, "s:7:Qx3a:yes", {"s": 7, "k": "Qx3a", "a": "yes"}),
    (RulesCB, "ru:7", {"s": 7}),
    (SettingsCB, "cf:game:dingniu:-1:-1", {"a": "game", "g": "dingniu", "f": -1, "v": -1}),
    (SettleCB, "st:yes:toy:3:9", {"a": "yes", "g": "toy", "b": 3, "t": 9}),
]


@pytest.mark.parametrize(("cls", "data", "fields"), SENT_BEFORE, ids=lambda x: str(x)[:12])
def test_a_button_sent_before_the_rename_parses_and_packs_the_same(cls, data, fields):
    parsed = cls.unpack(data)
    assert parsed.model_dump() == fields
    assert cls(**fields).pack() == data


def test_move_buttons_are_built_as_before():
    assert move_button_data(7, 2, 13, "LAc", 4) == "m:7:2:13:LAc"
    assert move_button_data(7, 2, 13, "a:b", 4) == "mi:7:2:13:4"

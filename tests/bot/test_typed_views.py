"""Each presenter reads its game's views through the game's declared types
(`Presenter[XPublic, XView]`, games/<game>/views.py), and those types say what
the engine really gives: every view of seeded random hands, public and each
seat's, and the end of each hand (`revealed()`), checked key by key and value
by value against them. mypy checks the presenters' reads against the types;
this checks the types against the data."""

from __future__ import annotations

import random
import types
import typing
from typing import (
    Any,
    NotRequired,
    Union,
    get_args,
    get_origin,
    get_type_hints,
    is_typeddict,
)

import pytest

from bot.presenters import presenter
from bot.presenters.base import Presenter
from games import registry
from games.base import Pick, PublicView, Revealed, SeatView


def view_types(game_id: str) -> tuple[type, type]:
    """The (public, seat) view types the game's presenter declares."""
    for klass in type(presenter(game_id)).__mro__:
        for base in getattr(klass, "__orig_bases__", ()):
            if get_origin(base) is Presenter:
                public, seat = get_args(base)
                return public, seat
    raise AssertionError(f"{game_id}'s presenter reads untyped views (a bare Presenter)")


def mismatch(value: Any, hint: Any, where: str) -> str | None:
    """Where `value` is not of type `hint` (None: it is)."""
    if hint is Any:
        return None
    origin = get_origin(hint)
    if origin in (Union, types.UnionType):
        if any(mismatch(value, h, where) is None for h in get_args(hint)):
            return None
        return f"{where}: {value!r} is none of {hint}"
    if is_typeddict(hint):
        if not isinstance(value, dict):
            return f"{where}: {value!r} is not a {hint.__name__}"
        # NotRequired read from the hints: with postponed annotations (the
        # views' modules) 3.11's __required_keys__ counts every key required
        hints = get_type_hints(hint, include_extras=True)
        optional = {k for k, h in hints.items() if get_origin(h) is NotRequired}
        keys, required = set(value), set(hints) - optional
        if not required <= keys <= set(hints):
            return (f"{where}: keys {sorted(keys)} are not {hint.__name__}'s "
                    f"(missing {sorted(required - keys)}, unknown {sorted(keys - set(hints))})")
        for key, item in value.items():
            h = hints[key]
            h = get_args(h)[0] if get_origin(h) is NotRequired else h
            if (bad := mismatch(item, h, f"{where}.{key}")) is not None:
                return bad
        return None
    if origin is list:
        if not isinstance(value, list):
            return f"{where}: {value!r} is not a list"
        (item,) = get_args(hint)
        for i, v in enumerate(value):
            if (bad := mismatch(v, item, f"{where}[{i}]")) is not None:
                return bad
        return None
    if origin is dict:
        key_type, item = get_args(hint)
        if not isinstance(value, dict):
            return f"{where}: {value!r} is not a dict"
        for k, v in value.items():
            bad = mismatch(k, key_type, f"{where} key") or mismatch(v, item, f"{where}[{k!r}]")
            if bad is not None:
                return bad
        return None
    if hint is type(None):
        return None if value is None else f"{where}: {value!r} is not None"
    if hint is int and isinstance(value, bool):  # a bool is an int to isinstance, not to mypy
        return f"{where}: {value!r} is a bool, declared int"
    return None if isinstance(value, hint) else f"{where}: {value!r} is not {hint.__name__}"


class Inner(typing.TypedDict):
    seat: int


class View(PublicView):
    to_act: list[int]
    top: Inner | None
    note: NotRequired[str]


def test_mismatch_finds_wrong_keys_and_values() -> None:
    assert mismatch({"to_act": [0], "top": None}, View, "v") is None
    assert mismatch({"to_act": [0], "top": {"seat": 1}, "note": "x"}, View, "v") is None
    assert mismatch({"to_act": [0]}, View, "v")  # a key missing
    assert mismatch({"to_act": [0], "top": None, "extra": 1}, View, "v")  # a key unknown
    assert mismatch({"to_act": [True], "top": None}, View, "v")  # a bool for an int
    assert mismatch({"to_act": [0], "top": {"seat": "1"}}, View, "v")  # nested
    assert mismatch({"to_act": [0], "top": None, "note": 3}, View, "v")  # not-required, wrong


@pytest.mark.parametrize("game_id", registry.ids())
def test_presenter_reads_its_games_declared_views(game_id: str) -> None:
    public, seat_view = view_types(game_id)
    assert is_typeddict(public) and is_typeddict(seat_view)
    assert public is not PublicView and seat_view is not SeatView  # the game's own keys
    assert set(get_type_hints(public)) <= set(get_type_hints(seat_view))  # a seat sees the table


@pytest.mark.parametrize("game_id", registry.ids())
def test_every_view_of_random_hands_is_as_declared(game_id: str) -> None:
    public, seat_view = view_types(game_id)
    game = registry.get(game_id)
    for hand in range(3):
        rng = random.Random(hand)
        state = game.new_state(None, seed=hand)
        step = 0
        while True:
            bad = mismatch(state.public_view(), public, f"{game_id} public_view, move {step}")
            assert bad is None, bad
            for seat in range(state.seats):
                bad = mismatch(state.view(seat), seat_view, f"{game_id} view({seat}), move {step}")
                assert bad is None, bad
            if state.is_over():
                final = state.revealed()  # Revealed[public]: what result_text reads
                assert set(final) == set(get_type_hints(Revealed))
                assert mismatch(final["public"], public, f"{game_id} revealed") is None
                assert mismatch(final["hands"], list[list[str]], f"{game_id} hands") is None
                break
            actors = state.to_act()
            seat = actors[rng.randrange(len(actors))]
            moves = state.legal_moves(seat)
            m = moves[rng.randrange(len(moves))]
            state.apply(seat, m.code_for(m.random_choice(rng)) if isinstance(m, Pick) else m.code)
            step += 1

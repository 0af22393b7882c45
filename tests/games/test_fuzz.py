"""Engine fuzzing: arbitrary input never crashes an engine nor changes a state.

For every game and preset, hypothesis reaches a position by random legal play
and then throws garbage at it: move codes, seats, card picks (`Pick.code_for`,
`State.code_for_cards`), corrupted JSON states (`records.state_from_json`) and records
(`games.records.replay`). The only errors allowed are the documented ones —
IllegalMove / VariantError for moves and states, RecordError for records — and
a refused move leaves `to_json()` byte-identical.
"""

from __future__ import annotations

import json
import os
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import registry
from games.base import IllegalMove, Move, Pick, State
from games.records import RecordError, record_of, replay, state_from_json
from tests import figures

GAMES = registry.all_games()
# PAIJU_FUZZ_EXAMPLES raises the count for a longer hunt outside CI.
FUZZ = settings(
    max_examples=int(os.environ.get("PAIJU_FUZZ_EXAMPLES", "40")),
    deadline=None,
    suppress_health_check=list(HealthCheck),
)

# Move codes are short ASCII in practice; mix those with anything at all.
codes = st.one_of(
    st.text(alphabet="LBKXDPCHGMNSTJ0123456789AKQJTshdcrb-_:", max_size=12),
    st.text(max_size=80),
    st.binary(max_size=20).map(lambda b: b.decode("latin-1")),
)
seats = st.one_of(st.integers(-2, 5), st.integers())
json_scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-10**6, 10**6), st.floats(allow_nan=False),
    st.text(max_size=6),
)
json_values = st.recursive(
    json_scalars,
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=6), inner,
                                                                 max_size=4),
    max_leaves=12,
)


def reached(game_id: str, preset: str, seed: int, steps: int) -> State:
    """A position after up to `steps` random legal moves of the hand dealt by `seed`."""
    game = GAMES[game_id]
    state = game.new_state(game.preset(preset), seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over() or not state.to_act():
            break
        seat = rng.choice(state.to_act())
        m = rng.choice(state.legal_moves(seat))
        state.apply(seat, m.code_for(m.random_choice(rng)) if isinstance(m, Pick) else m.code)
    return state


def draw_position(data, game_id: str) -> State:
    preset = data.draw(st.sampled_from(list(GAMES[game_id].presets)))
    return reached(game_id, preset, data.draw(st.integers(0, 2**31)),
                   data.draw(st.integers(0, 120)))


def legal_code(state: State, seat: int, code: str) -> bool:
    if seat not in state.to_act():
        return False
    for m in state.legal_moves(seat):
        if isinstance(m, Move) and m.code == code:
            return True
        if isinstance(m, Pick) and code.startswith(m.prefix):
            return True  # judged by the engine; a pick's codes are too many to list
    return False


def try_apply(state: State, seat: int, code: str) -> None:
    """Apply `code`; a refusal must be IllegalMove and change nothing."""
    before = state.to_json()
    allowed = legal_code(state, seat, code)
    try:
        state.apply(seat, code)
    except IllegalMove:
        assert state.to_json() == before, f"refused {code!r} changed the state"
    else:
        assert allowed, f"seat {seat} code {code!r} was accepted but is not legal"
    figures.add("bad inputs tried")


@pytest.mark.parametrize("game_id", list(GAMES))
@FUZZ
@given(data=st.data())
def test_arbitrary_moves_and_seats(game_id, data):
    state = draw_position(data, game_id)
    for code in data.draw(st.lists(codes, min_size=1, max_size=6)):
        try_apply(state, data.draw(seats), code)
    # a code the engine offered earlier, replayed by every seat
    if state.history:
        old = data.draw(st.sampled_from(state.history))[1]
        for seat in range(state.seats):
            try_apply(state, seat, old)


@pytest.mark.parametrize("game_id", list(GAMES))
@FUZZ
@given(data=st.data())
def test_arbitrary_picks(game_id, data):
    state = draw_position(data, game_id)
    if state.is_over():
        return
    seat = data.draw(st.sampled_from(state.to_act()))
    hand = list(state.view(seat).get("hand") or [])
    deck_cards = sorted({c for h in _all_hands(state) for c in h})
    card = st.one_of(st.sampled_from(deck_cards or ["zz"]), st.text(max_size=3))
    chosen = data.draw(st.lists(st.one_of(st.sampled_from(hand or ["zz"]), card), max_size=9))
    for m in state.legal_moves(seat):
        if isinstance(m, Pick):
            try_apply(state, seat, m.code_for([c for c in chosen if isinstance(c, str)]))
            if state.is_over() or seat not in state.to_act():
                return
    picker = type(state).code_for_cards is not State.code_for_cards
    for s in (seat, data.draw(seats)):
        before = state.to_json()
        try:
            code = state.code_for_cards(s, chosen)
        except IllegalMove:
            assert state.to_json() == before
        except NotImplementedError:
            assert not picker, "a game with a card picker raised NotImplementedError"
        else:
            assert state.to_json() == before
            assert isinstance(code, str) and code.isascii()
            try_apply(state, s, code)
            return
        figures.add("bad inputs tried")


def _all_hands(state: State) -> list[list[str]]:
    return [list(state.view(s).get("hand") or []) for s in range(state.seats)]


def mutate(data, value, draw_depth: int = 0):
    """`value` with one field somewhere replaced, dropped or retyped."""
    if isinstance(value, dict) and value and draw_depth < 4:
        key = data.draw(st.sampled_from(sorted(value)))
        out = dict(value)
        how = data.draw(st.sampled_from(["replace", "drop", "deeper", "deeper"]))
        if how == "drop":
            del out[key]
        elif how == "replace":
            out[key] = data.draw(json_values)
        else:
            out[key] = mutate(data, value[key], draw_depth + 1)
        return out
    if isinstance(value, list) and value and draw_depth < 4:
        i = data.draw(st.integers(0, len(value) - 1))
        out = list(value)
        how = data.draw(st.sampled_from(["replace", "drop", "deeper", "deeper", "dup"]))
        if how == "drop":
            del out[i]
        elif how == "dup":
            out.append(out[i])
        elif how == "replace":
            out[i] = data.draw(json_values)
        else:
            out[i] = mutate(data, value[i], draw_depth + 1)
        return out
    return data.draw(json_values)


def exercise(state: State) -> None:
    """A loaded state answers every question or refuses with IllegalMove."""
    state.to_json()
    for seat in range(state.seats):
        state.view(seat)
    state.public_view()
    if state.is_over():
        state.result()
        return
    for seat in state.to_act():
        for m in state.legal_moves(seat):
            if isinstance(m, Move):
                try_apply(state.copy(), seat, m.code)


@pytest.mark.parametrize("game_id", list(GAMES))
@FUZZ
@given(data=st.data())
def test_corrupted_json_states(game_id, data):
    state = draw_position(data, game_id)
    raw = json.loads(state.to_json())
    bad = mutate(data, raw)
    text = json.dumps(bad)
    figures.add("bad inputs tried")
    try:
        loaded = state_from_json(text)
    except RecordError:
        return
    exercise(loaded)


@FUZZ
@given(text=st.one_of(st.text(max_size=40), json_values.map(json.dumps)))
def test_arbitrary_text_is_not_a_state(text):
    figures.add("bad inputs tried")
    try:
        state_from_json(text)
    except RecordError:
        pass


@pytest.mark.parametrize("game_id", list(GAMES))
@FUZZ
@given(data=st.data())
def test_corrupted_records(game_id, data):
    state = draw_position(data, game_id)
    record = mutate(data, record_of(state))
    figures.add("bad inputs tried")
    try:
        final, _ = replay(record)
    except RecordError:
        return
    exercise(final)


@pytest.mark.parametrize("game_id", list(GAMES))
@pytest.mark.parametrize("field", ["seats", "dealer"])
def test_a_seat_count_or_dealer_of_infinity_is_a_record_error(game_id, field):
    """json reads Infinity and NaN; int() of them overflows or fails (hypothesis
    found `seats: inf` in CI)."""
    g = registry.get(game_id)
    raw = json.loads(g.new_state(g.variant(None), g.default_seats, 1, None).to_json())
    for bad in (float("inf"), float("-inf"), float("nan")):
        with pytest.raises(RecordError):
            state_from_json(json.dumps({**raw, field: bad}))

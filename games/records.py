"""Game records: the explicit deal plus the move list, replayable to the same
state byte for byte. Format documented in docs/records.md."""

from __future__ import annotations

import json
from typing import Any

from games import registry
from games.base import IllegalMove, State

FORMAT = 1


class RecordError(ValueError):
    """A record that cannot be replayed; `index` is the failing move (or None)."""

    def __init__(self, message: str, index: int | None = None, reason: str = "") -> None:
        self.index = index
        self.reason = reason
        super().__init__(message)


def record_of(state: State) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "game": state.game.id,
        "variant": state.variant,
        "seats": state.seats,
        "dealer": state.dealer,
        "deal": state.deal,
        "moves": [[seat, code] for seat, code in state.history],
    }


def start_of(record: dict[str, Any]) -> State:
    """The state before any move of `record`."""
    if not isinstance(record, dict):
        raise RecordError("a record is a JSON object with game, deal, dealer and moves")
    if not isinstance(record.get("moves", []), list):
        raise RecordError("moves must be a list of [seat, code] pairs")
    try:
        if record.get("format", FORMAT) != FORMAT:
            raise RecordError(f"unsupported record format {record.get('format')!r}")
        game = registry.get(record["game"])
        variant = game.variant(record.get("variant"))
        seats = int(record.get("seats") or game.default_seats)
        return game.start(variant, record["deal"], int(record["dealer"]), seats)
    except RecordError:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError, OverflowError) as e:
        # a forged or corrupted deal fails somewhere inside the engine's start
        # (OverflowError: a seat count or dealer of Infinity, which json reads)
        missing = f"missing {e}" if isinstance(e, KeyError) else str(e)
        raise RecordError(f"bad record header: {missing}") from e


def replay(record: dict[str, Any]) -> tuple[State, list[dict[str, Any]]]:
    """Apply every move of `record`; return the final state and all events,
    each tagged with the index of the move that caused it."""
    state = start_of(record)
    events: list[dict[str, Any]] = []
    moves = record.get("moves", [])
    if not isinstance(moves, list):
        raise RecordError("moves must be a list")
    for i, entry in enumerate(moves):
        try:
            if not isinstance(entry, list) or not isinstance(entry[1], str):
                raise TypeError("a move is [seat, code]")
            seat, code = int(entry[0]), entry[1]
        except (TypeError, ValueError, IndexError, OverflowError) as e:
            raise RecordError(f"move {i}: malformed entry {entry!r}", i, "malformed") from e
        try:
            for ev in state.apply(seat, code):
                events.append({"move": i, **ev})
        except IllegalMove as e:
            raise RecordError(f"move {i} ({seat}, {code!r}) is illegal: {e}", i, e.reason) from e
    return state, events


def state_from_json(text: str) -> State:
    """The state a `State.to_json()` text describes, rebuilt from its deal and
    history: the derived fields are not trusted, so a corrupted or forged text
    either raises RecordError or gives a state the rules can reach."""
    try:
        data = json.loads(text)
    except (TypeError, ValueError) as e:
        raise RecordError(f"not JSON: {e}") from e
    if not isinstance(data, dict):
        raise RecordError("a state is a JSON object")
    record = {k: data.get(k) for k in ("game", "variant", "seats", "dealer", "deal")}
    state, _ = replay({**record, "moves": data.get("history") or []})
    return state


def load(path: str) -> dict[str, Any]:
    with open(path, encoding="utf-8") as f:
        return json.load(f)

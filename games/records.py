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
    except (KeyError, TypeError, ValueError) as e:
        missing = f"missing {e}" if isinstance(e, KeyError) else str(e)
        raise RecordError(f"bad record header: {missing}") from e


def replay(record: dict[str, Any]) -> tuple[State, list[dict[str, Any]]]:
    """Apply every move of `record`; return the final state and all events,
    each tagged with the index of the move that caused it."""
    state = start_of(record)
    events: list[dict[str, Any]] = []
    for i, entry in enumerate(record.get("moves", [])):
        try:
            seat, code = int(entry[0]), str(entry[1])
        except (TypeError, ValueError, IndexError) as e:
            raise RecordError(f"move {i}: malformed entry {entry!r}", i, "malformed") from e
        try:
            for ev in state.apply(seat, code):
                events.append({"move": i, **ev})
        except IllegalMove as e:
            raise RecordError(f"move {i} ({seat}, {code!r}) is illegal: {e}", i, e.reason) from e
    return state, events


def load(path: str) -> dict[str, Any]:
    with open(path, encoding="utf-8") as f:
        return json.load(f)

"""Example records replay; a broken record names the failing move."""

import json
import pathlib

import pytest

from games.records import RecordError, replay

EXAMPLES = sorted(
    (pathlib.Path(__file__).resolve().parents[3] / "docs" / "examples").glob("changpai-*.json")
)


def test_there_are_examples():
    assert len(EXAMPLES) >= 2


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_example_replays(path):
    record = json.loads(path.read_text(encoding="utf-8"))
    state, events = replay(record)
    assert state.game.id == "changpai"
    assert len(state.history) == len(record["moves"])
    if state.is_over():
        assert sum(state.result().net) == 0
    assert all(e["move"] < len(record["moves"]) for e in events)


def test_illegal_move_reports_its_index():
    record = json.loads(EXAMPLES[0].read_text(encoding="utf-8"))
    i = min(4, len(record["moves"]) - 1)
    seat = record["moves"][i][0]
    record["moves"][i] = [seat, "D99"]
    with pytest.raises(RecordError) as err:
        replay(record)
    assert err.value.index == i

"""The example records replay, and an illegal move in a record is reported."""

import json
import pathlib

import pytest

from games.records import RecordError, replay

EXAMPLES = sorted(
    p for p in (pathlib.Path(__file__).resolve().parents[3] / "docs" / "examples").glob("*.json")
    if p.name.startswith(("xianniu-", "niujiu-"))
)


def test_there_are_examples_for_both_games():
    names = [p.name for p in EXAMPLES]
    assert sum(n.startswith("xianniu-") for n in names) >= 2
    assert sum(n.startswith("niujiu-") for n in names) >= 2


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_example_replays_to_a_finished_hand(path):
    record = json.loads(path.read_text(encoding="utf-8"))
    state, events = replay(record)
    assert state.is_over() and sum(state.result().net) == 0
    assert events[-1]["type"] == "end"


def test_worked_examples_keep_their_results():
    root = EXAMPLES[0].parent
    for name, net in (("xianniu-worked-hand.json", [4, -2, -2]),
                      ("niujiu-er-wu-worked-hand.json", [17, -16, -1])):
        state, _ = replay(json.loads((root / name).read_text(encoding="utf-8")))
        assert state.result().net == net


def test_illegal_move_reports_its_index():
    record = json.loads((EXAMPLES[0].parent / "xianniu-worked-hand.json").read_text("utf-8"))
    record["moves"][3] = [1, "BKsKc"]  # C must answer, and B holds K♣ K♠ but it is C's turn
    with pytest.raises(RecordError) as e:
        replay(record)
    assert e.value.index == 3 and e.value.reason == "not_your_turn"
    record["moves"][3] = [2, "B2s2h"]
    with pytest.raises(RecordError) as e:
        replay(record)
    assert e.value.index == 3 and e.value.reason in ("not_in_hand", "cannot_beat")


def test_bad_deal_is_refused():
    record = json.loads((EXAMPLES[0].parent / "xianniu-worked-hand.json").read_text("utf-8"))
    record["deal"]["hands"][0][0] = record["deal"]["hands"][1][0]
    with pytest.raises(RecordError):
        replay(record)

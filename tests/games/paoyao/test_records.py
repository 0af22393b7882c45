"""Example records replay; a bad record reports the failing move; the CLI works."""

import copy
import json
import pathlib

import pytest

from bot.cli.main import main as cli_main
from games.records import RecordError, load, record_of, replay
from tests.games.paoyao.helpers import GAME

EXAMPLES = sorted(
    (pathlib.Path(__file__).resolve().parents[3] / "docs" / "examples").glob("paoyao-*.json")
)


def test_there_are_examples():
    assert len(EXAMPLES) >= 2


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_example_replays_to_a_finished_hand(path):
    record = load(str(path))
    state, events = replay(record)
    assert state.is_over()
    assert record_of(state)["moves"] == record["moves"]
    assert events[-1]["type"] == "end"
    assert sum(state.result().net) == 0


def test_illegal_move_reports_its_index():
    record = load(str(EXAMPLES[0]))
    bad = copy.deepcopy(record)
    seat, _ = bad["moves"][3]
    bad["moves"][3] = [seat, "44AA"]
    with pytest.raises(RecordError) as e:
        replay(bad)
    assert e.value.index == 3 and e.value.reason in ("bad_yao", "not_in_hand")
    wrong_seat = copy.deepcopy(record)
    wrong_seat["moves"][0][0] = (wrong_seat["moves"][0][0] + 1) % 4
    with pytest.raises(RecordError) as e:
        replay(wrong_seat)
    assert e.value.index == 0 and e.value.reason == "not_your_turn"


def test_paiju_replay_cli(capsys, tmp_path):
    assert cli_main(["replay", str(EXAMPLES[0])]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["game"] == "paoyao" and out["over"] and sum(out["result"]["net"]) == 0
    record = load(str(EXAMPLES[0]))
    record["moves"][1][1] = "zz"
    p = tmp_path / "bad.json"
    p.write_text(json.dumps(record))
    assert cli_main(["replay", str(p)]) == 1
    err = json.loads(capsys.readouterr().err)
    assert err["index"] == 1 and err["reason"] == "malformed_move"


def test_start_rejects_a_deal_that_is_not_both_packs():
    v = GAME.variant()
    deal = GAME.deal(v, 4, 1)
    deal["hands"][0][0] = deal["hands"][1][0]
    with pytest.raises(ValueError):
        GAME.start(v, deal, 0, 4)

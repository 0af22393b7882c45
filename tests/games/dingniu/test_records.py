"""Records: the examples replay; bad records name the failing move; head rules."""

import copy
import json
import pathlib

import pytest

from games import registry
from games.base import VariantError
from games.players import RandomPlayer, playout
from games.records import RecordError, load, record_of, replay, state_from_json

DOCS = pathlib.Path(__file__).resolve().parents[3] / "docs"
EXAMPLES = sorted((DOCS / "examples").glob("dingniu-*.json"))
GAME = registry.get("dingniu")


def test_there_are_examples():
    assert len(EXAMPLES) >= 3


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_example_replays_to_a_finished_hand(path):
    record = load(str(path))
    state, events = replay(record)
    assert state.is_over() and sum(state.result().net) == 0
    assert record_of(state)["moves"] == record["moves"]
    assert events[-1]["type"] == "end"


def test_known_examples_results():
    by_name = {p.name: replay(load(str(p)))[0].result() for p in EXAMPLES}
    assert by_name["dingniu-hongzhang-silan.json"].net == [0, -12, 12, 0]
    assert by_name["dingniu-menwuzhang.json"].net == [-6, -4, 12, -2]
    full = by_name["dingniu-full-hand.json"]  # a plain hand played to the last tile
    assert full.details["end"] == "all_out" and full.details["suanzhang"] is None
    assert full.net == [-2, 6, -3, -1]
    pts = full.details["points"]
    assert pts[1] == min(pts) and pts[2] == max(pts)


def test_illegal_move_in_a_record_reports_its_index():
    record = load(str(EXAMPLES[0]))
    bad = copy.deepcopy(record)
    bad["moves"][1][1] = "K66"  # 扣 while holding a playable tile, or a tile not held
    with pytest.raises(RecordError) as e:
        replay(bad)
    assert e.value.index == 1
    bad = copy.deepcopy(record)
    bad["moves"][2][0] = (bad["moves"][2][0] + 1) % 4
    with pytest.raises(RecordError) as e:
        replay(bad)
    assert e.value.index == 2 and e.value.reason == "not_your_turn"


def test_bad_deals_are_refused():
    record = load(str(EXAMPLES[0]))
    bad = copy.deepcopy(record)
    bad["deal"]["hands"][0][0] = "12"  # a 杂 tile not in the set
    with pytest.raises(RecordError):
        replay(bad)
    bad = copy.deepcopy(record)
    bad["deal"]["hands"][0].pop()
    with pytest.raises(RecordError):
        replay(bad)


def test_deal_is_a_uniform_split_reproducible_from_the_seed():
    a = GAME.deal(GAME.variant(), 4, 11)
    assert a == GAME.deal(GAME.variant(), 4, 11) and a != GAME.deal(GAME.variant(), 4, 12)
    assert [len(h) for h in a["hands"]] == [6, 6, 6, 6]


def test_head_rules():
    import random

    finished = playout(GAME.new_state(seed=3, dealer=1), RandomPlayer(), random.Random(0))
    winner = finished.result().details["winner"]
    assert GAME.next_dealer(GAME.variant({"head_rule": "prev_winner"}), finished, 4) == winner
    assert GAME.next_dealer(GAME.variant({"head_rule": "rotate"}), finished, 4) == 2
    heads = {GAME.next_dealer(GAME.variant(), finished, seed) for seed in range(40)}
    assert heads == {0, 1, 2, 3}


def test_unknown_flag_values_are_refused():
    with pytest.raises(VariantError):
        GAME.variant({"sz_settlement": "maybe"})
    assert set(GAME.presets) >= {"default", "navpil"}
    for name in GAME.presets:
        GAME.preset(name)


def test_json_round_trip_mid_hand_keeps_suanzhang_and_silan_state():
    record = load(str(next(p for p in EXAMPLES if "silan" in p.name)))
    state, _ = replay({**record, "moves": record["moves"][:2]})
    again = state_from_json(state.to_json())
    assert again == state and again.silan_hong == state.silan_hong == 1
    assert json.loads(again.to_json())["state"]["silan"] == [1, -1]


def test_variant_cache_still_checks_types():
    assert GAME.variant({"pair_double_lead_all": True})["pair_double_lead_all"] is True
    with pytest.raises(VariantError):
        GAME.variant({"pair_double_lead_all": 1})
    v = GAME.variant({"payout": "doubletony"})
    v["payout"] = "changed"  # callers get their own copy
    assert GAME.variant({"payout": "doubletony"})["payout"] == "doubletony"


def test_paiju_replay_command(capsys, tmp_path):
    from bot.cli.main import main

    path = next(p for p in EXAMPLES if "menwu" in p.name)
    assert main(["replay", str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["game"] == "dingniu" and out["over"] and out["result"]["net"] == [-6, -4, 12, -2]
    assert out["result"]["details"]["suanzhang"]["type"] == "menwu"
    bad = load(str(path))
    bad["moves"][3][1] = "R56"  # not in that seat's hand
    (tmp_path / "bad.json").write_text(json.dumps(bad))
    assert main(["replay", str(tmp_path / "bad.json")]) == 1
    err = json.loads(capsys.readouterr().err)
    assert err["index"] == 3 and err["reason"] == "not_in_hand"

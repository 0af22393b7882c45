"""The ledger: rows per seat equal the engine's result, written once."""

import json
import random
import sqlite3

import pytest

from games import registry
from games.players import RandomPlayer, playout
from games.records import record_of
from storage import ledger, repo
from storage.db import open_db

GAMES = registry.ids()


def finished(game_id: str, seed: int):
    """A random finished hand whose result is not a draw (a draw proves little)."""
    g = registry.get(game_id)
    for s in range(seed, seed + 50):
        st = playout(g.new_state(seed=s), RandomPlayer(), random.Random(s))
        if any(st.result().net):
            return st
    return st


def sitting_row(game_id: str, chat_id: int, state, humans=(11, 12)) -> dict:
    seats = [{"user_id": humans[i] if i < len(humans) else None,
              "name": f"p{i}" if i < len(humans) else "", "tuoguan": False, "timeouts": 0}
             for i in range(state.seats)]
    return {"chat_id": chat_id, "game": game_id, "preset": "default", "variant": "{}",
            "status": "hand_over", "creator_id": humans[0], "seats": json.dumps(seats),
            "hand_no": 1, "seed": 0, "state": state.to_json(), "turn": state.turn,
            "totals": "[]", "msgs": "{}", "last_line": "{}"}


def end_hand(db, game_id, chat_id=-100, at=None):
    st = finished(game_id, 1)
    fields = sitting_row(game_id, chat_id, st)
    sitting_id = repo.create_sitting(db, fields)
    seat, code = st.history[-1]
    move = {"hand_no": 1, "turn": st.turn - 1, "seat": seat, "code": code, "by": "player"}
    hand = {"hand_no": 1, "state": st.to_json(), "net": json.dumps(st.result().net)}
    if at is not None:
        hand["at"] = at
    repo.record_move(db, sitting_id, fields, move, hand)
    return sitting_id, st, fields, hand


@pytest.fixture
def db():
    d = open_db(":memory:")
    yield d
    d.close()


@pytest.mark.parametrize("game_id", GAMES)
def test_ledger_rows_equal_result_sum_zero_and_posting_twice_writes_once(db, game_id):
    sitting_id, st, fields, hand = end_hand(db, game_id)
    rows = ledger.rows_of_hand(db, sitting_id, 1)
    assert [r["net"] for r in rows] == list(st.result().net)
    assert sum(r["net"] for r in rows) == 0
    assert [r["user_id"] for r in rows][:2] == [11, 12]
    assert all(r["user_id"] is None for r in rows[2:])  # computers: no user
    assert {r["chat_id"] for r in rows} == {-100} and {r["game"] for r in rows} == {game_id}
    # The bot died after the result was stored but before the message went
    # out; the hand is posted again: nothing is added.
    with db.atomic():
        again = ledger.post(db, sitting_id, fields, hand)
    assert again == rows[0]["hand_id"]
    assert ledger.rows_of_hand(db, sitting_id, 1) == rows
    assert db.execute("select count(*) from hands").fetchone()[0] == 1
    # The stored state is the record: it replays to the same result.
    stored = ledger.hand(db, rows[0]["hand_id"])
    assert record_of(st) == record_of(registry.get(game_id).load(json.loads(stored["state"])))


def test_a_failed_transaction_leaves_no_ledger_rows(db):
    st = finished("xianniu", 1)
    fields = sitting_row("xianniu", -100, st)
    sitting_id = repo.create_sitting(db, fields)
    move = {"hand_no": 1, "turn": 0, "seat": 0, "code": "x", "by": "player"}
    repo.record_move(db, sitting_id, fields, move)  # turn 0 taken: the next insert clashes
    with pytest.raises(sqlite3.IntegrityError):
        repo.record_move(db, sitting_id, fields, move, {"hand_no": 1, "state": st.to_json()})
    assert ledger.rows_of_hand(db, sitting_id, 1) == []


def test_seat_details_are_the_seats_share(db):
    sitting_id, st, _f, _h = end_hand(db, "xianniu")
    rows = ledger.rows_of_hand(db, sitting_id, 1)
    d = st.result().details
    for r in rows:
        mine = json.loads(r["details"])
        assert mine["seats"] == d["seats"][r["seat"]]
        assert all(r["seat"] in (p["from"], p["to"]) for p in mine["payments"])


def test_leaderboard_humans_only_and_ranges(db):
    sitting_id, st, _f, _h = end_hand(db, "dingniu", at=1000.0)
    net = st.result().net
    board = {r["user_id"]: r for r in ledger.leaderboard(db, -100)}
    assert set(board) == {11, 12}  # computers never on a leaderboard
    assert board[11]["net"] == net[0] and board[11]["hands"] == 1
    assert board[11]["wins"] == (net[0] > 0) and board[11]["best"] == net[0]
    assert board[11]["name"] == "p0"
    assert ledger.leaderboard(db, -100, since=1000.5) == []
    assert ledger.leaderboard(db, -100, game="paoyao") == []
    assert ledger.leaderboard(db, -999) == []


def test_move_chat_moves_the_ledger_and_weekly_posts(db):
    sitting_id, _st, _f, _h = end_hand(db, "xianniu", chat_id=-5)
    ledger.claim_weekly_post(db, -5, "2026-11-23", 1.0)
    repo.move_chat(db, -5, -1005)
    assert {r["chat_id"] for r in ledger.rows_of_hand(db, sitting_id, 1)} == {-1005}
    assert ledger.weekly_post(db, -1005, "2026-11-23") is not None
    assert ledger.weekly_post(db, -5, "2026-11-23") is None
    assert ledger.recent_hands(db, -5) == []
    assert [h["sitting_id"] for h in ledger.recent_hands(db, -1005)] == [sitting_id]


def test_weekly_post_claimed_once(db):
    assert ledger.claim_weekly_post(db, -5, "2026-11-23", 1.0)
    assert not ledger.claim_weekly_post(db, -5, "2026-11-23", 2.0)
    assert ledger.weekly_post(db, -5, "2026-11-23")["queued_at"] == 1.0


def test_all_time_totals_agree_with_the_ledger_and_follow_a_migration(db):
    for k, game_id in enumerate(["xianniu", "dingniu", "xianniu", "changpai"]):
        st = finished(game_id, 10 + k)
        fields = sitting_row(game_id, -7, st, humans=(11, 12) if k % 2 else (12, 11))
        if k == 3:  # 12 renamed themselves: boards show the latest name
            fields["seats"] = fields["seats"].replace('"p1"', '"new name"')
        sitting_id = repo.create_sitting(db, fields)
        with db.atomic():
            ledger.post(db, sitting_id, fields,
                          {"hand_no": 1, "state": st.to_json(), "at": 100.0 + k})

    def boards(chat, game=None):
        def order(r):
            return r["user_id"], r["game"]

        totals = sorted(ledger.leaderboard(db, chat, game=game), key=order)
        ranged = sorted(ledger.leaderboard(db, chat, 0.0, 1e12, game), key=order)
        assert totals == ranged
        return totals

    # one row per person and game: boards never add two games' points
    assert {(r["user_id"], r["game"]): r["hands"] for r in boards(-7)} == {
        (u, g): n for u in (11, 12) for g, n in (("changpai", 1), ("dingniu", 1), ("xianniu", 2))}
    assert len(boards(-7, "xianniu")) == 2
    assert {r["user_id"]: r["name"] for r in boards(-7)}[12] == "new name"
    before = boards(-7)
    repo.move_chat(db, -7, -1007)
    assert boards(-1007) == before and boards(-7) == []
    stats = {r["game"]: r for r in ledger.user_stats(db, 11)}
    assert sum(r["hands"] for r in stats.values()) == 4 and stats["xianniu"]["hands"] == 2

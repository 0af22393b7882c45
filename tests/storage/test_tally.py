"""The tally (账本): every person's balance since the chat last settled up
equals the sum of their ledger rows after that settlement, over random
sittings and settlements; settling clears exactly what was shown, once."""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import registry
from storage import ledger, repo, tally
from storage.db import open_db
from storage.scores import settle_up

CHAT = -500
PEOPLE = (1, 2, 3, 4, 5)
GAMES = ("xianniu", "paoyao")
# A dealt hand nobody finished: ledger.post takes its points from "net",
# as for a hand the bot settles void, so any zero-sum points can be stored.
DEALT = registry.get("dingniu").new_state(seed=1).to_json()


def add_sitting(db, game, seats, nets, chat_id=CHAT, at=None):
    """A sitting of `game` in the chat with these seats (user ids; None: a
    computer) and one finished hand per entry of `nets` (finished at `at`,
    else now)."""
    row = {"chat_id": chat_id, "game": game, "preset": "default", "variant": "{}",
           "status": "finished", "creator_id": next(u for u in seats if u),
           "seats": json.dumps([{"user_id": u, "name": f"p{u}" if u else "", "tuoguan": False,
                                 "timeouts": 0} for u in seats]),
           "hand_no": len(nets), "state": DEALT, "totals": "[]", "msgs": "{}"}
    sitting_id = repo.create_sitting(db, row)
    for n, net in enumerate(nets, 1):
        with db.atomic():
            hand = {"hand_no": n, "state": DEALT, "net": json.dumps(net)}
            if at is not None:
                hand["at"] = at + n
            ledger.post(db, sitting_id, row, hand)
    return sitting_id


def literal(db, chat_id, game):
    """Each person's sum of ledger rows after the chat's last settlement of the game."""
    last = db.execute("select coalesce(max(through), 0) from settlements where chat_id = ?"
                      " and game = ?", [chat_id, game]).fetchone()[0]
    out: dict[int, list[int]] = {}
    for r in db.table("ledger").rows_where(
            "chat_id = ? and game = ? and hand_id > ? and user_id is not null",
            [chat_id, game, last]):
        acc = out.setdefault(r["user_id"], [0, 0, 0])
        acc[0] += r["net"]
        acc[1] += r["from_computers"]
        acc[2] += 1
    return out


def balances(t):
    return {p["user_id"]: [p["net"], p["from_computers"], p["hands"]] for p in t["people"]}


@pytest.fixture
def db():
    d = open_db(":memory:")
    yield d
    d.close()


sitting = st.tuples(
    st.sampled_from(GAMES),
    st.lists(st.sampled_from(PEOPLE), min_size=1, max_size=4, unique=True),
    st.integers(0, 2),  # computers
    st.lists(st.lists(st.integers(-20, 20), min_size=5, max_size=5), min_size=1, max_size=3),
)
step = st.one_of(
    st.tuples(st.just("sitting"), sitting),
    st.tuples(st.just("settle"), st.sampled_from(GAMES)),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(step, min_size=1, max_size=12))
def test_tally_is_the_sum_of_ledger_rows_since_the_last_settlement(steps):
    db = open_db(":memory:")
    try:
        for kind, arg in steps:
            if kind == "sitting":
                game, people, computers, raw = arg
                seats = [*people, *[None] * computers][:4]
                if len(seats) < 2:
                    seats.append(None)
                nets = []
                for values in raw:
                    net = values[: len(seats) - 1]
                    nets.append([*net, -sum(net)])
                add_sitting(db, game, seats, nets)
            else:
                t = tally.tally(db, CHAT, arg)
                if t is None:
                    continue
                with db.atomic():
                    outcome, done = tally.settle(db, CHAT, arg, t["base"], t["through"], 1, "p1",
                                                 1000.0, None)
                assert outcome == "settled"
                assert {c["user_id"]: [c["net"], c["from_computers"], c["hands"]]
                        for c in done["cleared"]} == balances(t)
                assert (done["hands"], done["sittings"]) == (t["hands"], t["sittings"])
                # pressed again: cleared once
                with db.atomic():
                    again = tally.settle(db, CHAT, arg, t["base"], t["through"], 2, "p2",
                                         1001.0, None)
                assert again[0] == "already" and again[1]["id"] == done["id"]
                assert tally.tally(db, CHAT, arg) is None
            for game in GAMES:
                t = tally.tally(db, CHAT, game)
                want = {u: v for u, v in literal(db, CHAT, game).items()}
                got = balances(t) if t else {}
                assert got == want
                if t is None:
                    continue
                assert balances(tally.stretch(db, CHAT, game, t["base"])) == got
                # what people owe each other squares to zero, in at most k − 1 transfers
                owed = {u: v[0] - v[1] for u, v in got.items()}
                assert sum(owed.values()) == 0
                transfers = settle_up(owed)
                assert len(transfers) <= max(0, len(owed) - 1)
                left = dict(owed)
                for a, b, n in transfers:
                    left[a] += n
                    left[b] -= n
                assert not any(left.values())
    finally:
        db.close()


def test_a_stale_confirmation_changes_nothing_and_later_hands_stay(db):
    add_sitting(db, "xianniu", [1, 2, None], [[5, -2, -3]])
    t = tally.tally(db, CHAT, "xianniu")
    add_sitting(db, "xianniu", [1, 2, None], [[-1, 4, -3]])  # after the confirmation was shown
    with db.atomic():
        outcome, done = tally.settle(db, CHAT, "xianniu", t["base"], t["through"], 1, "p1", 5.0,
                                     77)
    assert outcome == "settled" and done["msg_id"] == 77 and done["told"] is None
    assert [(c["user_id"], c["net"], c["from_computers"]) for c in done["cleared"]] == [
        (1, 5, 3), (2, -2, 0)]
    left = tally.tally(db, CHAT, "xianniu")  # the hand after the confirmation stays
    assert left["hands"] == 1 and balances(left) == {1: [-1, 0, 1], 2: [4, 3, 1]}
    # A confirmation made before that settlement, with the old start: refused.
    with db.atomic():
        assert tally.settle(db, CHAT, "xianniu", 0, left["through"], 2, "p2", 6.0, None) == (
            "changed", {})
    assert tally.tally(db, CHAT, "xianniu") == left
    assert tally.untold(db)[0]["id"] == done["id"]
    tally.told(db, done["id"], 78)
    assert tally.untold(db) == []


def test_one_person_and_computers_owe_nobody(db):
    add_sitting(db, "paoyao", [3, None, None, None], [[-4, 2, 1, 1], [6, -2, -2, -2]])
    t = tally.tally(db, CHAT, "paoyao")
    assert balances(t) == {3: [2, 2, 2]}  # all of it won from the computers
    assert settle_up({3: 0}) == []


def test_settlements_follow_the_group_to_its_supergroup(db):
    add_sitting(db, "xianniu", [1, 2, None], [[5, -2, -3]])
    t = tally.tally(db, CHAT, "xianniu")
    with db.atomic():
        tally.settle(db, CHAT, "xianniu", 0, t["through"], 1, "p1", 5.0, None)
    add_sitting(db, "xianniu", [1, 2, None], [[-1, 4, -3]])
    before = tally.tally(db, CHAT, "xianniu")
    repo.move_chat(db, CHAT, -100777)
    assert tally.tally(db, CHAT, "xianniu") is None and tally.settlements(db, CHAT) == []
    assert tally.tally(db, -100777, "xianniu") == before
    assert [s["through"] for s in tally.settlements(db, -100777)] == [t["through"]]


def test_the_migration_fills_in_what_old_hands_won_from_computers(tmp_path):
    """A database from before m006: its hands get their shares, and its
    totals the sums of them."""
    from sqlite_utils import Database

    from storage.migrations import migrations

    path = str(tmp_path / "old.sqlite3")
    old = Database(path)
    migrations.apply(old, stop_before="m006_tally")
    row = {"chat_id": CHAT, "game": "xianniu", "preset": "default", "variant": "{}",
           "status": "finished", "creator_id": 1,
           "seats": json.dumps([{"user_id": 1, "name": "p1"}, {"user_id": 2, "name": "p2"},
                                {"user_id": None, "name": ""}]),
           "hand_no": 1, "state": DEALT, "totals": "[]", "msgs": "{}"}
    sitting_id = old["games"].insert(row).last_pk
    hid = old["hands"].insert({"game_id": sitting_id, "hand_no": 1, "state": DEALT, "net": "[]",
                               "at": 1.0}).last_pk
    for seat, (user, net) in enumerate([(1, 4), (2, -1), (None, -3)]):
        old["ledger"].insert({"hand_id": hid, "chat_id": CHAT, "game_id": sitting_id, "hand_no": 1,
                              "game": "xianniu", "seat": seat, "user_id": user,
                              "name": f"p{user}", "net": net, "details": "{}",
                              "finished_at": 1.0})
        if user:
            old["ledger_totals"].insert({"chat_id": CHAT, "user_id": user, "game": "xianniu",
                                         "name": f"p{user}", "net": net, "hands": 1,
                                         "wins": int(net > 0), "best": net, "last_at": 1.0})
    old.close()
    db = open_db(path)
    try:
        assert [r["from_computers"] for r in db["ledger"].rows_where(order_by="seat")] == [
            3, 0, 0]
        assert balances(tally.tally(db, CHAT, "xianniu")) == {1: [4, 3, 1], 2: [-1, 0, 1]}
    finally:
        db.close()

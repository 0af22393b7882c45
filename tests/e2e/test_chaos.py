"""Chaos test (issue 11): dozens of sittings of every game and preset at once
against the fake Bot API server, ~10% of API calls failing, random and bad
presses, a deleted table, a player who blocks the bot, the bot removed from a
group. One run (tests/e2e/chaos.py), several verdicts. Costs ≈ 1–2 minutes."""

from __future__ import annotations

import asyncio

import pytest

from tests import figures
from tests.e2e import chaos

SITTINGS = 30  # every game and preset twice
SECONDS = 110.0  # the run's deadline: a sitting not over by then is stuck


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    db = tmp_path_factory.mktemp("chaos") / "db.sqlite3"
    r = asyncio.run(chaos.run(db, sittings=SITTINGS, seconds=SECONDS, seed=11,
                              fault_rate=0.10))
    figures.add("games finished", len(r.finished))
    figures.add("faults injected", r.faults)
    figures.add("bad inputs tried", r.bad_presses)
    figures.add("leaks", len(r.leaks))
    figures.add("hands posted twice", len(r.posted_twice))
    return r


def test_every_sitting_reaches_its_end(report):
    assert report.faults > 100 and report.bad_presses > 100  # the chaos really happened
    kicked = report.kicked.get("sitting_id")
    assert [s for s in report.stuck if not s.startswith(f"sitting {kicked} ")] == []
    assert len(set(report.finished) - {kicked}) == SITTINGS - 1
    assert report.hands >= SITTINGS - 1  # the kicked group may end before its first hand


def test_no_error_in_the_log(report):
    assert report.errors == []


def test_no_card_of_a_hand_is_shown_to_anyone_else(report):
    assert report.leaks == []


def test_totals_are_the_sum_of_hand_results_and_no_hand_is_posted_twice(report):
    assert report.totals_wrong == []
    assert report.posted_twice == []


def test_a_player_who_blocks_the_bot_goes_to_tuoguan_at_once(report):
    assert report.blocked, "nobody blocked the bot"
    assert report.blocked.get("tuoguan"), report.blocked
    # at once on the 403, not after two turn timeouts
    assert report.blocked["timeouts"] < 2, report.blocked


def test_the_group_is_told_once_when_a_player_blocks_the_bot(report):
    assert report.blocked, "nobody blocked the bot"
    assert report.blocked["idle"], "the group's messages were still queued after 30 s"
    assert len(report.blocked["told"]) == 1, report.blocked["told"]


def test_a_group_that_removed_the_bot_ends_its_sitting(report):
    assert report.kicked, "the bot was not removed from any group"
    assert report.kicked["sitting_id"] in report.finished

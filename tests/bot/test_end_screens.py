"""The end of a hand and of a sitting as the group reads them (issue 30): the
🏁 header is the one announcement, numbers never touch names ("Tom: +6"), the
sitting so far only once it differs from the hand, counts agree with nouns."""

import random
import re

import pytest

from bot.i18n import LANGS, translator
from bot.presenters import catalog
from bot.presenters.base import signed
from bot.sitting import Seat, Sitting
from bot.words import render
from games import hands, players


def finished_sitting(game_id="xianniu", hand_no=1):
    """A sitting whose hand was played to its end, somebody winning."""
    g = catalog.game(game_id)
    for seed in range(50):
        st = g.new_state(seed=seed)
        rng = random.Random(seed)
        while not hands.stuck(st):
            seat = st.to_act()[0]
            st.apply(seat, players.quick(st, seat, rng))
        if st.is_over() and any(hands.net(st)):
            break
    names = ["Tom", "Ann", None, None][: st.seats]
    seats = [Seat(i + 1, n) if n else Seat(None, "") for i, n in enumerate(names)]
    net = hands.net(st)
    return Sitting(id=1, chat_id=-1, game=game_id, preset="default", variant=g.preset("default"),
                   status="hand_over", creator_id=1, seats=seats, hand_no=hand_no, state=st,
                   totals=list(net)), net


@pytest.mark.parametrize("lang", LANGS)
def test_the_end_of_a_hand_is_announced_once_and_scores_follow_names(lang):
    _ = translator(lang)
    s, net = finished_sitting()
    table = render.table(s, _)
    # the frame says nothing more about it (the game's own lines are its presenter's)
    assert _("Hand over.") not in table.splitlines()
    assert table.splitlines()[-1] == _("👇 The result is below.")
    text, kb = render.hand_end(s, net, _)
    head = _("🏁 {game} · hand {n} is over").format(game=render.game_name(s, _), n=1)
    assert text.splitlines()[0] == head
    this_hand = [line for line in text.splitlines()
                 if line.startswith(_("This hand: {scores}").split("{")[0])][0]
    ns = render.names(s, _)
    for name, v in zip(ns, net):
        assert _("{name}: {points}").format(name=name, points=signed(v)) in this_hand
    # the first hand: the sitting so far is this hand, not said again
    assert _("Totals: {scores}").split("{")[0] not in text
    s.totals = [v * 2 for v in net]  # a later hand: the sitting so far differs
    s.hand_no = 2
    text, _kb = render.hand_end(s, net, _)
    assert _("Totals: {scores}").split("{")[0] in text


def test_a_hand_nobody_won_says_so():
    _ = translator("en")
    s, net = finished_sitting()
    text, _kb = render.hand_end(s, [0] * len(net), _)
    assert "\nThis hand: nobody won or lost.\n" in text + "\n"


def test_the_english_end_of_a_hand_reads_right():
    _ = translator("en")
    s, net = finished_sitting()
    text, _kb = render.hand_end(s, net, _)
    assert text.startswith("🏁 Xian Niu · hand 1 is over\n")
    line = [x for x in text.splitlines() if x.startswith("This hand: ")][0]
    assert re.fullmatch(r"This hand: (\S[^:·]*: [+−]?\d+)( · \S[^:·]*: [+−]?\d+)*", line), line
    scores = [int(v.replace("−", "-")) for v in re.findall(r": ([+−]?\d+)", line)]
    assert scores == sorted(scores, reverse=True)  # best first


@pytest.mark.parametrize("n, words", [(1, "after 1 hand."), (2, "after 2 hands.")])
def test_the_end_of_a_sitting_counts_its_hands(n, words):
    _ = translator("en")
    s, _net = finished_sitting(hand_no=n)
    text = render.finished(s, _)
    assert words in text
    assert re.search(r"\nTotals: (Tom|Ann|Computer 1): [+−]\d+ · ", text), text


def test_a_sitting_ended_before_its_first_hand_says_so():
    _ = translator("en")
    s, _net = finished_sitting()
    g = catalog.game("xianniu")
    s.state = g.new_state(seed=5)  # the first hand, stopped half-way
    assert render.finished(s, _) == "🏁 Xian Niu: the game was ended before a hand was finished."


def test_a_hand_message_of_a_sitting_ended_half_way_says_the_game_was_ended():
    _ = translator("en")
    s, _net = finished_sitting()
    s.state = catalog.game("xianniu").new_state(seed=5)  # stopped in the middle of a hand
    s.status = "finished"
    text, kb = render.hand(s, 0, _)
    assert text.splitlines()[-1] == "The game was ended." and kb is None

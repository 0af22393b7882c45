"""Nothing a player holds reaches the group: for every landed game, the
table message (the public view, whose turn it is, the last move's line) and
its picture (the source description it is drawn from) are the same in twin
worlds where the cards hidden from the table are dealt differently, at every
step of whole hands until the hand ends. A twin is `determinize` from one
seat's view, so over all seats every hand is re-dealt.

What a move's events show is the move itself (what was played, claimed or
flipped face up); the presenter tests check their wording."""

import random

import pytest

from bot.i18n import translator
from bot.presenters import catalog
from bot.sitting import Seat, Sitting
from bot.words import render
from games.players import ai_module

HANDS = 12


def _table(game_id: str, state, seat: int, events: list) -> list:
    n = catalog.game(game_id).default_seats
    s = Sitting(id=1, chat_id=-1, game=game_id, preset="default", variant={}, status="running",
                creator_id=1, seats=[Seat(i + 1, f"P{i}") for i in range(n)], hand_no=1,
                state=state, last={"seat": seat, "events": events}, pictures=True)
    picture = render.table_picture(s)
    assert picture is not None
    texts = [render.table(s, translator(lang)) for lang in ("zh_Hans", "en")]
    return [*texts, picture.picture.describe()]


@pytest.mark.parametrize("game_id", catalog.landed())
def test_the_table_never_depends_on_cards_hidden_from_it(game_id):
    game = catalog.game(game_id)
    n = game.default_seats
    ai = ai_module(game_id)
    player = ai.heuristic()
    checked = 0
    for hand in range(HANDS):
        state = game.new_state(seed=hand)
        rng = random.Random(hand)
        while not state.is_over():
            seat = state.to_act()[0]
            events = state.apply(seat, player.choose(state, seat, rng))
            if state.is_over():
                break  # the end of the hand reveals every hand: that is its job
            shown = _table(game_id, state, seat, events)
            for viewer in range(n):
                twin = ai.determinize(state, viewer, random.Random(checked * n + viewer))
                assert _table(game_id, twin, seat, events) == shown, (
                    f"{game_id} hand {hand}: the table changes with cards hidden from it")
            checked += 1
    assert checked > 50

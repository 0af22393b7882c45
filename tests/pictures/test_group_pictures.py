"""Every group picture of whole games is drawn from the public view only:
at every step of a hand of each game, the table picture a group gets is the
picture of the public view (the description it carries says so), and it is
pixel for pixel the same in a twin world where the hidden cards are dealt
differently."""

import random

import pytest

from bot.pictures.draw import described, png, render
from bot.pictures.scenes import scenes
from bot.presenters import catalog
from games.players import ai_module


@pytest.mark.parametrize("game_id", catalog.landed())
def test_every_table_picture_of_a_hand_shows_the_public_view_only(game_id):
    game = catalog.game(game_id)
    ai = ai_module(game_id)
    player = ai.heuristic()
    drawn, seed = 0, 0
    while drawn < 30:  # a hand or more, till 30 steps were drawn
        seed += 1
        drawn += _hand(game, ai, player, seed, game_id)


def _hand(game, ai, player, seed: int, game_id: str) -> int:
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    drawn = 0
    while not state.is_over():
        public = state.public_view()
        picture = scenes(game_id).table(public)
        if drawn % 5 == 0:  # the file itself: what the group gets
            assert described(png(picture)) == picture.describe()
        viewer = rng.randrange(state.seats)
        twin = ai.determinize(state, viewer, random.Random(drawn))
        twin_picture = scenes(game_id).table(twin.public_view())
        assert twin_picture == picture
        assert render(twin_picture).tobytes() == render(picture).tobytes()
        drawn += 1
        seat = state.to_act()[0]
        state.apply(seat, player.choose(state, seat, rng))
    return drawn

"""A deal made by ChangpaiGame.deal starts the same hand as the same deal
string parsed (games.shuffle is checked against random.Random.shuffle in
tests/games/test_shuffle.py)."""

from games import registry
from games.changpai.state import parse_deal

GAME = registry.get("changpai")


def test_a_remembered_deal_is_the_parsed_deal():
    v = GAME.variant()
    for seed in range(20):
        deal = GAME.deal(v, 3, seed)
        remembered = parse_deal(deal)  # made by deal(): taken as it was made
        assert parse_deal(deal) == remembered  # asked again: parsed from the string
        assert GAME.new_state(seed=seed, dealer=0).to_json() == GAME.start(v, deal, 0).to_json()


def test_first_dealer_is_the_base_draw():
    from games.base import Game

    v = GAME.variant()
    for seed in [*range(3000), -1, 10**30, 2**64 + 7]:
        for seats in (1, 2, 3, 4, 5, 7, 8):
            assert GAME.first_dealer(v, seats, seed) == Game.first_dealer(GAME, v, seats, seed)


def test_deal_string_is_the_codes_joined():
    from games.changpai.cards import CODES
    from games.changpai.game import _deal_string

    v = GAME.variant()
    for seed in range(200):
        deal = GAME.deal(v, 3, seed)
        assert deal == "".join(CODES[k] for k in parse_deal(deal))
        assert _deal_string(parse_deal(deal)) == deal

"""The engine's unrolled shuffle deals exactly what random.Random.shuffle
deals from the same seed (deals are part of every record), and a deal made
by Changpai.deal starts the same hand as the same deal string parsed."""

import random

from games import registry
from games.changpai.cards import full_deck
from games.changpai.state import parse_deal, shuffle

GAME = registry.get("changpai")


def test_shuffle_is_random_shuffle():
    for seed in [*range(300), 2**40 + 7, -5, "dealer:3"]:
        a, b = full_deck(), full_deck()
        random.Random(seed).shuffle(a)
        shuffle(b, random.Random(seed))
        assert a == b, seed


def test_a_remembered_deal_is_the_parsed_deal():
    v = GAME.variant()
    for seed in range(20):
        deal = GAME.deal(v, 3, seed)
        remembered = parse_deal(deal)  # made by deal(): taken as it was made
        assert parse_deal(deal) == remembered  # asked again: parsed from the string
        assert GAME.new_state(seed=seed, dealer=0).to_json() == GAME.start(v, deal, 0).to_json()

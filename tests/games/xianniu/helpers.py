"""Shared helpers: cards from readable strings, plays classified by the rules."""

from games import registry
from games.xianniu.shapes import rules_for

SUIT = {"♠": "s", "♥": "h", "♣": "c", "♦": "d"}


def codes(text: str) -> list[str]:
    """'K♠10♥8♦' or 'Ks Th 8d' → ['Ks', 'Th', '8d']."""
    text = text.replace("10", "T").replace(" ", "")
    out, i = [], 0
    while i < len(text):
        rank, suit = text[i], text[i + 1]
        out.append(rank + SUIT.get(suit, suit))
        i += 2
    return out


def rules(game_id: str, **flags):
    game = registry.get(game_id)
    return rules_for(game.mode, game.variant(flags))


def play(game_id: str, text: str, **flags):
    r = rules(game_id, **flags)
    return r.info(r.deck.mask(codes(text)))

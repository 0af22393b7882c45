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


def build_deal(game_id: str, *hands: str) -> dict:
    """A full deal: each seat gets its listed cards, then the leftover cards
    in deck order, dealt round robin to the seats that still need cards."""
    deck = registry.get(game_id).deck
    given = [codes(h) for h in hands] + [[]] * (3 - len(hands))
    used = {c for h in given for c in h}
    assert len(used) == sum(len(h) for h in given), "a card given twice"
    rest = [c for c in deck.codes if c not in used]
    out = [list(h) for h in given]
    seat = 0
    for c in rest:
        while len(out[seat]) >= 16:
            seat = (seat + 1) % 3
        out[seat].append(c)
        seat = (seat + 1) % 3
    assert all(len(h) == 16 for h in out)
    return {"hands": out}


def start(game_id: str, deal: dict, dealer: int = 0, **flags):
    game = registry.get(game_id)
    return game.start(game.variant(flags), deal, dealer)


def move(prefix: str, text: str) -> str:
    return prefix + "".join(sorted(codes(text)))

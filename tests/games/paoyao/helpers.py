"""Building 刨幺 positions for tests: hands written as rank strings."""

from __future__ import annotations

from games import registry
from games.paoyao.cards import RANK_OF, SUITS
from games.paoyao.combos import counts_of_ranks

GAME = registry.get("paoyao")


def cnt(ranks: str) -> list[int]:
    """Rank counts of a rank string: '556677', '44A', 'SSB' (S = 小王, B = 大王)."""
    return counts_of_ranks(RANK_OF[ch] for ch in ranks.replace(" ", ""))


def cards(ranks: str) -> list[str]:
    """Card codes for a rank string, suits assigned in turn."""
    out = []
    seen: dict[str, int] = {}
    for ch in ranks.replace(" ", ""):
        if ch in "SB":
            out.append(ch + "J")
        else:
            i = seen.get(ch, 0)
            seen[ch] = i + 1
            out.append(ch + SUITS[i % 4])
    return out


def position(hands, leader=0, score=(0, 0), out=(), variant=None, **fields):
    """A hand in progress: `hands` are four rank strings, `leader` to lead.
    Not a real deal (the deck is not conserved): for rules tests only."""
    v = GAME.variant(variant)
    deal = GAME.deal(v, 4, 0)
    state = {
        "hands": [sorted(cards(h), key=lambda c: (RANK_OF[c[0]], c[1])) for h in hands],
        "phase": "play",
        "turn": leader,
        "top": None,
        "top_seat": None,
        "trick": [],
        "trick_points": 0,
        "passes": 0,
        "out": list(out),
        "score": list(score),
        "taken": [[], []],
        "chase": None,
        "snow": None,
        "resume": None,
        "last_trick_winner": None,
        "finish": None,
    }
    state.update(fields)
    data = {
        "game": "paoyao",
        "variant": v,
        "seats": 4,
        "dealer": leader,
        "deal": deal,
        "history": [],
        "state": state,
    }
    return GAME.load(data)


def play(state, *moves):
    """Apply (seat, code) pairs; return all events."""
    events = []
    for seat, code in moves:
        events += state.apply(seat, code)
    return events

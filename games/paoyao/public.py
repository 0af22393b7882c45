"""What 刨幺's engine offers outside itself (the bot's presenter): the kind of
a play and an order of plays, from its cards alone. Views and events already
name the kind of the play on the table (`"combo"`); a legal `Move` carries
only its cards, so a presenter asks here to label and rank those
(tests/test_layers.py keeps presenters off the engine's own modules). Not
in `Move.data`: the legal moves stay as they were, byte for byte (the
golden digests and rule vectors), and no hot path pays for a name."""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from games.paoyao.cards import NRANKS, RANK_OF
from games.paoyao.combos import KIND_NAMES, classify, counts_of_ranks

PLAIN_ORDER = list(range(NRANKS))  # 4 low … big joker high: a play's name never hangs on 3比2


class Play(NamedTuple):
    kind: str  # single, pair, straight, double_straight, bomb: as the events' "combo"
    key: tuple[int, int, int]  # sorts plays: by kind, then as they compare (plain rank order)


def play_of(cards: Iterable[str]) -> Play | None:
    """The play these card codes make, or None if they make none."""
    combo = classify(counts_of_ranks(RANK_OF[c[0]] for c in cards), PLAIN_ORDER)
    return None if combo is None else Play(KIND_NAMES[combo[0]], combo)


__all__ = ["RANK_OF", "Play", "play_of"]

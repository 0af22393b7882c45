"""Move codes of 刨幺 (docs/records.md "## paoyao").

Suits never matter (spec §1, §9), so a play is written by ranks only, one
character per card in rank order: ``556677`` = 双顺 5-7, ``444A`` = 中幺,
``SSB`` = two small jokers and a big one. The engine takes the cards of
the lowest suits of each rank from the hand (suits are cosmetic). The
longest play (a 22-card 双顺) takes 22 characters.
Other moves: ``P`` pass (不要), ``X`` 雪, ``N`` 不雪.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from games.base import IllegalMove
from games.paoyao.cards import NRANKS, RANK_CHARS, RANK_OF

PASS, SNOW, NO_SNOW = "P", "X", "N"


def encode_counts(cnt: Sequence[int]) -> str:
    return "".join(RANK_CHARS[r] * cnt[r] for r in range(NRANKS))


def encode(cards: Iterable[str]) -> str:
    """The code of a set of cards (any order)."""
    return "".join(sorted((c[0] for c in cards), key=RANK_OF.__getitem__))


def decode(code: str) -> list[int]:
    """The rank counts of a play code; raises IllegalMove('malformed_move')
    unless the code is well formed and in rank order."""
    cnt = [0] * NRANKS
    last = -1
    for ch in code:
        r = RANK_OF.get(ch)
        if r is None or r < last:
            raise IllegalMove("malformed_move", f"not a play code: {code!r}")
        cnt[r] += 1
        last = r
    if last < 0:
        raise IllegalMove("malformed_move", "empty play")
    return cnt

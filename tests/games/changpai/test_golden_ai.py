"""Behaviour unchanged by the 川牌 speed work (issue 14), with the computer
players asked: heuristic play (with random moves) over every preset gives the
digests recorded from the code before it (tests/games/changpai/golden_ai.py).

The random-play golden of every game is tests/games/test_golden.py (6,000
川牌 hands). CI checks the first block of each entry here (5 × 20 hands,
~10–17 s CPU); the whole file (700 hands) runs with
`pytest -m slow tests/games/changpai/test_golden_ai.py`."""

from __future__ import annotations

import pytest

from tests.games.changpai import golden_ai

GOLDEN = golden_ai.load()


@pytest.mark.parametrize("entry", golden_ai.ENTRIES, ids=golden_ai.key)
def test_golden_ai_ci_block(entry):
    n = golden_ai.CI_BLOCKS
    assert golden_ai.compute(entry, n) == GOLDEN[golden_ai.key(entry)][:n]


@pytest.mark.slow
@pytest.mark.parametrize("entry", golden_ai.ENTRIES, ids=golden_ai.key)
def test_golden_ai_all_blocks(entry):
    n = golden_ai.CI_BLOCKS
    assert golden_ai.compute(entry)[n:] == GOLDEN[golden_ai.key(entry)][n:]


def test_digest_sees_a_changed_choice(monkeypatch):
    """The digest is not blind: a heuristic that picks another move changes it."""
    from games.changpai.ai_heuristic import Heuristic

    real = Heuristic.choose

    def contrary(self, st, seat, rng):
        codes = [m.code for m in st.legal_moves(seat)]
        code = real(self, st, seat, rng)
        return codes[-1] if len(codes) > 1 and code == codes[0] else code

    monkeypatch.setattr(Heuristic, "choose", contrary)
    entry = golden_ai.ENTRIES[0]
    assert golden_ai.block_digest(entry, 0) != GOLDEN[golden_ai.key(entry)][0]

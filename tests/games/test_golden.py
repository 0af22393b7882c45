"""Behaviour unchanged by engine speed work: fixed seeds of random play give
the digests recorded from the code before it (tests/games/golden.py).

CI checks the first blocks of every entry (~12 s CPU); the whole golden
(6,000 川牌 hands, ~40 s CPU) runs with `pytest -m slow tests/games/test_golden.py`
or `python -m tests.games.golden --check --all`."""

from __future__ import annotations

import pytest

from tests.games import golden

GOLDEN = golden.load()


def _recorded(entry) -> None:
    if golden.key(entry) not in GOLDEN:  # a preset added later has no "before"
        pytest.skip(f"{golden.key(entry)}: no golden (python -m tests.games.golden --add)")


@pytest.mark.parametrize("entry", golden.ENTRIES, ids=golden.key)
def test_golden_ci_blocks(entry):
    _recorded(entry)
    n = golden.CI_BLOCKS.get(entry[0], 1)
    assert golden.compute(entry, n) == GOLDEN[golden.key(entry)][:n]


@pytest.mark.slow
@pytest.mark.parametrize("entry", golden.ENTRIES, ids=golden.key)
def test_golden_all_blocks(entry):
    _recorded(entry)
    n = golden.CI_BLOCKS.get(entry[0], 1)
    assert golden.compute(entry)[n:] == GOLDEN[golden.key(entry)][n:]


def test_digest_sees_a_changed_move_list(monkeypatch):
    """The digest is not blind: dropping one offered move changes it."""
    entry = next(e for e in golden.ENTRIES if e[0] == "dingniu")
    real = golden._moves
    monkeypatch.setattr(golden, "_moves", lambda st, s: real(st, s)[1:])
    assert golden.compute(entry, 1) != GOLDEN[golden.key(entry)][:1]

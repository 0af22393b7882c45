"""games.shuffle is random.Random(seed).shuffle, permutation for permutation."""

from __future__ import annotations

import random

import pytest

from games.shuffle import shuffle


@pytest.mark.parametrize("n", [0, 1, 2, 24, 48, 108, 300])
def test_same_permutation_as_random_shuffle(n):
    for seed in [*range(200), -7, "dealer:7", 2**70 + 3]:
        want, got = list(range(n)), list(range(n))
        random.Random(seed).shuffle(want)
        shuffle(seed, got)
        assert got == want, (n, seed)

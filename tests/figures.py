"""Figures the fault-finding tests (fuzz, chaos, crash, hardening) count while
they run; tests/conftest.py prints them at the end of the pytest run."""

from __future__ import annotations

from collections import Counter

# The figures issue 11 asks for, printed in this order (0 when a test did not run).
NAMES = (
    "games finished",
    "kills survived",
    "faults injected",
    "bad inputs tried",
    "leaks",
    "hands posted twice",
)

counts: Counter[str] = Counter()


def add(name: str, n: int = 1) -> None:
    counts[name] += n

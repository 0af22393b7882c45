"""Processes as Linux's /proc shows them, for the tests of worker processes:
which are alive (a zombie has ended), whose children, how many files open."""

from __future__ import annotations

import os
from pathlib import Path

HAS_PROC = Path("/proc/self/stat").exists()


def _stat(pid: int) -> tuple[str, int] | None:
    """(state, parent) of a process, or None when there is none."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = text[text.rindex(")") + 2:].split()
    return fields[0], int(fields[1])


def alive(pid: int) -> bool:
    stat = _stat(pid)
    return stat is not None and stat[0] != "Z"


def children(pid: int, zombies: bool = False) -> set[int]:
    """Live processes whose parent is `pid`; with `zombies`, also the ended
    ones their parent has not reaped."""
    out = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            stat = _stat(int(entry.name))
            if stat is not None and (zombies or stat[0] != "Z") and stat[1] == pid:
                out.add(int(entry.name))
    return out


def descendants(pid: int) -> set[int]:
    """Live processes below `pid`, at any depth."""
    found: set[int] = set()
    frontier = {pid}
    while frontier:
        frontier = set().union(*(children(p) for p in frontier)) - found
        found |= frontier
    return found


def cmdline(pid: int) -> str:
    """The process's command line, words joined by spaces ("" once it has ended)."""
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode().strip()
    except OSError:
        return ""


def open_fds() -> int:
    return len(os.listdir("/proc/self/fd"))

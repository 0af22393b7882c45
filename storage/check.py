"""Is a database path usable? Asked before the bot reaches Telegram, so a
host who set PAIJU_DB wrong reads one line naming the path and the reason at
once (also while the network is down), not a traceback after the first
answer from Telegram."""

from __future__ import annotations

import os
import pathlib
import sqlite3

from storage.db import open_db


def unusable(path: str) -> str | None:
    """Why `path` cannot hold the bot's database (None: it can). Opens it the
    way the bot does (created if missing, WAL, migrations applied), so what
    passes here works for the bot a moment later."""
    if path == ":memory:":
        return None
    p = pathlib.Path(path)
    parent = p.parent
    if not parent.exists():
        return f"the directory {parent} does not exist"
    if not parent.is_dir():
        return f"{parent} is not a directory"
    if p.is_dir():
        return "it is a directory, not a database file"
    if p.exists() and not p.is_file():
        return "it is not a regular file"
    try:
        with open(p, "ab"):  # creates it, as SQLite would; changes nothing else
            pass
    except OSError as e:
        return f"cannot write it: {e.strerror or e}"
    try:
        open_db(path).close()
    except sqlite3.DatabaseError as e:
        return _reason(e, parent)
    except OSError as e:
        return f"cannot open it: {e.strerror or e}"
    return None


def _reason(e: sqlite3.DatabaseError, parent: pathlib.Path) -> str:
    text = str(e)
    if "not a database" in text:
        return "it is not an SQLite database"
    if "readonly" in text:
        return "it is read-only"
    if "unable to open" in text and not os.access(parent, os.W_OK):
        return f"SQLite cannot write its -wal and -shm files in {parent}"
    return f"SQLite cannot use it: {text}"

"""`paiju db backup` and `paiju db migrate`: a consistent copy of a live
database through SQLite's online backup API, and the schema brought up to
date without starting the bot."""

from __future__ import annotations

import os
import pathlib
import sqlite3

from sqlite_utils import Database

from storage.migrations import migrations


def backup(source: str | os.PathLike, dest: str | os.PathLike) -> int:
    """Copy `source` to `dest` while the bot may be writing: the copy is one
    snapshot (every committed transaction up to a moment, nothing half).
    Written beside `dest` first and renamed, so `dest` is never partial.
    Returns the copy's size in bytes."""
    src = pathlib.Path(source)
    if not src.is_file():
        raise FileNotFoundError(f"no database at {src}")
    dst = pathlib.Path(dest)
    tmp = dst.with_name(dst.name + ".partial")
    tmp.unlink(missing_ok=True)
    # Read only: the backup never writes to (or creates) the live file.
    with sqlite3.connect(f"{src.resolve().as_uri()}?mode=ro", uri=True) as live:
        copy = sqlite3.connect(tmp)
        try:
            live.backup(copy)  # all pages in one step: one read transaction, one snapshot
            copy.execute("PRAGMA journal_mode=DELETE")  # a single self-contained file
        finally:
            copy.close()
    live.close()
    os.replace(tmp, dst)
    return dst.stat().st_size


def migrate(path: str | os.PathLike) -> list[str]:
    """Apply pending migrations; the names of those applied."""
    db = Database(str(path))
    try:
        pending = [m.name for m in migrations.pending(db)]
        migrations.apply(db)
        return pending
    finally:
        db.close()

"""`paiju db backup` and `paiju db migrate`: a consistent copy of a live
database through SQLite's online backup API, and the schema brought up to
date without starting the bot."""

from __future__ import annotations

import os
import pathlib
import sqlite3

from sqlite_utils import Database

from storage.migrations import migrations


class BackupError(Exception):
    """One line naming the file that failed (the source or the target) and why."""


def backup(source: str | os.PathLike, dest: str | os.PathLike) -> int:
    """Copy `source` to `dest` while the bot may be writing: the copy is one
    snapshot (every committed transaction up to a moment, nothing half).
    Written beside `dest` first and renamed, so `dest` is never partial.
    Returns the copy's size in bytes."""
    src = pathlib.Path(source)
    dst = pathlib.Path(dest)
    if src.is_dir():
        raise BackupError(f"source {src}: it is a directory, not a database file")
    if not src.is_file():
        raise BackupError(f"source {src}: no database there")
    if dst.is_dir():
        raise BackupError(f"target {dst}: it is a directory; name the copy's file")
    if not dst.parent.is_dir():
        raise BackupError(f"target {dst}: the directory {dst.parent} does not exist")
    tmp = dst.with_name(dst.name + ".partial")
    try:
        tmp.unlink(missing_ok=True)
        tmp.touch()
    except OSError as e:
        raise BackupError(f"target {dst}: cannot write there: {e.strerror or e}") from None
    try:
        # Read only: the backup never writes to (or creates) the live file.
        live = sqlite3.connect(f"{src.resolve().as_uri()}?mode=ro", uri=True)
        try:
            live.execute("select count(*) from sqlite_master").fetchone()
        except sqlite3.Error:
            live.close()
            raise
    except sqlite3.Error as e:
        tmp.unlink(missing_ok=True)
        what = "it is not an SQLite database" if "not a database" in str(e) else str(e)
        raise BackupError(f"source {src}: {what}") from None
    try:
        copy = sqlite3.connect(tmp)
        try:
            live.backup(copy)  # all pages in one step: one read transaction, one snapshot
            copy.execute("PRAGMA journal_mode=DELETE")  # a single self-contained file
        finally:
            copy.close()
        os.replace(tmp, dst)
    except (sqlite3.Error, OSError) as e:
        tmp.unlink(missing_ok=True)
        side = f"source {src}" if "malformed" in str(e) else f"target {dst}"
        raise BackupError(f"{side}: the copy failed: {e}") from None
    finally:
        live.close()
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

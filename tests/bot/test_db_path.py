"""A database path that cannot work is one line naming it and the reason,
before the bot reaches Telegram (so also while the network is down), exit 2;
`paiju db backup` names the file that failed, the source or the target."""

from __future__ import annotations

import os
import pathlib
import sqlite3

import pytest

from bot.cli import main
from storage.check import unusable


def one_line(capsys) -> str:
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1, err
    return err[0]


def read_only_dir(tmp_path: pathlib.Path) -> pathlib.Path:
    """A directory nobody may create files in: a chmod'ed one, or for root
    (who ignores permissions) sysfs, which refuses new files to root too."""
    if os.geteuid() != 0:
        d = tmp_path / "ro"
        d.mkdir()
        d.chmod(0o555)
        return d
    try:
        open("/sys/paiju-probe", "ab").close()
    except OSError:
        return pathlib.Path("/sys")
    os.unlink("/sys/paiju-probe")
    pytest.skip("no read-only place for root here")


def bad_path(kind: str, tmp_path: pathlib.Path) -> tuple[str, str]:
    """(PAIJU_DB, the reason expected) for each way a host gets it wrong."""
    if kind == "missing directory":
        return str(tmp_path / "nope" / "paiju.sqlite3"), f"the directory {tmp_path / 'nope'} " \
                                                         "does not exist"
    if kind == "a directory":
        return str(tmp_path), "it is a directory, not a database file"
    if kind == "read-only place":
        return str(read_only_dir(tmp_path) / "paiju.sqlite3"), "cannot write it: Permission denied"
    if kind == "not SQLite":
        f = tmp_path / "notes.txt"
        f.write_text("shopping list\n" * 200)
        return str(f), "it is not an SQLite database"
    raise AssertionError(kind)


KINDS = ["missing directory", "a directory", "read-only place", "not SQLite"]


@pytest.mark.parametrize("kind", KINDS)
def test_a_bad_database_path_stops_run_before_telegram_in_one_line(kind, tmp_path, capsys,
                                                                    monkeypatch):
    from bot.app import App

    async def reached(self):
        raise AssertionError("the bot went on to Telegram")

    monkeypatch.setattr(App, "run_forever", reached)
    monkeypatch.chdir(tmp_path)
    path, reason = bad_path(kind, tmp_path)
    monkeypatch.setenv("BOT_TOKEN", "123456:ABCdef")
    monkeypatch.setenv("PAIJU_API_BASE", "http://127.0.0.1:9")  # nothing listens: network down
    monkeypatch.setenv("PAIJU_DB", path)
    assert main(["run"]) == 2
    assert one_line(capsys) == f"paiju run: database {path} (PAIJU_DB): {reason}"
    if kind == "not SQLite":
        assert pathlib.Path(path).read_text().startswith("shopping list")  # left as it was


def test_a_read_only_database_file_is_named(tmp_path):
    if os.geteuid() == 0:
        pytest.skip("root writes read-only files")
    f = tmp_path / "paiju.sqlite3"
    sqlite3.connect(f).close()
    f.chmod(0o444)
    assert unusable(str(f)) == "cannot write it: Permission denied"


def test_a_good_path_is_created_and_ready(tmp_path):
    path = tmp_path / "new.sqlite3"
    assert unusable(str(path)) is None
    tables = {r[0] for r in sqlite3.connect(path).execute(
        "select name from sqlite_master where type = 'table'")}
    assert "sittings" in tables  # migrated as the bot would
    assert unusable(str(path)) is None  # and again, as it is now


@pytest.fixture
def live(tmp_path) -> pathlib.Path:
    path = tmp_path / "live.sqlite3"
    assert unusable(str(path)) is None
    return path


@pytest.mark.parametrize("case, side", [
    ("missing source", "source"),
    ("source is a directory", "source"),
    ("source not SQLite", "source"),
    ("missing target directory", "target"),
    ("target is a directory", "target"),
    ("read-only target", "target"),
])
def test_backup_names_the_file_that_failed(case, side, live, tmp_path, capsys):
    source, target = live, tmp_path / "copy.sqlite3"
    if case == "missing source":
        source = tmp_path / "none.sqlite3"
    elif case == "source is a directory":
        source = tmp_path
    elif case == "source not SQLite":
        source = tmp_path / "notes.txt"
        source.write_text("not a database\n" * 100)
    elif case == "missing target directory":
        target = tmp_path / "nope" / "copy.sqlite3"
    elif case == "target is a directory":
        target = tmp_path
    elif case == "read-only target":
        target = read_only_dir(tmp_path) / "copy.sqlite3"
    assert main(["db", "backup", str(target), "--db", str(source)]) == 2
    line = one_line(capsys)
    named = source if side == "source" else target
    assert line.startswith(f"paiju db backup: {side} {named}: "), line
    assert not list(tmp_path.glob("*.partial"))


def test_backup_of_a_good_database_still_works(live, tmp_path, capsys):
    assert main(["db", "backup", str(tmp_path / "copy.sqlite3"), "--db", str(live)]) == 0
    assert "copy.sqlite3" in capsys.readouterr().out

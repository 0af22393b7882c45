"""docs/operations.md's "Data" section names every table the bot's database
has, by the name it has today (it still said `games` after m009 renamed it)."""

import re
from pathlib import Path

from storage.db import open_db

DOC = Path(__file__).resolve().parents[1] / "docs" / "operations.md"


def test_the_data_section_names_each_table_of_a_migrated_database(tmp_path):
    text = DOC.read_text(encoding="utf-8")
    data = text.split("\n## Data\n", 1)[1].split("\nEvery move writes", 1)[0]
    named = set(re.findall(r"(?:^- |; )`([a-z_]+)` —", data, flags=re.M))
    tables = set(open_db(str(tmp_path / "paiju.sqlite3")).table_names())
    tables.discard("_sqlite_migrations")  # sqlite-utils' own record of migrations
    assert named == tables, (sorted(named - tables), sorted(tables - named))

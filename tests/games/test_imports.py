"""No import circle in games/: every import statement counts, a late import
inside a function and one under `if TYPE_CHECKING:` too, so a circle cannot
hide behind either (games.base → records → registry → base once did, through
`State.from_json`; 川牌's claims.py ↔ state.py through a type)."""

from __future__ import annotations

import pathlib

from tests.import_graph import circle, graph


def test_no_import_circle_in_games():
    g = graph("games", type_checking=True)
    # the graph sees the engines' own imports, the registry's and the plug-ins'
    assert "games.changpai.claims" in g["games.changpai.state"]
    assert "games.registry" in g["games.records"] and "games.base" in g["games.registry"]
    assert "games.registry" in g["games.xianniu"]
    found = circle(g)
    assert found is None, "import circle in games/: " + " → ".join(found or [])


def test_the_protocol_imports_nothing_of_games():
    # games/base.py is the bottom layer: every engine, the registry and the
    # records build on it.
    assert graph("games", type_checking=True)["games.base"] == set()


def test_late_and_type_only_imports_make_a_circle(tmp_path: pathlib.Path):
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("def f():\n    from pkg import b\n    return b\n")
    (pkg / "b.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg.c import C\n")
    (pkg / "c.py").write_text("from . import a\n")
    g = graph("pkg", type_checking=True, root=tmp_path)
    assert circle(g) == ["pkg.a", "pkg.b", "pkg.c", "pkg.a"]
    # without the type-only import (the bot's test reads it so) there is none
    assert circle(graph("pkg", type_checking=False, root=tmp_path)) is None

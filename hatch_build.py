"""Hatch build hook: compile the gettext catalogs (locales/*/LC_MESSAGES/*.po)
into one .mo per language with Babel, for wheels and editable installs alike,
so a fresh `pip install .` has working translations and git holds no .mo."""

from __future__ import annotations

import importlib.util
import pathlib

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class CompileCatalogs(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict) -> None:
        root = pathlib.Path(self.root)
        # bot/i18n.py needs only Babel: load the file itself, not the bot package
        spec = importlib.util.spec_from_file_location("_paiju_i18n", root / "bot" / "i18n.py")
        i18n = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(i18n)
        for mo in i18n.compile_all(root / "locales"):
            rel = mo.relative_to(root).as_posix()
            build_data["force_include"][str(mo)] = rel

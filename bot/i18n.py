"""Translations: gettext catalogs under locales/<lang>/LC_MESSAGES/*.po.

Msgids are English. Each part of the bot keeps its own catalog file (the
domain: `bot.po`, `xianniu.po`, ...) so parallel work never edits the same
file; all files of a language are merged at load time. The .po files are read
directly (Babel ships with aiogram[i18n]), so no compiled .mo is kept in git.
"""

from __future__ import annotations

import pathlib
from collections.abc import Callable
from functools import cache

from babel.messages.pofile import read_po

LANGS = ("zh_Hans", "zh_Hant", "en")
DEFAULT_LANG = "zh_Hans"
LOCALES = pathlib.Path(__file__).resolve().parent.parent / "locales"

Translator = Callable[[str], str]


def N_(message: str) -> str:
    """Mark a string for extraction without translating it now."""
    return message


@cache
def catalog(lang: str) -> dict[str, str]:
    """msgid → msgstr for `lang`, merged from every .po file of the language."""
    if lang not in LANGS:
        raise KeyError(f"unknown language {lang!r}")
    merged: dict[str, str] = {}
    for path in sorted((LOCALES / lang / "LC_MESSAGES").glob("*.po")):
        with path.open("rb") as f:
            for message in read_po(f, locale=None):
                if message.id and message.string and not message.fuzzy:
                    merged[str(message.id)] = str(message.string)
    return merged


@cache
def translator(lang: str = DEFAULT_LANG) -> Translator:
    """The `_` of one language; unknown msgids fall back to the English msgid."""
    table = catalog(lang if lang in LANGS else DEFAULT_LANG)

    def _(message: str) -> str:
        return table.get(message, message)

    return _


def normalize_lang(code: str | None) -> str:
    """Map a Telegram language_code (zh-hans, zh-TW, en-US ...) to a catalog."""
    c = (code or "").lower().replace("_", "-")
    if c.startswith("zh"):
        return "zh_Hant" if any(t in c for t in ("hant", "tw", "hk", "mo")) else "zh_Hans"
    if c.startswith("en"):
        return "en"
    return DEFAULT_LANG

"""Translations: gettext catalogs under locales/<lang>/LC_MESSAGES/.

Msgids are English. Each part of the bot keeps its own source catalog, named
after the part its messages serve (`bot.po`, `house.po`, `scores.po`, ...), and
each game its own (`xianniu.po`: its words, presets and flags), so parallel
work never edits the same file. Building the package (the hatch hook in `hatch_build.py`) has Babel
compile all domain files of a language into one `paiju.mo`; no .mo is kept in
git. At run time the .mo files are loaded by aiogram's `I18n`; a .mo that is
missing or older than its .po files (a checkout edited since the last install)
is compiled in memory from the same .po files instead, so text never goes stale.

`translator(lang)` is the `_` of one language: call it for a message; it also
carries `ngettext` and `pgettext` (see `plural` and `in_context`).
"""

from __future__ import annotations

import gettext
import io
import logging
import pathlib
import re
from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, Any

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

if TYPE_CHECKING:  # aiogram only where the bot runs (make_i18n imports it)
    from aiogram.utils.i18n import I18n

log = logging.getLogger(__name__)

LANGS = ("zh_Hans", "zh_Hant", "en")
LANG_NAMES = {"zh_Hans": "简体中文", "zh_Hant": "繁體中文", "en": "English"}  # each in itself
DEFAULT_LANG = "zh_Hans"
FALLBACK_LANG = "en"  # a Telegram language we have no catalog for gets English
DOMAIN = "paiju"  # the merged catalog every language compiles to
LOCALES = pathlib.Path(__file__).resolve().parent.parent / "locales"

Translator = Callable[[str], str]


def N_(message: str) -> str:
    """Mark a string for extraction without translating it now."""
    return message


def NC_(context: str, message: str) -> str:
    """N_ for a message read in a gettext context (`in_context`): two games
    may give one English name ("Heaven") different Chinese names."""
    return message


# -- compiling (used by the build hook and as the run-time fallback) ----------
def po_files(lang: str, root: pathlib.Path | None = None) -> list[pathlib.Path]:
    return sorted(((root or LOCALES) / lang / "LC_MESSAGES").glob("*.po"))


def merged_catalog(lang: str, root: pathlib.Path | None = None) -> Catalog:
    """Every domain file of `lang` in one Babel catalog (fuzzy entries dropped)."""
    merged = Catalog(locale=lang, domain=DOMAIN, charset="utf-8")  # plural rules from CLDR
    for path in po_files(lang, root):
        with path.open("rb") as f:
            for m in read_po(f, locale=None):
                if not m.id or m.fuzzy:
                    continue
                strings = m.string if isinstance(m.string, (list, tuple)) else (m.string,)
                if not all(strings):
                    continue
                merged[m.id] = m  # keyed by (id, context) inside Babel
    return merged


def compile_lang(lang: str, root: pathlib.Path | None = None) -> bytes:
    buf = io.BytesIO()
    write_mo(buf, merged_catalog(lang, root))
    return buf.getvalue()


def compile_all(root: pathlib.Path | None = None) -> list[pathlib.Path]:
    """Write locales/<lang>/LC_MESSAGES/paiju.mo for every language (build hook)."""
    root = root or LOCALES
    out = []
    for lang in LANGS:
        if not (root / lang / "LC_MESSAGES").is_dir():
            continue
        mo = root / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"
        mo.write_bytes(compile_lang(lang, root))
        out.append(mo)
    return out


def _load(lang: str) -> gettext.GNUTranslations | gettext.NullTranslations:
    folder = LOCALES / lang / "LC_MESSAGES"
    mo = folder / f"{DOMAIN}.mo"
    sources = po_files(lang)
    fresh = mo.exists() and all(p.stat().st_mtime <= mo.stat().st_mtime for p in sources)
    if fresh:
        with mo.open("rb") as f:
            return gettext.GNUTranslations(f)
    if not sources:
        return gettext.NullTranslations()
    log.info("%s: compiling the catalog in memory (no fresh %s)", lang, mo.name)
    return gettext.GNUTranslations(io.BytesIO(compile_lang(lang)))


@cache
def translations() -> dict[str, gettext.GNUTranslations | gettext.NullTranslations]:
    return {lang: _load(lang) for lang in LANGS}


def make_i18n() -> I18n:
    """aiogram's I18n over our catalogs (for the middleware and lazy strings)."""
    from aiogram.utils.i18n import I18n

    class PaijuI18n(I18n):
        def find_locales(self) -> dict[str, gettext.GNUTranslations]:
            return dict(translations())  # type: ignore[arg-type]

    return PaijuI18n(path=LOCALES, default_locale=DEFAULT_LANG, domain=DOMAIN)


# -- translating ---------------------------------------------------------------
class You(str):
    """A player's name that is "you" (the terminal's own seat): messages about
    them take the "you:<placeholder>" context where a language needs it
    ("You lead" rather than "You leads")."""


class Text(str):
    """A translated message that remembers its msgid (and, from `ngettext`,
    its plural msgid and count), so that `format` can switch to the "you"
    form when a placeholder is filled with `You`."""

    tr: Tr
    msgid: str
    plural_id: str | None = None
    n: int = 1

    def format(self, *args: Any, **kw: Any) -> str:
        for key, value in kw.items():
            if isinstance(value, You):
                alt = self.tr.context_only(f"you:{key}", self.msgid, self.plural_id, self.n)
                if alt is not None:
                    return alt.format(*args, **kw)
        return str.format(self, *args, **kw)


class Tr:
    """The `_` of one language, with plural and context lookups alongside."""

    def __init__(self, lang: str, t: gettext.NullTranslations) -> None:
        self.lang = lang
        self._t = t

    def __call__(self, message: str) -> str:
        if not message:
            return message
        text = Text(self._t.gettext(message))
        text.tr, text.msgid = self, message
        return text

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        text = Text(self._t.ngettext(singular, plural, n))
        text.tr, text.msgid, text.plural_id, text.n = self, singular, plural, n
        return text

    def context_only(
        self, context: str, message: str, plural: str | None = None, n: int = 1
    ) -> str | None:
        """The translation in `context` (of the plural message `message`/`plural`
        for `n`, if given), or None when the catalog has none."""
        catalog = getattr(self._t, "_catalog", {})
        key = f"{context}\x04{message}"
        if plural is None:
            found = catalog.get(key)
        else:
            index = self._t.plural(n) if hasattr(self._t, "plural") else int(n != 1)
            found = catalog.get((key, index))
        return found if isinstance(found, str) else None

    def pgettext(self, context: str, message: str) -> str:
        found = self.context_only(context, message)
        return found if found is not None else self(message)


@cache
def translator(lang: str = DEFAULT_LANG) -> Tr:
    """The `_` of one language; unknown msgids fall back to the English msgid."""
    lang = lang if lang in LANGS else DEFAULT_LANG
    return Tr(lang, translations()[lang])


def catalog(lang: str) -> dict[str, str]:
    """msgid → msgstr of `lang` (singular forms), for tests and tools."""
    if lang not in LANGS:
        raise KeyError(f"unknown language {lang!r}")
    out: dict[str, str] = {}
    for m in merged_catalog(lang):
        if m.id and m.context is None:
            mid = m.id if isinstance(m.id, str) else m.id[0]
            assert m.string is not None  # read_po gives "" for an empty msgstr
            out[mid] = m.string if isinstance(m.string, str) else m.string[0]
    return out


def plural(_: Translator, singular: str, plural_: str, n: int) -> str:
    """ngettext through `_` (a plain function falls back to English rules)."""
    if hasattr(_, "ngettext"):
        return _.ngettext(singular, plural_, n)
    return _(singular if n == 1 else plural_)


def in_context(context: str, message: str, _: Translator) -> str:
    """pgettext through `_`: the context's translation, else the plain one."""
    if hasattr(_, "pgettext"):
        return _.pgettext(context, message)
    return _(message)


# -- which language --------------------------------------------------------------
_HANT = ("hant", "tw", "hk", "mo")


def normalize_lang(code: str | None) -> str | None:
    """Map a Telegram language_code to a catalog: zh-hans, zh-cn, zh-sg and bare
    zh → 简体; zh-hant, zh-tw, zh-hk, zh-mo → 繁體 (odd forms such as
    zh-hans-raw or zh_TW.UTF-8 too); any other language → English. No
    language at all → None: the chat's language decides (`People.lang`)."""
    c = (code or "").strip().lower().replace("_", "-")
    parts = [p for p in re.split(r"[-.@]", c) if p]
    if not parts:
        return None
    if parts[0] in ("zh", "zho", "chi", "cmn", "yue"):
        if any(p in _HANT for p in parts[1:]) or (parts[0] == "yue" and "hans" not in parts):
            return "zh_Hant"
        return "zh_Hans"
    return FALLBACK_LANG


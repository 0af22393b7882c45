"""Catalogs: every user-visible string is translated, placeholders agree,
the build compiles the catalogs, and the language of a Telegram user is
picked defensively."""

import gettext
import os
import pathlib
import re

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from bot import i18n

ROOT = pathlib.Path(__file__).resolve().parents[2]
KEYWORDS = {"_": None, "N_": None, "g_": None, "plural": (2, 3), "in_context": ((1, "c"), 2),
            "NC_": ((1, "c"), 2)}
PLACEHOLDER = re.compile(r"\{[a-z_0-9]*\}")
TRANSLATED = [lang for lang in i18n.LANGS if lang != "en"]  # msgids are English


def used_messages() -> set[tuple[str, str | None]]:
    """(msgid, context) of every message the bot marks or translates."""
    found = set()
    # plural(_, ...) is read on its own: Babel takes the `_` argument for the
    # start of a `_()` call and drops the whole plural() call
    for keywords in (KEYWORDS, {"plural": KEYWORDS["plural"]}):
        for _file, _line, message, _comments, ctx in extract_from_dir(
            ROOT / "bot", method_map=[("**.py", "python")], keywords=keywords
        ):
            found.add((message if isinstance(message, str) else message[0], ctx))
    return found


def used_msgids() -> set[str]:
    return {m for m, _ctx in used_messages()}


def test_plural_messages_are_found():
    # bot/render.py: plural(_, "🏁 {game}: the game is over after {n} hand.…", …)
    assert "🏁 {game}: the game is over after {n} hand.\nTotals: {scores}" in used_msgids()


def test_counted_messages_take_the_you_form():
    """plural() output, like _() output, switches to a "you:" entry (en)."""
    en = i18n.translator("en")
    one, many = "{who} takes the trick: +{n} point ({a} : {b})", \
        "{who} takes the trick: +{n} points ({a} : {b})"
    you = i18n.You("You")
    assert i18n.plural(en, one, many, 5).format(who=you, n=5, a=1, b=2) == \
        "You take the trick: +5 points (1 : 2)"
    assert i18n.plural(en, one, many, 5).format(who="Tom", n=5, a=1, b=2) == \
        "Tom takes the trick: +5 points (1 : 2)"
    hans = i18n.translator("zh_Hans")
    assert "收下" in i18n.plural(hans, one, many, 5).format(who=you, n=5, a=1, b=2)


def entries(lang: str):
    """(file, message) of every entry of every domain file of `lang`."""
    for path in i18n.po_files(lang, ROOT / "locales"):
        with path.open("rb") as f:
            for m in read_po(f):
                if m.id:
                    yield path.name, m


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_is_translated(lang):
    translated = {(m.id if isinstance(m.id, str) else m.id[0], m.context)
                  for m in i18n.merged_catalog(lang) if m.id}
    # a message read in a context falls back to its plain translation
    missing = sorted(f"{ctx}|{m}" if ctx else m for m, ctx in used_messages()
                     if (m, ctx) not in translated and (m, None) not in translated)
    assert missing == [], f"{lang} lacks {len(missing)}: {missing[:20]}"


@pytest.mark.parametrize("lang", i18n.LANGS)
def test_entries_are_whole_and_placeholders_match(lang):
    bad = []
    for name, m in entries(lang):
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        if m.fuzzy or not all(strings):
            bad.append((name, ids[0], "empty or fuzzy"))
            continue
        want = set(PLACEHOLDER.findall(ids[0]))
        for s in strings:
            if set(PLACEHOLDER.findall(s)) != want:
                bad.append((name, ids[0], s))
    assert bad == []


def test_every_language_has_its_own_name():
    assert tuple(i18n.LANG_NAMES) == i18n.LANGS


@pytest.mark.parametrize("lang", TRANSLATED)
def test_translated_catalogs_have_the_same_domain_files_and_msgids(lang):
    hans = {(n, m.id, m.context) for n, m in entries("zh_Hans")}
    other = {(n, m.id, m.context) for n, m in entries(lang)}
    assert hans == other


def test_english_entries_exist_only_where_english_differs_and_are_used():
    used = used_msgids()
    for _name, m in entries("en"):
        mid = m.id if isinstance(m.id, str) else m.id[0]
        assert mid in used, f"en entry for an unused msgid {mid!r}"
        if isinstance(m.id, str) and m.context is None:
            assert m.string != m.id, f"en entry {mid!r} repeats its msgid"


def test_the_build_hook_compiles_every_language(tmp_path):
    import shutil

    shutil.copytree(ROOT / "locales", tmp_path / "locales",
                    ignore=shutil.ignore_patterns("*.mo"))
    written = i18n.compile_all(tmp_path / "locales")
    assert {p.parent.parent.name for p in written} == set(i18n.LANGS)
    with (tmp_path / "locales/zh_Hant/LC_MESSAGES/paiju.mo").open("rb") as f:
        t = gettext.GNUTranslations(f)
    assert t.gettext("Language set.") == i18n.catalog("zh_Hant")["Language set."]
    assert t.gettext("Language set.") != "Language set."


def test_plurals_follow_each_language():
    one = "🏁 {game}: the game is over after {n} hand.\nTotals: {scores}"
    many = "🏁 {game}: the game is over after {n} hands.\nTotals: {scores}"
    en, hans = i18n.translator("en"), i18n.translator("zh_Hans")
    assert (i18n.plural(en, one, many, 1), i18n.plural(en, one, many, 3)) == (one, many)
    assert i18n.plural(hans, one, many, 3) == i18n.plural(hans, one, many, 1)
    assert "本场" in i18n.plural(hans, one, many, 3)


def game_words(game_id: str) -> set[str]:
    """The msgids of a game's house rules: its presets' names and descriptions,
    its flags' names, explanations and choices, and its /rules summary."""
    from bot import catalog

    p = catalog.presenter(game_id)
    words = {w for name_about in p.presets.values() for w in name_about}
    for name, about, choices in p.flags.values():
        words |= {name, about, *(c for c in choices.values() if not c.isdigit())}
    return words | set(p.summary)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_games_own_words_are_in_its_own_catalog(lang):
    """A game is one package: the words only it uses are in
    locales/<lang>/LC_MESSAGES/<its package>.po, not in a file of the bot's."""
    from bot import catalog

    def ids(stem: str) -> set[str]:
        with (ROOT / "locales" / lang / "LC_MESSAGES" / f"{stem}.po").open("rb") as f:
            return {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(f) if m.id}

    real = catalog.landed()
    words = {g: game_words(g) for g in real}
    stems = {g: catalog.presenter(g).__module__.rpartition(".")[2] for g in real}
    for g in real:
        others = set().union(*(words[o] for o in real if stems[o] != stems[g]))
        own = words[g] - others
        assert own, g
        missing = sorted(own - ids(stems[g]))
        assert missing == [], f"{g}: {missing[:5]} not in {lang}/{stems[g]}.po"


def test_a_stale_mo_is_not_used(tmp_path, monkeypatch):
    """A .po edited after the last build wins over the old .mo."""
    import shutil

    shutil.copytree(ROOT / "locales", tmp_path / "locales")
    i18n.compile_all(tmp_path / "locales")
    po = tmp_path / "locales/zh_Hans/LC_MESSAGES/bot.po"
    text = po.read_text(encoding="utf-8").replace('msgstr "语言已设置"', 'msgstr "语言改好了"')
    po.write_text(text, encoding="utf-8")
    mo = po.with_name("paiju.mo")
    os.utime(po, (mo.stat().st_mtime + 5, mo.stat().st_mtime + 5))
    monkeypatch.setattr(i18n, "LOCALES", tmp_path / "locales")
    assert i18n._load("zh_Hans").gettext("Language set.") == "语言改好了"


CODES = {
    "zh": "zh_Hans", "zh-hans": "zh_Hans", "zh-cn": "zh_Hans", "zh-CN": "zh_Hans",
    "zh-sg": "zh_Hans", "zh-hans-raw": "zh_Hans", "zh_Hans": "zh_Hans",
    "zh-hant": "zh_Hant", "zh-tw": "zh_Hant", "zh-TW": "zh_Hant", "zh-hk": "zh_Hant",
    "zh-mo": "zh_Hant", "zh-hant-raw": "zh_Hant", "zh-Hant-TW": "zh_Hant",
    "en": "en", "en-US": "en", "ru": "en", "fr-CA": "en", "zhx": "en", "x-zh": "en",
    "🀄": "en", "zh--": "zh_Hans",
    "": None, None: None, "-": None, " ": None,  # no language: the chat's decides
}


@pytest.mark.parametrize("code,lang", CODES.items())
def test_language_codes_map_to_a_catalog(code, lang):
    assert i18n.normalize_lang(code) == lang
    if lang is not None:
        assert i18n.translator(lang).lang == lang


def test_translator_falls_back_to_the_msgid():
    assert i18n.translator("en")("no such message") == "no such message"
    default = i18n.catalog(i18n.DEFAULT_LANG)["Language set."]
    assert i18n.translator("xx")("Language set.") == default


@pytest.mark.parametrize("lang", i18n.LANGS)
def test_a_msgid_in_two_domain_files_has_one_translation(lang):
    """The domain files merge into one catalog: a msgid two files translate
    differently would read one way or the other by the order of the merge."""
    seen: dict = {}
    clashes = []
    for name, m in entries(lang):
        key = (m.context, m.id if isinstance(m.id, str) else m.id[0])
        text = m.string if isinstance(m.string, str) else tuple(m.string)
        if key in seen and seen[key][1] != text:
            clashes.append((key[1], seen[key], (name, text)))
        seen.setdefault(key, (name, text))
    assert clashes == []

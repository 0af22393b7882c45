"""Every user-visible string of the bot has a 简体 and a 繁體 translation."""

import pathlib

import pytest
from babel.messages.extract import extract_from_dir

from bot import i18n

ROOT = pathlib.Path(__file__).resolve().parents[2]
KEYWORDS = {"_": None, "N_": None}


def used_msgids() -> set[str]:
    found = set()
    for _file, _line, message, _comments, _ctx in extract_from_dir(
        ROOT / "bot", method_map=[("**.py", "python")], keywords=KEYWORDS
    ):
        found.add(message if isinstance(message, str) else message[0])
    return found


@pytest.mark.parametrize("lang", ["zh_Hans", "zh_Hant"])
def test_every_message_is_translated(lang):
    missing = sorted(m for m in used_msgids() if m not in i18n.catalog(lang))
    assert missing == [], f"{lang} lacks {len(missing)}: {missing[:20]}"


def test_translator_falls_back_to_msgid_and_normalizes_languages():
    assert i18n.translator("en")("no such message") == "no such message"
    assert i18n.normalize_lang("zh-TW") == "zh_Hant"
    assert i18n.normalize_lang("zh-hans") == "zh_Hans"
    assert i18n.normalize_lang("en-US") == "en"
    assert i18n.normalize_lang(None) == "zh_Hans"

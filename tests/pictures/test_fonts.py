"""A font for Chinese is found where the system has one, a font without
Chinese glyphs is never taken for one, and without one the pictures draw no
words (a 牛九 card keeps its points and stand-in)."""

from pathlib import Path

import pytest
from PIL import ImageChops

from bot.pictures import fonts, pieces


def differ(a, b) -> bool:
    return ImageChops.difference(a.convert("RGB"), b.convert("RGB")).getbbox() is not None


@pytest.fixture
def fresh(monkeypatch):
    fonts.cjk_path.cache_clear()
    fonts.cjk.cache_clear()
    pieces.piece.cache_clear()
    yield monkeypatch
    monkeypatch.undo()
    fonts.cjk_path.cache_clear()
    fonts.cjk.cache_clear()
    pieces.piece.cache_clear()


def latin_font() -> str | None:
    for p in Path("/usr/share/fonts").rglob("*.ttf"):
        if "DejaVu" in p.name or "Liberation" in p.name:
            return str(p)
    return None


def test_a_font_without_chinese_is_not_taken(fresh):
    latin = latin_font()
    if latin is None:
        pytest.skip("no Latin-only font here to try")
    assert not fonts._covers(latin)
    fresh.setattr(fonts, "KNOWN", (latin,))
    fresh.setattr(fonts, "_fc_match", lambda: latin)
    fresh.setenv("PAIJU_CJK_FONT", latin)
    assert fonts.cjk_path() is None and fonts.cjk(20) is None


def test_the_systems_chinese_font_is_found(fresh):
    found = fonts.cjk_path()
    if found is None:
        pytest.skip("no font for Chinese on this machine")
    assert fonts._covers(found)
    fresh.setenv("PAIJU_CJK_FONT", "/nowhere/font.ttc")  # a wrong setting falls back
    fonts.cjk_path.cache_clear()
    assert fonts.cjk_path() == found


def test_without_a_font_a_niujiu_card_draws_no_words(fresh):
    size = pieces.size("niujiu")
    plain = pieces.piece("niujiu", "Kh", *size, words=False)
    fresh.setattr(fonts, "cjk_path", lambda: None)
    fresh.setattr(fonts, "cjk", lambda size: None)
    pieces.piece.cache_clear()
    assert not differ(pieces.piece("niujiu", "Kh", *size), plain)


def test_with_a_font_a_niujiu_card_carries_its_name_in_its_script(fresh):
    if fonts.cjk_path() is None:
        pytest.skip("no font for Chinese on this machine")
    size = pieces.size("niujiu")
    plain = pieces.piece("niujiu", "8h", *size, words=False)
    hans = pieces.piece("niujiu", "8h", *size)  # 红八
    hant = pieces.piece("niujiu", "8h", *size, script="hant")  # 紅八
    assert differ(hans, plain) and differ(hans, hant)
    same = pieces.piece("niujiu", "Kh", *size, script="hant")  # 天: one script for both
    assert not differ(same, pieces.piece("niujiu", "Kh", *size))


def test_none_means_no_words_even_where_a_font_is_found(fresh):
    fresh.setenv("PAIJU_CJK_FONT", "none")  # the screens gallery: the same on every machine
    assert fonts.cjk_path() is None and fonts.cjk(20) is None

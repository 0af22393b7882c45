"""The tile names of 顶牛 and 川牌: one English name per piece with its pips,
the same in both games wherever their Chinese names agree, and the glossary
(docs/glossary.md) saying what the screens say."""

import pathlib
import re

from bot.i18n import translator
from bot.presenters import changpai, dingniu
from games.changpai.cards import CODES as CP_CODES
from games.dingniu.tiles import CODES as DN_CODES

DN = dingniu.PRESENTERS["dingniu"]
CP = changpai.PRESENTERS["changpai"]
EN, HANS = translator("en"), translator("zh_Hans")
GLOSSARY = (pathlib.Path(__file__).resolve().parents[2] / "docs" / "glossary.md").read_text(
    encoding="utf-8")


def section(title: str) -> str:
    start = GLOSSARY.index(f"## {title} (")
    end = GLOSSARY.find("\n## ", start + 1)
    return GLOSSARY[start:] if end < 0 else GLOSSARY[start:end]


def test_shared_pieces_have_one_english_name_where_the_chinese_agrees():
    shared = [c for c in DN_CODES if c in CP_CODES]
    assert len(shared) == 13  # the 24 顶牛 tiles are 13 of the 21 川牌 kinds
    differ = {c for c in shared if DN.tile_name(c, EN) != CP.name(c, EN)}
    # 川牌 splits the military pairs the established names lump together:
    # 黑九/平八 (Black Nine, Flat Eight) where 顶牛 says 三六/二六 (Mixed Nine, Eight)
    assert differ == {"36", "26"}
    for c in differ:
        assert DN.tile_name(c, HANS) != CP.name(c, HANS)
    assert DN.tile_name("33", HANS) == CP.name("33", HANS) == "长三"
    assert DN.card("33", EN) == CP.card("33", EN) == "Long Three [3:3]"


def test_each_game_names_each_piece_once():
    for names in ({DN.card(c, EN) for c in DN_CODES}, {CP.card(c, EN) for c in CP_CODES}):
        assert all(re.fullmatch(r"[A-Z][A-Za-z -]+ \[\d:\d\]", n) for n in names), names
    assert len({DN.card(c, EN) for c in DN_CODES}) == len(DN_CODES)
    assert len({CP.card(c, EN) for c in CP_CODES}) == len(CP_CODES)


def test_the_glossary_lists_every_piece_as_the_screens_show_it():
    for title, codes, p in (("顶牛", DN_CODES, DN), ("川牌", CP_CODES, CP)):
        text = section(title)
        for c in codes:
            zh = p.card(c, HANS).replace("[", " [")
            rows = [r for r in text.splitlines() if r.startswith(f"| {zh} ")]
            assert len(rows) == 1 and f"| {p.card(c, EN)} |" in rows[0], (title, zh)


def test_the_glossary_lists_every_glossed_term():
    for title, terms in (("顶牛", dingniu.TERMS), ("川牌", changpai.TERMS)):
        text = section(title)
        for _pattern, chinese in terms:
            assert f"({chinese})" in text, (title, chinese)

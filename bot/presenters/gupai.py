"""What 顶牛 and 川牌 share: pieces of the Chinese dominoes (骨牌) named with
their pips, scores set apart from names, and game terms glossed with their
Chinese the first time an English message uses them.

Tile names: each game names its pieces as its players do (顶牛 虎头, 川牌 斧头);
English uses the established English name of the piece (Wikipedia "Chinese
dominoes"; navpil's gupai pages), the same in both games, see
docs/glossary.md. Names are looked up in the game's gettext context, so two
games may give one English name different Chinese names.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

from bot.i18n import Text, Translator, You, in_context, plural, translator

HAN = re.compile(r"[\u3400-\u9fff]")


def is_chinese(text: str) -> bool:
    return bool(HAN.search(text))


def pips(code: str) -> str:
    """[5:6]: a piece's two halves, low first."""
    return f"[{code[0]}:{code[1]}]"


def in_chinese(context: str, msgid: str) -> str:
    """A name as Chinese players say it (简体), for English glosses."""
    return in_context(context, msgid, translator("zh_Hans"))


def with_pips(name: str, code: str, _: Translator) -> str:
    """虎头[5:6] / Axe [5:6]."""
    return _("{name} {pips}").format(name=name, pips=pips(code))


def glossed(text: str, chinese: str) -> str:
    """English text followed by its Chinese: "Axe (虎头)"; Chinese as it is."""
    return text if is_chinese(text) else f"{text} ({chinese})"


def times(text: str, n: int, _: Translator) -> str:
    """A piece shown once with its count: 人牌[4:4]×2 / Man [4:4] ×2."""
    return _("{tile} ×{n}").format(tile=text, n=n) if n > 1 else text


def tile_list(items: Iterable[str], _: Translator) -> str:
    """Pieces in a row: spaces in Chinese, ", " in English, where names
    have spaces of their own."""
    return in_context("tiles", " ", _).join(items)


def points(n: int, _: Translator) -> str:
    """3 points / 3 分."""
    return plural(_, "{n} point", "{n} points", n).format(n=n)


class Glossary:
    """Glosses each game term with its Chinese the first time one message
    uses it: pass every translated template of the message through it before
    filling it in, so names are never glossed. Chinese templates never match.
    A template's "you" form (bot.i18n.You) gets the same glosses."""

    def __init__(self, terms: Sequence[tuple[re.Pattern[str], str]]) -> None:
        self.terms = terms
        self.done: set[str] = set()

    def __call__(self, template: str) -> str:
        used = [(p, zh) for p, zh in self.terms if zh not in self.done and p.search(template)]
        if not used:
            return template
        self.done.update(zh for _p, zh in used)
        if not isinstance(template, Text):
            return _gloss(template, used)
        out = _Glossed(_gloss(template, used))
        out.used, out.tr, out.msgid = used, template.tr, template.msgid
        return out


def _gloss(text: str, used: Sequence[tuple[re.Pattern[str], str]]) -> str:
    for pattern, chinese in used:
        m = pattern.search(text)
        if m:
            text = f"{text[:m.end()]} ({chinese}){text[m.end():]}"
    return text


class _Glossed(Text):
    used: list[tuple[re.Pattern[str], str]]

    def format(self, *args: Any, **kw: Any) -> str:
        for key, value in kw.items():  # as Text.format, its "you" form glossed alike
            if isinstance(value, You):
                alt = self.tr.context_only(f"you:{key}", self.msgid)
                if alt is not None:
                    return _gloss(alt, self.used).format(*args, **kw)
        return str.format(self, *args, **kw)


def term(words: str) -> re.Pattern[str]:
    """A term's English forms as a pattern that never matches inside a
    {placeholder}: term("pongs?") matches "pong" and "pongs"."""
    return re.compile(rf"(?<![{{\w])(?:{words})(?![}}\w])")

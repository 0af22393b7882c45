"""Game terms English has no word for, glossed with their Chinese.

docs/glossary.md gives each such term one English form, glossed on its first
use in a message: "xian (掀)", then "xian". A presenter writes its English
texts with the bare term and passes the finished text through `gloss`, which
adds the Chinese after the first use of each term that does not have it yet.
Chinese texts carry no English terms, so they come out unchanged. Player names
are set aside first: a player called "Xian" is never glossed.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import NamedTuple


class Term(NamedTuple):
    pattern: re.Pattern[str]
    chinese: str


def term(word: str, chinese: str) -> Term:
    """A term as a whole word, capitalised or not ("xian", "Xian!"), but not
    as part of a game's name ("Xian Niu")."""
    head, rest = word[0], re.escape(word[1:])
    return Term(re.compile(rf"(?<!\w)[{head.upper()}{head.lower()}]{rest}(?!\w| Niu)"), chinese)


def gloss(text: str, terms: Sequence[Term], names: Iterable[str] = ()) -> str:
    """`text` with the first use of each term followed by its Chinese, unless
    that first use has it already."""
    kept: list[str] = []
    for name in sorted({n for n in names if n}, key=len, reverse=True):
        if name in text:
            text = text.replace(name, f"\x00{len(kept)}\x00")
            kept.append(name)
    for t in terms:
        m = t.pattern.search(text)
        if m is not None:
            mark = f" ({t.chinese})"
            if not text.startswith(mark, m.end()):
                text = text[: m.end()] + mark + text[m.end():]
    for i, name in enumerate(kept):
        text = text.replace(f"\x00{i}\x00", name)
    return text


def gloss_labels(labels: list[str], terms: Sequence[Term]) -> list[str]:
    """Button labels of one message: each term glossed on the first button
    that uses it."""
    out = []
    for label in labels:
        glossed = gloss(label, terms)
        if glossed != label:
            terms = [t for t in terms if not t.pattern.search(label)]
        out.append(glossed)
    return out

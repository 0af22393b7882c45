"""Game terms glossed with their Chinese on their first use in a message.

docs/glossary.md gives each term one English form; where English has no word
for it (a pinyin name, or an English word in a sense of its own) a message
writes it the first time with its Chinese, "xian (掀)", and bare after that. A
presenter writes its English texts with the bare term and passes the finished
text through `gloss`, which adds the Chinese after the first use of each term
that does not have it yet. Chinese texts carry no English terms, so they come
out unchanged. Player names and the games' own names ("Pao Yao") are set aside
first: a player called "Xian" is never glossed.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import NamedTuple


class Term(NamedTuple):
    pattern: re.Pattern[str]
    chinese: str


def term(forms: str | Sequence[str], chinese: str) -> Term:
    """A term in any of its forms ("xian", "xians"), any case, as whole words."""
    words = [forms] if isinstance(forms, str) else list(forms)
    alternatives = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
    return Term(re.compile(rf"(?<!\w)(?:{alternatives})(?!\w)", re.IGNORECASE), chinese)


GAME_NAMES = ("Xian Niu Jiu", "Xian Niu", "Pao Yao")  # the games' English names: no terms


def gloss(text: str, terms: Sequence[Term], keep: Iterable[str] = ()) -> str:
    """`text` with the first use of each term followed by its Chinese and the
    later uses bare (a text made of glossed pieces keeps one gloss a term);
    the strings in `keep` (names) and the games' names untouched."""
    kept: list[str] = []
    for name in sorted({n for n in (*keep, *GAME_NAMES) if n}, key=len, reverse=True):
        if name in text:
            text = text.replace(name, f"\x00{len(kept)}\x00")
            kept.append(name)
    for t in terms:
        mark = f" ({t.chinese})"
        parts, at, first = [], 0, True
        for m in t.pattern.finditer(text):
            parts.append(text[at:m.end()])
            at = m.end()
            glossed = text.startswith(mark, at)
            if first and not glossed:
                parts.append(mark)
            elif not first and glossed:
                at += len(mark)
            first = False
        text = "".join(parts) + text[at:]
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

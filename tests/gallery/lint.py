"""The checks every screen must pass, over the gallery's pages and the
terminal's output. Each check takes a unit (one message with its buttons, one
toast, or one block the terminal printed) and returns its problems, each a
short quote of the offending text."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import dataclass, field

from bot.gallery import COMMON, GAMES, PAGES, ROOT
from bot.gallery.book import Message, parse
from bot.gallery.stage import PEOPLE
from bot.i18n import LANGS, translator
from bot.presenters import catalog

SCREENS = ROOT / "docs" / "screens"
GLOSSARY = ROOT / "docs" / "glossary.md"
TERMINAL_SEEDS = (1, 2, 3)  # hands `paiju play GAME --auto --seed N` is checked on


@dataclass
class Unit:
    where: str  # the heading (or terminal block) it came from
    text: str
    labels: list[str] = field(default_factory=list)

    @property
    def whole(self) -> str:
        return "\n".join([self.text, *self.labels])


# -- what is checked -----------------------------------------------------------------
def page_units(lang: str, page: str) -> list[Unit]:
    path = SCREENS / lang / f"{page}.md"
    out = []
    for shot in parse(path.read_text(encoding="utf-8")).shots:
        where = f"{lang}/{page}.md '## {shot.kind}: {shot.situation}'"
        for item in shot.items:
            if isinstance(item, Message):
                out.append(Unit(where, item.text, [b for row in item.rows for b in row]))
            elif item.text:
                out.append(Unit(where + " (toast)", item.text))
    return out


@functools.cache
def terminal_units(lang: str, game: str) -> list[Unit]:
    """`paiju play GAME --auto --lang LANG --seed N`: its output in blocks.
    The computers play the heuristic player, so the output is always the same."""
    from bot.cli import terminal

    lines: list[str] = []
    for seed in TERMINAL_SEEDS:
        terminal.play(game, say=lambda s="": lines.append(str(s)), lang=lang, seed=seed,
                      auto=True, budget_s=0)  # the heuristic alone
        lines.append("")
    blocks = "\n".join(lines).split("\n\n")
    where = f"paiju play {game} --auto --lang {lang}"
    return [Unit(where, b.strip()) for b in blocks if b.strip()]


def units(lang: str, source: str) -> list[Unit]:
    """A gallery page ("xianniu", "common") or the terminal ("play-xianniu")."""
    if source.startswith("play-"):
        return terminal_units(lang, source.removeprefix("play-"))
    return page_units(lang, source)


SOURCES = [page for _lang, page in PAGES if _lang == LANGS[0]] + [f"play-{g}" for g in GAMES]


# -- the glossary ---------------------------------------------------------------------
HEADER = "| 中文 | English on every screen | never alone |"
GAME_HEADING = re.compile(r"^## .*\((?P<game>[a-z]+)\)\s*$")
SCORES = "scores"  # the table of the scores' words ("## Scores (scores)"), on every page
CJK = re.compile(r"[\u3400-\u9fff]")


@dataclass(frozen=True)
class Term:
    chinese: str
    english: str
    never: tuple[str, ...]

    @property
    def gloss(self) -> str | None:
        """The Chinese in the English form's brackets: "xian (掀)" → "掀"."""
        m = re.search(r"\(([^)]*)\)", self.english)
        return m[1] if m and CJK.search(m[1]) else None


@functools.cache
def glossary() -> dict[str, list[Term]]:
    """Each game's table of docs/glossary.md."""
    out: dict[str, list[Term]] = {}
    game = None
    in_table = False
    for line in GLOSSARY.read_text(encoding="utf-8").splitlines():
        if (m := GAME_HEADING.match(line)) is not None:
            game, in_table = m["game"], False
        elif line.strip() == HEADER and game:
            in_table = True
            out[game] = []
        elif in_table and line.startswith("|") and not line.startswith("|---"):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if len(cells) != 3:
                raise ValueError(f"docs/glossary.md: a row needs 3 cells: {line}")
            english = cells[1].replace("*(proposed)*", "").strip()
            never = tuple(re.findall(r"`([^`]+)`", cells[2]))
            out[game].append(Term(cells[0], english, never))
        elif in_table and not line.startswith("|"):
            in_table = False
    return out


def terms_for(source: str) -> list[Term]:
    game = source.removeprefix("play-")
    table = glossary()
    scores = table.get(SCORES, [])  # every page has the scores' screens
    if game == COMMON:
        return [t for g in GAMES for t in table.get(g, [])] + scores
    extra = table.get("xianniu", []) if game == "niujiu" else []  # 掀牛九 shares 掀牛's terms
    return [*table.get(game, []), *extra, *scores]


@functools.cache
def game_names() -> re.Pattern[str]:
    _ = translator("en")
    names = sorted((catalog.presenter(g).game_name(_) for g in GAMES), key=len, reverse=True)
    return re.compile("|".join(map(re.escape, names)))


# -- the checks ----------------------------------------------------------------------
def bare_terms(unit: Unit, lang: str, source: str) -> list[str]:
    """(a) a term the glossary glosses used bare before (or without) its gloss,
    or a form it rules out."""
    text = game_names().sub("·", unit.whole)
    out = []
    for term in terms_for(source):
        if not term.never:
            continue
        pattern = "|".join(re.escape(f) for f in term.never)
        m = re.search(rf"(?<![A-Za-z])(?:{pattern})(?![A-Za-z])", text, re.IGNORECASE)
        if m is None:
            continue
        if term.gloss and text[m.end():].startswith(f" ({term.gloss})"):
            continue
        out.append(f"{m[0]!r} ({term.english}) in {quote(text, m.start())}")
    return out


NOUNS = ("hand", "point", "card", "tile", "player", "second", "round", "trick", "pair",
         "game", "week", "day", "computer", "seat", "set")
PLURALS = "|".join(n + "s" for n in NOUNS)
SINGULARS = "|".join(NOUNS)
ONE_PLURAL = re.compile(rf"(?<![\d.,:/])[+−-]?1 (?:{PLURALS})\b")
MANY_SINGULAR = re.compile(rf"(?<![\d.,:/])[+−-]?(?:[02-9]|\d{{2,}}) (?:{SINGULARS})\b(?! ?\d)")


def plurals(unit: Unit, lang: str, source: str) -> list[str]:
    """(b) a count whose noun does not agree: "1 hands", "2 card"."""
    text = re.sub(r"Computer \d+", "Computer N", unit.whole)  # "Computer 2 wins": a name
    return [quote(text, m.start()) for r in (ONE_PLURAL, MANY_SINGULAR)
            for m in r.finditer(text)]


CHINESE_PUNCTUATION = re.compile(r"[，。；：、（）！？【】「」『』《》〈〉～]")


def chinese_punctuation(unit: Unit, lang: str, source: str) -> list[str]:
    """(c) Chinese punctuation in an English screen."""
    text = unit.whole
    return [quote(text, m.start()) for m in CHINESE_PUNCTUATION.finditer(text)]


@functools.cache
def name_then_number(lang: str) -> re.Pattern[str]:
    people = sorted(PEOPLE[lang], key=len, reverse=True)
    names = [rf"(?<![\w]){re.escape(n)}(?![\w])" for n in people]
    names += [r"(?<![\w])Computer \d+(?!\d)", r"电脑\d+(?!\d)", r"電腦\d+(?!\d)"]
    # one space or none: two or more line a column up ("Tom  27 cards")
    return re.compile(rf"(?:{'|'.join(names)})[ \u00a0]?[+−\-]?\d")


def names_touch_numbers(unit: Unit, lang: str, source: str) -> list[str]:
    """(d) a player's name followed directly by a number: "Computer 1 18"."""
    text = unit.whole
    return [quote(text, m.start()) for m in name_then_number(lang).finditer(text)]


COUNTED = re.compile(r"^(?P<base>.*) \((?P<n>\d+)\)$")


def numbered_buttons(unit: Unit, lang: str, source: str) -> list[str]:
    """(e) two buttons of one message whose labels differ only by "(n)"."""
    bases: dict[str, list[str]] = {}
    for label in unit.labels:
        m = COUNTED.match(label)
        bases.setdefault(m["base"] if m else label, []).append(label)
    return [" / ".join(f"[{x}]" for x in same) for same in bases.values()
            if len(same) > 1 and any(COUNTED.match(x) for x in same)]


END_PHRASES = {
    "en": re.compile(r"\bhand(?: \d+)? is over\b|\bHand over\b|🏁", re.IGNORECASE),
    "zh_Hans": re.compile(r"局结束|🏁"),
    "zh_Hant": re.compile(r"局結束|🏁"),
}


def said_twice(unit: Unit, lang: str, source: str) -> list[str]:
    """(f) a message that announces the end of a hand on more than one line."""
    lines = [line for line in unit.text.splitlines() if END_PHRASES[lang].search(line)]
    return [" | ".join(lines)] if len(lines) > 1 else []


LANGUAGE_NAMES = ("简体中文", "繁體中文")  # the /lang buttons name each language in itself
CJK_RUN = re.compile(r"[\u3400-\u9fff]+")
BRACKETS = re.compile(r"\([^()]*\)")


def chinese_outside_gloss(unit: Unit, lang: str, source: str) -> list[str]:
    """(g) Chinese in an English screen outside a gloss's brackets: "The usual
    顶牛 rules" (a newcomer cannot read it); "xian (掀)" is how English shows it."""
    text = unit.whole
    for name in LANGUAGE_NAMES:
        text = text.replace(name, " " * len(name))
    while (bare := BRACKETS.sub(lambda m: " " * len(m[0]), text)) != text:
        text = bare  # innermost brackets first: "(fours (红帐), fives (五帐))"
    return [quote(unit.whole, m.start()) for m in CJK_RUN.finditer(text)]


HALF_WIDTH_END = re.compile(r"[\u3400-\u9fff][?!]")


def half_width_marks(unit: Unit, lang: str, source: str) -> list[str]:
    """(j) a Chinese sentence ended with a half-width "?" or "!" ("还是扣?"):
    Chinese text takes ？ and ！. Buttons keep their short "掀!"."""
    return [quote(unit.text, m.start()) for m in HALF_WIDTH_END.finditer(unit.text)]


GLUED = re.compile(r", (?:Everyone|Nobody|Nothing|Play|The|No|Snow|It|This|That|All|Every)\b")


def glued_sentences(unit: Unit, lang: str, source: str) -> list[str]:
    """(i) a sentence glued after a comma: "Computer 1 stands, Everyone stood".
    Clauses joined into one line are written in lower case."""
    return [quote(unit.whole, m.start()) for m in GLUED.finditer(unit.whole)]


# 简体-only characters of our texts (every character of the zh_Hans pages that
# OpenCC's s2t changes, less those Taiwan also writes: 吃 台 群 托 余 伙 里), and
# words Taiwan and Hong Kong do not say (docs/glossary.md: 預設, 週, 群組 ...)
SIMPLIFIED = re.compile(
    "[东两严个为么习乡争于从们会伦体关决净准减凑几凤刘则别动区华单厅压双发变号后吗员场坏复够"
    "头宽对尔帐带帮并庄庆废开弃张归当录总戏战扑护报拦据摆摇数无旧时机杀条来标样欢没温游滚满点"
    "独猫现电盘矶码确离种签简类紧红约级纽线练经结给统继绩续编罚脑脚补见规计让记许设该语说请谁"
    "谱败账贴赔赢轮输过还这进连选钮铜铳锤长问闲间闷顶顺须风飞马鱼齐龙]")
MAINLAND = re.compile("默認|設置|信息|用戶|視頻|網絡|周榜|本周|每周|上周|私聊|命令|復盤|"
                      "菜單|鏈接|質量|軟件")


def mainland_words(unit: Unit, lang: str, source: str) -> list[str]:
    """(h) 繁體 as Taiwan and Hong Kong write it: no 简体 character, no mainland
    word. The command menu is left out: Telegram keeps one menu for every
    Chinese app ("zh"), and 简体 is the default language."""
    if "'## menu:" in unit.where:
        return []
    text = unit.whole
    for name in LANGUAGE_NAMES:
        text = text.replace(name, " " * len(name))
    return [quote(unit.whole, m.start()) for r in (SIMPLIFIED, MAINLAND) for m in r.finditer(text)]


def quote(text: str, at: int, width: int = 36) -> str:
    start = max(0, at - width // 3)
    return repr(text[start:start + width].replace("\n", " ⏎ "))


Check = Callable[[Unit, str, str], list[str]]
CHECKS: dict[str, tuple[Check, tuple[str, ...]]] = {  # name → (check, the languages it reads)
    "bare-term": (bare_terms, ("en",)),
    "plural": (plurals, ("en",)),
    "chinese-punctuation": (chinese_punctuation, ("en",)),
    "name-number": (names_touch_numbers, LANGS),
    "numbered-buttons": (numbered_buttons, LANGS),
    "said-twice": (said_twice, LANGS),
    "chinese-outside-gloss": (chinese_outside_gloss, ("en",)),
    "mainland-words": (mainland_words, ("zh_Hant",)),
    "glued-sentence": (glued_sentences, ("en",)),
    "half-width-marks": (half_width_marks, ("zh_Hans", "zh_Hant")),
}


def problems(check: str, source: str, lang: str) -> list[str]:
    fn, _langs = CHECKS[check]
    out = []
    for unit in units(lang, source):
        out += [f"{unit.where}: {p}" for p in fn(unit, lang, source)]
    return out


def buckets() -> list[tuple[str, str, str]]:
    return [(check, source, lang) for check, (_fn, langs) in CHECKS.items()
            for source in SOURCES for lang in langs]

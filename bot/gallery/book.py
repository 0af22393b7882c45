"""The gallery's pages: screens recorded from the running bot, written as
Markdown and read back by the tests.

A page is one language and one game (or the screens every game shares). Each
screen is a `## kind: situation` heading, then what the bot showed, in order:
a message (who saw it, `picture: <file>` when it is a photo, its text — a
photo's caption — in a fenced block, its inline buttons as `- [label]
[label]` rows), a toast (`toast: …`) or a link a press opened (`link: …`)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field


@dataclass
class Message:
    who: str  # "group", "Tom · private", "menu"
    text: str
    rows: list[list[str]] = field(default_factory=list)  # button labels, row by row
    note: str = ""  # "edited", "file paiju-xianniu-3.json" …
    picture: str = ""  # a photo: its file name (docs/pictures.md); the text is its caption


@dataclass
class Toast:
    text: str
    url: str = ""


Item = Message | Toast


@dataclass
class Shot:
    kind: str  # one of the kinds in bot/gallery/kinds.py
    situation: str
    items: list[Item] = field(default_factory=list)

    @property
    def messages(self) -> list[Message]:
        return [i for i in self.items if isinstance(i, Message)]

    @property
    def toasts(self) -> list[Toast]:
        return [i for i in self.items if isinstance(i, Toast)]


@dataclass
class Page:
    title: str
    intro: list[str]
    shots: list[Shot] = field(default_factory=list)

    def add(self, kind: str, situation: str, *items: Item | Sequence[Item] | None) -> Shot:
        flat: list[Item] = []
        for i in items:
            if isinstance(i, (Message, Toast)):
                flat.append(i)
            elif i is not None:
                flat.extend(i)
        shot = Shot(kind, situation, flat)
        self.shots.append(shot)
        return shot


# -- writing -----------------------------------------------------------------
def fence(text: str) -> str:
    longest = max((len(m) for m in re.findall(r"`+", text)), default=0)
    return "`" * max(3, longest + 1)


def row_line(labels: list[str]) -> str:
    return "- " + " ".join(f"[{label}]" for label in labels)


def markdown(page: Page) -> str:
    out = [f"# {page.title}", "", *page.intro, ""]
    for shot in page.shots:
        out += [f"## {shot.kind}: {shot.situation}", ""]
        for item in shot.items:
            if isinstance(item, Toast):
                out.append(f"toast: {item.text}" if item.text else "toast: (none)")
                if item.url:
                    out.append(f"link: {item.url}")
                out.append("")
                continue
            head = f"**{item.who}**" + (f" · {item.note}" if item.note else "")
            f = fence(item.text)
            out += [head, ""]
            if item.picture:
                out += [f"picture: {item.picture}", ""]
            out += [f + "text", item.text, f]
            out += [row_line(r) for r in item.rows]
            out.append("")
    return "\n".join(out).rstrip("\n") + "\n"


# -- reading (the tests) -----------------------------------------------------------
HEADING = re.compile(r"^## (?P<kind>[^:]+): (?P<situation>.+)$")
WHO = re.compile(r"^\*\*(?P<who>.+?)\*\*(?: · (?P<note>.*))?$")


def labels(line: str) -> list[str]:
    """`- [a] [b[5:6] c]` → ["a", "b[5:6] c"]: brackets inside a label nest."""
    out, depth, cur = [], 0, ""
    for ch in line[2:]:
        if ch == "[":
            if depth:
                cur += ch
            depth += 1
        elif ch == "]":
            depth -= 1
            if depth:
                cur += ch
            else:
                out.append(cur)
                cur = ""
        elif depth:
            cur += ch
    return out


def parse(text: str) -> Page:
    lines = text.split("\n")
    page = Page(lines[0].removeprefix("# "), [])
    shot: Shot | None = None
    i = 0
    while i < len(lines):
        line = lines[i]
        if (m := HEADING.match(line)) is not None:
            shot = page.add(m["kind"], m["situation"])
        elif shot is None:
            if i > 0 and (line or page.intro):
                page.intro.append(line)
        elif (m := WHO.match(line)) is not None:
            i += 2  # the blank line, then the picture or the opening fence
            picture = ""
            if lines[i].startswith("picture: "):
                picture = lines[i].removeprefix("picture: ")
                i += 2
            f = lines[i].removesuffix("text")
            body = []
            i += 1
            while lines[i] != f:
                body.append(lines[i])
                i += 1
            msg = Message(m["who"], "\n".join(body), note=m["note"] or "", picture=picture)
            while i + 1 < len(lines) and lines[i + 1].startswith("- ["):
                i += 1
                msg.rows.append(labels(lines[i]))
            shot.items.append(msg)
        elif line.startswith("toast: "):
            t = line.removeprefix("toast: ")
            shot.items.append(Toast("" if t == "(none)" else t))
        elif line.startswith("link: ") and shot.items and isinstance(shot.items[-1], Toast):
            shot.items[-1].url = line.removeprefix("link: ")
        i += 1
    while page.intro and not page.intro[-1]:
        page.intro.pop()
    return page

"""Message text as Telegram sees it: entity parsing (HTML, MarkdownV2,
Markdown), trimming, UTF-16 lengths and bot_command detection.

Lengths are counted in UTF-16 code units, as Telegram counts entity offsets;
for BMP text (Chinese, ♠♥♣♦) that equals the character count, for astral
characters (🀄) it is the stricter count.
"""

from __future__ import annotations

import html
import re

from .models import bad_request

MAX_TEXT = 4096


def utf16_len(s: str) -> int:
    return len(s.encode("utf-16-le")) // 2


def parse_text(text: str, parse_mode: str | None,
               entities: list | None = None) -> tuple[str, list[dict]]:
    """Return (plain_text, entities) or raise ApiError 400 like Telegram."""
    if not isinstance(text, str):
        text = str(text)
    mode = (parse_mode or "").lower()
    if mode == "html":
        plain, ents = _parse_html(text)
    elif mode == "markdownv2":
        plain, ents = _parse_markdown(text, v2=True)
    elif mode == "markdown":
        plain, ents = _parse_markdown(text, v2=False)
    elif mode == "":
        plain, ents = text, [dict(e) for e in (entities or [])]
    else:
        raise bad_request(f"unsupported parse_mode {parse_mode!r}")
    return _trim(plain, ents)


def check_text(plain: str, *, empty: str = "message text is empty") -> None:
    if not plain:
        raise bad_request(empty)
    if utf16_len(plain) > MAX_TEXT:
        raise bad_request("message is too long")


def _trim(plain: str, ents: list[dict]) -> tuple[str, list[dict]]:
    """Telegram strips leading/trailing whitespace and shifts entities."""
    stripped = plain.strip()
    lead = utf16_len(plain[: len(plain) - len(plain.lstrip())])
    total = utf16_len(stripped)
    out = []
    for e in ents:
        start = max(e["offset"] - lead, 0)
        end = min(e["offset"] + e["length"] - lead, total)
        if end > start:
            out.append({**e, "offset": start, "length": end - start})
    out.sort(key=lambda e: (e["offset"], -e["length"]))
    return stripped, out


# -- HTML ------------------------------------------------------------------

_SIMPLE_TAGS = {
    "b": "bold",
    "strong": "bold",
    "i": "italic",
    "em": "italic",
    "u": "underline",
    "ins": "underline",
    "s": "strikethrough",
    "strike": "strikethrough",
    "del": "strikethrough",
    "tg-spoiler": "spoiler",
    "code": "code",
    "pre": "pre",
    "blockquote": "blockquote",
}
_TAGS = set(_SIMPLE_TAGS) | {"a", "span", "tg-emoji"}
_TAG_RE = re.compile(r"<(/?)([a-zA-Z][a-zA-Z0-9-]*)?")
_ATTR_RE = re.compile(r"\s*([a-zA-Z-]+)(?:\s*=\s*(\"[^\"]*\"|'[^']*'|[^\s>]+))?")
_ENTITY_RE = re.compile(r"&(#\d+|#x[0-9a-fA-F]+|[a-zA-Z]+);")
_KNOWN_ENTITIES = {"lt": "<", "gt": ">", "amp": "&", "quot": '"'}


def _char(code: int) -> str | None:
    return chr(code) if 0 < code <= 0x10FFFF and not 0xD800 <= code <= 0xDFFF else None


def _html_error(msg: str) -> Exception:
    return bad_request(f"can't parse entities: {msg}")


def _byte_offset(text: str, i: int) -> int:
    return len(text[:i].encode("utf-8"))


def _parse_html(text: str) -> tuple[str, list[dict]]:
    out: list[str] = []
    pos16 = 0  # UTF-16 length of `out`
    stack: list[tuple[str, int, dict | None]] = []  # (tag, start offset, entity extras)
    ents: list[dict] = []
    i = 0
    n = len(text)
    while i < n:
        ch = text[i]
        if ch == "&":
            # Only &lt; &gt; &amp; &quot; and numeric entities are decoded;
            # any other "&" stays literal text (as tdlib does).
            m = _ENTITY_RE.match(text, i)
            s = None
            if m:
                name = m.group(1)
                if name.startswith("#x"):
                    s = _char(int(name[2:], 16))
                elif name.startswith("#"):
                    s = _char(int(name[1:]))
                else:
                    s = _KNOWN_ENTITIES.get(name)
            if s is None:
                out.append("&")
                pos16 += 1
                i += 1
            else:
                out.append(s)
                pos16 += utf16_len(s)
                i = m.end() if m else i + 1
            continue
        if ch != "<":
            out.append(ch)
            pos16 += utf16_len(ch)
            i += 1
            continue
        m = _TAG_RE.match(text, i)
        assert m is not None  # the pattern also matches a bare "<"
        closing, name = m.group(1), (m.group(2) or "").lower()
        if not name:
            raise _html_error(
                f"Unexpected end of name token at byte offset {_byte_offset(text, i)}"
            )
        if name not in _TAGS:
            kind = "end" if closing else "start"
            raise _html_error(
                f'Unsupported {kind} tag "{name}" at byte offset {_byte_offset(text, i)}'
            )
        j = m.end()
        attrs: dict[str, str] = {}
        while True:
            while j < n and text[j].isspace():
                j += 1
            if j >= n:
                raise _html_error(f'Unclosed start tag at byte offset {_byte_offset(text, i)}')
            if text[j] == ">":
                j += 1
                break
            if text[j] == "/" and j + 1 < n and text[j + 1] == ">":
                raise _html_error(f'Unsupported self-closing tag "{name}"')
            am = _ATTR_RE.match(text, j)
            if not am or am.end() == j:
                raise _html_error(
                    f"Expected equal sign in declaration of an attribute of the tag "
                    f'"{name}" at byte offset {_byte_offset(text, j)}'
                )
            value = am.group(2) or ""
            if value[:1] in "\"'":
                value = value[1:-1]
            attrs[am.group(1).lower()] = html.unescape(value)
            j = am.end()
        i = j
        if closing:
            if not stack:
                raise _html_error(
                    f'Unexpected end tag at byte offset {_byte_offset(text, m.start())}'
                )
            open_tag, start, extra = stack.pop()
            if open_tag != name:
                raise _html_error(
                    f"Unmatched end tag at byte offset {_byte_offset(text, m.start())}, "
                    f'expected "</{open_tag}>", found "</{name}>"'
                )
            if extra is not None:
                ents.append({**extra, "offset": start, "length": pos16 - start})
            continue
        stack.append((name, pos16, _entity_for(name, attrs, stack)))
    if stack:
        raise _html_error(f'Can\'t find end tag corresponding to start tag "{stack[-1][0]}"')
    return "".join(out), ents


def _entity_for(name: str, attrs: dict, stack: list) -> dict | None:
    if name == "a":
        href = attrs.get("href", "")
        if href.startswith("tg://user?id="):
            return {"type": "text_mention", "user": {"id": int(href.split("=", 1)[1] or 0),
                                                     "is_bot": False, "first_name": ""}}
        return {"type": "text_link", "url": href} if href else None
    if name == "span":
        if attrs.get("class") != "tg-spoiler":
            raise _html_error('Tag "span" must have class "tg-spoiler"')
        return {"type": "spoiler"}
    if name == "tg-emoji":
        return {"type": "custom_emoji", "custom_emoji_id": attrs.get("emoji-id", "")}
    if name == "blockquote" and "expandable" in attrs:
        return {"type": "expandable_blockquote"}
    if name == "code" and stack and stack[-1][0] == "pre":
        lang = attrs.get("class", "")
        if lang.startswith("language-") and stack[-1][2] is not None:
            stack[-1][2]["language"] = lang[len("language-"):]
            return None
    return {"type": _SIMPLE_TAGS[name]}


# -- Markdown (legacy) and MarkdownV2 ----------------------------------------

_V2_RESERVED = set("_*[]()~`>#+-=|{}.!")
_V2_MARKS = {"*": "bold", "_": "italic", "__": "underline", "~": "strikethrough",
             "||": "spoiler", "`": "code", "```": "pre"}
_V1_MARKS = {"*": "bold", "_": "italic", "`": "code", "```": "pre"}


def _md_error(msg: str) -> Exception:
    return bad_request(f"can't parse entities: {msg}")


def _parse_markdown(text: str, *, v2: bool) -> tuple[str, list[dict]]:
    """A faithful-enough subset: paired marks, [text](url), and (V2) the rule
    that reserved characters must be escaped."""
    marks = _V2_MARKS if v2 else _V1_MARKS
    out: list[str] = []
    pos16 = 0
    open_marks: dict[str, int] = {}
    link_start: int | None = None
    ents: list[dict] = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch == "\\" and v2 and i + 1 < n:
            out.append(text[i + 1])
            pos16 += utf16_len(text[i + 1])
            i += 2
            continue
        mark = next((m for m in ("```", "||", "__", "*", "_", "~", "`") if m in marks
                     and text.startswith(m, i)), None)
        if mark:
            if mark in open_marks:
                start = open_marks.pop(mark)
                ents.append({"type": marks[mark], "offset": start, "length": pos16 - start})
            else:
                open_marks[mark] = pos16
            i += len(mark)
            if mark in ("`", "```"):  # code spans take the rest literally
                end = text.find(mark, i)
                if end < 0:
                    raise _md_error(f"Can't find end of the entity starting at byte offset "
                                    f"{_byte_offset(text, i - len(mark))}")
                body = text[i:end]
                if mark == "```" and "\n" in body:
                    first, rest = body.split("\n", 1)
                    if first and " " not in first:
                        body = rest
                out.append(body)
                pos16 += utf16_len(body)
                start = open_marks.pop(mark)
                ents.append({"type": marks[mark], "offset": start, "length": pos16 - start})
                i = end + len(mark)
            continue
        if ch == "[" and link_start is None:
            link_start = pos16
            i += 1
            continue
        if ch == "]" and link_start is not None and text.startswith("(", i + 1):
            end = text.find(")", i + 2)
            if end < 0:
                raise _md_error("Can't find end of a URL")
            ents.append({"type": "text_link", "offset": link_start,
                         "length": pos16 - link_start, "url": text[i + 2:end]})
            link_start = None
            i = end + 1
            continue
        if v2 and ch in _V2_RESERVED:
            raise _md_error(f"Character '{ch}' is reserved and must be escaped with the "
                            f"preceding '\\'")
        out.append(ch)
        pos16 += utf16_len(ch)
        i += 1
    if open_marks or link_start is not None:
        raise _md_error("Can't find end of the entity")
    return "".join(out), [e for e in ents if e["length"] > 0]


# -- what users type ----------------------------------------------------------

_COMMAND_RE = re.compile(r"(?<![\w/])/[a-zA-Z0-9_]{1,32}(?:@[a-zA-Z0-9_]{3,32})?")


def command_entities(text: str) -> list[dict]:
    ents = []
    for m in _COMMAND_RE.finditer(text):
        ents.append({"type": "bot_command", "offset": utf16_len(text[: m.start()]),
                     "length": utf16_len(m.group(0))})
    return ents


def leading_command(text: str) -> tuple[str, str | None] | None:
    """('/start', 'paiju_test_bot' or None) if the text starts with a command."""
    m = _COMMAND_RE.match(text)
    if not m:
        return None
    cmd, _, at = m.group(0).partition("@")
    return cmd.lower(), (at or None)

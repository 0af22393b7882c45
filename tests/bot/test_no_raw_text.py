"""No user-visible string in bot/ bypasses the catalogs: a string literal (or
an f-string with words in it) passed as the text of send/show/notify/answer,
a Reply or a button label is an error; text must come from `_`/gettext."""

import ast
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[2]
WORDS = re.compile(r"[A-Za-z]{2,}|[\u4e00-\u9fff]")
# call name → index of the text argument
TEXT_ARG = {"send": 1, "show": 2, "notify": 2, "answer": 1, "Reply": 0, "send_message": 1,
            "edit_message_text": 0, "answer_callback_query": 1, "InlineKeyboardButton": None}
ALLOWED_LITERALS = {"简体中文", "繁體中文", "English"}  # each language's own name


def literal_words(node) -> str | None:
    """The words a literal (or an f-string's fixed parts) shows, if any."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        text = node.value
    elif isinstance(node, ast.JoinedStr):
        text = "".join(v.value for v in node.values if isinstance(v, ast.Constant))
    else:
        return None
    return text if WORDS.search(text) and text not in ALLOWED_LITERALS else None


def is_button_data(node) -> bool:
    """`XxxCB(...).pack()` or move_button_data(...): the data half of a button."""
    if not isinstance(node, ast.Call):
        return False
    f = node.func
    return (isinstance(f, ast.Attribute) and f.attr == "pack") or getattr(f, "id", "") in (
        "move_button_data", "_cb")


def offenders(root=ROOT):
    out = []
    for path in sorted((root / "bot").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Tuple) and len(node.elts) == 2 and is_button_data(node.elts[1]):
                if (w := literal_words(node.elts[0])) is not None:  # a (label, data) button
                    out.append(f"{path.relative_to(root)}:{node.lineno}: {w!r}")
            if not isinstance(node, ast.Call):
                continue
            f = node.func
            name = f.attr if isinstance(f, ast.Attribute) else getattr(f, "id", None)
            if name not in TEXT_ARG:
                continue
            i = TEXT_ARG[name]
            args = list(node.args[i:i + 1]) if i is not None else []
            args += [k.value for k in node.keywords if k.arg in ("text", "caption")]
            for a in args:
                if (w := literal_words(a)) is not None:
                    out.append(f"{path.relative_to(root)}:{node.lineno}: {w!r}")
    return out


def test_no_literal_text_reaches_a_user():
    assert offenders() == []


def test_the_scan_finds_a_literal(tmp_path):
    bad = tmp_path / "bot"
    bad.mkdir()
    (bad / "x.py").write_text('outbox.send(chat, "Hello there")\nReply(f"{n} players")\n'
                             'rows = [("Start", LobbyCB(s=1).pack())]\n')
    assert len(offenders(tmp_path)) == 3

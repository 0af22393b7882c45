"""The tally's screens and the boards: computers are never payer or payee,
one person with computers has no settling-up lines, boards never add two
games' points, /stats names every figure, and the words read right in three
languages (names never touch numbers, plurals, no Chinese punctuation in
English)."""

import json
import re
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.cli.terminal import play
from bot.i18n import LANGS, translator
from bot.sitting import Seat, Sitting
from bot.words import scores_text, tally_text
from games import players, registry
from storage import ledger, tally
from storage.db import open_db
from storage.scores import from_computers
from tests.storage.test_tally import add_sitting

ZONE = ZoneInfo("Asia/Shanghai")
NAMES = ["老王", "小李", "Tom", "Ann", "阿强"]
COMPUTER_WORDS = ("Computer", "电脑", "電腦")
CHINESE_PUNCTUATION = "，。：；（）！？、"
SIGNED = re.compile(r"[+−]\d|\b\d")


def transfer_lines(lines):
    return [line for line in lines if "→" in line]


def who_pays(_):
    return _("Who pays whom:")


seats_and_hands = st.integers(1, 4).flatmap(lambda people: st.tuples(
    st.just(people),
    st.integers(0 if people > 1 else 1, 4 - people),
    st.lists(st.lists(st.integers(-15, 15), min_size=4, max_size=4), min_size=1, max_size=6),
))


@settings(max_examples=80, deadline=None)
@given(seats_and_hands, st.sampled_from(LANGS))
def test_computers_are_never_payer_or_payee_and_people_square(case, lang):
    people, computers, hands = case
    _ = translator(lang)
    seats = [Seat(100 + i, NAMES[i]) for i in range(people)] + [Seat(None)] * computers
    computer = [s.user_id is None for s in seats]
    net_sum = [0] * len(seats)
    share_sum = [0] * len(seats)
    for values in hands:
        net = [*values[: len(seats) - 1]]
        net.append(-sum(net))
        for i, share in enumerate(from_computers(net, computer)):
            net_sum[i] += net[i]
            share_sum[i] += share
    s = Sitting(1, -1, "xianniu", "default", {}, "finished", 100, seats, hand_no=len(hands),
                totals=net_sum)
    parts = [(i, net_sum[i], share_sum[i]) for i in range(len(seats))]
    lines = tally_text.sitting_settle(s, parts, _)
    moves = transfer_lines(lines)
    assert not any(word in line for line in moves for word in COMPUTER_WORDS)
    if people == 1:  # one person and computers: nobody to settle with
        assert moves == [] and who_pays(_) not in lines
    # the transfers square what people owe each other
    left = {NAMES[i]: net_sum[i] - share_sum[i] for i in range(people)}
    for line in moves:
        m = re.match(r"\s*(\S+) → ([^:：]+)[:：] ?(\d+)", line)
        assert m, line
        left[m.group(1)] += int(m.group(3))
        left[m.group(2)] -= int(m.group(3))
    assert not any(left.values())
    assert len(moves) <= max(0, people - 1)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game_id", registry.ids())
def test_the_terminal_has_no_settling_up_lines(game_id, lang, monkeypatch):
    """`paiju play` is one person (or nobody) and computers: no settling up."""
    monkeypatch.setattr(players, "choose", lambda state, seat, rng, budget_s=0.3:
                        players.quick(state, seat, rng))
    lines: list[str] = []
    play(game_id, say=lines.append, lang=lang, seed=5, auto=True)
    _ = translator(lang)
    text = "\n".join(lines)
    assert who_pays(_) not in text
    assert not re.search(r"→ \S+[:：] \d+ (分|points?)\b", text)


@pytest.fixture
def db():
    d = open_db(":memory:")
    yield d
    d.close()


def named(db, names):
    db.execute("update ledger_totals set name = case user_id "
               + " ".join(f"when {u} then '{n}'" for u, n in names.items()) + " end")


def test_top_never_adds_two_games_points(db):
    """One week, two games, the same people: one board per game, each
    person's line in a board is that game's sum."""
    add_sitting(db, "xianniu", [1, 2, 3], [[14, -7, -7], [-6, 12, -6]])
    add_sitting(db, "paoyao", [1, 2, 3, 4], [[1, 1, -1, -1], [1, -1, 1, -1], [-1, 1, -1, 1]])
    named(db, {1: "老王", 2: "小李", 3: "Tom", 4: "Ann"})
    rows = ledger.leaderboard(db, -500, 0.0, 1e12)
    assert {(r["name"], r["game"]): r["net"] for r in rows} == {
        ("老王", "xianniu"): 8, ("小李", "xianniu"): 5, ("Tom", "xianniu"): -13,
        ("老王", "paoyao"): 1, ("小李", "paoyao"): 1, ("Tom", "paoyao"): -1, ("Ann", "paoyao"): -1}
    for lang in LANGS:
        _ = translator(lang)
        text = scores_text.boards(rows, "🏆", _)
        boards = text.split("\n\n")[1:]
        assert len(boards) == 2
        games = [b.splitlines()[0] for b in boards]
        xianniu = boards[games.index(_("{game}:").format(game=scores_text.game_label(
            "xianniu", _)))]
        paoyao = boards[1 - boards.index(xianniu)]
        nets = {g: {line.split(" ", 1)[1].split(":")[0].split("：")[0]:
                    line.split(" · ")[0].rsplit(" ", 1)[-1] if lang == "en" else
                    line.split(" · ")[0].split("：")[1]
                    for line in b.splitlines()[1:]} for g, b in (("x", xianniu), ("p", paoyao))}
        assert nets["x"] == {"老王": "+8", "小李": "+5", "Tom": "−13"}
        assert nets["p"] == {"老王": "+1", "小李": "+1", "Tom": "−1", "Ann": "−1"}
        assert "+9" not in text and "+6" not in text and "−14" not in text  # no cross-game sums


def test_stats_names_every_figure_and_never_adds_games_points(db):
    add_sitting(db, "xianniu", [1, 2, 3], [[14, -7, -7]])
    add_sitting(db, "paoyao", [1, 2, 3, 4], [[1, 1, -1, -1]])
    rows = ledger.user_stats(db, 1)
    for lang in LANGS:
        _ = translator(lang)
        lines = scores_text.stats(rows, _).splitlines()
        game_lines, total = lines[1:3], lines[3]
        for line in game_lines:
            figures = line.split(" · ")
            assert len(figures) == 4
            # every figure has a word with it, not a bare number
            assert all(re.search(r"[^\d\s+−:：]", f.split("：")[-1].split(": ")[-1])
                       for f in figures), line
        assert "+15" not in total and "+14" not in total  # points of two games never added
        assert "2" in total  # the hands are counted in all


def sample_screens(db):
    """Every tally screen over a small history, in every language."""
    add_sitting(db, "xianniu", [1, 2, 3], [[10, -4, -6], [8, 2, -10]])
    add_sitting(db, "xianniu", [1, 3, None], [[5, -9, 4], [-1, 7, -6]])
    add_sitting(db, "paoyao", [4, None, None, None], [[-4, 2, 1, 1], [6, -2, -2, -2]])
    named(db, {1: "老王", 2: "小李", 3: "Tom", 4: "Ann"})
    ts = tally.tallies(db, -500)
    t = ts[-1]
    with db.atomic():
        tally.settle(db, -500, "xianniu", t["base"], t["through"], 1, "老王", 1.8e9, 7)
    settled = tally.settlements(db, -500)
    for lang in LANGS:
        _ = translator(lang)
        texts = [tally_text.tallies(ts, ZONE, _), tally_text.question(t, ZONE, _)[0],
                 tally_text.settled(settled[0], ZONE, _), tally_text.history(settled, ZONE, _),
                 tally_text.kept("xianniu", _),
                 scores_text.boards(ledger.leaderboard(db, -500), "🏆", _),
                 scores_text.stats(ledger.user_stats(db, 1), _)]
        buttons = [b.text for row in (tally_text.settle_buttons(["xianniu", "paoyao"], _)
                                      .inline_keyboard) for b in row]
        yield lang, texts, buttons


def test_the_words_read_right_in_three_languages(db):
    seen = set()
    for lang, texts, buttons in sample_screens(db):
        seen.add(lang)
        text = "\n".join(texts + buttons)
        for name in ("老王", "小李", "Tom", "Ann"):  # names never touch numbers
            assert not re.search(re.escape(name) + r" ?[+−\d]", text), (lang, name)
        if lang == "en":
            assert not any(p in text for p in CHINESE_PUNCTUATION), text
            assert not re.search(r"\b1 (hands|sittings|points)\b", text)
            assert not re.search(r"\b([02-9]|\d\d+) (hand|sitting|point)\b", text)
            assert "Against the computers" in text and "Who pays whom:" in text
        else:
            assert not re.search(r"[A-Za-z]{4,}", re.sub(r"Tom|Ann|/score|/stats|history",
                                                         "", text)), text
        assert "¥" not in text and "元" not in text
    assert seen == set(LANGS)


def test_the_settled_record_names_who_when_and_what_it_cleared(db):
    *_, (lang, texts, _b) = sample_screens(db)
    assert lang == "en"
    settled = texts[2]
    assert "老王" in settled and "Jan 15" in settled  # who and when (1.8e9 in Shanghai)
    cleared = json.loads(db.execute("select cleared from settlements").fetchone()[0])
    for p in cleared:
        assert f"{p['name']}: " in settled


def test_the_gallery_never_shows_a_computer_paying_or_paid():
    """Every who-pays-whom line of docs/screens names people only, and the
    gallery does show such lines."""
    import pathlib

    root = pathlib.Path(__file__).resolve().parents[2] / "docs" / "screens"
    transfer = re.compile(r"^\s+(.+) → (.+)[:：] ?\d+ ?(分|points?)$")
    found = 0
    for page in sorted(root.glob("*/*.md")):
        for line in page.read_text(encoding="utf-8").splitlines():
            if (m := transfer.match(line)) is not None:
                found += 1
                assert not any(w in m[1] + m[2] for w in COMPUTER_WORDS), (page.name, line)
    assert found >= 15  # five games in three languages, at least

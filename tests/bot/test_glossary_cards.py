"""docs/glossary.md is what 掀牛, 掀牛九 and 刨幺 say: each glossed term's
English is the catalogs' (with the Chinese the catalogs give it), the
presenters gloss it, and no English screen of these games shows a term bare
before its gloss, or a form the glossary rules out, over many random hands."""

import pathlib
import random
import re

import pytest
from babel.messages.pofile import read_po

from bot.i18n import LANGS, translator
from bot.presenters.paoyao import PRESENTERS as PAOYAO
from bot.presenters.paoyao import TERMS as PAOYAO_TERMS
from bot.presenters.xianniu import KINDS, PRESENTERS
from bot.words import rules_text
from games import registry
from games.base import Move, Pick
from tests.gallery import lint

ROOT = pathlib.Path(__file__).resolve().parents[2]
GAMES = ("xianniu", "niujiu", "paoyao")
EN = translator("en")
NAMES = {3: ["Tom", "Ann", "Computer 1"], 4: ["Tom", "Ann", "Computer 1", "Computer 2"]}


def tables():
    """docs/glossary.md's tables, as the gallery's lint reads them."""
    return lint.glossary()


def word(term) -> str:
    """The English form itself: "xian" of 'xian (掀): "calls xian on" …'."""
    return term.english.split(" (")[0].split(":")[0].strip()


def terms(game: str):
    return PAOYAO_TERMS if game == "paoyao" else PRESENTERS[game].terms


def catalog_pairs() -> list[tuple[str, str]]:
    """(English, 简体) of every entry of every catalog, plural forms included;
    placeholders filled so that "{n} points" reads as a count."""
    en = {}
    for path in (ROOT / "locales/en/LC_MESSAGES").glob("*.po"):
        with path.open("rb") as f:
            for m in read_po(f):
                if m.id:
                    en[(m.id if isinstance(m.id, str) else m.id[0], m.context)] = m.string
    out = []
    for path in (ROOT / "locales/zh_Hans/LC_MESSAGES").glob("*.po"):
        with path.open("rb") as f:
            for m in read_po(f):
                if not m.id:
                    continue
                ids = [m.id] if isinstance(m.id, str) else list(m.id)
                english = en.get((ids[0], m.context)) or ids
                english = [english] if isinstance(english, str) else list(english)
                zh = m.string if isinstance(m.string, str) else m.string[0]
                for e in [*ids, *english]:
                    out.append((re.sub(r"\{\w+\}", "90", e), zh))
    return out


def test_every_game_has_its_table():
    t = tables()
    assert set(GAMES) <= set(t) and all(len(t[g]) >= 14 for g in GAMES)


@pytest.mark.parametrize("game", GAMES)
def test_glossed_english_is_the_catalogs_with_their_chinese(game):
    """Each glossed row: some catalog entry says its English, and that entry's
    简体 has the row's Chinese; the presenter glosses it with that Chinese."""
    pairs = catalog_pairs()
    checked = 0
    for row in tables()[game]:
        if not row.gloss:
            continue
        form = re.compile(rf"(?<!\w){re.escape(word(row))}(?!\w)", re.IGNORECASE)
        assert any(form.search(e) and row.gloss in zh for e, zh in pairs), row
        if word(row).lower() in {f.lower() for f in row.never}:  # written bare after its gloss
            assert any(t.chinese == row.gloss for t in terms(game)), row
        checked += 1
    assert checked >= 3


def test_the_niujiu_cards_are_the_glossarys():
    table = {r.chinese.split(" ")[0]: r for r in tables()["niujiu"]}
    hans = translator("zh_Hans")
    for name, chinese in KINDS.values():
        row = table[chinese]
        assert row.english == f"{name} ({chinese})" and name in row.never, row
        assert hans(name) == chinese


# -- every English screen of these games, checked as the gallery's lint does ---------
def problems(text: str, game: str) -> list[str]:
    """The gallery lint's bare-term check on one message of this game."""
    return lint.bare_terms(lint.Unit(game, text), "en", game)


def screens(game: str, deals: int, seed: int):
    """Every English text of random hands, one message at a time: the table with
    its turn line, each hand with its buttons, each event, toasts, the result."""
    p = PAOYAO["paoyao"] if game == "paoyao" else PRESENTERS[game]
    g = registry.get(game)
    rng = random.Random(seed)
    for _d in range(deals):
        s = g.new_state(seed=rng.randrange(1 << 30))
        names = NAMES[s.seats]
        while not s.is_over():
            public = s.public_view()
            yield p.table_text(public, names, EN) + "\n" + p.turn_action(public, EN)
            for seat in s.to_act():
                moves = s.legal_moves(seat)
                offered = [moves[i] for i in p.offered(moves)]
                labels = p.move_labels([m for m in offered if isinstance(m, Move)], EN)
                picks = [p.pick_prompt(m, EN) for m in moves if isinstance(m, Pick)]
                yield "\n".join([p.hand_text(s.view(seat), seat, names, EN), *picks, *labels])
                for m in moves:
                    if isinstance(m, Pick):
                        yield p.pick_count(m, 0, EN)
            seat = s.to_act()[0]
            moves = s.legal_moves(seat)
            m = moves[rng.randrange(len(moves))]
            code = m.code_for(m.random_choice(rng)) if isinstance(m, Pick) else m.code
            for e in s.apply(seat, code):
                line = p.event_line(e, names, EN)
                if line:
                    yield line
        yield p.result_text(s.result(), s.revealed(), names, EN)
        yield p.result_line(s.result(), names, EN)
    for reason in ("must_lead", "tighten_not_allowed", "bad_yao", "cannot_beat", "x"):
        yield p.reason_text(reason, EN)


@pytest.mark.parametrize("game", GAMES)
def test_english_screens_gloss_each_term_before_using_it_bare(game):
    found, seen = [], 0
    for text in screens(game, 12, 7):
        found += problems(text, game)
        seen += 1
    assert seen > 300 and not found, found[:10]


@pytest.mark.parametrize("game", GAMES)
def test_rules_and_replays_follow_the_glossary(game):
    p = PAOYAO["paoyao"] if game == "paoyao" else PRESENTERS[game]
    g = registry.get(game)
    for preset in g.presets:
        text = rules_text.text(game, preset, g.preset(preset), EN)
        assert not problems(text, game), problems(text, game)
    s = g.new_state(seed=3)
    rng = random.Random(3)
    while not s.is_over():
        seat = s.to_act()[0]
        m = rng.choice(s.legal_moves(seat))
        s.apply(seat, m.code_for(m.random_choice(rng)) if isinstance(m, Pick) else m.code)
    from games import records

    text = "\n".join(p.replay_lines(records.record_of(s), NAMES[s.seats], EN))
    assert not problems(text, game), problems(text, game)
    for lang in LANGS:  # and every language reads it
        assert p.replay_lines(records.record_of(s), NAMES[s.seats], translator(lang))

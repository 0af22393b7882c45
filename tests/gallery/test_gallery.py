"""The screens gallery (docs/screens/): it shows every kind of screen of
every game in every language, and it is what `python -m bot.gallery` makes
today."""

import difflib

import pytest

from bot.gallery import COMMON, GAMES, PAGES, render_pages
from bot.gallery.book import markdown, parse
from bot.gallery.endings import ENDINGS
from bot.i18n import LANGS, translator
from bot.tables.core import NOT_YOUR_TURN, NOT_YOURS, ONLY_STARTER, OVER, STALE
from tests.gallery.lint import SCREENS

# What every game's page shows, in every language.
EVERY_GAME = {
    "presets", "lobby", "rules", "turn", "hand", "refusal", "end of hand", "tuoguan", "stop",
    "end of sitting", "score", "top", "history", "replay", "stats", "weekly", "settle",
    "settings",
}
ONE_GAME = {"xianniu": {"pick"}, "niujiu": {"pick"}, "dingniu": set(), "paoyao": {"pick"},
            "changpai": {"claim"}}
COMMON_KINDS = {
    "menu", "start", "help", "lang", "settings", "choose game", "refusal", "lobby", "score",
    "top", "history", "stats", "rules", "practice", "stop", "end of sitting",
}
# Every way each game's hands end (bot/gallery/endings.py `kind_of`).
ENDS = {
    "xianniu": {"win", "draw", "xian", "win+xian", "bighand", "bighand_double", "table_full",
                "table_full_draw", "dealt"},
    "niujiu": {"win", "draw", "xian", "win+xian", "bighand", "bighand_double", "table_full"},
    "dingniu": {"all_out", "runout", "sz:hong", "sz:wu", "sz:ersan", "sz:yi", "sz:zahong",
                "sz:menwu", "exempt:head_clean", "exempt:zero_point", "sizha_end", "immediate"},
    "paoyao": {"kangqi/escaped", "double_out/escaped", "140/escaped", "140/escaped/chased",
               "140/small/chased", "140/big/chased", "kangqi/small/chased",
               "kangqi/big/chased"},
    "changpai": {"win/discard", "win/flip", "win/self_draw", "win/self_draw/duidui",
                 "win/discard/baozi", "redeal", "huang", "huang/baozi"},
}
# Which turns each game's page shows (the kinds of the moves offered).
TURNS = {
    "xianniu": {"kou,lead", "kou,xian", "beat", "lead", "pick:discard"},
    "niujiu": {"kou,lead", "kou,xian", "beat", "lead", "kou,pick:xian"},
    "dingniu": {"lead", "play", "kou"},
    "paoyao": {"pass,play", "pass", "play", "no_snow,snow"},
    "changpai": {"da,qi,yang", "discard", "pass,peng", "chi,pass", "hu,pass"},
}
REFUSALS = [STALE, OVER, NOT_YOURS, NOT_YOUR_TURN, ONLY_STARTER]


def page(lang: str, name: str):
    return parse((SCREENS / lang / f"{name}.md").read_text(encoding="utf-8"))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", [COMMON, *GAMES])
def test_every_kind_of_screen_is_shown(lang, name):
    shots = page(lang, name).shots
    kinds = {s.kind for s in shots}
    wanted = COMMON_KINDS if name == COMMON else EVERY_GAME | ONE_GAME[name]
    assert wanted - kinds == set(), f"docs/screens/{lang}/{name}.md lacks {wanted - kinds}"
    assert all(s.messages or s.toasts for s in shots), "a heading with nothing under it"
    if name == COMMON:
        return
    ends = [s.situation for s in shots if s.kind == "end of hand"]
    for e in ENDINGS[name]:
        assert any(x.startswith(e.situation) for x in ends), f"{name}: no ending {e.situation!r}"
    turns = {s.situation.rpartition("(")[2].rstrip(")").replace(", ", ",")
             for s in shots if s.kind in ("turn", "pick", "claim")}
    assert TURNS[name] - turns == set(), f"{name}: no turn {TURNS[name] - turns}"


@pytest.mark.parametrize("name", GAMES)
def test_every_ending_of_each_game_has_a_seed(name):
    assert ENDS[name] - {e.kind for e in ENDINGS[name]} == set()


@pytest.mark.parametrize("lang", LANGS)
def test_every_refusal_is_shown(lang):
    _ = translator(lang)
    toasts = {t.text for name in (COMMON, *GAMES) for s in page(lang, name).shots
              for t in s.toasts}
    assert [r for r in REFUSALS if _(r) not in toasts] == []


def test_pages_round_trip():
    """The tests read what the gallery writes: parse(markdown(page)) loses nothing."""
    for lang, name in PAGES:
        text = (SCREENS / lang / f"{name}.md").read_text(encoding="utf-8")
        assert markdown(parse(text)) == text, (lang, name)


@pytest.fixture(scope="session")
def fresh_gallery():
    """The gallery as `python -m bot.gallery` makes it now (once a session)."""
    return dict(zip(PAGES, render_pages(PAGES, jobs=2)))


def test_committed_gallery_is_current(fresh_gallery):
    stale = []
    for (lang, name), text in fresh_gallery.items():
        path = SCREENS / lang / f"{name}.md"
        old = path.read_text(encoding="utf-8") if path.exists() else ""
        if old != text:
            diff = difflib.unified_diff(old.splitlines(), text.splitlines(), str(path),
                                        "now", n=1, lineterm="")
            stale.append("\n".join(list(diff)[:30]))
    assert not stale, ("docs/screens is stale: run `python -m bot.gallery` and commit "
                       "docs/screens (review the diff as a player would)\n\n"
                       + "\n\n".join(stale))

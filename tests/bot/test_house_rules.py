"""Every preset and every variant flag of every game has a name, a one-line
description and named choices in each language; no code name reaches a user."""

import re

import pytest

from bot import catalog, house_rules, render
from bot.i18n import LANGS, translator

GAMES = catalog.landed()
CHINESE_PUNCT = re.compile(r"[；，、。：！？（）《》「」【】]")


def code_names(game_id):
    """Words players must never see: preset and flag names, choice values."""
    g = catalog.game(game_id)
    words = set(g.presets) | set(g.flags)
    for f in g.flags.values():
        words |= {c for c in f.choices if isinstance(c, str)}
    return {w for w in words if "_" in w or w.isascii() and len(w) > 3}


def clean(text, game_id, lang):
    assert text.strip(), "empty text"
    assert "{" not in text and "}" not in text, text
    for word in code_names(game_id):
        # plain English words ("random", "winner") are fine in English
        if lang != "en" or "_" in word or word in {"gamehall", "navpil", "gungun", "titi"}:
            assert not re.search(rf"(?<![A-Za-z]){re.escape(word)}(?![A-Za-z])", text), \
                (word, text)
    if lang == "en":
        assert not CHINESE_PUNCT.search(text), text


@pytest.mark.parametrize("game_id", GAMES)
def test_every_engine_preset_and_flag_is_described(game_id):
    g = catalog.game(game_id)
    assert set(catalog.presenter(game_id).presets) == set(g.presets)
    assert house_rules.flags_of(game_id, g) == list(g.flags)
    for flag in g.flags:
        for value in house_rules.choices(game_id, flag, g):
            g.variant({flag: value})  # every offered choice is one the engine takes
        default = g.flags[flag].default
        assert house_rules._key(default) in {house_rules._key(v)
                                             for v in house_rules.choices(game_id, flag, g)}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game_id", GAMES)
def test_presets_and_flags_read_in_every_language(game_id, lang):
    _ = translator(lang)
    g = catalog.game(game_id)
    for p in g.presets:
        clean(house_rules.preset_name(game_id, p, _), game_id, lang)
        clean(house_rules.preset_about(game_id, p, _), game_id, lang)
    text, kb = render.choose_preset(game_id, _)
    clean(text, game_id, lang)
    for row in kb.inline_keyboard:
        for b in row:
            clean(b.text, game_id, lang)
    for flag in g.flags:
        clean(house_rules.flag_name(game_id, flag, _), game_id, lang)
        clean(house_rules.flag_about(game_id, flag, _), game_id, lang)
        names = [house_rules.choice_name(game_id, flag, v, _)
                 for v in house_rules.choices(game_id, flag, g)]
        for n in names:
            clean(n, game_id, lang)
        if flag != "zero_sum":  # False and "winners_only" are one rule
            assert len(set(names)) == len(names), (flag, names)
    if lang != "en":  # Chinese names are not the English msgids
        assert house_rules.preset_name(game_id, "default", _) != "Standard"


@pytest.mark.parametrize("lang", LANGS)
def test_settings_pages_read_in_every_language(lang):
    from bot import settings_flow
    from bot.chat_settings import ChatSettings

    _ = translator(lang)
    cs = ChatSettings(turn_timeout=45, computers=False)
    pages = [settings_flow.home(cs, lang, settings_flow.Host(60, "Asia/Shanghai", True), _)]
    for game_id in GAMES:
        g = catalog.game(game_id)
        pages.append(settings_flow.game_page(game_id, cs, _))
        pages += [settings_flow.flag_page(game_id, i, cs, _)
                  for i in range(len(house_rules.flags_of(game_id, g)))]
        for text, kb in pages:
            clean(text, game_id, lang)
            for row in kb.inline_keyboard:
                for b in row:
                    clean(b.text, game_id, lang)
                    assert len(b.callback_data.encode()) <= 64

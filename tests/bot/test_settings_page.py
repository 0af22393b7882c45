"""/settings as a player reads it: every button fits a phone (at most 32
characters) in every language, what a rule means is in the page's text, the
zone is named by its place and UTC offset, the weekly post is on or off (the
host's default shown as what it is), and each toast says what changed."""

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from bot import catalog, house_rules, settings_flow
from bot.callbacks import SettingsCB
from bot.chat_settings import ZONES, ChatSettings
from bot.i18n import LANGS, translator

HOST = settings_flow.Host(60, "Asia/Shanghai", True)
MOST = 32  # characters of a button label


def every_page(cs, lang):
    _ = translator(lang)
    yield settings_flow.home(cs, lang, HOST, _)
    for name in ("to", "tz", "lang"):
        yield settings_flow.page(name, cs, SettingsCB(a=name), lang, HOST, _)
    for game_id in catalog.landed():
        g = catalog.game(game_id)
        yield settings_flow.game_page(game_id, cs, _)
        for i in range(len(house_rules.flags_of(game_id, g))):
            yield settings_flow.flag_page(game_id, i, cs, _)


@pytest.mark.parametrize("lang", LANGS)
def test_every_settings_button_fits_a_phone(lang):
    labels = [b.text for _text, kb in every_page(ChatSettings(), lang)
              for row in kb.inline_keyboard for b in row]
    assert len(labels) > 100
    long = [label for label in labels if len(label) > MOST]
    assert long == []


@pytest.mark.parametrize("lang", LANGS)
def test_a_game_page_explains_its_rules_in_the_text(lang):
    _ = translator(lang)
    g = catalog.game("xianniu")
    text, kb = settings_flow.game_page("xianniu", ChatSettings(), _)
    flags = house_rules.flags_of("xianniu", g)
    buttons = [b.text for row in kb.inline_keyboard for b in row]
    for flag in flags:
        name = house_rules.flag_name("xianniu", flag, _)
        value = house_rules.choice_name("xianniu", flag, g.preset("default")[flag], _)
        assert name in buttons  # the button names the rule
        assert "• " + _("{flag}: {value}").format(flag=name, value=value) in text.splitlines()
    assert max(len(row) for row in kb.inline_keyboard) == 2  # two rules a row


def test_the_zone_is_named_in_words_with_its_offset():
    winter = datetime(2026, 1, 15, 12, tzinfo=ZoneInfo("UTC"))
    summer = datetime(2026, 7, 15, 12, tzinfo=ZoneInfo("UTC"))
    en, hant = translator("en"), translator("zh_Hant")
    assert settings_flow.zone_name("Asia/Shanghai", en, winter) == "Beijing time (UTC+8)"
    assert settings_flow.zone_name("Asia/Hong_Kong", hant, winter) == "香港 (UTC+8)"
    assert settings_flow.zone_name("America/New_York", en, winter) == "New York, Toronto (UTC−5)"
    assert settings_flow.zone_name("America/New_York", en, summer) == "New York, Toronto (UTC−4)"
    assert settings_flow.zone_name("Asia/Kolkata", en, winter) == "Kolkata (UTC+5:30)"
    assert settings_flow.zone_name("UTC", en, winter) == "Universal time (UTC)"
    for lang in LANGS:
        _ = translator(lang)
        names = [settings_flow.zone_name(z, _) for z in ZONES]
        assert len(set(names)) == len(names)
        assert not [n for n in names if "/" in n or "_" in n]  # never an IANA id


@pytest.mark.parametrize("lang", LANGS)
def test_home_names_the_zone_and_the_weekly_post(lang):
    _ = translator(lang)
    text, kb = settings_flow.home(ChatSettings(), lang, HOST, _)
    zone = settings_flow.zone_name("Asia/Shanghai", _)
    assert _("Time zone: {zone}").format(zone=zone) in text
    assert _("Weekly leaderboard post: {on}").format(on=_(house_rules.ON)) in text
    off = settings_flow.Host(60, "Europe/London", False)
    text, kb = settings_flow.home(ChatSettings(), lang, off, _)
    assert settings_flow.zone_name("Europe/London", _) in text
    assert _("Weekly leaderboard post: {on}").format(on=_(house_rules.OFF)) in text
    buttons = [b.text for row in kb.inline_keyboard for b in row]
    assert _("Weekly post: {on}").format(on=_(house_rules.OFF)) in buttons


def test_toasts_say_what_changed_and_when_it_applies():
    _ = translator("en")
    cs = ChatSettings()
    # the weekly post is on by the host's default: one tap turns it off
    new, page, toast = settings_flow.change(cs, SettingsCB(a="wk"), HOST, _)
    assert new.weekly_post is False and toast == "Weekly leaderboard post: off"
    new, page, toast = settings_flow.change(new, SettingsCB(a="wk"), HOST, _)
    assert new.weekly_post is True and toast == "Weekly leaderboard post: on"
    hk = ZONES.index("Asia/Hong_Kong")
    new, page, toast = settings_flow.change(cs, SettingsCB(a="tzv", v=hk), HOST, _)
    assert new.tz == "Asia/Hong_Kong" and toast.startswith("Time zone: Hong Kong (UTC+8")
    new, page, toast = settings_flow.change(cs, SettingsCB(a="tov", v=0), HOST, _)
    assert toast == "Time per move: 15 s (from the next game)"
    g = catalog.game("xianniu")
    flag = house_rules.flags_of("xianniu", g).index("tighten")
    off = house_rules.choices("xianniu", "tighten", g).index(False)
    new, page, toast = settings_flow.change(cs, SettingsCB(a="set", g="xianniu", f=flag, v=off),
                                            HOST, _)
    assert new.flags(g) == {"tighten": False} and page == "game"
    assert toast == _("{flag}: {value}").format(
        flag=house_rules.flag_name("xianniu", "tighten", _), value="off") + " (from the next game)"
    assert settings_flow.change(cs, SettingsCB(a="tz"), HOST, _) == (None, "tz", None)


def test_traditional_chinese_uses_taiwan_and_hong_kong_words():
    pages = "\n".join(text + "\n" + "\n".join(b.text for row in kb.inline_keyboard for b in row)
                      for text, kb in every_page(ChatSettings(), "zh_Hant"))
    for mainland in ("默認", "默认", "周榜", "设置", "設置", "羣"):
        assert mainland not in pages, mainland
    assert "週榜" in pages and "設定" in pages

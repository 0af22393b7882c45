"""A chat's house rules: changes build the next sitting's variant; a
combination the engine refuses is refused with its reason and never kept;
/rules text fits Telegram and docs/PLAYING.md is generated from it."""

import pathlib

import pytest

from bot import catalog, rules_text, settings_flow
from bot.callbacks import SettingsCB
from bot.chat_settings import ChatSettings
from bot.core import Refused
from bot.i18n import LANGS, translator

ROOT = pathlib.Path(__file__).resolve().parents[2]
XIANNIU = catalog.game("xianniu")


def test_flags_and_presets_make_the_variant_and_survive_a_row():
    cs = ChatSettings().with_flag(XIANNIU, "tighten", False)
    assert cs.variant(XIANNIU)["tighten"] is False
    back = ChatSettings.from_row({"chat_id": 1, **cs.to_row()})
    assert back.variant(XIANNIU)["tighten"] is False
    # back to the preset's value: nothing is left changed
    assert back.with_flag(XIANNIU, "tighten", True).flags(XIANNIU) == {}
    # another preset starts from its own rules
    other = back.with_preset(XIANNIU, "gamehall")
    assert other.variant(XIANNIU) == XIANNIU.preset("gamehall")


def test_pictures_are_on_for_the_tile_games_and_a_chat_choice_survives_a_row():
    cs = ChatSettings()
    assert {g for g in catalog.landed() if cs.pictures(g)} == {"dingniu", "changpai"}
    cs = cs.with_pictures("xianniu", True).with_pictures("dingniu", False)
    back = ChatSettings.from_row({"chat_id": 1, **cs.to_row()})
    assert back.pictures("xianniu") and not back.pictures("dingniu")
    assert back.pictures("changpai") and not back.pictures("paoyao")
    # back to the defaults: nothing is kept as changed
    again = back.with_pictures("xianniu", False).with_pictures("dingniu", True)
    assert again.to_row()["pictures"] == "{}"


def test_a_combination_the_engine_refuses_is_refused_with_its_reason():
    cs = ChatSettings()
    with pytest.raises(Exception) as e:
        cs.with_flag(XIANNIU, "stake", [-1, 2])
    assert "stake" in str(e.value)
    assert cs.flags(XIANNIU) == {}


def test_settings_flow_refuses_with_a_reason(monkeypatch):
    from games.base import VariantError

    def refuse(self, overrides=None):
        raise VariantError("tighten needs xian")

    monkeypatch.setattr(type(XIANNIU), "variant", refuse)
    d = SettingsCB(a="set", g="xianniu", f=0, v=0)
    with pytest.raises(Refused) as e:
        settings_flow.change(ChatSettings(), d, settings_flow.Host(60, "UTC", True),
                             translator("en"))
    assert "tighten needs xian" in str(e.value)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game_id", catalog.landed())
def test_rules_fit_telegram_and_name_the_group_rules(game_id, lang):
    _ = translator(lang)
    g = catalog.game(game_id)
    preset = list(g.presets)[-1]
    parts = rules_text.messages(game_id, preset, g.preset(preset), _)
    assert parts and all(0 < len(p) <= 4096 for p in parts)
    assert "{" not in "".join(parts)
    from bot.house_rules import preset_name
    assert preset_name(game_id, preset, _) in "".join(parts)


def test_long_text_is_split_at_line_ends():
    text = "\n".join(["x" * 1000] * 9)
    parts = rules_text.split(text)
    assert [len(p) for p in parts] == [4003, 4003, 1000]
    assert "\n".join(parts) == text


def test_playing_md_is_generated_from_the_rules_text():
    committed = (ROOT / "docs" / "PLAYING.md").read_text(encoding="utf-8")
    assert committed == rules_text.playing_md(), "run: python -m bot.rules_text > docs/PLAYING.md"

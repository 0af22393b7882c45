"""PAIJU_TZ and PAIJU_WEEKLY_POST: the two settings of the scores."""

import pytest

from bot import config

TOKEN = {"BOT_TOKEN": "1:ok_token"}


def test_defaults_and_values(tmp_path):
    s = config.load(TOKEN, tmp_path / "none")
    assert s.tz == "Asia/Shanghai" and s.weekly_post is True
    s = config.load({**TOKEN, "PAIJU_TZ": "Europe/Berlin", "PAIJU_WEEKLY_POST": "0"},
                      tmp_path / "none")
    assert s.tz == "Europe/Berlin" and s.weekly_post is False


@pytest.mark.parametrize("env", [{"PAIJU_TZ": "Mars/Olympus"}, {"PAIJU_TZ": "../etc"},
                                 {"PAIJU_WEEKLY_POST": "sometimes"}])
def test_bad_values_are_one_line_errors(env, tmp_path):
    with pytest.raises(config.ConfigError) as e:
        config.load({**TOKEN, **env}, tmp_path / "none")
    assert "\n" not in str(e.value)

import subprocess
import sys

import pytest

from bot import config


def test_env_wins_over_dotenv_and_defaults(tmp_path):
    f = tmp_path / ".env"
    f.write_text(
        '# comment\nBOT_TOKEN="1:fromdotenv_abc"\nPAIJU_TURN_TIMEOUT=30\nexport PAIJU_LANG=en\n'
    )
    s = config.load({"BOT_TOKEN": "42:fromenv_xyz"}, f)
    assert s.token == "42:fromenv_xyz" and s.turn_timeout == 30 and s.default_lang == "en"
    assert s.db_path == "paiju.sqlite3" and s.api_base == "https://api.telegram.org"
    s = config.load({"PAIJU_API_BASE": "http://127.0.0.1:9/", "PAIJU_DB": "x.db"}, f)
    assert (
        s.token == "1:fromdotenv_abc" and s.api_base == "http://127.0.0.1:9" and s.db_path == "x.db"
    )


def test_blank_or_bare_names_in_dotenv_mean_the_default(tmp_path):
    f = tmp_path / ".env"
    f.write_text('BOT_TOKEN="1:fromdotenv_abc"\nPAIJU_DB\nPAIJU_LANG=\n')
    s = config.load({}, f)
    assert s.db_path == "paiju.sqlite3" and s.default_lang == "zh_Hans"


@pytest.mark.parametrize("env", [{}, {"BOT_TOKEN": "nocolon"}, {"BOT_TOKEN": "abc:defghij"},
                                 {"BOT_TOKEN": "1:ok_token", "PAIJU_TURN_TIMEOUT": "soon"},
                                 {"BOT_TOKEN": "1:ok_token", "PAIJU_LANG": "fr"}])
def test_bad_settings_raise(env, tmp_path):
    with pytest.raises(config.ConfigError):
        config.load(env, tmp_path / "none")


@pytest.mark.parametrize("token", [None, "not-a-token"])
def test_paiju_run_without_valid_token_exits_2_with_one_line(tmp_path, token):
    env = {"PATH": "/usr/bin:/bin"}
    if token:
        env["BOT_TOKEN"] = token
    p = subprocess.run([sys.executable, "-m", "bot.cli", "run"], cwd=tmp_path, env=env,
                       capture_output=True, text=True, timeout=60,
                       )
    assert p.returncode == 2
    lines = p.stderr.strip().splitlines()
    assert len(lines) == 1 and "BOT_TOKEN" in lines[0]

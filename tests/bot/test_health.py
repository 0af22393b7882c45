"""The heartbeat behind Docker's HEALTHCHECK, and the bot riding out a
Telegram that fails at start-up and while polling."""

from __future__ import annotations

import asyncio
import logging
import os
import time

from bot.cli import main
from bot.heartbeat import beat
from tests.e2e.harness import running


def test_healthcheck_follows_the_heartbeat(tmp_path, capsys):
    hb = tmp_path / "hb"
    assert main(["healthcheck", "--file", str(hb)]) == 1  # never beat: unhealthy
    assert "no heartbeat" in capsys.readouterr().err
    beat(hb)
    assert main(["healthcheck", "--file", str(hb)]) == 0
    old = time.time() - 91
    os.utime(hb, (old, old))
    assert main(["healthcheck", "--file", str(hb)]) == 1
    assert main(["healthcheck", "--file", str(hb), "--max-age", "120"]) == 0
    beat(hb)  # beats again: healthy again
    assert main(["healthcheck", "--file", str(hb)]) == 0


def test_healthcheck_finds_the_file_beside_the_database(tmp_path, monkeypatch):
    monkeypatch.delenv("PAIJU_HEARTBEAT", raising=False)
    monkeypatch.setenv("PAIJU_DB", str(tmp_path / "paiju.sqlite3"))
    assert main(["healthcheck"]) == 1
    beat(tmp_path / "paiju.sqlite3.heartbeat")
    assert main(["healthcheck"]) == 0


async def test_start_retries_get_me_and_polling_survives_errors(fake_telegram, tmp_path, caplog):
    tg = fake_telegram
    tg.inject_disconnect(method="getMe", times=2)
    tg.inject_error(method="getUpdates", error_code=502, description="Bad Gateway", times=2)
    hb = tmp_path / "heartbeat"
    caplog.set_level(logging.INFO)
    async with running(tg, tmp_path / "db.sqlite3", heartbeat=str(hb), backoff_max=2.0):
        for _ in range(600):  # the 2 failed polls back off 1 s and 2 s
            if hb.exists():
                break
            await asyncio.sleep(0.05)
        assert hb.exists(), caplog.text
    tries = [r.getMessage() for r in caplog.records if "getMe failed" in r.getMessage()]
    assert len(tries) == 2 and "(try 1)" in tries[0] and "(try 2)" in tries[1]
    assert any("logged in as @paiju_test_bot" in r.getMessage() for r in caplog.records)
    failed_polls = [r for r in caplog.records if "Failed to fetch updates" in r.getMessage()]
    assert len(failed_polls) == 2
    assert not [r for r in caplog.records if r.exc_info]  # no traceback for a network blip


async def test_an_unknown_token_stops_start_up_and_closes_the_session(fake_telegram, tmp_path):
    from bot.app import App
    from bot.connect import TokenRefused
    from tests.e2e.harness import config_for

    fake_telegram.inject_error(method="getMe", error_code=404, description="Not Found")
    app = App(config_for(fake_telegram, tmp_path / "db.sqlite3"))
    try:
        await app.start()
    except TokenRefused as e:
        assert "Not Found" in str(e) and "BOT_TOKEN" in str(e)
    else:
        raise AssertionError("started with a token Telegram does not know")
    finally:
        await app.stop()
    assert app.bot is not None
    session = app.bot.session._session  # aiohttp's, made at the first call
    assert session is None or session.closed
    assert app.storage is None  # nothing opened before Telegram knew the bot

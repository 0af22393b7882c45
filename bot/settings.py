"""Settings of `paiju run`: from the environment, or a `.env` file beside it.

Every setting has an environment variable; the environment wins over `.env`.
Tests build `Settings` directly with short timeouts and delays.
"""

from __future__ import annotations

import os
import pathlib
import re
from collections.abc import Mapping
from dataclasses import dataclass
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from bot.i18n import DEFAULT_LANG, LANGS

# <bot id>:<secret> as BotFather issues them (aiogram checks the same shape).
TOKEN_RE = re.compile(r"^\d{1,20}:[A-Za-z0-9_-]{5,}$")


class SettingsError(ValueError):
    """A setting is missing or malformed; the message is one line for the user."""


@dataclass(frozen=True)
class Settings:
    token: str
    api_base: str = "https://api.telegram.org"
    db_path: str = "paiju.sqlite3"
    turn_timeout: float = 60.0  # seconds a human has for a move before 托管
    default_lang: str = DEFAULT_LANG
    computer_delay: float = 1.0  # a computer's "thinking" pause, so play feels natural
    ai_budget: float = 0.3  # seconds of Monte Carlo search a computer move may use
    notify_idle: float = 15.0  # no "your turn" ping to someone who played this recently
    polling_timeout: int = 10
    tz: str = "Asia/Shanghai"  # weeks start Monday 00:00 here (until chats set their own)
    weekly_post: bool = True  # post last week's leaderboard every Monday 00:05


def read_dotenv(path: pathlib.Path) -> dict[str, str]:
    """KEY=VALUE lines; '#' comments, optional quotes and `export `."""
    values: dict[str, str] = {}
    if not path.is_file():
        return values
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, value = line.removeprefix("export ").partition("=")
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        values[key.strip()] = value
    return values


def _number(env: Mapping[str, str], key: str, default: float) -> float:
    raw = env.get(key)
    if raw in (None, ""):
        return default
    try:
        value = float(raw)
    except ValueError:
        raise SettingsError(f"{key} must be a number of seconds, got {raw!r}") from None
    if value < 0:
        raise SettingsError(f"{key} must not be negative")
    return value


def load(env: Mapping[str, str] | None = None, dotenv: pathlib.Path | None = None) -> Settings:
    """Settings from `env` (default os.environ) over the `.env` file."""
    merged = read_dotenv(dotenv if dotenv is not None else pathlib.Path(".env"))
    merged.update(os.environ if env is None else env)
    token = merged.get("BOT_TOKEN", "").strip()
    if not token:
        raise SettingsError("BOT_TOKEN is not set (put it in the environment or in .env)")
    if not TOKEN_RE.match(token):
        raise SettingsError("BOT_TOKEN is malformed: expected <bot id>:<secret> from @BotFather")
    lang = merged.get("PAIJU_LANG", DEFAULT_LANG) or DEFAULT_LANG
    if lang not in LANGS:
        raise SettingsError(f"PAIJU_LANG must be one of {', '.join(LANGS)}, got {lang!r}")
    tz = merged.get("PAIJU_TZ") or Settings.tz
    try:
        ZoneInfo(tz)
    except (ZoneInfoNotFoundError, ValueError):
        raise SettingsError(f"PAIJU_TZ must be a time zone such as Asia/Shanghai, got {tz!r}") from None
    weekly = (merged.get("PAIJU_WEEKLY_POST") or "1").strip().lower()
    if weekly not in ("0", "1", "true", "false", "yes", "no", "on", "off"):
        raise SettingsError(f"PAIJU_WEEKLY_POST must be 1 or 0, got {weekly!r}")
    return Settings(
        token=token,
        api_base=(merged.get("PAIJU_API_BASE") or Settings.api_base).rstrip("/"),
        db_path=merged.get("PAIJU_DB") or Settings.db_path,
        turn_timeout=_number(merged, "PAIJU_TURN_TIMEOUT", Settings.turn_timeout),
        default_lang=lang,
        computer_delay=_number(merged, "PAIJU_COMPUTER_DELAY", Settings.computer_delay),
        ai_budget=_number(merged, "PAIJU_AI_BUDGET", Settings.ai_budget),
        notify_idle=_number(merged, "PAIJU_NOTIFY_IDLE", Settings.notify_idle),
        tz=tz,
        weekly_post=weekly in ("1", "true", "yes", "on"),
    )

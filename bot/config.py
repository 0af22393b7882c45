"""The process's config (`paiju run`): from the environment, or a `.env`
file beside it. (A chat's /settings are its house rules: chat_settings.py.)

Every option has an environment variable; the environment wins over `.env`.
`Config(...)` built directly (tests, benchmarks) takes exactly what it is
given; `load()` reads the environment and `.env` through pydantic-settings and
checks the token's shape too.
"""

from __future__ import annotations

import pathlib
import re
from collections.abc import Mapping

from pydantic import Field, ValidationError, field_validator
from pydantic_settings import (
    BaseSettings,
    DotEnvSettingsSource,
    EnvSettingsSource,
    PydanticBaseSettingsSource,
    SettingsConfigDict,
)

from bot.i18n import DEFAULT_LANG, LANGS
from games.players import BUDGET

# <bot id>:<secret> as BotFather issues them (aiogram checks the same shape).
TOKEN_RE = re.compile(r"^\d{1,20}:[A-Za-z0-9_-]{5,}$")


class ConfigError(ValueError):
    """An option is missing or malformed; the message is one line for the user."""


class Config(BaseSettings):
    model_config = SettingsConfigDict(frozen=True, extra="ignore", populate_by_name=True)

    token: str = Field(validation_alias="BOT_TOKEN")
    api_base: str = Field("https://api.telegram.org", validation_alias="PAIJU_API_BASE")
    db_path: str = Field("paiju.sqlite3", validation_alias="PAIJU_DB")
    # seconds a human has for a move before 托管
    turn_timeout: float = Field(60.0, ge=0, validation_alias="PAIJU_TURN_TIMEOUT")
    default_lang: str = Field(DEFAULT_LANG, validation_alias="PAIJU_LANG")
    # a computer's "thinking" pause, so play feels natural
    computer_delay: float = Field(1.0, ge=0, validation_alias="PAIJU_COMPUTER_DELAY")
    # CPU seconds of Monte Carlo search a computer move may use; 0: no search,
    # the heuristic player alone (the same move every time: the screens gallery)
    ai_budget: float = Field(BUDGET, ge=0, validation_alias="PAIJU_AI_BUDGET")
    # worker processes that think the computers' moves (None: one per core,
    # below the bot's priority; 0: threads in the bot's process, as before issue 35)
    ai_workers: int | None = Field(None, ge=0, validation_alias="PAIJU_AI_WORKERS")
    # fixed deals (tests, the screens gallery): hand n of a sitting is dealt
    # from this seed + n − 1; unset, every deal is random
    deal_seed: int | None = Field(None, validation_alias="PAIJU_DEAL_SEED")
    # no "your turn" ping to someone who played this recently
    notify_idle: float = Field(15.0, ge=0, validation_alias="PAIJU_NOTIFY_IDLE")
    # seconds one getUpdates long poll waits for news
    polling_timeout: int = Field(10, ge=1, le=50, validation_alias="PAIJU_POLLING_TIMEOUT")
    # time zone of the weekly post (issue 13)
    tz: str = Field("Asia/Shanghai", validation_alias="PAIJU_TZ")
    weekly_post: bool = Field(True, validation_alias="PAIJU_WEEKLY_POST")
    # start-up and polling: how long to wait for Telegram, how long to back off at most
    connect_timeout: float = Field(10.0, gt=0, validation_alias="PAIJU_CONNECT_TIMEOUT")
    backoff_max: float = Field(60.0, ge=1, validation_alias="PAIJU_BACKOFF_MAX")
    # touched after every successful getUpdates; `paiju healthcheck` reads it
    heartbeat: str = Field("", validation_alias="PAIJU_HEARTBEAT")

    @field_validator("api_base")
    @classmethod
    def _no_trailing_slash(cls, v: str) -> str:
        return v.rstrip("/")

    @field_validator("default_lang")
    @classmethod
    def _known_lang(cls, v: str) -> str:
        v = v or DEFAULT_LANG
        if v not in LANGS:
            raise ValueError(f"must be one of {', '.join(LANGS)}")
        return v

    @field_validator("tz")
    @classmethod
    def _known_zone(cls, v: str) -> str:
        from zoneinfo import ZoneInfo

        try:
            ZoneInfo(v)
        except (ValueError, KeyError, OSError):
            raise ValueError("not a known time zone (e.g. Asia/Shanghai, UTC)") from None
        return v

    @property
    def heartbeat_path(self) -> pathlib.Path:
        return heartbeat_path(self.heartbeat, self.db_path)

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        return (init_settings,)  # built directly: exactly the arguments


def heartbeat_path(heartbeat: str, db_path: str) -> pathlib.Path:
    """The heartbeat file: as set, else beside the database."""
    return pathlib.Path(heartbeat or f"{db_path}.heartbeat")


class _Loaded(Config):
    """Config read from a mapping (the environment) over a `.env` file:
    by variable name only (a stray TZ or DB_PATH must not count)."""

    model_config = SettingsConfigDict(populate_by_name=False, validate_by_name=False)

    @field_validator("token")
    @classmethod
    def _token_shape(cls, v: str) -> str:
        v = v.strip()
        if not TOKEN_RE.match(v):
            raise ValueError("malformed: expected <bot id>:<secret> from @BotFather")
        return v


class _MappingSource(EnvSettingsSource):
    """The environment source, reading a given mapping instead of os.environ."""

    def __init__(self, settings_cls: type[BaseSettings], env: Mapping[str, str]) -> None:
        self._mapping = {k.lower(): v for k, v in env.items()}
        super().__init__(settings_cls, case_sensitive=False)

    def _load_env_vars(self) -> Mapping[str, str | None]:
        return self._mapping


def _blank_is_unset(values: Mapping[str, str | None]) -> dict[str, str]:
    # `PAIJU_DB=` in .env or the environment means "the default", as before;
    # so does a bare `PAIJU_DB` line in .env (python-dotenv reads it as None).
    return {k: v for k, v in values.items() if v is not None and v.strip() != ""}


def load(env: Mapping[str, str] | None = None, dotenv: pathlib.Path | None = None) -> Config:
    """Config from `env` (default os.environ) over the `.env` file `dotenv`
    (default ./.env, silently absent; an explicit file must exist)."""
    import os

    if dotenv is None:
        dotenv = pathlib.Path(".env")
    given = _blank_is_unset(os.environ if env is None else env)

    class Source(_Loaded):
        @classmethod
        def settings_customise_sources(
            cls,
            settings_cls: type[BaseSettings],
            init_settings: PydanticBaseSettingsSource,
            env_settings: PydanticBaseSettingsSource,
            dotenv_settings: PydanticBaseSettingsSource,
            file_secret_settings: PydanticBaseSettingsSource,
        ) -> tuple[PydanticBaseSettingsSource, ...]:
            file = DotEnvSettingsSource(settings_cls, env_file=dotenv, case_sensitive=False)
            file.env_vars = _blank_is_unset(file.env_vars)
            return (_MappingSource(settings_cls, given), file)

    try:
        loaded = Source()
    except ValidationError as e:
        raise ConfigError(_one_line(e)) from None
    return Config(**loaded.model_dump())


# The variable a field is read from, for messages.
def _variable(field: str) -> str:
    return str(Config.model_fields[field].validation_alias or field)


def _one_line(e: ValidationError) -> str:
    err = e.errors()[0]
    loc = str(err["loc"][0]) if err["loc"] else ""
    name = _variable(loc) if loc in Config.model_fields else loc
    if err["type"] == "missing":
        if name == "BOT_TOKEN":
            return "BOT_TOKEN is not set (put it in the environment or in .env)"
        return f"{name} is not set"
    msg = str(err["msg"]).removeprefix("Value error, ")
    value = err.get("input")
    shown = "" if name == "BOT_TOKEN" else f", got {value!r}"  # never echo a token
    return f"{name}: {msg}{shown}"

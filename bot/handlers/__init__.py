"""Updates in: one router per feature, in the style of aiogram's multi-file
example (examples/multi_file_bot), the outer middlewares, and the table of
commands (`commands.py`: the menus, /help, each router's commands).
`bot/app.py` includes the routers in `routers()`'s order. A Router can join
only one Dispatcher, so each module builds a fresh one per App (`router()`).
Every handler is one call into the service, answered with what it returns
(`common.say` for a command, `common.answer` for a press, exactly once)."""

from __future__ import annotations

from aiogram import Router

from bot.handlers import fallback, lobby, members, play, rules, scores, settings


def routers() -> list[Router]:
    """Every feature's router; the catch-alls (`fallback`) come last."""
    return [scores.router(), members.router(), lobby.router(), play.router(),
            settings.router(), rules.router(), fallback.router()]

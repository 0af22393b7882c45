"""The bot's commands, in one table: it makes the command menus Telegram
shows (setMyCommands, per scope — private chats, groups — and per language:
"zh" for Chinese apps (简体, since Telegram's menu languages are two-letter
codes) and the default in English), the /help text of each kind of chat, and
the filters the routers register their handlers with (`command`), so a
command cannot be handled without being in the menus and /help, nor listed
without a handler (tests/bot/test_commands.py)."""

from __future__ import annotations

import logging
from dataclasses import dataclass

from aiogram import Bot
from aiogram.filters import Command as CommandFilter
from aiogram.types import BotCommand, BotCommandScopeAllGroupChats, BotCommandScopeAllPrivateChats

from bot.i18n import N_, Translator, translator

log = logging.getLogger("bot.commands")


@dataclass(frozen=True)
class Command:
    name: str
    private: str | None  # what the private chats' menu says of it (None: not there)
    group: str | None  # what the groups' menu says of it (None: not there)
    usage: str | None = None  # /help's form of a command that takes a word ("/replay N")
    more: str | None = None  # /help's fuller description, where the menu's is too short


# In menu order: each menu lists the commands of its kind of chat, in this order.
COMMANDS = [
    Command("new", N_("practise against the computer"), N_("start a game")),
    Command("hand", N_("send my cards again"), N_("send my cards again")),
    Command("stop", N_("end the game"), N_("end the game")),
    Command("rules", N_("how a game is played"), N_("how a game is played")),
    Command("score", None, N_("this sitting, the tally and settling up")),
    Command("top", None, N_("this week's leaderboard"),
            more=N_("this week's leaderboard (/top all: all time)")),
    Command("history", None, N_("the last hands")),
    Command("replay", None, N_("replay a hand"), usage=N_("/replay N"),
            more=N_("replay the hand numbered N in /history")),
    Command("stats", N_("my results across chats"), None),
    Command("settings", None, N_("house rules of this group")),
    Command("lang", N_("language"), N_("language")),
    Command("help", N_("help"), N_("help")),
]
BY_NAME = {c.name: c for c in COMMANDS}
MENU_LANGS = {None: "en", "zh": "zh_Hans"}  # Telegram language_code → our catalog


def command(*names: str) -> CommandFilter:
    """The router's filter for commands of the table (a name not in it is a
    mistake caught at start-up)."""
    for name in names:
        if name not in BY_NAME:
            raise KeyError(f"/{name} is not in bot.handlers.commands.COMMANDS")
    return CommandFilter(*names)


def menu(private: bool) -> list[tuple[str, str]]:
    """(command, description msgid) of one kind of chat's menu."""
    out = []
    for c in COMMANDS:
        about = c.private if private else c.group
        if about is not None:
            out.append((c.name, about))
    return out


def help_text(_: Translator, private: bool) -> str:
    """/help: the commands of the menu of this kind of chat, one a line (in
    private, how to play with friends first)."""
    lines = [_("To play with friends, add me to a group and send /new there.")] if private else []
    for name, about in menu(private):
        if name != "help":
            c = BY_NAME[name]
            lines.append(f"{_(c.usage) if c.usage else '/' + name} — {_(c.more or about)}")
    return "\n".join(lines)


# Each menu as (command, description msgid), made from the table.
PRIVATE, GROUP = menu(True), menu(False)

Scope = BotCommandScopeAllPrivateChats | BotCommandScopeAllGroupChats


def menus() -> list[tuple[Scope, str | None, list[BotCommand]]]:
    out: list[tuple[Scope, str | None, list[BotCommand]]] = []
    for scope, private in ((BotCommandScopeAllPrivateChats(), True),
                           (BotCommandScopeAllGroupChats(), False)):
        for code, lang in MENU_LANGS.items():
            _ = translator(lang)
            out.append((scope, code, [BotCommand(command=c, description=_(d))
                                      for c, d in menu(private)]))
    return out


async def set_menus(bot: Bot) -> None:
    for scope, code, commands in menus():
        try:
            await bot.set_my_commands(commands, scope=scope, language_code=code)
        except Exception as e:  # the menu is a nicety; never block start-up
            log.warning("setMyCommands (%s, %s) failed: %s", scope.type, code, e)

"""The command menu Telegram shows (setMyCommands): per scope (private chats,
groups) and per language — "zh" for Chinese apps (简体, since Telegram's menu
languages are two-letter codes) and the default in English."""

from __future__ import annotations

import logging

from aiogram import Bot
from aiogram.types import BotCommand, BotCommandScopeAllGroupChats, BotCommandScopeAllPrivateChats

from bot.i18n import N_, Translator, translator

log = logging.getLogger(__name__)

PLAYING = [
    ("hand", N_("send my cards again")),
    ("stop", N_("end the game")),
    ("rules", N_("how a game is played")),
]
PRIVATE = [("new", N_("practise against the computer")), *PLAYING,
           ("stats", N_("my results across chats")), ("lang", N_("language")), ("help", N_("help"))]
SCORES = [
    ("score", N_("this sitting, the tally and settling up")),
    ("top", N_("this week's leaderboard")),
    ("history", N_("the last hands")),
    ("replay", N_("replay a hand")),
]
GROUP = [
    ("new", N_("start a game")),
    *PLAYING,
    *SCORES,
    ("settings", N_("house rules of this group")),
    ("lang", N_("language")),
    ("help", N_("help")),
]
MENU_LANGS = {None: "en", "zh": "zh_Hans"}  # Telegram language_code → our catalog
# /help says a little more than the menu where a command takes a word
HELP = {
    "top": ("/top", N_("this week's leaderboard (/top all: all time)")),
    "replay": (N_("/replay N"), N_("replay the hand numbered N in /history")),
}


def help_text(_: Translator, private: bool) -> str:
    """/help: the commands of the menu of this kind of chat, one a line (in
    private, how to play with friends first)."""
    lines = [_("To play with friends, add me to a group and send /new there.")] if private else []
    for command, about in PRIVATE if private else GROUP:
        if command != "help":
            usage, about = HELP.get(command, (f"/{command}", about))
            lines.append(f"{_(usage)} — {_(about)}")
    return "\n".join(lines)


Scope = BotCommandScopeAllPrivateChats | BotCommandScopeAllGroupChats


def menus() -> list[tuple[Scope, str | None, list[BotCommand]]]:
    out: list[tuple[Scope, str | None, list[BotCommand]]] = []
    for scope, commands in ((BotCommandScopeAllPrivateChats(), PRIVATE),
                            (BotCommandScopeAllGroupChats(), GROUP)):
        for code, lang in MENU_LANGS.items():
            _ = translator(lang)
            out.append((scope, code, [BotCommand(command=c, description=_(d))
                                      for c, d in commands]))
    return out


async def set_menus(bot: Bot) -> None:
    for scope, code, commands in menus():
        try:
            await bot.set_my_commands(commands, scope=scope, language_code=code)
        except Exception as e:  # the menu is a nicety; never block start-up
            log.warning("setMyCommands (%s, %s) failed: %s", scope.type, code, e)

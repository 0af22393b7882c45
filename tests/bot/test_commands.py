"""One table of commands (bot/handlers/commands.py): every command a router handles is
in it, every command in it is handled, and it makes the menus and /help."""

from aiogram.filters import Command, CommandStart

from bot import handlers
from bot.handlers import commands
from bot.i18n import LANGS, translator


def handled() -> set[str]:
    """Every command some router registers a handler for."""
    found = set()
    for router in handlers.routers():
        for handler in router.message.handlers:
            for f in handler.filters or []:
                if isinstance(f.callback, CommandStart):
                    found.add("start")
                elif isinstance(f.callback, Command):
                    found.update(str(c) for c in f.callback.commands)
    return found


def test_every_command_is_in_the_table_and_every_one_in_it_is_handled():
    assert handled() == {c.name for c in commands.COMMANDS} | {"start"}


def test_a_command_outside_the_table_cannot_be_registered():
    try:
        commands.command("dance")
    except KeyError as e:
        assert "/dance" in str(e)
    else:
        raise AssertionError("/dance was accepted")


def test_the_menus_as_telegram_gets_them():
    """setMyCommands: the same commands, in this order, in each language."""
    private = ["new", "hand", "stop", "rules", "stats", "lang", "help"]
    group = ["new", "hand", "stop", "rules", "score", "top", "history", "replay", "settings",
             "lang", "help"]
    sent = [(scope.type, code, [c.command for c in cmds]) for scope, code, cmds in commands.menus()]
    assert sent == [("all_private_chats", None, private), ("all_private_chats", "zh", private),
                    ("all_group_chats", None, group), ("all_group_chats", "zh", group)]
    en = {(scope.type, c.command): c.description for scope, code, cmds in commands.menus()
          for c in cmds if code is None}
    assert en[("all_private_chats", "new")] == "practise against the computer"
    assert en[("all_group_chats", "new")] == "start a game"


def test_help_lists_the_menu_of_its_kind_of_chat():
    for lang in LANGS:
        _ = translator(lang)
        for private in (True, False):
            lines = commands.help_text(_, private).splitlines()
            if private:
                assert lines.pop(0) == _("To play with friends, add me to a group and send "
                                         "/new there.")
            names = [n for n, _about in commands.menu(private) if n != "help"]
            assert len(lines) == len(names)
            for line, name in zip(lines, names):
                c = commands.BY_NAME[name]
                usage = _(c.usage) if c.usage else f"/{name}"
                assert line == f"{usage} — {_(c.more or (c.private if private else c.group))}"
    en = commands.help_text(translator("en"), private=False)
    assert "/replay N — replay the hand numbered N in /history" in en
    assert "/top — this week's leaderboard (/top all: all time)" in en

"""The page's own words (its buttons, labels and hints), translated on the
server and handed to the page's script by key: the bot's messages in the
chats are the bot's, in the chat's language; these frame them."""

from __future__ import annotations

from bot.i18n import N_, translator

WORDS = {
    "title": N_("Paiju sandbox"),
    "tagline": N_("The real bot and a make-believe Telegram: no token, nothing leaves "
                  "this computer."),
    "running": N_("bot running"),
    "starting": N_("bot starting…"),
    "restarting": N_("bot restarting…"),
    "stopped": N_("bot stopped"),
    "restart": N_("Restart the bot"),
    "restart_hint": N_("A real stop and start: the game goes on, as after a crash."),
    "add_person": N_("Add a person"),
    "add_computer": N_("Add a computer"),
    "add_computer_hint": N_("Taps the lobby's button as the person writing in the group."),
    "fail": N_("Fail the next"),
    "calls": N_("calls with"),
    "fail_go": N_("Fail them"),
    "failing": N_("calls still to fail: {n}"),
    "meter": N_("Rate limits"),
    "per_second": N_("calls this second"),
    "group_minute": N_("group, this minute"),
    "refused": N_("refused (429)"),
    "failed": N_("failed"),
    "group_members": N_("{n} members"),
    "group_strip": N_("The group: everyone in it sees this"),
    "private_strip": N_("{name}'s private chat with the bot: only {name} sees this"),
    "bot_subtitle": N_("bot"),
    "as": N_("Writing as"),
    "message": N_("Message"),
    "send": N_("Send"),
    "menu": N_("Menu"),
    "start": N_("START"),
    "start_hint": N_("{name} has not opened the bot yet."),
    "edited": N_("edited"),
    "ok": N_("OK"),
    "hint_first": N_("Type /new in the group (or pick it from the Menu) to open a table, then "
                     "tap the buttons. Each person's cards arrive in their own chat."),
    "hint_lobby": N_("A table is open: tap “Add a computer” for each empty seat, then the "
                     "lobby's start button. Each person's cards arrive in their own chat."),
    "offline": N_("The page lost the sandbox; trying again…"),
    "file": N_("file"),
}


def words(lang: str) -> dict[str, str]:
    _ = translator(lang)
    return {key: _(msgid) for key, msgid in WORDS.items()}

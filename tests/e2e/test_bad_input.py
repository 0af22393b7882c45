"""Input hardening: odd text after commands, unknown commands, commands for
another bot, names and titles full of markup metacharacters, RTL marks and
emoji, a channel. Each gets a clear answer or is ignored; nothing breaks.

The bot sends plain text (no parse_mode), so names must come back literally;
the fake server would refuse a message whose entities do not parse."""

from __future__ import annotations

import logging

import pytest

from bot.sandbox.fake import FakeTelegram
from tests import figures
from tests.e2e.harness import GROUP, bot_messages, find_text, running, start_game

# Everything HTML, Markdown and MarkdownV2 treat specially, an RTL override,
# a right-to-left mark, a zero-width joiner and astral emoji.
ODD_NAME = "<b>王&amp;</b>*_[x](t.me/y)`~|#+-=.!\u202e\u200f🀄\u200d😀"
ODD_TITLE = "</i>老乡<a href='x'>群</a> **_~~||\u202b🂡"


@pytest.fixture
async def tg():
    # privacy off: the bot receives everything, /new@otherbot included
    async with FakeTelegram(privacy_mode=False) as tg:
        tg.add_user(1, ODD_NAME, started=True, language_code="en")
        tg.add_user(2, "小李\u202e", started=True, language_code="en")
        tg.add_group(GROUP, ODD_TITLE, members=[1, 2], admins=[1])
        yield tg


# what Telegram sends for an administrator (aiogram requires every field)
ADMIN_RIGHTS = {right: False for right in (
    "can_be_edited", "is_anonymous", "can_manage_chat", "can_delete_messages",
    "can_manage_video_chats", "can_restrict_members", "can_promote_members", "can_change_info",
    "can_invite_users", "can_post_stories", "can_edit_stories", "can_delete_stories",
    "can_send_welcome_messages")}
ADMIN_RIGHTS["can_post_messages"] = True


def no_errors(caplog) -> None:
    bad = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert not bad, [r.getMessage() for r in bad]


async def said_after(tg, chat_id, count: int, timeout=5.0):
    """The bot's messages in the chat after the first `count` ones (waits for one)."""
    await tg.wait_for(lambda: len(bot_messages(tg, chat_id)) > count, timeout)
    return bot_messages(tg, chat_id)[count:]


async def stays_silent(tg, chat_id, count: int) -> bool:
    """True if the bot stayed silent in the chat for a moment."""
    try:
        await said_after(tg, chat_id, count, timeout=1.0)
    except TimeoutError:
        return True
    return False


@pytest.mark.parametrize(
    "text, answer",
    [
        ("/new " + "x" * 4000, "Unknown game"),
        ("/new 🀄\u202e<b>&", "Unknown game"),
        ("/new xianniu " + "\u202e*" * 500, "Unknown rules"),
        ("/new\u00a0\u200b", None),  # aiogram reads "/new" plus junk: the game chooser
        ("/frobnicate now", "Unknown command"),
        ("/hand " + "🀄" * 2000, None),
    ],
)
async def test_odd_text_after_commands_in_private(tg, tmp_path, caplog, text, answer):
    async with running(tg, tmp_path / "db.sqlite3", default_lang="en"):
        await tg.send_message(1, 1, text)
        figures.add("bad inputs tried")
        said = await said_after(tg, 1, 0)
        assert len(said) == 1, [m.text for m in said]
        if answer:
            assert answer in said[0].text
        assert len(said[0].text) < 600
    no_errors(caplog)


@pytest.mark.parametrize("chat", [1, GROUP])
async def test_commands_for_another_bot_are_ignored(tg, tmp_path, caplog, chat):
    async with running(tg, tmp_path / "db.sqlite3", default_lang="en"):
        for text in ("/new@otherbot", "/new@otherbot xianniu", "/stop@other_bot",
                     "/frobnicate@otherbot", "/hand@paiju_test_bot_not"):
            await tg.send_message(1, chat, text)
            figures.add("bad inputs tried")
        assert await stays_silent(tg, chat, 0)
        # while addressed to this bot, the same command works
        await tg.send_message(1, chat, "/new@paiju_test_bot")
        said = await said_after(tg, chat, 0)
        assert tg.buttons(chat, said[0].message_id)
    no_errors(caplog)


async def test_unknown_command_in_a_group_is_left_to_other_bots(tg, tmp_path, caplog):
    async with running(tg, tmp_path / "db.sqlite3", default_lang="en"):
        await tg.send_message(1, GROUP, "/frobnicate")
        await tg.send_message(1, GROUP, "plain chat 🀄 <b>")
        figures.add("bad inputs tried", 2)
        assert await stays_silent(tg, GROUP, 0)
        await tg.send_message(1, GROUP, "/frobnicate@paiju_test_bot")
        said = await said_after(tg, GROUP, 0)
        assert "Unknown command" in said[0].text
    no_errors(caplog)


async def test_odd_names_and_titles_are_shown_literally(tg, tmp_path, caplog, toy):
    async with running(tg, tmp_path / "db.sqlite3", default_lang="en"):
        for uid in (1, 2):
            await tg.send_message(uid, uid, "/start")
        await start_game(tg, "toy", [1, 2], computers=1)
        # the table names the players as they are, markup characters and all
        await tg.wait_for(lambda: find_text(tg, GROUP, ODD_NAME), 10)
        assert find_text(tg, GROUP, "小李\u202e")
        # each player's hand message names the group as it is
        await tg.wait_for(lambda: [m for m in bot_messages(tg, 1) if ODD_TITLE in m.text], 10)
        sent = tg.calls("sendMessage") + tg.calls("editMessageText")
        assert sent and all(c.ok for c in sent), [c.description for c in sent if not c.ok]
        assert not any(c.params.get("parse_mode") for c in sent)
        figures.add("bad inputs tried", 2)
    no_errors(caplog)


async def test_a_channel_is_ignored(tg, tmp_path, caplog):
    channel = {"id": -100777, "type": "channel", "title": "<b>频道</b>"}
    bot = {"id": tg.bot_id, "is_bot": True, "first_name": "paiju",
           "username": "paiju_test_bot"}
    async with running(tg, tmp_path / "db.sqlite3", default_lang="en"):
        tg.queue.put("my_chat_member", {
            "chat": channel, "from": tg.world.user_dict(1), "date": 0,
            "old_chat_member": {"status": "left", "user": bot},
            "new_chat_member": {"status": "administrator", "user": bot, **ADMIN_RIGHTS},
        })
        for i, text in enumerate(("/new", "/new xianniu", "/stop")):
            tg.queue.put("channel_post", {
                "message_id": 10 + i, "date": 0, "chat": channel, "sender_chat": channel,
                "text": text, "entities": [{"type": "bot_command", "offset": 0,
                                            "length": len(text.split()[0])}],
            })
            figures.add("bad inputs tried")
        # a normal command afterwards is still served: the channel broke nothing
        await tg.send_message(1, 1, "/help")
        await said_after(tg, 1, 0)
        assert not [c for c in tg.calls() if c.chat_id == channel["id"]]
    no_errors(caplog)

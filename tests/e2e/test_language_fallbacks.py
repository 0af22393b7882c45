"""Which language the bot answers in where nobody chose one (issue 30):
a group before its first game answers each sender in their own language until
an admin chooses; a user whose Telegram sends no language reads the chat's
language, else the host's PAIJU_LANG, never a third one (not English)."""

from bot.handlers.commands import help_text
from bot.i18n import translator
from tests.e2e.harness import GROUP, bot_messages, join, lobby_button, running


async def said(tg, uid, chat_id, text):
    """Send `text`; the bot's next message in that chat."""
    before = len(bot_messages(tg, chat_id))
    await tg.send_message(uid, chat_id, text)
    await tg.wait_for(lambda: len(bot_messages(tg, chat_id)) > before, 10)
    return bot_messages(tg, chat_id)[before].text


def group_help(lang):
    return help_text(translator(lang), private=False)


async def test_a_new_group_answers_each_sender_in_their_language_until_an_admin_chooses(
        fake_telegram, tmp_path):
    tg = fake_telegram
    tg.add_user(1, "老王", language_code="zh-hans", started=True)
    tg.add_user(5, "Tom", language_code="en", started=True)
    tg.add_user(7, "阿明", language_code="zh-HK", started=True)
    tg.add_group(GROUP, "老乡群", members=[1, 5, 7], admins=[1])
    async with running(tg, tmp_path / "db.sqlite3"):
        assert await said(tg, 5, GROUP, "/help") == group_help("en")
        assert await said(tg, 1, GROUP, "/help") == group_help("zh_Hans")
        assert await said(tg, 7, GROUP, "/help") == group_help("zh_Hant")
        assert "practise" not in group_help("en")  # a group is not where one practises
        # an admin chooses: from then on everyone reads the group's language
        await said(tg, 1, GROUP, "/lang")
        m = [m for m in bot_messages(tg, GROUP) if tg.buttons(GROUP, m.message_id)][-1]
        answer = await tg.press(1, GROUP, m.message_id, "lang:zh_Hant")
        assert answer["text"].startswith("語言: 繁體中文")  # at once, in the new language
        assert await said(tg, 5, GROUP, "/help") == group_help("zh_Hant")
        assert await said(tg, 1, GROUP, "/help") == group_help("zh_Hant")
        # each one's private chat stays theirs
        assert await said(tg, 5, 5, "/help") == help_text(translator("en"), private=True)


async def test_no_telegram_language_reads_the_chat_else_the_host_never_english(
        fake_telegram, tmp_path):
    tg = fake_telegram
    tg.add_user(1, "老王", language_code="zh-hans", started=True)
    tg.add_user(8, "阿无", language_code=None, started=True)
    tg.add_group(GROUP, "老乡群", members=[1, 8], admins=[1])
    async with running(tg, tmp_path / "db.sqlite3", default_lang="zh_Hant") as app:
        # nothing chosen anywhere: the host's language, in private and in a new group
        assert await said(tg, 8, 8, "/help") == help_text(translator("zh_Hant"), private=True)
        assert await said(tg, 8, GROUP, "/help") == group_help("zh_Hant")
        # 老王 opens the group's first game: the group reads 简体 from now on
        await tg.send_message(1, 1, "/start")
        await tg.send_message(1, GROUP, "/new xianniu")
        await tg.wait_for(lambda: GROUP in app.service.by_chat, 10)
        answer = await join(tg, 8)
        assert answer["text"] == translator("zh_Hans")("You are seated.")  # the group's
        await lobby_button(tg, 1, "join")
        await lobby_button(tg, 1, "cpu")
        await lobby_button(tg, 1, "start")
        s = app.service.sittings[app.service.by_chat[GROUP]]
        await tg.wait_for(lambda: s.msgs.get("hand:8"), 10)
        await app.outbox.drain()
        hand = tg.message(8, s.msgs["hand:8"]).text
        assert "张" in hand and "張" not in hand and "table" not in hand  # 简体, as the group
        # in private, with no game's chat to go by: the host's again
        assert await said(tg, 8, 8, "/help") == help_text(translator("zh_Hant"), private=True)

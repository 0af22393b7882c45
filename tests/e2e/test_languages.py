"""Languages end to end: a group reads its first game's creator's language;
a player whose Telegram is in English gets toasts and private messages in
English in that Chinese group; an unknown language_code gets English."""

from tests.e2e.harness import GROUP, bot_messages, find_text, join, running


async def test_group_private_and_toast_languages(fake_telegram, tmp_path):
    tg = fake_telegram
    tg.add_user(1, "老王", started=True)  # zh-hans
    tg.add_user(5, "Tom", language_code="en", started=True)
    tg.add_user(6, "Ivan", language_code="ru-RU", started=True)
    tg.add_group(GROUP, "老乡群", members=[1, 5, 6], admins=[1])
    async with running(tg, tmp_path / "db.sqlite3"):
        for uid in (1, 5, 6):
            await tg.send_message(uid, uid, "/start")
        await tg.send_message(1, GROUP, "/new xianniu")
        lobby = await tg.wait_for(lambda: find_text(tg, GROUP, "新牌局"), 10)
        assert lobby  # the group took its first creator's language
        answer = await join(tg, 5)
        assert answer.get("text") == "You are seated."
        answer = await join(tg, 5)
        assert answer.get("text") == "You are already seated."
        await tg.send_message(6, 6, "/help")
        await tg.wait_for(lambda: [m for m in bot_messages(tg, 6) if "/new" in m.text
                                   and "practise against the computer" in m.text], 10)
        await tg.send_message(1, 1, "/help")
        await tg.wait_for(lambda: [m for m in bot_messages(tg, 1) if "/new" in m.text
                                   and "和电脑练习" in m.text], 10)

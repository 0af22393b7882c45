"""/rules names the rules being played: while a sitting is open in the chat,
its preset and flags (and says they are this game's); otherwise the chat's."""

from tests.e2e.harness import GROUP, buttons_with, find_text, running, start_game
from tests.e2e.test_rules import started


async def rules_reply(tg, uid, chat_id, command="/rules"):
    before = len(find_text(tg, chat_id, "📖"))
    await tg.send_message(uid, chat_id, command)
    said = await tg.wait_for(lambda: find_text(tg, chat_id, "📖")[before:], 10)
    return said[0].text


async def test_rules_show_the_running_sittings_preset_then_the_chats(people, tmp_path):
    tg = people
    async with running(tg, tmp_path / "db", computer_delay=5.0) as app:
        await started(tg, 1)
        # the chat keeps the default (标准); this sitting is opened as 游戏厅
        await start_game(tg, "xianniu", [1], computers=2, preset="gamehall")
        await tg.wait_for(lambda: find_text(tg, GROUP, "🂠"), 10)
        s = app.service.sittings[app.service.by_chat[GROUP]]
        assert s.preset == "gamehall"
        for command in ("/rules", "/rules xianniu"):
            text = await rules_reply(tg, 1, GROUP, command)
            assert "本场规则: 游戏厅" in text, text
            assert "本群规则" not in text
        # the group's default for another game is still the group's
        assert "本群规则: 标准" in await rules_reply(tg, 1, GROUP, "/rules dingniu")
        # the sitting ends: the chat's rules again
        await tg.send_message(1, GROUP, "/stop")
        m, b = await tg.wait_for(lambda: [p for p in buttons_with(tg, GROUP, "s:")
                                          if p[1].callback_data.endswith(":yes")][0], 10)
        await tg.press(1, GROUP, m.message_id, b.callback_data)
        await tg.wait_for(lambda: GROUP not in app.service.by_chat, 10)
        text = await rules_reply(tg, 1, GROUP, "/rules xianniu")
        assert "本群规则: 标准" in text and "本场规则" not in text, text

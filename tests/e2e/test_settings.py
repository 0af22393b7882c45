"""/settings end to end: an admin changes a flag; the next /new lobby shows it
and the engine's variant has it; a non-admin's press gets a toast and changes
nothing; a running sitting keeps its rules."""

from bot.presenters import catalog
from bot.words import house_rules
from tests.e2e.harness import GROUP, buttons_with, find_text, lobby_button, running, start_game

FLAG = "tighten"  # 紧牌, on by default in 掀牛


async def _press(tg, uid, prefix):
    m, b = await tg.wait_for(lambda: (buttons_with(tg, GROUP, prefix) or [None])[-1], 10)
    return await tg.press(uid, GROUP, m.message_id, b.callback_data)


async def test_an_admin_changes_a_flag_for_the_next_sitting(people, tmp_path):
    tg = people
    game = catalog.game("xianniu")
    index = house_rules.flags_of("xianniu", game).index(FLAG)
    off = house_rules.choices("xianniu", FLAG, game).index(False)
    async with running(tg, tmp_path / "db.sqlite3") as app:
        for uid in (1, 2, 3):
            await tg.send_message(uid, uid, "/start")
        # the command menu: per scope, in English by default and in Chinese for "zh"
        menus = tg.world.commands
        for scope in ("all_private_chats", "all_group_chats"):
            en, zh = menus[f"{scope}::"], menus[f"{scope}::zh"]
            assert [c["command"] for c in en] == [c["command"] for c in zh]
            assert en[0]["description"].isascii() and not zh[0]["description"].isascii()
        assert "settings" in [c["command"] for c in menus["all_group_chats::"]]
        # 小李 (not an admin) opens and starts a game: it is running
        await start_game(tg, "xianniu", [2], computers=2)
        await tg.wait_for(lambda: find_text(tg, GROUP, "🂠"), 10)
        running_sitting = app.service.sittings[app.service.by_chat[GROUP]]
        assert running_sitting.variant[FLAG] is True

        await tg.send_message(1, GROUP, "/settings")
        await _press(tg, 1, "cf:game:xianniu:")
        await _press(tg, 1, f"cf:flag:xianniu:{index}:")
        set_data = f"cf:set:xianniu:{index}:{off}"
        m, b = await tg.wait_for(lambda: (buttons_with(tg, GROUP, set_data) or [None])[-1], 10)

        # 阿强 is neither an admin nor the sitting's creator: a toast, nothing stored
        answer = await tg.press(3, GROUP, m.message_id, set_data)
        assert "admin" in answer.get("text", "") or "管理员" in answer.get("text", "")
        assert (await app.service.people.chat_rules(GROUP)).flags(game) == {}

        answer = await tg.press(1, GROUP, m.message_id, set_data)
        assert answer.get("text")  # saved
        assert (await app.service.people.chat_rules(GROUP)).flags(game) == {FLAG: False}
        assert running_sitting.variant[FLAG] is True  # the running sitting keeps its rules
        assert running_sitting.state.variant[FLAG] is True

        # the game ends; the next /new has the admin's rule
        await tg.send_message(2, GROUP, "/stop")
        m, b = await tg.wait_for(lambda: [p for p in buttons_with(tg, GROUP, "s:")
                                          if p[1].callback_data.endswith(":yes")][0], 10)
        await tg.press(2, GROUP, m.message_id, b.callback_data)
        await tg.wait_for(lambda: GROUP not in app.service.by_chat, 10)
        await tg.send_message(2, GROUP, "/new xianniu")
        await tg.wait_for(lambda: GROUP in app.service.by_chat, 10)
        new = app.service.sittings[app.service.by_chat[GROUP]]
        assert new.variant[FLAG] is False
        assert game.new_state(new.variant, seed=1).variant[FLAG] is False
        lobby = await tg.wait_for(lambda: [m for m in find_text(tg, GROUP, "紧牌: 关")
                                           if buttons_with(tg, GROUP, "l:")], 10)
        assert lobby
        await lobby_button(tg, 2, "cancel")

"""Pictures end to end, against the fake Bot API: a 顶牛 and a 川牌 sitting
with pictures on (the default for both) play to 🏁; each private hand is a
photo whose caption and buttons are the text version; no group picture ever
shows a tile or card that is not public; turning pictures off in /settings
counts from the next hand; a photo the server refuses goes out as text and
the hand goes on."""

import asyncio
import io
import re
from collections import Counter

import pytest
from PIL import Image

from bot.pictures.draw import described
from bot.pictures.scenes import scenes
from bot.words import render
from tests.e2e.harness import (
    GROUP,
    buttons_with,
    default_choice,
    find_text,
    move_buttons,
    play_hand,
    running,
    start_game,
)
from tests.fakes import FakeTelegramError

DRAWN = ("sendPhoto", "editMessageMedia")
TIMER = re.compile(r"⏱ [0-9:]+( s)?")


def public_codes(game_id: str, public: dict) -> Counter:
    """Every face-up card of a table: what the group may see."""
    if game_id == "dingniu":
        return Counter(public["layout"])
    seen = Counter(public["dead"])
    for p in public["players"]:
        for m in p["melds"]:
            seen.update(m["cards"])
    if public.get("offer"):
        seen[public["offer"]["card"]] += 1
    win = (public.get("outcome") or {}).get("win")
    if win and not win["self_draw"]:  # the card on offer went into the winner's hand:
        seen[win["card"]] += 1  # it was public, and 🏁 shows it
    return seen


def drawn_codes(description: dict) -> Counter:
    out: Counter = Counter()
    for block in description["blocks"]:
        if block["t"] == "Chain":
            out.update(block["tiles"])
        for item in block.get("items", []):
            for piece in item.get("pieces", []):
                if piece.get("code"):
                    out[piece["code"]] += 1
    return out


class GroupPictures:
    """Reads every picture the group gets, at the moment the server takes it:
    a table picture may draw only cards that are public by then (cards go
    from hidden to public, never back, so what was public when it was drawn
    still is; the one card that leaves the table, a 川牌 card on offer that
    wins, is named in the outcome). The 🏁 picture shows every hand: that is
    its job."""

    def __init__(self, app, game_id: str) -> None:
        self.app, self.game_id = app, game_id
        self.tables = 0
        self.ends = 0
        self.leaks: list[str] = []

    def __call__(self, call) -> None:
        if call.method not in DRAWN or call.chat_id != GROUP:
            return
        p = call.params
        ref = p["photo"] if call.method == "sendPhoto" else p["media"]["media"]
        data = p.get(ref.removeprefix("attach://")) if ref.startswith("attach://") else None
        if not isinstance(data, bytes):
            return  # sent again by its file_id: read when it was uploaded
        d = described(data)
        if d["kind"] == "end":
            self.ends += 1
            return
        assert d["kind"] == "table", d["kind"]
        self.tables += 1
        s = self.app.service.sittings[1]
        extra = drawn_codes(d) - public_codes(self.game_id, s.state.public_view())
        if extra:
            self.leaks.append(f"table picture draws {dict(extra)} not on the table")


def timerless(text: str) -> str:
    return TIMER.sub("⏱", text)


async def caption_and_buttons_match(tg, app, uids) -> int:
    """Each human's hand message, once the bot is idle: a photo whose caption
    and buttons are the hand's text version (the countdown aside: it reads
    the clock). How many were checked."""
    await app.outbox.drain()
    s = app.service.sittings[1]
    checked = 0
    for uid in uids:
        seat = s.seat_of(uid)
        mid = s.msgs.get(f"hand:{uid}")
        m = tg.message(uid, mid)
        text, kb = render.hand(s, seat, app.service.t(uid), app.service.people.title(GROUP),
                               s.selected(seat))
        if m is None or timerless(text) != timerless(m.text):
            continue  # the state moved on since: the next edit is on its way
        assert m.photo is not None, f"hand of {uid} is not a photo"
        rows = [[b.text for b in r] for r in (kb.inline_keyboard if kb else [])]
        shown: dict[int, list[str]] = {}
        for b in tg.buttons(uid, mid):
            shown.setdefault(b.row, []).append(b.text)
        assert list(shown.values()) == rows
        checked += 1
    return checked


@pytest.mark.parametrize("game_id", ["dingniu", "changpai"])
async def test_a_sitting_with_pictures_plays_to_the_end(people, tmp_path, game_id):
    tg = people
    seats = 4 if game_id == "dingniu" else 3
    async with running(tg, tmp_path / "db") as app:
        watch = GroupPictures(app, game_id)
        tg.watchers.append(watch)
        for uid in (1, 2):
            await tg.send_message(uid, uid, "/start")
        await start_game(tg, game_id, [1, 2], computers=seats - 2)
        checked = presses = 0
        while not find_text(tg, GROUP, "🏁"):
            assert presses < 400, "the hand does not end"
            checked += await caption_and_buttons_match(tg, app, [1, 2])
            pressed = False
            for uid in (1, 2):
                btns = move_buttons(tg, uid)
                if btns:
                    m, b = default_choice(btns)
                    try:
                        await tg.press(uid, uid, m.message_id, b.callback_data)
                    except FakeTelegramError:
                        continue  # the message changed under us
                    presses += 1
                    pressed = True
            if not pressed:
                await asyncio.sleep(0.05)
        await app.outbox.drain()
        s = app.service.sittings[1]
        assert s.pictures and s.status == "hand_over"
        assert checked >= 2
        table = tg.message(GROUP, s.msgs["table"])
        end = find_text(tg, GROUP, "🏁")[-1]
        assert table.photo is not None and end.photo is not None
        assert [b.callback_data for b in tg.buttons(GROUP, end.message_id)] == [
            "h:1:1:next", "h:1:1:end"]
        for uid in (1, 2):
            assert tg.message(uid, s.msgs[f"hand:{uid}"]).photo is not None
        assert watch.tables > 0 and watch.ends == 1 and not watch.leaks, watch.leaks
        assert not [c for c in tg.calls() if c.error_code == 429]


async def test_pictures_turned_off_in_settings_count_from_the_next_hand(people, tmp_path):
    tg = people
    async with running(tg, tmp_path / "db") as app:
        for uid in (1, 2):
            await tg.send_message(uid, uid, "/start")
        await start_game(tg, "dingniu", [1, 2], computers=2)
        s = app.service.sittings[1]
        await tg.wait_for(lambda: s.msgs.get("hand:1"), 10)
        await app.outbox.drain()
        photo_hand = s.msgs["hand:1"]
        assert tg.message(1, photo_hand).photo is not None
        # Tom (the admin) turns pictures off for 顶牛 while the hand is played
        await tg.send_message(1, GROUP, "/settings")
        m, b = await tg.wait_for(lambda: buttons_with(tg, GROUP, "cf:game:dingniu:")[0], 10)
        await tg.press(1, GROUP, m.message_id, b.callback_data)
        m, b = await tg.wait_for(lambda: buttons_with(tg, GROUP, "cf:pic:dingniu:")[0], 10)
        answer = await tg.press(1, GROUP, m.message_id, b.callback_data)
        assert answer["text"]  # "Saved: it applies to the next game."
        await play_hand(tg, [1, 2], timeout=150)
        await app.outbox.drain()
        # this hand stayed drawn
        assert tg.message(GROUP, s.msgs["table"]).photo is not None
        assert find_text(tg, GROUP, "🏁")[-1].photo is not None
        m, b = [p for p in buttons_with(tg, GROUP, "h:") if p[1].callback_data.endswith("next")][0]
        await tg.press(1, GROUP, m.message_id, b.callback_data)
        await tg.wait_for(lambda: s.hand_no == 2 and s.msgs.get("table") and s.msgs.get(
            "hand:1"), 20)
        await app.outbox.drain()
        assert not s.pictures
        assert tg.message(GROUP, s.msgs["table"]).photo is None
        for uid in (1, 2):  # the photo hand messages were replaced by text ones
            hand = tg.message(uid, s.msgs[f"hand:{uid}"])
            assert hand is not None and hand.photo is None and "🂠" in hand.text
        assert tg.message(1, photo_hand) is None
        await play_hand(tg, [1, 2], timeout=150, ends=2)
        await app.outbox.drain()
        assert find_text(tg, GROUP, "🏁")[-1].photo is None


async def test_a_photo_the_server_refuses_goes_out_as_text_and_the_hand_goes_on(people,
                                                                               tmp_path):
    tg = people
    async with running(tg, tmp_path / "db") as app:
        for uid in (1, 2):
            await tg.send_message(uid, uid, "/start")
        tg.inject_error(method="sendPhoto", chat_id=GROUP, error_code=400,
                        description="Bad Request: not enough rights to send photos to the chat")
        tg.inject_error(method="sendPhoto", chat_id=2, error_code=413,
                        description="Request Entity Too Large")
        await start_game(tg, "dingniu", [1, 2], computers=2)
        await play_hand(tg, [1, 2], timeout=150)
        await app.outbox.drain()
        s = app.service.sittings[1]
        table = tg.message(GROUP, s.msgs["table"])
        assert table.photo is None and "🂠" in table.text  # the table went as text
        assert tg.message(2, s.msgs["hand:2"]).photo is None  # Ann's hand too
        assert tg.message(1, s.msgs["hand:1"]).photo is not None  # Tom's is a photo
        assert find_text(tg, GROUP, "🏁") and s.status == "hand_over"


async def test_the_group_picture_check_sees_a_hidden_tile(people, tmp_path, monkeypatch):
    """The check above can fail: a table picture that draws the head's hand
    is caught the moment it reaches the server."""
    from bot.pictures.drawing import Drawing
    from bot.pictures.source import Picture, Row

    drawn = render.table_picture

    def leaky(s, lang=""):
        d = drawn(s, lang)
        head = s.state.public_view()["head"]
        row = Row((scenes("dingniu").group(s.state.view(head)["hand"]),))
        return Drawing(Picture(d.picture.game, d.picture.kind, (*d.picture.blocks, row)))

    monkeypatch.setattr(render, "table_picture", leaky)
    tg = people
    async with running(tg, tmp_path / "db") as app:
        watch = GroupPictures(app, "dingniu")
        tg.watchers.append(watch)
        for uid in (1, 2):
            await tg.send_message(uid, uid, "/start")
        await start_game(tg, "dingniu", [1, 2], computers=2)
        await tg.wait_for(lambda: watch.tables, 10)
        assert watch.leaks


async def test_replay_sends_the_final_table_as_a_picture(people, tmp_path):
    tg = people
    async with running(tg, tmp_path / "db") as app:
        for uid in (1, 2):
            await tg.send_message(uid, uid, "/start")
        await start_game(tg, "dingniu", [1, 2], computers=2)
        await play_hand(tg, [1, 2], timeout=150)
        await app.outbox.drain()
        s = app.service.sittings[1]
        await tg.send_message(1, GROUP, "/replay 1")
        shown = await tg.wait_for(lambda: [m for m in tg.messages(GROUP, from_bot=True)
                                           if m.photo is not None and m.text.startswith("🔁")],
                                  10)
        end = scenes("dingniu").end(s.state.revealed(), s.state.result())
        assert described(shown[0].photo["content"]) == end.describe()
        assert shown[0].photo["file_id"] == find_text(tg, GROUP, "🏁")[-1].photo["file_id"]


@pytest.mark.parametrize("font", [True, False], ids=["with a Chinese font", "without"])
async def test_the_weekly_post_carries_a_bar_chart_where_a_chinese_font_is_found(
        people, tmp_path, monkeypatch, font):
    import json
    import random as rnd

    from bot.pictures import fonts
    from games import registry
    from games.players import RandomPlayer, playout
    from storage import ledger, repo
    from storage.db import open_db
    from tests.e2e.test_weekly import at, boards, bot_at

    if font and fonts.cjk_path() is None:
        pytest.skip("no font for Chinese on this machine")
    if not font:
        monkeypatch.setattr(fonts, "cjk_path", lambda: None)
    db_path = tmp_path / "db.sqlite3"
    st = playout(registry.get("dingniu").new_state(seed=3), RandomPlayer(), rnd.Random(3))
    seats = [{"user_id": u, "name": name, "tuoguan": False, "timeouts": 0}
             for u, name in ((1, "老王"), (2, "小李"), (None, ""), (None, ""))]
    row = {"chat_id": GROUP, "game": "dingniu", "preset": "default", "variant": "{}",
           "status": "finished", "creator_id": 1, "seats": json.dumps(seats, ensure_ascii=False),
           "hand_no": 1, "state": st.to_json(), "totals": "[]", "msgs": "{}"}
    db = open_db(str(db_path))
    try:
        sitting_id = repo.create_sitting(db, row)
        with db.atomic():
            ledger.post(db, sitting_id, row, {"hand_no": 1, "state": st.to_json(),
                                         "at": at(2026, 11, 4, 20, 0)})
    finally:
        db.close()
    clock = [at(2026, 11, 9, 0, 5)]
    async with bot_at(people, db_path, clock) as app:
        await app.weekly.run()
        await app.outbox.drain(10)
        post = boards(people, GROUP)
        assert len(post) == 1 and "11月2日 – 11月8日" in post[0].text
        assert (post[0].photo is not None) == font
        if font:
            with Image.open(io.BytesIO(post[0].photo["content"])) as im:
                assert im.width == 900 and im.height > 150
            chart = described(post[0].photo["content"])  # it carries what it draws, as the others
            assert chart["kind"] == "chart" and "老王" in str(chart["boards"])

"""Photos through the outbox, against the fake Bot API server: a picture is
uploaded once and then sent by its file_id; an edit that keeps the picture
edits only the caption and buttons; text stays text; a refused or undrawable
photo goes out as text and the chat keeps working."""

import io

import pytest
from aiogram import Bot
from aiogram.client.session.aiohttp import AiohttpSession
from aiogram.client.telegram import TelegramAPIServer
from PIL import Image

from bot.outbox import Limits, Outbox
from bot.render import keyboard
from tests.fakes import FakeTelegram

FAST = Limits(chat_rate=1000, chat_burst=1000, group_per_minute=10_000, overall_per_second=10_000)
GROUP, ANN = -100, 2


class Pic:
    """A stand-in for bot.pictures.Drawing: a plain picture of one colour."""

    def __init__(self, colour, fail=False, size=(64, 40)):
        self.colour, self.fail, self.size = colour, fail, size
        self.drawn = 0

    @property
    def digest(self):
        return f"pic-{self.colour}-{self.size}"

    @property
    def name(self):
        return f"{self.digest}.png"

    def png(self):
        self.drawn += 1
        if self.fail:
            raise RuntimeError("no drawing today")
        out = io.BytesIO()
        Image.new("RGB", self.size, self.colour).save(out, "PNG")
        return out.getvalue()


@pytest.fixture
async def world():
    async with FakeTelegram() as tg:
        tg.add_user(1, "Tom", started=True)
        tg.add_user(ANN, "Ann", started=True)
        tg.add_group(GROUP, "Home town", members=[1, ANN])
        bot = Bot(tg.token, session=AiohttpSession(api=TelegramAPIServer.from_base(tg.base_url)))
        ob = Outbox(bot, FAST)
        try:
            yield tg, ob
        finally:
            await ob.close()
            await bot.session.close()


def methods(tg, chat_id):
    return [c.method for c in tg.calls(chat_id=chat_id) if c.ok]


def buttons(label):
    return keyboard([[(label, "x:1")]])


async def test_a_picture_is_uploaded_once_and_then_sent_by_its_file_id(world):
    tg, ob = world
    red = Pic("red")
    ob.show(GROUP, "table", "the table", None, photo=red)
    ob.show(ANN, "hand", "your hand", buttons("Play"), photo=red)
    assert await ob.drain(5)
    table = tg.messages(GROUP, from_bot=True)[0]
    hand = tg.messages(ANN, from_bot=True)[0]
    assert table.photo is not None and table.text == "the table"
    assert hand.photo["file_id"] == table.photo["file_id"]
    assert [b.text for b in tg.buttons(ANN, hand.message_id)] == ["Play"]
    assert len(tg.uploads) == 1 and red.drawn == 1
    assert ob.is_photo("table") and ob.is_photo("hand")


async def test_an_edit_that_keeps_the_picture_edits_only_caption_and_buttons(world):
    tg, ob = world
    ob.show(ANN, "hand", "hand v1", buttons("Play"), photo=Pic("red"))
    assert await ob.drain(5)
    ob.show(ANN, "hand", lambda: ("hand v2", buttons("Pass"), Pic("red")))
    assert await ob.drain(5)
    assert methods(tg, ANN) == ["sendPhoto", "editMessageCaption"]
    m = tg.messages(ANN, from_bot=True)[0]
    assert m.text == "hand v2" and [b.text for b in tg.buttons(ANN, m.message_id)] == ["Pass"]
    # a new picture: the media is edited, with caption and buttons in the same call
    ob.show(ANN, "hand", lambda: ("hand v3", buttons("Lead"), Pic("blue")))
    assert await ob.drain(5)
    assert methods(tg, ANN)[-1] == "editMessageMedia"
    assert len(tg.messages(ANN, from_bot=True)) == 1
    assert m.text == "hand v3" and m.photo["width"] == 64 and len(tg.uploads) == 2
    # the same again: Telegram says "not modified", which is success
    ob.show(ANN, "hand", "hand v3", buttons("Lead"), photo=Pic("blue"))
    assert await ob.drain(5)
    assert methods(tg, ANN)[-1] == "editMessageMedia"  # nothing more went through


async def test_text_stays_text_and_a_photo_without_a_picture_becomes_text(world):
    tg, ob = world
    ob.show(GROUP, "lobby", "a lobby")
    assert await ob.drain(5)
    ob.show(GROUP, "lobby", "a lobby, with a picture now", photo=Pic("red"))
    assert await ob.drain(5)
    assert methods(tg, GROUP) == ["sendMessage", "editMessageText"]
    ob.show(GROUP, "table", "table", photo=Pic("red"))
    assert await ob.drain(5)
    old = tg.messages(GROUP, from_bot=True)[-1]
    ob.show(GROUP, "table", "table, no picture")
    assert await ob.drain(5)
    new = tg.messages(GROUP, from_bot=True)[-1]
    assert old.deleted and new.photo is None and new.text == "table, no picture"
    assert not ob.is_photo("table")


async def test_a_refused_photo_goes_out_as_text_and_the_chat_gets_text_for_a_while(world):
    tg, ob = world
    tg.inject_error(method="sendPhoto", chat_id=GROUP, error_code=400,
                    description="Bad Request: not enough rights to send photos to the chat")
    got = []
    ob.show(GROUP, "table", "the table", photo=Pic("red"), on_new=got.append)
    assert await ob.drain(5)
    m = tg.messages(GROUP, from_bot=True)[0]
    assert m.photo is None and m.text == "the table" and got == [m.message_id]
    ob.show(GROUP, "end", "🏁", photo=Pic("blue"))  # no second try in that chat for now
    assert await ob.drain(5)
    assert [c.method for c in tg.calls(chat_id=GROUP)] == ["sendPhoto", "sendMessage",
                                                          "sendMessage"]
    ob.show(ANN, "hand", "hand", photo=Pic("blue"))  # other chats still get photos
    assert await ob.drain(5)
    assert tg.messages(ANN, from_bot=True)[0].photo is not None


async def test_a_refused_picture_edit_replaces_the_photo_with_text(world):
    tg, ob = world
    ob.show(ANN, "hand", "v1", buttons("Play"), photo=Pic("red"))
    assert await ob.drain(5)
    tg.inject_error(method="editMessageMedia", chat_id=ANN, error_code=400,
                    description="Bad Request: IMAGE_PROCESS_FAILED")
    ob.show(ANN, "hand", "v2", buttons("Pass"), photo=Pic("blue"))
    assert await ob.drain(5)
    shown = tg.messages(ANN, from_bot=True)
    assert len(shown) == 1 and shown[0].photo is None and shown[0].text == "v2"
    assert [b.text for b in tg.buttons(ANN, shown[0].message_id)] == ["Pass"]


async def test_a_picture_that_cannot_be_drawn_or_is_too_long_to_caption_goes_as_text(world):
    tg, ob = world
    ob.show(ANN, "a", "drawn badly", photo=Pic("red", fail=True))
    ob.show(1, "b", "x" * 1025, photo=Pic("red"))
    assert await ob.drain(5)
    assert tg.messages(ANN, from_bot=True)[0].photo is None
    assert tg.messages(1, from_bot=True)[0].photo is None
    assert not tg.calls("sendPhoto", chat_id=1)  # a caption too long is never tried


async def test_a_file_id_telegram_forgot_is_uploaded_again(world):
    tg, ob = world
    ob.show(ANN, "hand", "v1", photo=Pic("red"))
    assert await ob.drain(5)
    tg.files.clear()  # as if Telegram had lost the file
    ob.show(1, "hand", "v1", photo=Pic("red"))
    assert await ob.drain(5)
    assert tg.messages(1, from_bot=True)[0].photo is not None
    tried = [c.description for c in tg.calls("sendPhoto", chat_id=1)]
    assert tried == ["Bad Request: wrong file identifier/HTTP URL specified", None]
    assert len(tg.uploads) == 2


async def test_the_fake_keeps_telegrams_photo_rules(world):
    tg, ob = world
    ob.show(ANN, "wide", "too wide", photo=Pic("red", size=(4000, 100)))
    assert await ob.drain(5)
    assert tg.messages(ANN, from_bot=True)[0].photo is None
    refused = tg.calls("sendPhoto", chat_id=ANN)[0]
    assert refused.description == "Bad Request: PHOTO_INVALID_DIMENSIONS"


class SlowPic(Pic):
    def png(self):
        import time

        time.sleep(0.8)  # in the outbox's worker thread
        return super().png()


async def test_a_picture_is_drawn_before_its_message_takes_a_place_in_the_limits(world):
    """While a picture is drawn, it holds none of Telegram's overall ≈30 a
    second: other chats' messages go meanwhile."""
    import time

    tg, ob = world
    ob.limits = Limits(chat_rate=1000, chat_burst=1000, group_per_minute=10_000,
                       overall_per_second=1, urgent_reserve=0)
    t0 = time.monotonic()
    ob.show(GROUP, "table", "the table", photo=SlowPic("red"))
    ob.send(ANN, "meanwhile")
    assert await ob.drain(10)
    photo = tg.calls("sendPhoto", chat_id=GROUP)[0]
    text = tg.calls("sendMessage", chat_id=ANN)[0]
    assert text.t < photo.t and text.t - t0 < 0.6


async def test_a_player_now_asked_sees_the_buttons_before_the_new_picture(world):
    """An urgent hand whose picture changed: caption and buttons at once,
    the picture in the next edit (merging with any later one)."""
    from bot.outbox import URGENT

    tg, ob = world
    ob.show(ANN, "hand", "hand v1", buttons("Wait"), photo=Pic("red"))
    assert await ob.drain(5)
    ob.show(ANN, "hand", "hand v2", buttons("Play"), photo=Pic("blue"), priority=URGENT)
    assert await ob.drain(5)
    assert methods(tg, ANN) == ["sendPhoto", "editMessageCaption", "editMessageMedia"]
    m = tg.messages(ANN, from_bot=True)[0]
    assert m.text == "hand v2" and m.photo["file_id"] == tg.uploads[-1][2]
    assert [b.text for b in tg.buttons(ANN, m.message_id)] == ["Play"]


async def test_photos_count_in_a_chats_limits_and_their_edits_merge(world):
    """A photo takes a place in the chat's one a second like a text; edits
    of a photo waiting their turn merge into one, the last picture wins."""
    tg, ob = world
    ob.limits = Limits(chat_rate=2, chat_burst=1, group_per_minute=10_000,
                       overall_per_second=10_000)
    ob.show(ANN, "hand", "v1", buttons("Wait"), photo=Pic("red"))
    ob.send(ANN, "a text after it")
    assert await ob.drain(10)
    for i, colour in enumerate(("blue", "green", "white")):
        ob.show(ANN, "hand", f"v{i + 2}", buttons("Play"), photo=Pic(colour))
    assert await ob.drain(10)
    calls = [c for c in tg.calls(chat_id=ANN) if c.ok]
    assert [c.method for c in calls] == ["sendPhoto", "sendMessage", "editMessageMedia"]
    assert calls[1].t - calls[0].t >= 0.4  # the photo used the chat's burst
    assert calls[2].t - calls[1].t >= 0.4  # and its edit waits its turn like a text's
    m = tg.messages(ANN, from_bot=True)[0]
    assert m.text == "v4" and m.photo["file_id"] == tg.uploads[-1][2]
    assert len(tg.uploads) == 2  # the blue and green pictures were never sent


async def test_a_picture_drawn_for_a_waiting_message_is_kept_until_it_goes(world, monkeypatch):
    """Under load a message waits for a slot long after its picture was
    drawn, while other chats' pictures are drawn: its own is kept with it,
    not drawn a second time while the message holds a slot (at 100 tables
    that redrawing held the slots and starved the groups' tables)."""
    from bot import outbox

    tg, ob = world
    monkeypatch.setattr(outbox, "DRAWN", 2)  # the cache of recent pictures: smaller than the line
    ob.limits = Limits(chat_rate=1000, chat_burst=1000, group_per_minute=10_000,
                       overall_per_second=3, urgent_reserve=0)
    pics = [Pic(colour) for colour in ("red", "blue", "green", "white", "black", "yellow")]
    for n, pic in enumerate(pics):
        tg.add_user(10 + n, f"P{n}", started=True)
        ob.show(10 + n, "hand", f"hand {n}", photo=pic)
    assert await ob.drain(10)
    assert [p.drawn for p in pics] == [1] * len(pics)
    assert len(tg.calls("sendPhoto")) == len(pics)

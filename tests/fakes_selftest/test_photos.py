"""The fake Bot API's photos, as Telegram has them: a multipart upload or a
file_id, a caption of at most 1024 UTF-16 units, pictures it can read and of
sane proportions, 10 MB at most; a photo's caption and media are edited by
their own methods, and its text cannot be edited as a text's."""

from __future__ import annotations

import io

import pytest
from aiogram.exceptions import TelegramBadRequest, TelegramEntityTooLarge
from aiogram.types import BufferedInputFile, InputMediaPhoto
from PIL import Image

from .conftest import ALICE


def png(colour: str = "red", size: tuple[int, int] = (60, 40)) -> BufferedInputFile:
    out = io.BytesIO()
    Image.new("RGB", size, colour).save(out, "PNG")
    return BufferedInputFile(out.getvalue(), "p.png")


async def test_a_photo_is_uploaded_then_sent_again_by_its_file_id(bot, world):
    m = await bot.send_photo(ALICE, png(), caption="the hand 🀄")
    assert m.caption == "the hand 🀄" and m.photo[-1].width == 60
    again = await bot.send_photo(ALICE, m.photo[-1].file_id, caption="again")
    assert again.photo[-1].file_id == m.photo[-1].file_id and len(world.uploads) == 1
    with pytest.raises(TelegramBadRequest, match="wrong file identifier"):
        await bot.send_photo(ALICE, "AgACnothing")


async def test_telegrams_photo_limits(bot, world):
    with pytest.raises(TelegramBadRequest, match="message caption is too long"):
        await bot.send_photo(ALICE, png(), caption="🀄" * 513)  # 1026 UTF-16 units
    assert (await bot.send_photo(ALICE, png(), caption="🀄" * 512)).caption
    with pytest.raises(TelegramBadRequest, match="IMAGE_PROCESS_FAILED"):
        await bot.send_photo(ALICE, BufferedInputFile(b"not a picture", "p.png"))
    with pytest.raises(TelegramBadRequest, match="PHOTO_INVALID_DIMENSIONS"):
        await bot.send_photo(ALICE, png(size=(2100, 100)))
    with pytest.raises(TelegramEntityTooLarge):
        await bot.send_photo(ALICE, BufferedInputFile(b"\0" * (10 * 1024 * 1024 + 1), "p.png"))


async def test_a_photo_is_edited_by_caption_and_media_not_as_text(bot, world):
    m = await bot.send_photo(ALICE, png(), caption="v1")
    with pytest.raises(TelegramBadRequest, match="there is no text in the message to edit"):
        await bot.edit_message_text("v2", chat_id=ALICE, message_id=m.message_id)
    e = await bot.edit_message_caption(chat_id=ALICE, message_id=m.message_id, caption="v2")
    assert e.caption == "v2" and len(world.uploads) == 1
    e = await bot.edit_message_media(InputMediaPhoto(media=png("blue"), caption="v3"),
                                     chat_id=ALICE, message_id=m.message_id)
    assert e.caption == "v3" and len(world.uploads) == 2
    assert world.message(ALICE, m.message_id).history == ["v1", "v2"]
    t = await bot.send_message(ALICE, "a text")
    with pytest.raises(TelegramBadRequest):
        await bot.edit_message_caption(chat_id=ALICE, message_id=t.message_id, caption="x")

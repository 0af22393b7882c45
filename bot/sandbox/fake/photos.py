"""*ext* Photos: sendPhoto, editMessageMedia, editMessageCaption, with
multipart uploads and Telegram's rules for them.

- A photo is an upload (multipart, as aiogram sends `BufferedInputFile`; in
  editMessageMedia the media's "attach://<name>" names the part) or the
  file_id of one uploaded before; an unknown file_id is 400 "wrong file
  identifier/HTTP URL specified".
- An upload above 10 MB is 413 "Request Entity Too Large"; a file that is
  not an image is 400 "IMAGE_PROCESS_FAILED"; width + height above 10000 or
  a side more than 20 times the other is 400 "PHOTO_INVALID_DIMENSIONS".
- A caption is at most 1024 UTF-16 units after entity parsing (400 "message
  caption is too long").
- The message's `text` is its caption and `FakeMessage.photo` holds
  `{"file_id", "content" (bytes), "width", "height"}`; the reply carries
  `photo` (one PhotoSize, the file's) and `caption`.
- editMessageMedia replaces the picture (and caption, buttons); an upload
  always makes a new file_id. editMessageCaption changes the caption and
  buttons of a photo (400 "there is no caption in the message to edit" on a
  text message); editMessageText on a photo is 400 "there is no text in the
  message to edit". Any edit showing exactly what the message shows is 400
  "message is not modified", and, like editMessageText, an edit without
  reply_markup removes the buttons.
- All three count towards the flood limits.
- `tg.uploads` lists every accepted upload: (method, chat_id, file_id, bytes).
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING, Any

from .markup import check_markup
from .models import ApiError, FakeMessage, bad_request
from .text import parse_text, utf16_len

if TYPE_CHECKING:
    from .telegram import FakeTelegram

MAX_PHOTO = 10 * 1024 * 1024
MAX_CAPTION = 1024
NOT_MODIFIED = ("message is not modified: specified new message content and reply markup are "
                "exactly the same as a current content and reply markup of the message")


def _caption(p: dict) -> tuple[str, list]:
    raw = p.get("caption") or ""
    if not raw:
        return "", []
    plain, ents = parse_text(raw, p.get("parse_mode"), p.get("caption_entities"))
    if utf16_len(plain) > MAX_CAPTION:
        raise bad_request("message caption is too long")
    return plain, ents


def _size(content: bytes) -> tuple[int, int]:
    from PIL import Image, UnidentifiedImageError

    try:
        with Image.open(io.BytesIO(content)) as im:
            w, h = im.size
    except (UnidentifiedImageError, OSError) as e:
        raise bad_request("IMAGE_PROCESS_FAILED") from e
    if w + h > 10000 or max(w, h) > 20 * min(w, h):
        raise bad_request("PHOTO_INVALID_DIMENSIONS")
    return w, h


def _photo(tg: FakeTelegram, p: dict, ref: Any) -> tuple[dict, bool]:
    """The photo a parameter names: (file, whether it was uploaded now)."""
    if isinstance(ref, str) and ref.startswith("attach://"):
        ref = p.get(ref.removeprefix("attach://"))
    if isinstance(ref, bytes):
        if len(ref) > MAX_PHOTO:
            raise ApiError(413, "Request Entity Too Large")
        w, h = _size(ref)
        tg.file_seq += 1
        file = {"file_id": f"AgACph{tg.file_seq}", "file_unique_id": f"uph{tg.file_seq}",
                "content": ref, "width": w, "height": h}
        return file, True
    if isinstance(ref, str) and ref in tg.files:
        return tg.files[ref], False
    if isinstance(ref, str) and ref:
        raise bad_request("wrong file identifier/HTTP URL specified")
    raise bad_request("there is no photo in the request")


def _keep(tg: FakeTelegram, method: str, chat_id: int, file: dict, uploaded: bool) -> None:
    if uploaded:
        tg.files[file["file_id"]] = file
        tg.uploads.append((method, chat_id, file["file_id"], len(file["content"])))


def photo_size(file: dict) -> dict:
    return {"file_id": file["file_id"], "file_unique_id": file["file_unique_id"],
            "width": file["width"], "height": file["height"], "file_size": len(file["content"])}


def send_photo(tg: FakeTelegram, p: dict, now: float) -> dict:
    from .methods import _can_write, _chat

    chat_id = _chat(tg, p)
    caption, ents = _caption(p)
    markup = check_markup(p.get("reply_markup"))
    file, uploaded = _photo(tg, p, p.get("photo"))
    _can_write(tg, chat_id)
    tg.rate(chat_id, now)
    _keep(tg, "sendPhoto", chat_id, file, uploaded)
    m = tg.world.new_message(chat_id, tg.bot_id, caption, ents, markup,
                             silent=bool(p.get("disable_notification")))
    m.photo = file
    return tg.world.message_dict(m)


def edit_message_media(tg: FakeTelegram, p: dict, now: float) -> dict:
    from .methods import _can_write, _editable

    chat_id, m = _editable(tg, p)
    _can_write(tg, chat_id)
    media = p.get("media")
    if not isinstance(media, dict) or media.get("type") != "photo":
        raise bad_request("can't parse InputMedia: media type must be photo")
    if m.photo is None:
        raise bad_request("there is no media in the message to edit")
    caption, ents = _caption(media)
    markup = check_markup(p.get("reply_markup"))
    file, uploaded = _photo(tg, p, media.get("media"))
    if (file["file_id"] == m.photo["file_id"] and caption == m.text and ents == m.entities
            and markup == m.reply_markup):
        raise bad_request(NOT_MODIFIED)
    tg.rate(chat_id, now)
    _keep(tg, "editMessageMedia", chat_id, file, uploaded)
    m.photo = file
    return record_edit(tg, m, caption, ents, markup)


def edit_message_caption(tg: FakeTelegram, p: dict, now: float) -> dict:
    from .methods import _can_write, _editable

    chat_id, m = _editable(tg, p)
    _can_write(tg, chat_id)
    if m.photo is None and m.document is None:
        raise bad_request("there is no caption in the message to edit")
    caption, ents = _caption(p)
    markup = check_markup(p.get("reply_markup"))
    if caption == m.text and ents == m.entities and markup == m.reply_markup:
        raise bad_request(NOT_MODIFIED)
    tg.rate(chat_id, now)
    return record_edit(tg, m, caption, ents, markup)


def record_edit(tg: FakeTelegram, m: FakeMessage, caption: str, ents: list,
                markup: dict | None) -> dict:
    """The message takes its new text or caption (the old one kept in its
    history), for editMessageText as for the photo edits."""
    import time

    if caption != m.text:
        m.history.append(m.text)
    m.text, m.entities, m.reply_markup = caption, ents, markup
    m.edits += 1
    m.edit_date = int(time.time())
    return tg.world.message_dict(m)

"""aiogram parses each answer as `Response[method.__returning__]`, which
pydantic caches only weakly: without a hold, a garbage collection frees the
class and the next answer rebuilds it (20–90 ms with the event loop blocked).
The session middleware keeps each one built once."""

from __future__ import annotations

import gc
import weakref

from aiogram.methods import AnswerCallbackQuery, GetUserProfilePhotos
from aiogram.methods.base import Response

from bot.telegram.response_types import PinResponseTypes


def built_in_a_function(method_type):
    return weakref.ref(Response[method_type.__returning__])


def test_without_a_hold_a_collection_frees_the_response_class():
    # the premise: if pydantic ever holds these strongly, the middleware can go
    gone = built_in_a_function(GetUserProfilePhotos)  # never called by the bot
    gc.collect()
    assert gone() is None


async def test_the_middleware_holds_each_method_types_response_class():
    pin = PinResponseTypes()
    calls = []

    async def make_request(bot, method):
        calls.append(method)
        return True

    method = AnswerCallbackQuery(callback_query_id="1")
    assert await pin(make_request, None, method) is True and calls == [method]
    held = built_in_a_function(AnswerCallbackQuery)
    gc.collect()
    assert held() is not None and held() is pin.held[AnswerCallbackQuery]
    await pin(make_request, None, AnswerCallbackQuery(callback_query_id="2"))
    assert len(pin.held) == 1

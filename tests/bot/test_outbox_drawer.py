"""The outbox draws pictures in its drawer's worker process, not in the bot's
(a thread shares the interpreter with the event loop: at 100 tables a deal's
pictures held up every tap), and in a thread when that process cannot run."""

import asyncio
import os

from aiogram import Bot

from bot import catalog
from bot.outbox import Outbox
from bot.pictures.drawing import Drawing
from bot.pictures.scenes import scenes
from games.pool import Pool
from tests.bot.pid_photo import KeptPhoto, PidPhoto, SlowPhoto

TOKEN = "42:TEST"


async def test_a_picture_is_drawn_in_the_drawers_process():
    outbox = Outbox(Bot(TOKEN), drawer=Pool(1, name="test-pictures"))
    try:
        drawn_by = int(await outbox._draw(PidPhoto()))
        assert drawn_by != os.getpid() and drawn_by in outbox.drawer.pids()
    finally:
        await outbox.close()
    assert outbox.drawer.pids() == []  # closed with the outbox


async def test_a_real_picture_crosses_to_the_worker_and_back_as_a_png():
    hand = scenes("dingniu").hand(catalog.game("dingniu").new_state(seed=3).view(0), 0)
    outbox = Outbox(Bot(TOKEN), drawer=Pool(1, name="test-pictures"))
    try:
        data = await outbox._draw(Drawing(hand))
    finally:
        await outbox.close()
    assert data == Drawing(hand).png() and data.startswith(b"\x89PNG")


async def test_without_its_process_the_picture_is_drawn_in_a_thread():
    drawer = Pool(1, name="test-pictures")
    drawer.close()
    outbox = Outbox(Bot(TOKEN), drawer=drawer)
    try:
        assert int(await outbox._draw(PidPhoto())) == os.getpid()
    finally:
        await outbox.close()


async def test_a_picture_that_cannot_cross_to_the_process_is_drawn_in_a_thread():
    outbox = Outbox(Bot(TOKEN), drawer=Pool(1, name="test-pictures"))
    try:
        assert int(await outbox._draw(KeptPhoto())) == os.getpid()
    finally:
        await outbox.close()


async def test_a_picture_wanted_by_a_call_holding_a_slot_is_drawn_next():
    """A message that holds a slot of Telegram's limits and finds its picture
    not drawn (a merge changed it while it waited) has it drawn next, ahead
    of the pictures queued for messages still waiting."""
    outbox = Outbox(Bot(TOKEN), drawer=Pool(1, name="test-pictures"))
    done: list[str] = []

    async def draw(photo, first: bool, tag: str) -> None:
        await outbox._draw(photo, first=first)
        done.append(tag)

    try:
        await outbox._draw(PidPhoto())  # the worker is up
        queued = [asyncio.create_task(draw(SlowPhoto(n), False, f"slow {n}")) for n in range(3)]
        await asyncio.sleep(0.1)  # the first is being drawn, two wait
        queued.append(asyncio.create_task(draw(PidPhoto(), True, "holding a slot")))
        await asyncio.gather(*queued)
    finally:
        await outbox.close()
    assert done == ["slow 0", "holding a slot", "slow 1", "slow 2"]

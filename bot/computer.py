"""Computer players in the bot: the thread and time-limit glue. The policy
(the game's Monte Carlo player, its heuristic player when that fails or runs
out of time, else legal moves only) is game policy in games/players.py; it is
blocking and CPU-bound, so the bot runs it in a thread pool and other chats
are never delayed."""

from __future__ import annotations

import asyncio
import logging
import random
from concurrent.futures import ThreadPoolExecutor

from games.base import State
from games.players import choose, fallback, quick

__all__ = ["Thinker", "fallback"]

log = logging.getLogger("bot.service")

THINK_GRACE = 0.5  # seconds a computer move may wait for a free thread, beyond twice its budget


class Thinker:
    def __init__(self, threads: int = 2) -> None:
        self.executor = ThreadPoolExecutor(threads, thread_name_prefix="paiju-ai")

    async def move(self, state: State, seat: int, seed: str, budget: float) -> str:
        """The computer's move in `state` (a copy it may keep), computed off
        the event loop. If the Monte Carlo player has not answered well after
        its budget (the threads are busy with other tables), the heuristic
        player moves instead."""
        loop = asyncio.get_running_loop()
        work = loop.run_in_executor(self.executor, choose, state, seat, random.Random(seed), budget)
        try:
            return await asyncio.wait_for(work, timeout=2 * budget + THINK_GRACE)
        except TimeoutError:
            log.warning("game %s: computer move over time; the heuristic plays", seed.split(":")[0])
            return quick(state, seat, random.Random(seed + ":quick"))

    def close(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)

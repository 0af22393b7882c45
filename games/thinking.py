"""A computer move as a task for a worker process (games/pool.py): what goes
to the worker, what comes back, and the worker's side.

A move is sent as the hand's record — variant, deal, dealer and the moves so
far (`games/records.py`) — not as a pickled state: a 掀牛 state pickles to
≈ 350 KB with its play tables (≈ 4 ms of CPU to copy and pickle in the bot's
event loop, as much to unpickle), its record to ≈ 1 KB (≈ 10 µs to make
and pickle; the worker replays it in 0.07–0.45 ms, the slowest 川牌's).
`python -m bench.computer_transport` measures both (docs/PERFORMANCE.md,
"Computers in worker processes"). The answer is the move code and how it
was found (`players.Decision`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from games import registry
from games.base import State
from games.players import Decision, ai_module, decide
from games.pool import Pool
from games.records import record_of, start_of

# The computers' workers run this much below the bot's priority (niceness):
# when a worker and the bot's event loop want the same core, the loop (a
# person's press, a table's edit) goes first and the search takes what is
# left, which the CPU-time budget does not count against it. On a host with
# as many workers as cores the loop stays prompt; 5, not more, so that
# other services of the host do not starve the computers either.
WORKER_NICE = 5


@dataclass(frozen=True)
class Ask:
    """One computer move to think: the hand so far and the seat's terms."""

    record: dict[str, Any]  # games.records.record_of: the deal and the moves so far
    seat: int
    seed: str  # the move's rng seed (the same move thought twice is the same)
    budget_s: float  # CPU seconds of search
    deadline: float | None = None  # time.monotonic() by which the worker answers
    worlds: int | None = None  # exactly this many worlds instead (tests, measurements)


def ask(state: State, seat: int, seed: str, budget_s: float, deadline: float | None = None,
        worlds: int | None = None) -> Ask:
    """The task for `seat`'s move in `state`, made at once (the state may
    move on afterwards: the record holds its own list of moves)."""
    return Ask(record_of(state), seat, seed, budget_s, deadline, worlds)


def state_of(record: dict[str, Any]) -> State:
    state = start_of(record)
    for seat, code in record["moves"]:
        state.apply(seat, code)
    return state


def think(a: Ask) -> Decision:
    """The worker's side: the state replayed from its record, the move decided."""
    state = state_of(a.record)
    return decide(state, a.seat, random.Random(a.seed), a.budget_s, a.deadline, worlds=a.worlds)


def ready(plugins: list[str]) -> None:
    """A worker's start: the same game packages as its parent (a test or a
    host may add one), every engine and computer player imported once."""
    registry.PLUGINS = list(plugins)
    for game_id in registry.ids():
        registry.get(game_id)
        ai_module(game_id)


def pool(size: int, name: str = "paiju-ai") -> Pool:
    """Worker processes ready to think computer moves, below the caller's priority."""
    return Pool(size, initializer=ready, initargs=(list(registry.PLUGINS),), name=name,
                nice=WORKER_NICE)


class Thinker:
    """Computer moves for a blocking caller (`paiju play`): one worker, the
    same code as the bot's. Close it (or use `with`) when done."""

    def __init__(self, workers: int = 1) -> None:
        self.pool = pool(workers)

    def choose(self, state: State, seat: int, rng: random.Random, budget_s: float) -> str:
        seed = f"{rng.getrandbits(64):x}"  # the move's own seed, from the caller's rng
        return self.pool.submit(think, ask(state, seat, seed, budget_s)).result().code

    def close(self) -> None:
        self.pool.close(timeout=0)  # nothing left to wait for: a move no one will play

    def __enter__(self) -> Thinker:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

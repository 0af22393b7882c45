"""Computer players behind one interface, and the Monte Carlo driver they share.

Every game's `games/<pkg>/ai.py` provides:

* ``heuristic()`` → a `Player` using rules of thumb (≤ 5 ms a decision);
* ``determinize(state, seat, rng)`` → a full State consistent with everything
  `seat` has seen (its view and the public history), the hidden cards dealt
  at random among the places they may be;
* ``choose(state, seat, rng, budget_s)`` → a move code: the bot's entry point
  (bot/computer.py), normally ``monte_carlo(budget_s).choose``;
* optionally ``monte_carlo(budget_s)`` → the game's tuned Monte Carlo player,
  which `make_player("mc")` (and so `paiju simulate`) then uses.

A player sees only what its seat may see: it must read `state.view(seat)`,
`state.public_view()`, its own legal moves and the public history, never
another seat's hand. `determinize` is where hidden cards are re-dealt, so two
states that differ only in cards hidden from the seat give the same decision
under the same seed (tests check this for every game).
"""

from __future__ import annotations

import importlib
import random
import time
from collections.abc import Callable
from typing import Protocol

from games import registry
from games.base import Move, Pick, State
from games.play import random_code


class Player(Protocol):
    name: str

    def choose(self, state: State, seat: int, rng: random.Random) -> str: ...


class RandomPlayer:
    """Uniform over legal moves: the baseline."""

    name = "random"

    def choose(self, state: State, seat: int, rng: random.Random) -> str:
        return random_code(state, seat, rng)


Determinize = Callable[[State, int, random.Random], State]


class MonteCarloPlayer:
    """Flat Monte Carlo over determinized worlds: each candidate move is scored
    by the mean result of heuristic playouts, rotating through the candidates
    until the time budget is spent. Seeded by the caller's rng."""

    name = "mc"

    def __init__(
        self,
        heuristic: Player,
        determinize: Determinize,
        budget_s: float = 0.3,
        pick_samples: int = 4,
        max_rounds: int = 10_000,
    ) -> None:
        self.heuristic = heuristic
        self.determinize = determinize
        self.budget_s = budget_s
        self.pick_samples = pick_samples
        self.max_rounds = max_rounds

    def candidates(self, state: State, seat: int, rng: random.Random) -> list[str]:
        out: list[str] = []
        for m in state.legal_moves(seat):
            if isinstance(m, Pick):
                # Too many subsets to try them all: the heuristic's choice
                # plus a few random ones.
                out.append(self.heuristic.choose(state, seat, rng))
                out += [m.code_for(m.random_choice(rng)) for _ in range(self.pick_samples)]
            else:
                assert isinstance(m, Move)
                out.append(m.code)
        return list(dict.fromkeys(out))

    def choose(self, state: State, seat: int, rng: random.Random) -> str:
        cands = self.candidates(state, seat, rng)
        if len(cands) == 1:
            return cands[0]
        default = self.heuristic.choose(state, seat, rng)
        totals = dict.fromkeys(cands, 0.0)
        counts = dict.fromkeys(cands, 0)
        deadline = time.perf_counter() + self.budget_s
        for _ in range(self.max_rounds):
            world = self.determinize(state, seat, rng)  # one world per round: fair comparison
            for code in cands:
                w = world.copy()
                w.apply(seat, code)
                playout(w, self.heuristic, rng)
                totals[code] += w.result().net[seat]
                counts[code] += 1
            if time.perf_counter() >= deadline:
                break
        best = max(cands, key=lambda c: (totals[c] / counts[c] if counts[c] else float("-inf"),
                                         c == default))
        return best


def paired_lower_bound(diffs: list[float], z: float, min_n: int = 2) -> float:
    """mean − z·(standard error) of paired differences: a Monte Carlo player
    leaves its heuristic's move only for one whose bound is above 0. With
    fewer than `min_n` samples there is no evidence: 0."""
    n = len(diffs)
    if n < min_n:
        return 0.0
    m = sum(diffs) / n
    var = sum((d - m) ** 2 for d in diffs) / (n - 1)
    return m - z * (var / n) ** 0.5


def clearly_better(nets: dict[str, list[float]], default: str, z: float, min_n: int = 2) -> str:
    """The candidate whose results on the same worlds beat the default's by
    the largest paired lower bound above 0; the default if none does."""
    base = nets[default]
    best, best_bound = default, 0.0
    for code, results in nets.items():
        if code == default:
            continue
        bound = paired_lower_bound([a - b for a, b in zip(results, base)], z, min_n)
        if bound > best_bound:
            best, best_bound = code, bound
    return best


def playout(state: State, player: Player, rng: random.Random, limit: int = 10_000) -> State:
    for _ in range(limit):
        if state.is_over():
            return state
        seat = state.to_act()[0]
        state.apply(seat, player.choose(state, seat, rng))
    raise RuntimeError("playout did not end")


def ai_module(game_id: str):
    return importlib.import_module(registry.PACKAGES[game_id] + ".ai")


def make_player(kind: str, game_id: str, budget_s: float = 0.3) -> Player:
    """'random', 'heuristic' or 'mc' for a game."""
    if kind == "random":
        return RandomPlayer()
    ai = ai_module(game_id)
    if kind == "heuristic":
        return ai.heuristic()
    if kind == "mc":
        # A game may tune the driver (candidate pruning, stopping rule): then
        # `monte_carlo(budget_s)` builds the same player the bot uses.
        if hasattr(ai, "monte_carlo"):
            return ai.monte_carlo(budget_s)
        return MonteCarloPlayer(ai.heuristic(), ai.determinize, budget_s)
    raise ValueError(f"unknown player kind {kind!r} (random, heuristic, mc)")

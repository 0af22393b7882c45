"""Computer players behind one interface, and the Monte Carlo driver they share.

Every game's `games/<pkg>/ai.py` provides:

* ``heuristic()`` → a `Player` using rules of thumb (≤ 5 ms a decision);
* ``determinize(state, seat, rng)`` → a full State consistent with everything
  `seat` has seen (its view and the public history), the hidden cards dealt
  at random among the places they may be;
* ``choose(state, seat, rng, budget_s)`` → a move code: what `choose` below
  (the bot's and `paiju play`'s entry point) asks first, normally
  ``monte_carlo(budget_s).choose``;
* optionally ``monte_carlo(budget_s)`` → the game's tuned Monte Carlo player,
  which `make_player("mc")` (and so `paiju simulate`) then uses;
* optionally ``MC_VARIANTS``: name → ``budget_s → Player``, other Monte Carlo
  players to measure against it (`make_player("mc:<name>")`, so
  ``paiju simulate --seats mc:<name>,mc,…`` pairs them on the same deals).

A player sees only what its seat may see: it must read `state.view(seat)`,
`state.public_view()`, its own legal moves and the public history, never
another seat's hand. `determinize` is where hidden cards are re-dealt, so two
states that differ only in cards hidden from the seat give the same decision
under the same seed (tests check this for every game).

`choose` (and `decide`, which also says how the move was found) is the policy
of a computer seat: the game's player, checked legal, else its heuristic, else
`fallback` (legal moves only). It is blocking and CPU-bound: the bot and
`paiju play` run it in worker processes (games/thinking.py, games/pool.py).
"""

from __future__ import annotations

import importlib
import logging
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import Generic, Protocol, TypeVar

from games import hands, registry
from games.base import IllegalMove, Move, Pick, State
from games.play import random_code

S = TypeVar("S", bound=State)
S_contra = TypeVar("S_contra", bound=State, contravariant=True)


class Player(Protocol[S_contra]):
    """Plays one game: `Player[DingniuState]` is only ever given 顶牛 states;
    a bare `Player` may be any game's."""

    name: str

    def choose(self, state: S_contra, seat: int, rng: random.Random) -> str: ...


class RandomPlayer:
    """Uniform over legal moves: the baseline."""

    name = "random"

    def choose(self, state: State, seat: int, rng: random.Random) -> str:
        return random_code(state, seat, rng)


Determinize = Callable[[S, int, random.Random], S]
# CPU seconds a computer may search a decision: the bot's default
# (PAIJU_AI_BUDGET). 0.2, not 0.3, since 6 Dec: it plays as the bot before
# issue 35 did under load and as 0.3 s does (docs/PERFORMANCE.md, "A smaller
# budget"), and two cores then carry 60 掀牛 or 30 刨幺 tables in time.
BUDGET = 0.2
log = logging.getLogger(__name__)


class MonteCarloPlayer(Generic[S]):
    """Flat Monte Carlo over determinized worlds, the one loop every game's
    player runs: each round samples one world consistent with the seat's view
    and plays every live candidate on it (a paired comparison), scoring each
    by a heuristic playout. It leaves the heuristic's move only for one that
    beats it on the same worlds by more than `z` standard errors
    (`clearly_better`). Seeded by the caller's rng.

    Time: it stops before a round that would overrun `margin` × the budget,
    and earlier when the choice is decided: from `race_after` rounds on, a
    candidate worse than the current leader by more than `drop_z` standard
    errors (or identical to it on every world so far) is dropped, and the
    search ends when one candidate is left. The budget is CPU time of the
    searching thread (`cpu_time`), so a loaded machine gives it as many
    worlds, only later; `deadline` (a `time.monotonic()` instant, the bot's)
    bounds the wall time too: the search stops before a round that would
    end past it and plays its best so far (the heuristic's move only when
    it found nothing yet). `worlds` (measurements only) samples exactly that
    many worlds, without the clock, the deadline or dropping.

    After `choose`, `searched` is the number of worlds sampled and `stop`
    says why the search ended: "forced" (one candidate, no search),
    "decided" (one candidate left), "budget", "deadline" (cut short by the
    wall clock), "failed" (a round raised), "worlds" or "rounds" (the fixed
    count or `max_rounds` reached).

    Games tune it through the hooks: `candidates`, `with_default`, `sampler`,
    `copy` and `value`.
    """

    name = "mc"
    z = 1.0  # standard errors by which a move must beat the heuristic's
    min_n = 2  # worlds before any evidence counts
    margin = 1.0  # share of the budget the rounds may use
    race_after = 8  # rounds before candidates can be dropped
    drop_z = 2.0  # standard errors by which a dropped candidate trails the leader
    worlds: int | None = None
    cpu_time = True  # the budget in the thread's CPU time; False: wall clock (before issue 35)
    deadline: float | None = None  # time.monotonic() by which the search stops, whatever its budget
    searched = 0  # worlds the last choose() sampled
    stop = ""  # why the last choose() ended (see above)

    def __init__(
        self,
        heuristic: Player[S],
        determinize: Determinize[S],
        budget_s: float = BUDGET,
        pick_samples: int = 4,
        max_rounds: int = 10_000,
    ) -> None:
        self.heuristic = heuristic
        self.determinize = determinize
        self.budget_s = budget_s
        self.pick_samples = pick_samples
        self.max_rounds = max_rounds

    # --- hooks -----------------------------------------------------------
    def candidates(self, state: S, seat: int, rng: random.Random) -> list[str]:
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

    def with_default(self, state: S, cands: list[str], default: str) -> list[str]:
        """The candidates to compare, the heuristic's move among them."""
        return cands if default in cands else [*cands, default]

    def sampler(self, state: S, seat: int) -> Callable[[random.Random], S]:
        """Draws one world; a game may read the public record once here."""
        return lambda rng: self.determinize(state, seat, rng)

    def copy(self, world: S) -> S:
        return world.copy()

    def value(self, world: S, seat: int, rng: random.Random) -> float:
        """The seat's score for a world after its candidate move."""
        return playout(world, self.heuristic, rng).result().net[seat]

    # --- the loop --------------------------------------------------------
    def choose(self, state: S, seat: int, rng: random.Random) -> str:
        clock = time.thread_time if self.cpu_time else time.perf_counter
        start = clock()
        self.searched, self.stop = 0, "forced"
        cands = self.candidates(state, seat, rng)
        if len(cands) == 1:
            return cands[0]
        default = self.heuristic.choose(state, seat, rng)
        cands = self.with_default(state, cands, default)
        if len(cands) == 1:
            return cands[0]
        nets: dict[str, list[float]] = {c: [] for c in cands}
        live = list(cands)
        draw = self.sampler(state, seat)
        budget_end = start + self.margin * self.budget_s
        wall_end = None if self.worlds else self.deadline
        if wall_end is not None and time.monotonic() >= wall_end:
            self.stop = "deadline"  # waited past it for a worker: nothing found
            return default
        slowest = slowest_wall = 0.0
        self.stop = "worlds" if self.worlds else "rounds"
        for n in range(1, (self.worlds or self.max_rounds) + 1):
            t0 = clock()
            w0 = time.monotonic()
            try:
                world = draw(rng)
                results = []
                for code in live:
                    w = self.copy(world)
                    w.apply(seat, code)
                    results.append(self.value(w, seat, rng))
            except Exception:  # never lose a table over a bad world: keep what we have
                log.exception("Monte Carlo round failed (%s)", type(state).__name__)
                self.stop = "failed"
                break
            for code, v in zip(live, results):
                nets[code].append(v)
            self.searched = n
            if self.worlds:
                continue
            if n >= self.race_after:
                live = survivors(nets, live, self.drop_z)
                if len(live) == 1:
                    self.stop = "decided"
                    break
            now = clock()
            slowest = max(slowest, now - t0)
            if now + slowest >= budget_end:
                self.stop = "budget"
                break
            if wall_end is not None:
                wall = time.monotonic()
                slowest_wall = max(slowest_wall, wall - w0)
                if wall + slowest_wall >= wall_end:
                    self.stop = "deadline"
                    break
        return clearly_better(nets, default, self.z, self.min_n)


def survivors(nets: dict[str, list[float]], live: list[str], drop_z: float) -> list[str]:
    """The live candidates not clearly behind the leader (best mean): a
    candidate stays while mean + drop_z·SE of its paired difference to the
    leader is above 0 (identical results on every world are not)."""
    n = len(nets[live[0]])
    leader = max(live, key=lambda c: sum(nets[c]))
    base = nets[leader]
    keep = []
    for c in live:
        if c == leader:
            keep.append(c)
            continue
        d = [a - b for a, b in zip(nets[c], base)]
        m = sum(d) / n
        var = sum((x - m) ** 2 for x in d) / (n - 1)
        if m + drop_z * (var / n) ** 0.5 > 0:
            keep.append(c)
    return keep


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


def playout(state: S, player: Player[S], rng: random.Random, limit: int = 10_000) -> S:
    """Play `state` to the end (or until nobody can move: hands.stuck) with
    `player` in every seat (`RandomPlayer()` for random play); seats awaited
    together answer in seat order. The state is changed in place and returned."""
    for _ in range(limit):
        if hands.stuck(state):
            return state
        seat = state.to_act()[0]
        state.apply(seat, player.choose(state, seat, rng))
    raise RuntimeError(f"hand did not end within {limit} moves")


def ai_module(game_id: str) -> ModuleType | None:
    """The game's computer-player module as its package declares it (None:
    the game has none, and only legal-move policies play it)."""
    name = registry.ai_module_name(game_id)
    return None if name is None else importlib.import_module(name)


WALL_CLOCK = "mc:wall"  # every game's `mc` with its budget on the wall clock


def make_player(kind: str, game_id: str, budget_s: float = BUDGET) -> Player:
    """'random', 'heuristic', 'mc' (the bot's player), 'mc:wall' (the same
    on the wall clock, as before issue 35) or 'mc:<name>' (a Monte Carlo
    variant the game's ai.py declares in `MC_VARIANTS`). A Monte Carlo kind
    may name its own budget in seconds, 'mc@0.2' or 'mc:wall@0.3', to pair
    two budgets on the same deals."""
    if "@" in kind and is_monte_carlo(kind):
        kind, budget_s = kind.partition("@")[0], budget_of(kind)
    if kind == "random":
        return RandomPlayer()
    ai = ai_module(game_id)
    if ai is None:
        raise ValueError(f"{game_id} has no computer player; only 'random' can play it")
    if kind == "heuristic":
        return ai.heuristic()
    if kind == "mc":
        # A game may tune the driver (candidate pruning, stopping rule): then
        # `monte_carlo(budget_s)` builds the same player the bot uses.
        if hasattr(ai, "monte_carlo"):
            return ai.monte_carlo(budget_s)
        return MonteCarloPlayer(ai.heuristic(), ai.determinize, budget_s)
    if kind == WALL_CLOCK:
        # the bot's player as it was before issue 35: its budget on the wall
        # clock (a loaded machine gives it fewer worlds), to pair with `mc`
        player = make_player("mc", game_id, budget_s)
        if not isinstance(player, MonteCarloPlayer):
            raise ValueError(f"{game_id}'s computer player has no clock to choose")
        player.cpu_time = False
        return player
    if kind.startswith("mc:"):
        variants = getattr(ai, "MC_VARIANTS", {})
        name = kind[3:]
        if name not in variants:
            known = ", ".join([WALL_CLOCK, *(f"mc:{v}" for v in variants)])
            raise ValueError(f"{game_id} has no Monte Carlo variant {name!r} (known: {known})")
        return variants[name](budget_s)
    raise ValueError(f"unknown player kind {kind!r} (random, heuristic, mc, mc:<variant>)")


def tuned(build: Callable[[float], Player], **attrs: object) -> Callable[[float], Player]:
    """An `MC_VARIANTS` entry: the player `build(budget_s)` makes, with some
    of its settings (attributes) changed."""
    def variant(budget_s: float) -> Player:
        player = build(budget_s)
        for k, v in attrs.items():
            setattr(player, k, v)
        return player
    return variant


def is_monte_carlo(kind: str) -> bool:
    """The kinds that search worlds ('mc' and its variants 'mc:<name>',
    either with its own budget, 'mc@0.2')."""
    kind = kind.partition("@")[0]
    return kind == "mc" or kind.startswith("mc:")


def budget_of(kind: str) -> float:
    """The budget a kind names after '@' (seconds, above 0)."""
    at = kind.partition("@")[2]
    try:
        budget = float(at)
    except ValueError:
        budget = 0.0
    if not 0 < budget < 3600:
        raise ValueError(f"{kind!r}: the budget after @ is seconds above 0, e.g. mc@0.2")
    return budget


# --- a computer seat's move ----------------------------------------------------
# Moves that give something up; a sensible player prefers to play cards.
YIELDING = {"pass", "kou", "fold", "skip", "guo"}


@dataclass(frozen=True)
class Decision:
    """A computer seat's move and how it was found (the bot's figures)."""

    code: str
    worlds: int = 0  # worlds the search sampled
    stop: str = "forced"  # why the search ended (`MonteCarloPlayer.stop`), or "heuristic"
    cpu: float = 0.0  # CPU seconds of the thread that decided
    bare: bool = False  # the heuristic's move for want of evidence (cut before `min_n` worlds)


def decide(state: State, seat: int, rng: random.Random, budget_s: float = BUDGET,
           deadline: float | None = None, cpu_time: bool = True,
           worlds: int | None = None) -> Decision:
    """A legal move for `seat`: the game's Monte Carlo player (its
    `monte_carlo(budget_s)`, given the wall `deadline` and clock; else its
    `choose`), else its heuristic player, else the plain policy. `worlds`:
    exactly that many worlds (measurements and tests)."""
    t0 = time.thread_time()
    ai = ai_module(state.game.id)
    if ai is not None:
        if hasattr(ai, "monte_carlo"):
            player = ai.monte_carlo(budget_s)
            player.deadline, player.cpu_time = deadline, cpu_time
            if worlds is not None:
                player.worlds = worlds
            code = _legal_or_none(state, seat, lambda: player.choose(state.copy(), seat, rng))
            if code is not None:
                bare = player.stop in ("deadline", "failed") and player.searched < player.min_n
                return Decision(code, player.searched, player.stop, time.thread_time() - t0, bare)
        else:
            code = _legal_or_none(state, seat, lambda: ai.choose(state.copy(), seat, rng, budget_s))
            if code is not None:
                return Decision(code, stop="search", cpu=time.thread_time() - t0)
    return Decision(quick(state, seat, rng), stop="heuristic", cpu=time.thread_time() - t0)


def choose(state: State, seat: int, rng: random.Random, budget_s: float = BUDGET) -> str:
    """A legal move code for `seat` (`decide`, within `budget_s` CPU seconds)."""
    return decide(state, seat, rng, budget_s).code


def quick(state: State, seat: int, rng: random.Random) -> str:
    """A legal move at once (≤ 5 ms): the game's heuristic player, else the
    plain policy. For when the Monte Carlo player failed or ran out of time."""
    ai = ai_module(state.game.id)
    if ai is not None and hasattr(ai, "heuristic"):
        code = _legal_or_none(state, seat, lambda: ai.heuristic().choose(state.copy(), seat, rng))
        if code is not None:
            return code
    return fallback(state, seat, rng)


def fallback(state: State, seat: int, rng: random.Random) -> str:
    """Play cards rather than pass, the smallest such play first (keep strength
    for later); among equals, the engine's order. Picks take the fewest cards."""
    moves = state.legal_moves(seat)
    if not moves:
        raise IllegalMove("no_legal_moves", f"seat {seat}")
    plays = [m for m in moves if isinstance(m, Move) and m.cards and m.kind not in YIELDING]
    if plays:
        return min(plays, key=lambda m: len(m.cards)).code
    picks = [m for m in moves if isinstance(m, Pick)]
    if picks:
        p = picks[0]
        return p.code_for(p.choices[: p.min_count])
    others = [m for m in moves if isinstance(m, Move)]
    non_yield = [m for m in others if m.kind not in YIELDING]
    return (non_yield or others)[0].code


def is_legal(state: State, seat: int, code: str) -> bool:
    try:
        state.copy().apply(seat, code)
        return True
    except IllegalMove:
        return False


def _legal_or_none(state: State, seat: int, decide: Callable[[], object]) -> str | None:
    try:
        code = decide()
    except Exception:
        log.exception("%s computer player failed", state.game.id)
        return None
    if isinstance(code, Move):
        code = code.code
    if isinstance(code, str) and is_legal(state, seat, code):
        return code
    log.warning("%s computer player chose an illegal move %r", state.game.id, code)
    return None

"""Play many hands between computer players and measure them fairly.

Each deal is played once per rotation of the players over the seats, so no
player keeps a seat or a good deal to itself. Rotation keeps the players'
order round the table, so a player always sits right after the same
neighbour; `mirror` also plays every deal with that order reversed, so two
players compared are each other's upstream neighbour equally often (two
copies of one player in adjacent seats differ by 0.3–0.7 a hand in 掀牛,
掀牛九 and 顶牛 without it: docs/AI.md, "Seat order"). Per hand we record each
player's net points; the report gives each player's mean with a 95%
confidence interval, the paired mean difference between every two players
with its interval, and each player's decision-time p50/p95. The rotations
of one deal share its cards, so intervals treat the deal, not the hand, as
the independent unit.
"""

from __future__ import annotations

import math
import random
import statistics
import sys
import time
from dataclasses import dataclass, field

from games import hands, registry, thinking
from games.base import State
from games.players import BUDGET, MonteCarloPlayer, Player, is_monte_carlo, make_player, playout


@dataclass
class Seat:
    label: str
    player: Player
    kind: str = ""
    nets: list[float] = field(default_factory=list)
    times: list[float] = field(default_factory=list)


class Timed:
    """Wraps a player to record how long each decision takes."""

    def __init__(self, seat: Seat) -> None:
        self.seat = seat
        self.name = seat.player.name

    def choose(self, state: State, seat: int, rng: random.Random) -> str:
        t = time.perf_counter()
        code = self.seat.player.choose(state, seat, rng)
        self.seat.times.append(time.perf_counter() - t)
        return code


class BySeat:
    """Dispatches each decision to the player sitting in that seat."""

    name = "table"

    def __init__(self, players: list[Timed]) -> None:
        self.players = players

    def choose(self, state: State, seat: int, rng: random.Random) -> str:
        return self.players[seat].choose(state, seat, rng)


def mean_ci(xs: list[float], cluster: int = 1) -> tuple[float, float]:
    """Mean and the half-width of its 95% confidence interval. `cluster`:
    consecutive values that are not independent (the rotations of one deal
    share its cards) are averaged first, and the interval is over those
    averages."""
    if cluster > 1:
        xs = [statistics.fmean(xs[i : i + cluster]) for i in range(0, len(xs), cluster)]
    m = statistics.fmean(xs)
    if len(xs) < 2:
        return m, math.inf
    return m, 1.96 * statistics.stdev(xs) / math.sqrt(len(xs))


def percentile(xs: list[float], q: float) -> float:
    if not xs:
        return 0.0
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))]


def simulate(
    game_id: str,
    hands: int,
    kinds: list[str],
    seed: int = 0,
    budget_s: float = BUDGET,
    variant: dict | None = None,
    worlds: int | None = None,
    jobs: int = 1,
    progress: bool = False,
    mirror: bool = False,
) -> list[Seat]:
    """`worlds`: Monte Carlo players sample exactly this many worlds a
    decision instead of watching the clock (CPU-fair measurements on a loaded
    machine; the bot never sets it). `jobs`: processes sharing the deals;
    every hand is played exactly as in a single process (same deal, seats
    and seed), so the result only comes sooner. `progress`: a line on stderr
    every 20 hands of each process. `mirror`: each deal is played in
    2 × seats seatings (`seatings`) instead of one per rotation."""
    game = registry.get(game_id)
    n = len(kinds)
    if hands < 1:
        raise ValueError("hands must be at least 1")
    if n not in game.seat_counts:
        raise ValueError(f"{game_id} needs {game.seat_counts} seats, got {n} players")
    labels = [k if kinds.count(k) == 1 else f"{k}#{i + 1}" for i, k in enumerate(kinds)]
    # Built here to refuse an unknown kind before any hand; each process
    # (`play_part`) builds its own players.
    seats = [Seat(lbl, make_player(k, game_id, budget_s), k) for lbl, k in zip(labels, kinds)]
    job = Job(
        game_id, kinds, seed, budget_s, variant, worlds, hands, max(1, jobs), progress, mirror
    )
    if job.jobs == 1:
        parts = [play_part(job, 0)]
    else:  # the bot's worker processes (games/pool.py): the same code everywhere
        with thinking.pool(job.jobs, name="paiju-simulate") as pool:
            futures = [pool.submit(play_part, job, part) for part in range(job.jobs)]
            parts = [f.result() for f in futures]
    nets_by_hand: dict[int, list[float]] = {}
    for part_nets, part_times in parts:
        nets_by_hand.update(part_nets)
        for seat, ts in zip(seats, part_times):
            seat.times += ts
    for h in range(hands):
        for seat, net in zip(seats, nets_by_hand[h]):
            seat.nets.append(net)
    return seats


@dataclass(frozen=True)
class Job:
    game_id: str
    kinds: list[str]
    seed: int
    budget_s: float
    variant: dict | None
    worlds: int | None
    hands: int
    jobs: int
    progress: bool
    mirror: bool = False


def seatings(n: int, mirror: bool = False) -> list[list[int]]:
    """The seatings of one deal, each as the player index at every seat:
    the n rotations of the players' order (player i at seat i + r), then,
    with `mirror`, the n rotations of the reversed order (player i at seat
    r − i)."""
    out = [[(s - r) % n for s in range(n)] for r in range(n)]
    if mirror:
        out += [[(r - s) % n for s in range(n)] for r in range(n)]
    return out


def play_part(job: Job, part: int) -> tuple[dict[int, list[float]], list[list[float]]]:
    """The hands of every `job.jobs`-th deal from `part`: each player's net
    per hand index (players in the caller's order) and decision times."""
    game = registry.get(job.game_id)
    n = len(job.kinds)
    seats = [Seat(k, make_player(k, job.game_id, job.budget_s), k) for k in job.kinds]
    if job.worlds is not None:
        for s in seats:
            if is_monte_carlo(s.kind):
                if not isinstance(s.player, MonteCarloPlayer):  # the loop with that mode
                    raise ValueError(f"{job.game_id}'s Monte Carlo player has no fixed-worlds mode")
                s.player.worlds = job.worlds
    v = game.variant(job.variant)
    nets: dict[int, list[float]] = {}
    ways = seatings(n, job.mirror)
    mine = [h for h in range(job.hands) if (h // len(ways)) % job.jobs == part]
    for done, h in enumerate(mine, 1):
        deal_no, way = divmod(h, len(ways))
        deal_seed = job.seed * 1_000_003 + deal_no
        state = game.new_state(v, seats=n, seed=deal_seed)
        player_at = ways[way]
        rng = random.Random(deal_seed * 31 + way)
        playout(state, BySeat([Timed(seats[i]) for i in player_at]), rng)
        net = hands.net(state)
        nets[h] = [net[player_at.index(i)] for i in range(n)]
        if job.progress and done % 20 == 0:
            print(f"[{part + 1}/{job.jobs}] {done}/{len(mine)} hands", file=sys.stderr, flush=True)
    return nets, [s.times for s in seats]


def report(seats: list[Seat], mirror: bool = False) -> str:
    """Intervals are over deals: each deal's seatings are averaged first
    (they share its cards, so they are not independent hands)."""
    n = len(seatings(len(seats), mirror))
    lines = [f"{'player':14s} {'mean net/hand':>14s} {'95% CI':>16s} {'p50 ms':>8s} {'p95 ms':>8s}"]
    for s in seats:
        m, hw = mean_ci(s.nets, n)
        lines.append(
            f"{s.label:14s} {m:14.3f} {f'[{m - hw:.3f}, {m + hw:.3f}]':>16s} "
            f"{percentile(s.times, 0.5) * 1e3:8.2f} {percentile(s.times, 0.95) * 1e3:8.2f}"
        )
    lines.append("")
    lines.append("paired difference per hand (row − column), mean [95% CI]:")
    for i, a in enumerate(seats):
        for b in seats[i + 1 :]:
            d = [x - y for x, y in zip(a.nets, b.nets)]
            m, hw = mean_ci(d, n)
            lines.append(
                f"  {a.label} − {b.label}: {m:.3f} [{m - hw:.3f}, {m + hw:.3f}]  {verdict(m, hw)}"
            )
    lines += pooled_by_kind(seats, n)
    lines.append(hands_line(len(seats[0].nets), n, mirror))
    return "\n".join(lines)


def hands_line(hands: int, n: int, mirror: bool = False) -> str:
    """How many hands were played, as deals × seatings (the last deal may
    have been played in fewer)."""
    full, rest = divmod(hands, n)
    each = f"{n} seatings (rotations, mirrored)" if mirror else f"{n} rotations"
    parts = [f"{full} deal{'s' if full > 1 else ''} × {each}"] if full else []
    if rest:
        kind = "seating" if mirror else "rotation"
        parts.append(f"1 deal × {rest} {kind}{'s' if rest > 1 else ''}")
    return f"hands: {hands} ({' + '.join(parts)}; intervals over deals)"


def pooled_by_kind(seats: list[Seat], per_deal: int) -> list[str]:
    """When a kind sits in several seats: per hand, the mean net of one kind's
    seats minus another's (paired), with its 95% interval."""
    groups: dict[str, list[Seat]] = {}
    for s in seats:
        groups.setdefault(s.kind or s.label, []).append(s)
    if len(groups) < 2 or all(len(g) == 1 for g in groups.values()):
        return []
    hands = len(seats[0].nets)
    mean = {
        k: [sum(s.nets[h] for s in g) / len(g) for h in range(hands)] for k, g in groups.items()
    }
    lines = ["pooled by kind (row − column), mean [95% CI]:"]
    names = list(groups)
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            m, hw = mean_ci([x - y for x, y in zip(mean[a], mean[b])], per_deal)
            lines.append(f"  {a} − {b}: {m:.3f} [{m - hw:.3f}, {m + hw:.3f}]  {verdict(m, hw)}")
    return lines


def verdict(m: float, hw: float) -> str:
    return "better" if m - hw > 0 else "worse" if m + hw < 0 else "no clear difference"

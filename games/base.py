"""The engine protocol every game implements.

A `Game` holds the static facts of one game (id, seat counts, variant flags
with their defaults, named presets) and creates `State`s. A `State` is one hand
in progress: who must act, which moves are legal, applying a move, what each
seat may see, and the result. Randomness enters only through the seed used to
deal; the deal plus the move list reproduces a state byte for byte.

Conventions shared by all games:

* Cards and tiles are named by codes of exactly two ASCII characters
  (``"Ks"``, ``"9h"``, ``"56"``...). Games with duplicate cards treat hands as
  multisets of codes.
* A move is identified by a short stable ASCII code (``Move.code``) that fits
  in Telegram callback data. `State.apply` takes the code (or a `Move`).
* A choice of several cards where every choice of the right size is legal
  (紧牌/贴牌 discards) is offered as one `Pick` instead of every subset; the
  code of a concrete choice is `Pick.code_for(cards)`.
* Events returned by `apply` are public: they never carry a card hidden from
  any seat. What a seat may see is in `view(seat)`.
* No user-visible text here: events, views and results are data; the bot's
  presenters turn them into words.
"""

from __future__ import annotations

import json
import random
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, NamedTuple, Self, TypedDict, TypeVar, cast


class IllegalMove(ValueError):
    """A move that the rules do not allow now. The state is left unchanged.

    `reason` is a short stable ASCII key (e.g. ``"not_your_turn"``,
    ``"cannot_beat"``) that presenters translate; `detail` is free text for
    logs and developers.
    """

    def __init__(self, reason: str, detail: str = "") -> None:
        self.reason = reason
        self.detail = detail
        super().__init__(f"{reason}: {detail}" if detail else reason)


class VariantError(ValueError):
    """An unknown variant flag or a value the flag does not accept."""


@dataclass(frozen=True)
class Flag:
    """One variant flag: a real rule option a group can choose."""

    name: str
    default: Any
    choices: tuple[Any, ...] = ()  # empty: any value of the default's type
    doc: str = ""

    def check(self, value: Any) -> Any:
        if self.choices:
            if value not in self.choices:
                raise VariantError(f"{self.name}: {value!r} not in {self.choices!r}")
            return value
        if isinstance(self.default, bool):
            if not isinstance(value, bool):
                raise VariantError(f"{self.name}: expected true/false, got {value!r}")
        elif isinstance(self.default, int):
            if isinstance(value, bool) or not isinstance(value, int):
                raise VariantError(f"{self.name}: expected an integer, got {value!r}")
        elif isinstance(self.default, (list, tuple)):
            if not isinstance(value, (list, tuple)) or len(value) != len(self.default):
                raise VariantError(f"{self.name}: expected {len(self.default)} values")
            return list(value)
        elif not isinstance(value, type(self.default)):
            raise VariantError(f"{self.name}: expected {type(self.default).__name__}")
        return value


class Move(NamedTuple):
    """One legal move. `code` is what records and callbacks carry. A named
    tuple: engines make many (刨幺's 123 leads of one hand), and a tuple is
    about twice as cheap to create as a frozen dataclass."""

    code: str
    kind: str  # e.g. "lead", "beat", "kou", "xian", "pass", "claim"
    cards: tuple[str, ...] = ()
    data: Mapping[str, Any] | None = None  # game-specific structured fields

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"code": self.code, "kind": self.kind, "cards": list(self.cards)}
        if self.data:
            d["data"] = dict(self.data)
        return d


@dataclass(frozen=True, slots=True)
class Pick:
    """A move made by choosing between `min_count` and `max_count` cards from
    `choices` (a multiset of card codes). Every such choice is legal."""

    kind: str
    prefix: str  # code of a concrete choice = prefix + sorted card codes
    choices: tuple[str, ...]
    min_count: int
    max_count: int

    def code_for(self, cards: Iterable[str]) -> str:
        return self.prefix + "".join(sorted(cards))

    def random_choice(self, rng: random.Random) -> tuple[str, ...]:
        n = rng.randint(self.min_count, self.max_count)
        return tuple(rng.sample(self.choices, n))


def split_cards(codes: str) -> tuple[str, ...]:
    """Split a run of two-character card codes: ``"9h9s"`` → ``("9h", "9s")``."""
    if len(codes) % 2:
        raise IllegalMove("malformed_move", f"odd card string {codes!r}")
    return tuple(codes[i : i + 2] for i in range(0, len(codes), 2))


class PublicView(TypedDict):
    """What the whole table may see (`State.public_view()`): JSON data, keys
    and all. Each game declares its own keys in a TypedDict that extends this
    one, in its package (`games.dingniu.DingniuPublic`...), and exports it for
    the bot's presenter; no key is common to every game."""


class SeatView(PublicView):
    """What one seat may see (`State.view(seat)`): its game's public view plus
    at least these keys (each game's seat view extends its public view and
    this one)."""

    seat: int
    hand: list[str]  # the seat's own cards, as codes


PublicT = TypeVar("PublicT", bound=PublicView)


class Revealed(TypedDict, Generic[PublicT]):
    """The end of a hand, for everyone (`State.revealed()`): the public view
    and every seat's hand, nothing private being left to protect."""

    public: PublicT
    hands: list[list[str]]  # per seat, the cards it still holds


@dataclass
class Result:
    """Net points per seat (zero-sum) and the details the scoreboard explains."""

    net: list[int]
    details: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"net": list(self.net), "details": self.details}


class Game(ABC):
    """Static facts of one game. Registered instances live in `games.registry`."""

    id: ClassVar[str]
    seat_counts: ClassVar[tuple[int, ...]]
    flags: Mapping[str, Flag]
    presets: Mapping[str, Mapping[str, Any]] = {"default": {}}

    # -- variants ---------------------------------------------------------
    def variant(self, overrides: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """Defaults with `overrides` applied, every value checked."""
        v = {name: f.default for name, f in self.flags.items()}
        for name, value in (overrides or {}).items():
            if name not in self.flags:
                raise VariantError(f"unknown flag {name!r} for {self.id}")
            v[name] = self.flags[name].check(value)
        return {k: (list(x) if isinstance(x, tuple) else x) for k, x in v.items()}

    def preset(self, name: str) -> dict[str, Any]:
        if name not in self.presets:
            raise VariantError(f"unknown preset {name!r} for {self.id}")
        return self.variant(self.presets[name])

    @property
    def default_seats(self) -> int:
        return self.seat_counts[0]

    # -- creating hands ---------------------------------------------------
    @abstractmethod
    def deal(self, variant: Mapping[str, Any], seats: int, seed: int) -> Any:
        """The explicit deal (JSON data, game-specific) a seed produces."""

    def first_dealer(self, variant: Mapping[str, Any], seats: int, seed: int) -> int:
        """Dealer of a sitting's first hand. Default: drawn from the seed."""
        return random.Random(f"dealer:{seed}").randrange(seats)

    def next_dealer(self, variant: Mapping[str, Any], finished: State, seed: int) -> int:
        """Dealer of the hand after `finished`. Default: the next seat."""
        return (finished.dealer + 1) % finished.seats

    @abstractmethod
    def start(
        self, variant: Mapping[str, Any], deal: Any, dealer: int, seats: int | None = None
    ) -> State:
        """A new hand from an explicit deal."""

    def new_state(
        self,
        variant: Mapping[str, Any] | None = None,
        seats: int | None = None,
        seed: int = 0,
        dealer: int | None = None,
    ) -> State:
        v, n, d = self.table_for(variant, seats, seed, dealer)
        return self.start(v, self.deal(v, n, seed), d, n)

    def table_for(
        self, variant: Mapping[str, Any] | None, seats: int | None, seed: int, dealer: int | None
    ) -> tuple[dict[str, Any], int, int]:
        """new_state's variant (defaults filled in), seat count and dealer, checked."""
        v = self.variant(variant)
        n = seats or self.default_seats
        if n not in self.seat_counts:
            raise VariantError(f"{self.id} is played by {self.seat_counts} players, not {n}")
        return v, n, self.first_dealer(v, n, seed) if dealer is None else dealer

    # -- persistence ------------------------------------------------------
    @abstractmethod
    def load(self, data: Mapping[str, Any]) -> State:
        """Rebuild a state from the dict `State.dump()` produced."""


class State(ABC):
    """One hand in progress. Subclasses set these attributes in __init__."""

    game: Game
    variant: dict[str, Any]
    seats: int
    dealer: int
    deal: Any  # the explicit deal this hand started from (JSON data)
    history: list[tuple[int, str]]  # every applied (seat, move code)

    @property
    def turn(self) -> int:
        """Number of moves applied so far; callbacks carry it to detect staleness."""
        return len(self.history)

    # -- the protocol -----------------------------------------------------
    @abstractmethod
    def to_act(self) -> list[int]:
        """Seats whose decision is awaited now (several when the rules ask
        several players at once). Empty when the hand is over."""

    @abstractmethod
    def legal_moves(self, seat: int) -> Sequence[Move | Pick]:
        """Every legal move of `seat` now (empty if it need not act)."""

    def apply(self, seat: int, move: str | Move) -> list[dict[str, Any]]:
        """Validate and apply a move; return public events. An illegal move
        raises IllegalMove and leaves the state unchanged."""
        code = move.code if isinstance(move, Move) else move
        if not isinstance(code, str) or not code.isascii() or not code:
            raise IllegalMove("malformed_move", repr(code))
        if self.is_over():
            raise IllegalMove("hand_over")
        if seat not in self.to_act():
            raise IllegalMove("not_your_turn", f"seat {seat}")
        events = self._apply(seat, code)
        self.history.append((seat, code))
        return events

    @abstractmethod
    def _apply(self, seat: int, code: str) -> list[dict[str, Any]]:
        """Apply `code` for `seat`, who is in to_act(). Must raise IllegalMove
        before changing anything if the move is not legal."""

    def timeout_move(self, seat: int) -> str | None:
        """The move the rules prescribe when `seat`'s turn timer runs out
        (刨幺: an unanswered 雪 decision counts as the flag says), or None:
        then the computer plays for the seat (托管)."""
        return None

    def code_for_cards(self, seat: int, cards: Sequence[str]) -> str:
        """Games whose plays are too many for buttons (刨幺) turn a freely
        chosen set of cards into the code of the legal move it makes, or raise
        IllegalMove whose reason says why not (``straight_too_short``...).
        The bot's card picker uses this; `apply` still validates the code."""
        raise NotImplementedError(f"{self.game.id} has no card picker")

    @abstractmethod
    def view(self, seat: int) -> SeatView:
        """Everything `seat` may see: the public view plus its own hand under
        the key "hand" (a list of card codes)."""

    @abstractmethod
    def public_view(self) -> PublicView:
        """What the whole table may see."""

    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def result(self) -> Result:
        """Net points per seat (sum 0) and details; only when is_over()."""

    # -- persistence ------------------------------------------------------
    @abstractmethod
    def dump(self) -> dict[str, Any]:
        """Every field of the state as JSON data (besides the common header)."""

    def to_json(self) -> str:
        """The state as canonical JSON. Read back with
        `games.records.state_from_json`, which needs the registry to find the
        game by its id, so it lives there, not here (the protocol imports no
        other module of games/: tests/games/test_imports.py)."""
        data = {
            "game": self.game.id,
            "variant": self.variant,
            "seats": self.seats,
            "dealer": self.dealer,
            "deal": self.deal,
            "history": [list(h) for h in self.history],
            "state": self.dump(),
        }
        return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]

    def revealed(self) -> Revealed[PublicView]:
        """End-of-hand data for everyone: the public view plus every hand.
        Only once the hand is over (nothing private is left to protect)."""
        if not self.is_over():
            raise IllegalMove("hand_not_over")
        return {
            "public": self.public_view(),
            "hands": [self.view(s)["hand"] for s in range(self.seats)],
        }

    # -- the fast copy -----------------------------------------------------
    # Every attribute that apply() changes in place, with how deep copy()
    # copies it (COPY_1: the list/dict itself; COPY_2: also each list/dict in
    # it; COPY_DEEP: any nesting of lists and dicts). Every other attribute is
    # shared by the copies: immutable, never mutated, or only ever replaced
    # (the variant, the deal, caches rebuilt on change). tests/games/test_copy.py
    # checks that no list/dict attribute is left out (SHARED names the shared
    # ones) and that moves on a copy never reach the original. A state that
    # declares nothing (None) is copied through JSON.
    MUTABLE: ClassVar[Mapping[str, int] | None] = None
    SHARED: ClassVar[frozenset[str]] = frozenset({"variant", "deal"})
    REBUILT: ClassVar[frozenset[str]] = frozenset()  # rebuilt by _after_copy

    def copy(self) -> Self:
        """An independent copy without JSON (computer players copy a state
        once per sampled world and candidate move)."""
        if self.MUTABLE is None:  # our own state: no replay; load() gives our own type back
            return cast(Self, self.game.load(json.loads(self.to_json())))
        new = object.__new__(type(self))
        # Plain dicts for both: asking a state under 30 attributes for its
        # __dict__ makes a split (shared-keys) dict, its .copy() is split too,
        # and CPython 3.11 specialises no attribute load on an instance whose
        # __dict__ is split (each deopts); a plain dict's stay specialised
        # (LOAD_ATTR_WITH_HINT), and copying one again is a cheap clone.
        d = self.__dict__ = dict(self.__dict__)
        d = d.copy()
        for name, depth in self.MUTABLE.items():
            x = d[name]
            if x is not None:
                d[name] = _COPY[depth](x)
        new.__dict__ = d
        new._after_copy()
        return new

    def _after_copy(self) -> None:  # noqa: B027 (a hook: most states need nothing)
        """Rebuild what holds references into the copied fields (cached move
        generators bound to a hand...)."""


COPY_1, COPY_2, COPY_DEEP = 1, 2, 3


def _deep(x: Any) -> Any:
    if isinstance(x, list):
        return [_deep(y) for y in x]
    if isinstance(x, dict):
        return {k: _deep(v) for k, v in x.items()}
    return x


def _copy2(x: Any) -> Any:
    if isinstance(x, dict):
        return {k: v.copy() if isinstance(v, (list, dict)) else v for k, v in x.items()}
    return [y.copy() if isinstance(y, (list, dict)) else y for y in x]


_COPY = {COPY_1: lambda x: x.copy(), COPY_2: _copy2, COPY_DEEP: _deep}


def find_move(moves: Sequence[Move | Pick], code: str) -> Move | None:
    """The listed Move with this code, if any."""
    for m in moves:
        if isinstance(m, Move) and m.code == code:
            return m
    return None

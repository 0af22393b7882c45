"""How a game looks to players: text and button labels from engine data.

One presenter per game id: the game package `games/<name>` has its presenters
in `bot/presenters/<name>.py`, which exposes `PRESENTERS: dict[game_id,
Presenter]` (found by `bot.presenters.presenter`). Besides drawing the game,
a presenter names its house rules in players' words (`presets`, `flags`) and
summarises the game for /rules (`summary`). Every method takes `_`, the
translator of the chat's language; every user-visible string goes through it.
Presenters only read what they are given: `public_view()` for group texts,
`view(seat)` for a player's private text. They never see another seat's hand.
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import Any, Generic, TypeVar, cast

from bot.i18n import N_, Translator, in_context, plural
from games import records
from games.base import (
    Move,
    Pick,
    PublicView,
    Result,
    Revealed,
    SeatView,
    State,
    find_move,
    split_cards,
)

ON, OFF = N_("on"), N_("off")

# A variant flag in players' words: (name, one-line explanation, {value: choice name})
FlagText = tuple[str, str, dict[Any, str]]


def names_list(items: Iterable[str], _: Translator) -> str:
    """老王、小李 / Lao Wang, Xiao Li: names (or short items) in a list."""
    return in_context("list", ", ", _).join(items)


def clauses(items: Iterable[str], _: Translator) -> str:
    """Parts of one sentence: "，" in Chinese, ", " in English."""
    return _(", ").join(items)


def capital(text: str, names: Sequence[str]) -> str:
    """A clause that starts a line ("no winner" → "No winner"); a player's
    name ("p1 passes") and Chinese as they are."""
    if any(n and text.startswith(n) for n in names):
        return text
    return text[:1].upper() + text[1:]


CARDS_IN_LABEL = re.compile(r"\[\d:\d\]|[♠♥♦♣]\ufe0f?\w+")


def says_the_move(event: str, label: str, name: str) -> bool:
    """Whether a move's first event says all its button did: it names the
    player, the button's verb ("Pass" → "Tom passes") and every card the button
    shows. Then a replay gives the event alone, not "Tom: Pass → Tom passes"."""
    verb = re.match(r"\w+", label)
    return (event.startswith(name) and verb is not None and verb[0].lower() in event.lower()
            and all(c in event for c in CARDS_IN_LABEL.findall(label)))


def sentences(items: Iterable[str], _: Translator) -> str:
    """Separate statements on one line: "；" in Chinese, "; " in English."""
    return _("; ").join(items)


def score_of(name: str, points: int, _: Translator) -> str:
    """A name and its points, never touching: "Computer 1: +14", "电脑1：+14"."""
    return _("{name}: {points}").format(name=name, points=signed(points))


def scores_line(names: Sequence[str], points: Sequence[int], _: Translator) -> str:
    """Everyone's points on one line, best first (ties keep seat order):
    "Tom: +6 · Computer 1: −2 · Computer 2: −4"."""
    order = sorted(range(len(points)), key=lambda i: -points[i])
    return " · ".join(score_of(names[i], points[i], _) for i in order)


# The views a presenter reads: its game's TypedDicts (games/base.py). A game's
# presenter may name them, `Presenter[DingniuPublic, DingniuView]`, and mypy
# checks every key it reads; a bare `Presenter` reads them unchecked.
PublicT = TypeVar("PublicT", bound=PublicView)
ViewT = TypeVar("ViewT", bound=SeatView)


class Presenter(Generic[PublicT, ViewT]):
    game_id: str
    # The game's house rules as /new, /settings and /rules name them (msgids;
    # bot/house_rules.py reads them). A preset without a name is "Custom"; a
    # flag without words is not offered in /settings.
    presets: Mapping[str, tuple[str, str]] = {}  # preset → (name, one-line description)
    flags: Mapping[str, FlagText] = {}  # the engine's flag → its words
    # /rules and docs/PLAYING.md: how to win, the plays, scoring (a paragraph each)
    summary: tuple[str, str, str]

    def game_name(self, _: Translator) -> str:
        """The game's name as players say it (掀牛, 顶牛 ...)."""
        raise NotImplementedError

    def card(self, code: str, _: Translator) -> str:
        """One card or tile by its regional name (♠K, 天牌[6:6] ...)."""
        return code

    def gloss_text(self, text: str, names: Sequence[str]) -> str:
        """A whole message made of this game's texts, with each of its game
        terms glossed at its first use in the message (docs/glossary.md)."""
        return text

    def cards_text(self, codes: Sequence[str], _: Translator) -> str:
        """Cards or tiles in a row, as a hand lists them (a game may group
        them: ♠K ♥️K │ ♦️Q); a replay's deal."""
        return " ".join(self.card(c, _) for c in codes)

    def move_label(self, move: Move, _: Translator) -> str:
        """Button text of a legal move (short: Telegram buttons are narrow)."""
        return " ".join(self.card(c, _) for c in move.cards) or move.code

    def same_move(self, move: Move) -> Hashable:
        """Moves with equal keys are the same move in every way the rules care
        about (they differ only in which of several identical cards is used):
        a player is offered one button for them. Default: every move differs."""
        return move.code

    def offered(self, moves: Sequence[Move | Pick]) -> list[int]:
        """Indices of the legal moves offered as buttons: each `Move` once per
        distinct move (`same_move`), the first of its kind; picks are not
        buttons."""
        seen: set[Hashable] = set()
        out = []
        for i, m in enumerate(moves):
            if isinstance(m, Move):
                key = self.same_move(m)
                if key not in seen:
                    seen.add(key)
                    out.append(i)
        return out

    def button_for(self, moves: Sequence[Move | Pick], code: str) -> int | None:
        """The index of the offered move that makes the move `code` (itself, or
        the same move with other identical cards); None if no button does."""
        move = find_move(moves, code)
        if move is None:
            return None
        key = self.same_move(move)
        return next((i for i in self.offered(moves)
                     if isinstance(m := moves[i], Move) and self.same_move(m) == key), None)

    def move_labels(self, moves: list[Move], _: Translator) -> list[str]:
        """Labels of several legal moves, each one a player can tell apart:
        where two would read the same ("对3", "对3"), both show their cards
        ("对3 ♣3♠3", "对3 ♦3♠3"); if that is still not enough, a number."""
        labels = [self.move_label(m, _) for m in moves]
        seen: dict[str, int] = {}
        for label in labels:
            seen[label] = seen.get(label, 0) + 1
        out = []
        for m, label in zip(moves, labels):
            if seen[label] > 1 and m.cards:
                shown = " ".join(self.card(c, _) for c in m.cards)
                label = label if shown in label else f"{label} {shown}"
            out.append(label)
        still = {label for label in out if out.count(label) > 1}
        nth: dict[str, int] = {}
        for i, label in enumerate(out):
            if label in still:
                nth[label] = nth.get(label, 0) + 1
                out[i] = f"{label} ({nth[label]})"
        return out

    def pick_prompt(self, pick: Pick, _: Translator) -> str:
        """What the picker asks for (e.g. 'Discard 3 cards')."""
        return f"{pick.kind} {pick.min_count}-{pick.max_count}"

    def pick_count(self, pick: Pick, chosen: int, _: Translator) -> str:
        """The answer to a pick confirmed with the wrong number of cards: how
        many are needed (a toast, so short)."""
        lo, hi = pick.min_count, pick.max_count
        if lo == hi:
            return plural(_, "Choose exactly {n} card; you have chosen {c}.",
                          "Choose exactly {n} cards; you have chosen {c}.", lo).format(
                n=lo, c=chosen)
        return _("Choose {lo} to {hi} cards; you have chosen {c}.").format(lo=lo, hi=hi, c=chosen)

    def uses_picker(self, moves: Sequence[Move | Pick]) -> bool:
        """True when these moves are too many for buttons: the bot shows a
        card picker and turns the chosen cards into a move with
        `State.code_for_cards`. Picks always use the picker."""
        return False

    def hints(self, moves: Sequence[Move | Pick]) -> list[Move]:
        """A few good legal plays the picker's 提示 button cycles through."""
        return [m for m in moves if isinstance(m, Move)][:3]

    def reason_text(self, reason: str, _: Translator) -> str | None:
        """A short toast (≤ 200 chars) explaining why a move was refused, from
        IllegalMove.reason ("straight_too_short" ...); None: a generic text."""
        return None

    def table_text(self, public: PublicT, names: list[str], _: Translator) -> str:
        """The group's table message body (without the turn/timer line)."""
        raise NotImplementedError

    def hand_text(self, view: ViewT, seat: int, names: list[str], _: Translator) -> str:
        """The private hand message of `seat`."""
        raise NotImplementedError

    def prompt(
        self, view: ViewT, moves: Sequence[Move | Pick], names: list[str], _: Translator
    ) -> str | None:
        """What the seat whose turn it is is asked, shown above its buttons:
        it names exactly the actions among `moves` (None: the buttons say it)."""
        return None

    def turn_action(self, public: PublicT, _: Translator) -> str:
        """What the acting seat is doing, for the table's turn line
        ("阿强 出牌 (⏱ 0:45)"); from the public view only."""
        return _("to play")

    def event_line(self, event: dict[str, Any], names: list[str], _: Translator) -> str | None:
        """One line for the table's 'last thing that happened' (None: not shown)."""
        return None

    def result_text(
        self, result: Result, final: Revealed[PublicT], names: list[str], _: Translator
    ) -> str:
        """End of hand: every hand revealed and the result explained.
        `final` is the engine's end-of-hand data (public view plus revealed hands)."""
        raise NotImplementedError

    # -- history and replay ------------------------------------------------
    def result_head(self, result: Result, names: list[str], _: Translator) -> str | None:
        """How a finished hand ended, in a few words, where the game says more
        than the points (川牌: who won on which card; 刨幺: the team and 雪);
        None: the points say it all."""
        return None

    def result_line(self, result: Result, names: list[str], _: Translator) -> str:
        """A finished hand in one line (/history): how it ended, then every
        seat's points, best first."""
        head = self.result_head(result, names, _)
        head = capital(head, names) if head else None
        if not any(result.net):
            return head or _("Nobody won or lost.")
        scores = scores_line(names, result.net, _)
        # the head is an event's line ("… wins!"): its end mark gives way to the join
        return sentences([head.rstrip(".!。！"), scores], _) if head else scores

    def replay_lines(self, record: dict[str, Any], names: list[str], _: Translator) -> list[str]:
        """A finished hand as a readable move list: what everyone was dealt,
        every move (hidden ones too: the hand is over) with what it did, and
        the scoring as the 🏁 message gave it."""
        state = records.start_of(record)
        lines = [_("Dealt:")]
        for seat in range(state.seats):
            # a hand shown whole at the deal (a big hand) is no longer in hand
            hand = self.cards_text(state.view(seat)["hand"], _) or "—"
            lines.append(f"{names[seat]}: {hand}")
        if record.get("moves"):  # a hand over when dealt has none
            lines.append(_("Moves:"))
        for i, (seat, code) in enumerate(record.get("moves", [])):
            label = self.replay_move(state, seat, code, _)
            picked = find_move(state.legal_moves(seat), code) is None  # cards chosen in a picker
            told = [t for t in (self.event_line(e, names, _) for e in state.apply(seat, code)) if t]
            if told and (label in told[0]
                         or not picked and says_the_move(told[0], label, names[seat])):
                lines.append(f"{i + 1}. " + capital(clauses(told, _), names))
            else:  # a hidden move (扣, a discard face down): shown now the hand is over
                then = " → " + clauses(told, _) if told else ""
                # a button's "掀!" is no sentence's end mark (Chinese would take ！)
                lines.append(f"{i + 1}. {names[seat]}: {label.rstrip('!')}{then}")
        lines.append(_("Scoring:"))
        if not state.is_over():  # scored void: nobody could move on
            lines.append(_("Nobody could move on: the hand counts for nothing."))
            return lines
        final = cast("Revealed[PublicT]", state.revealed())  # a hand of this presenter's game
        lines.append(self.result_text(state.result(), final, names, _))
        return lines

    def replay_move(self, state: State, seat: int, code: str, _: Translator) -> str:
        """A move of a finished hand by its button label (cards included)."""
        moves = state.legal_moves(seat)
        move = find_move(moves, code)
        if move is not None:
            return self.move_label(move, _)
        for pick in moves:
            if isinstance(pick, Pick) and code.startswith(pick.prefix):
                cards = split_cards(code[len(pick.prefix):])
                return f"{self.pick_prompt(pick, _)}: {' '.join(self.card(c, _) for c in cards)}"
        return code


def signed(n: int) -> str:
    """A score with its sign: +3, −2 (a true minus sign), 0."""
    return f"+{n}" if n > 0 else (f"−{-n}" if n < 0 else "0")

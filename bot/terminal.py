"""Offline play in a terminal against computer players: `paiju play GAME`.

The same engines, presenters and computer players as the bot, with text in
and text out: the table and your hand are printed, your legal moves are
numbered, and you answer with a number (or, for a choice of cards, the
numbers of the cards). No Telegram, no database.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from bot import computer
from bot.i18n import You, translator
from bot.presenters import presenter
from games import registry
from games.base import IllegalMove, Move, Pick, State

Ask = Callable[[str], str]
Say = Callable[[str], None]


class Quit(Exception):
    """The player ended the session (EOF or 'q')."""


def _read(ask: Ask, prompt: str) -> str:
    try:
        text = ask(prompt).strip()
    except EOFError:
        raise Quit from None
    if text.lower() in ("q", "quit", "exit"):
        raise Quit
    return text


def choose_cards(pick: Pick, ask: Ask, say: Say, label: Callable[[str], str], _) -> str:
    say("  ".join(f"{i + 1}:{label(c)}" for i, c in enumerate(pick.choices)))
    while True:
        text = _read(ask, _("Card numbers, separated by spaces: "))
        try:
            idx = [int(t) - 1 for t in text.replace(",", " ").split()]
        except ValueError:
            say(_("Please answer with numbers."))
            continue
        if len(set(idx)) != len(idx) or any(not 0 <= i < len(pick.choices) for i in idx):
            say(_("Each number once, from the list."))
            continue
        if not pick.min_count <= len(idx) <= pick.max_count:
            say(_("Choose between {a} and {b} cards.").format(a=pick.min_count, b=pick.max_count))
            continue
        return pick.code_for(pick.choices[i] for i in idx)


def human_move(state: State, seat: int, ask: Ask, say: Say, lang: str, names: list[str]) -> str:
    _ = translator(lang)
    p = presenter(state.game.id)
    say(p.hand_text(state.view(seat), seat, names, _))
    moves = state.legal_moves(seat)
    hand = state.view(seat)["hand"]
    if p.uses_picker(moves):
        say(_("Type the numbers of the cards to play, or a move number with #, e.g. #1."))
        say("  ".join(f"{i + 1}:{p.card(c, _)}" for i, c in enumerate(hand)))
    labels = iter(p.move_labels([m for m in moves if isinstance(m, Move)], _))
    for i, m in enumerate(moves):
        text = next(labels) if isinstance(m, Move) else p.pick_prompt(m, _)
        say(f"  #{i + 1} {text}" if p.uses_picker(moves) else f"  {i + 1}. {text}")
    while True:
        text = _read(ask, _("Your move: "))
        if p.uses_picker(moves) and not text.startswith("#"):
            try:
                cards = [hand[int(t) - 1] for t in text.replace(",", " ").split()]
                return state.code_for_cards(seat, cards)
            except (ValueError, IndexError):
                say(_("Please answer with numbers."))
            except IllegalMove as e:
                say(_("Not allowed: {reason}").format(reason=e.reason))
            continue
        try:
            m = moves[int(text.lstrip("#")) - 1]
        except (ValueError, IndexError):
            say(_("Please answer with a number from the list."))
            continue
        if isinstance(m, Pick):
            return choose_cards(m, ask, say, lambda c: p.card(c, _), _)
        return m.code


def play(
    game_id: str,
    ask: Ask = input,
    say: Say = print,
    seat: int = 0,
    lang: str = "zh_Hans",
    seed: int | None = None,
    budget_s: float = 0.3,
) -> State:
    """Play one hand; the human sits at `seat`, computers elsewhere."""
    _ = translator(lang)
    game = registry.get(game_id)
    p = presenter(game_id)
    seed = random.randrange(1 << 30) if seed is None else seed
    state = game.new_state(seed=seed)
    names = [You(_("You")) if s == seat else _("Computer {n}").format(n=s + 1) for s in range(state.seats)]
    rng = random.Random(seed)
    say(_("{game} · seed {seed}").format(game=p.game_name(_), seed=seed))
    try:
        while not state.is_over():
            actor = seat if seat in state.to_act() else state.to_act()[0]
            if actor == seat:
                say("")
                say(p.table_text(state.public_view(), names, _))
                code = human_move(state, seat, ask, say, lang, names)
            else:
                code = computer.choose(state, actor, rng, budget_s)
            try:
                events = state.apply(actor, code)
            except IllegalMove as e:
                say(_("Not allowed: {reason}").format(reason=e.reason))
                continue
            for ev in events:
                line = p.event_line(ev, names, _)
                if line:
                    say(line)
    except Quit:
        say(_("Bye."))
        return state
    say("")
    say(p.result_text(state.result(), state.revealed(), names, _))
    return state

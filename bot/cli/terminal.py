"""Offline play in a terminal against computer players: `paiju play GAME`.

The same engines, presenters and computer players as the bot, with text in
and text out: the table and your hand are printed, your legal moves are
numbered, and you answer with a number (or, for a choice of cards, the
numbers of the cards). No Telegram, no database. Every wrong answer is
refused with a reason and asked again; end with Ctrl-D, Ctrl-C or q.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

from bot.i18n import Translator, You, plural, translator
from bot.pictures.draw import png
from bot.pictures.scenes import Scenes, for_lang, scenes
from bot.pictures.source import Picture
from bot.presenters import presenter
from bot.presenters.base import Presenter, scores_line
from bot.words import house_rules
from games import hands, registry, thinking
from games.base import IllegalMove, Move, Pick, State
from games.players import BUDGET, quick

Ask = Callable[[str], str]
Say = Callable[[str], None]

REDEALS = 100  # a redeal deals again; this many in a row would be a bug
RULE = "────────────"  # as the bot's messages draw it


class Quit(Exception):
    """The player ended the session (Ctrl-D, Ctrl-C or 'q')."""


class Retry(Exception):
    """An answer that cannot be used; the message says why, then we ask again."""


def _read(ask: Ask, prompt: str) -> str:
    try:
        text = ask(prompt).strip()
    except (EOFError, KeyboardInterrupt):
        raise Quit from None
    if text.lower() in ("q", "quit", "exit"):
        raise Quit
    return text


def numbers(text: str, count: int, _: Translator) -> list[int]:
    """Indices (0-based) of the numbers 1…count typed in `text`, each once."""
    tokens = text.replace(",", " ").replace("，", " ").split()
    if not tokens:
        raise Retry(_("Please type a number."))
    try:
        values = [int(t) for t in tokens]
    except ValueError:
        raise Retry(_("Please answer with numbers.")) from None
    for v in values:
        if not 1 <= v <= count:
            raise Retry(_("{n} is not in the list: choose from 1 to {m}.").format(n=v, m=count))
    if len(set(values)) != len(values):
        raise Retry(_("Each number once, from the list."))
    return [v - 1 for v in values]


def refusal(p: Presenter, e: IllegalMove, _: Translator) -> str:
    """The engine's reason in the player's words (the bot's toast text)."""
    return p.reason_text(e.reason, _) or _("The rules do not allow that move now.")


def _count(a: int, b: int) -> str:
    return str(a) if a == b else f"{a}–{b}"


def choose_cards(pick: Pick, ask: Ask, say: Say, p: Presenter, _: Translator) -> str:
    """A Pick answered by naming whichever side is shorter: the cards chosen,
    or the cards kept (then the rest are chosen). `!` switches sides."""
    n = len(pick.choices)
    lo, hi = pick.min_count, pick.max_count
    keep = n - hi < lo  # keeping fewer cards than choosing: name those

    def explain() -> None:
        if keep:
            say(plural(_, "Type the number of the {k} card to keep; the other cards are chosen. "
                          "(! to name the chosen cards instead)",
                       "Type the numbers of the {k} cards to keep; the other cards are chosen. "
                       "(! to name the chosen cards instead)", n - lo).format(
                k=_count(n - hi, n - lo)))
        else:
            say(plural(_, "Type the number of the {k} card to choose. "
                          "(! to name the cards to keep instead)",
                       "Type the numbers of the {k} cards to choose. "
                       "(! to name the cards to keep instead)", hi).format(k=_count(lo, hi)))

    say(p.pick_prompt(pick, _))
    say("  ".join(f"{i + 1}:{p.card(c, _)}" for i, c in enumerate(pick.choices)))
    explain()
    while True:
        text = _read(ask, _("Card numbers, separated by spaces: "))
        if text == "!":
            keep = not keep
            explain()
            continue
        least = n - hi if keep else lo  # the fewest cards the named side may have
        try:
            named = numbers(text, n, _) if text or least > 0 else []
        except Retry as r:
            say(str(r))
            continue
        chosen = [i for i in range(n) if i not in named] if keep else named
        if not lo <= len(chosen) <= hi:
            say(p.pick_count(pick, len(chosen), _))  # how many are needed
            continue
        return pick.code_for(pick.choices[i] for i in chosen)


def human_move(state: State, seat: int, ask: Ask, say: Say, p: Presenter, _: Translator) -> str:
    """Ask the player at `seat` until the answer is a move the engine takes."""
    moves = state.legal_moves(seat)
    picker = p.uses_picker(moves)
    hand = state.view(seat)["hand"] if picker else []
    if picker:
        say(_("Type the numbers of the cards to play, or a move number with #, e.g. #1."))
        say("  ".join(f"{i + 1}:{p.card(c, _)}" for i, c in enumerate(hand)))
    offered = set(p.offered(moves))  # one choice per distinct move
    listed = [m for i, m in enumerate(moves) if isinstance(m, Pick) or i in offered]
    labels = iter(p.move_labels([m for m in listed if isinstance(m, Move)], _))
    for i, m in enumerate(listed):
        text = next(labels) if isinstance(m, Move) else p.pick_prompt(m, _)
        say(f"  #{i + 1} {text}" if picker else f"  {i + 1}. {text}")
    while True:
        text = _read(ask, _("Your move: "))
        try:
            if picker and not text.startswith("#"):
                cards = [hand[i] for i in numbers(text, len(hand), _)]
                return state.code_for_cards(seat, cards)
            chosen = numbers(text.removeprefix("#"), len(listed), _)
            if len(chosen) != 1:
                raise Retry(_("Please answer with one number from the list."))
            m = listed[chosen[0]]
            if isinstance(m, Pick):
                return choose_cards(m, ask, say, p, _)
            return m.code
        except Retry as r:
            say(str(r))
        except IllegalMove as e:
            say(refusal(p, e, _))


class Screen:
    """Prints each event once, and a table or hand line only when the events
    just printed have not said it already; with a pictures directory, writes
    the pictures the bot would send beside the text, each new one a file."""

    def __init__(self, say: Say, pictures: Path | None = None, _: Translator | None = None,
                 lang: str = "") -> None:
        self.say = say
        self.recent: set[str] = set()
        self.pictures = pictures
        self._ = _
        self.lang = lang
        self.written = 0
        self.last: dict[str, str] = {}  # kind → digest of the last picture written

    def picture(self, picture: Picture | None) -> None:
        picture = for_lang(picture, self.lang)
        if self.pictures is None or picture is None:
            return
        digest = picture.digest()
        if self.last.get(picture.kind) == digest:
            return  # the same as the last one: nothing new to look at
        self.last[picture.kind] = digest
        self.written += 1
        self.pictures.mkdir(parents=True, exist_ok=True)
        path = self.pictures / f"{self.written:03d}-{picture.kind}.png"
        path.write_bytes(png(picture))
        assert self._ is not None
        self.say(self._("🖼 {file}").format(file=path))

    def event(self, line: str | None) -> None:
        if line:
            self.say(line)
            self.recent.add(line)

    def block(self, *texts: str) -> None:
        self.say("")
        for text in texts:
            for line in text.splitlines():
                if line.strip() and line in self.recent:
                    continue
                self.recent.add(line)
                self.say(line)
        self.recent = set()


def _is_redeal(state: State) -> bool:
    return state.result().details.get("outcome") == "redeal"


def play(
    game_id: str,
    ask: Ask = input,
    say: Say = print,
    seat: int = 0,
    lang: str = "zh_Hans",
    seed: int | None = None,
    budget_s: float = BUDGET,
    preset: str = "default",
    auto: bool = False,
    pictures: Path | None = None,
) -> State:
    """Play one hand; the human sits at `seat` (0-based), computers elsewhere,
    or computers everywhere with `auto`. A redeal deals again and goes on.
    The computers think in a worker process (as in the bot) for `budget_s`
    seconds of CPU; with 0, the heuristic plays at once, in this process.
    `pictures`: a directory to write the table, hand and end pictures into."""
    _ = translator(lang)
    game = registry.get(game_id)
    p = presenter(game_id)
    variant = game.preset(preset)
    seed = random.randrange(1 << 30) if seed is None else seed
    state = game.new_state(variant, seed=seed)
    if not 0 <= seat < state.seats:
        raise ValueError(f"seat {seat + 1} does not exist: {game_id} has {state.seats} seats")
    human = None if auto else seat
    names = [You(_("You")) if s == human else _("Computer {n}").format(n=s + 1)
             for s in range(state.seats)]
    rng = random.Random(seed)
    screen = Screen(say, pictures, _, lang)
    drawn = scenes(game_id)
    say(_("{game} · rules: {preset} · seed {seed}").format(
        game=p.game_name(_), preset=house_rules.preset_name(game_id, preset, _), seed=seed))
    if auto:
        screen.block(p.table_text(state.public_view(), names, _))
        screen.picture(drawn.table(state.public_view()))
    computers = thinking.Thinker()  # a worker process, as in the bot
    deals = 1  # hands dealt, as the bot counts them (a redeal is a hand)
    try:
        for _redeal in range(REDEALS):
            _play_hand(state, human, ask, say, screen, p, names, _, rng, budget_s, drawn,
                       computers)
            if not _is_redeal(state):
                break
            deals += 1
            state = game.new_state(variant, seed=rng.randrange(1 << 30),
                                   dealer=game.next_dealer(variant, state, seed))
            if auto:
                screen.block(p.table_text(state.public_view(), names, _))
                screen.picture(drawn.table(state.public_view()))
    except Quit:
        say("")  # the prompt's line was left open
        say(_("Bye."))
        return state
    finally:
        computers.close()
    if not state.is_over():  # nobody can move on: a void hand (流局)
        say(_("Nobody can move: the hand is void."))
        return state
    # as the group reads it: the 🏁 header once, the game's account, the points
    screen.block(_("🏁 {game} · hand {n} is over").format(game=p.game_name(_), n=deals),
                 p.result_text(state.result(), state.revealed(), names, _), RULE,
                 _("This hand: {scores}").format(scores=scores_line(names, state.result().net, _)))
    screen.picture(drawn.end(state.revealed(), state.result()))
    return state


def _play_hand(state: State, human: int | None, ask: Ask, say: Say, screen: Screen,
               p: Presenter, names: list[str], _: Translator, rng: random.Random,
               budget_s: float, drawn: Scenes, computers: thinking.Thinker) -> None:
    while not hands.stuck(state):
        waiting = state.to_act()
        actor = human if human in waiting else waiting[0]
        try:
            if actor == human:
                view = state.view(human)
                screen.block(p.table_text(state.public_view(), names, _),
                             p.hand_text(view, human, names, _))
                screen.picture(drawn.table(state.public_view()))
                screen.picture(drawn.hand(view, human))
                if ask_text := p.prompt(view, state.legal_moves(human), names, _):
                    say(ask_text)
                code = human_move(state, human, ask, say, p, _)
            elif budget_s <= 0:  # no search: the heuristic, deterministic (the lint's)
                code = quick(state, actor, rng)
            else:
                code = computers.choose(state, actor, rng, budget_s)
        except KeyboardInterrupt:  # Ctrl-C while a computer thinks
            raise Quit from None
        try:
            events = state.apply(actor, code)
        except IllegalMove as e:
            say(refusal(p, e, _))
            continue
        for ev in events:
            screen.event(p.event_line(ev, names, _))

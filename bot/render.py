"""The bot's messages, whole: the frame every game shares (head line, turn
line and timer, buttons, totals) around the body its presenter writes.
`presenters/` say what a game's cards, moves and results are called; this
module lays them out. Each message finds its game's presenter once and hands
it to the helpers that need it.

Group texts use only `public_view()` and the engine's public events; a hand
text uses only `view(seat)` of its own seat. Nothing here sends anything."""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Mapping, Sequence

from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup

from bot import catalog, house_rules
from bot.callbacks import (
    HandEndCB,
    LangCB,
    LobbyCB,
    NewCB,
    PickCB,
    RulesCB,
    StopCB,
    TakeOverCB,
    move_button_data,
)
from bot.i18n import LANG_NAMES, LANGS, Translator, plural
from bot.outbox import MAX_CAPTION
from bot.pictures.drawing import Drawing, drawing
from bot.pictures.scenes import for_lang, scenes
from bot.pictures.source import Picture
from bot.presenters.base import Presenter, capital, clauses, names_list, scores_line
from bot.sitting import Sitting
from games import hands
from games.base import Move, Pick, State

MAX_TEXT = 4000  # Telegram allows 4096
MAX_BUTTONS = 96  # Telegram allows 100 buttons a message
RULE = "────────────"

Screen = tuple[str, InlineKeyboardMarkup | None]  # a message: its text and buttons


def names(s: Sitting, _: Translator) -> list[str]:
    out, n = [], 0
    for seat in s.seats:
        if seat is None:
            out.append("—")
        elif seat.user_id is None:
            n += 1
            out.append(_("Computer {n}").format(n=n))
        else:
            out.append(seat.name)
    return out


def clip(text: str) -> str:
    return text if len(text) <= MAX_TEXT else text[: MAX_TEXT - 1] + "…"


def keyboard(rows: Sequence[Sequence[tuple[str, str | None]]]) -> InlineKeyboardMarkup | None:
    rows = [r for r in rows if r]
    if not rows:
        return None
    return InlineKeyboardMarkup(
        inline_keyboard=[[InlineKeyboardButton(text=t, callback_data=d) for t, d in r]
                         for r in rows]
    )


def flow(
    buttons: list[tuple[str, str]], width: int = 24, most: int = 4
) -> list[list[tuple[str, str]]]:
    """Rows of buttons that fit a phone: by label length, at most `most` a row."""
    rows: list[list[tuple[str, str]]] = []
    row: list[tuple[str, str]] = []
    used = 0
    for b in buttons:
        w = max(4, len(b[0]) + 2)
        if row and (used + w > width or len(row) >= most):
            rows.append(row)
            row, used = [], 0
        row.append(b)
        used += w
    if row:
        rows.append(row)
    return rows


def seconds_left(s: Sitting) -> int | None:
    if s.deadline is None:
        return None
    return max(0, round(s.deadline - time.time()))


def clock(seconds: int) -> str:
    """0:45, 1:30."""
    return f"{seconds // 60}:{seconds % 60:02d}"


def game_name(s: Sitting, _: Translator) -> str:
    return catalog.presenter(s.game).game_name(_)


# -- choosing a game and the lobby ------------------------------------------
def choose_game(game_ids: list[str], _: Translator) -> Screen:
    buttons = []
    for game_id in game_ids:
        g = catalog.game(game_id)
        label = f"{catalog.presenter(game_id).game_name(_)} ({'/'.join(map(str, g.seat_counts))})"
        buttons.append((label, NewCB(game=game_id).pack()))
    return _("Which game?"), keyboard(flow(buttons, width=30, most=2))


def choose_preset(
    game_id: str, _: Translator, current: str | None = None
) -> Screen:
    """The presets to choose from; `current` (the chat's /settings, with its
    changed flags) is ticked."""
    g = catalog.game(game_id)
    buttons = [(("✓ " if p == current else "") + preset_name(game_id, p, _),
                NewCB(game=game_id, preset=p).pack()) for p in g.presets]
    name = catalog.presenter(game_id).game_name(_)
    lines = [_("{game}: which rules?").format(game=name)]
    lines += [f"• {preset_name(game_id, p, _)}: {house_rules.preset_about(game_id, p, _)}"
              for p in g.presets]
    return "\n".join(lines), keyboard(flow(buttons, width=30, most=2))


def preset_name(game_id: str, preset: str, _: Translator) -> str:
    return house_rules.preset_name(game_id, preset, _)


def lobby(s: Sitting, timeout: float, _: Translator) -> Screen:
    ns = names(s, _)
    head = plural(_, "🀄 New game: {game} ({n} player) · rules: {preset} · {sec} s per move",
                  "🀄 New game: {game} ({n} players) · rules: {preset} · {sec} s per move",
                  len(s.seats)).format(game=game_name(s, _), n=len(s.seats),
                                       preset=preset_name(s.game, s.preset, _),
                                       sec=round(timeout))
    lines = [head]
    lines += [f"  {line}" for line in changed_rules(s, _)]
    if not s.computers:
        lines.append("  " + _("No computers in this chat: every seat needs a player"))
    for i, seat in enumerate(s.seats):
        who = ns[i]
        if seat is not None and seat.user_id == s.creator_id:
            who += " " + _("(started the game)")
        lines.append(f"{i + 1}. {who}")
    if s.status == "lobby":
        rows = [
            [(_("Join"), LobbyCB(s=s.id, a="join").pack()),
             (_("Leave"), LobbyCB(s=s.id, a="leave").pack())],
            [(_("Add computer"), LobbyCB(s=s.id, a="cpu").pack())] if s.computers else [],
            [(_("Start"), LobbyCB(s=s.id, a="start").pack()),
             (_("Cancel"), LobbyCB(s=s.id, a="cancel").pack())],
            [(_("📖 Rules"), RulesCB(s=s.id).pack())],
        ]
        return clip("\n".join(lines)), keyboard(rows)
    lines.append(_("Cancelled.") if s.status == "cancelled" else _("Started: see the table below."))
    return clip("\n".join(lines)), None


def changed_rules(s: Sitting, _: Translator) -> list[str]:
    """紧牌: 关 — each flag where the sitting's rules differ from its preset."""
    g = catalog.game(s.game)
    return [_("{flag}: {value}").format(
        flag=house_rules.flag_name(s.game, f, _),
        value=house_rules.choice_name(s.game, f, s.variant[f], _))
        for f in house_rules.differences(s.game, g, s.variant, s.preset)]


# -- the table ---------------------------------------------------------------
def last_line(s: Sitting, p: Presenter, ns: list[str], _: Translator) -> str | None:
    if not s.last:
        return None
    said = [p.event_line(e, ns, _) for e in s.last.get("events", [])]
    parts = [x for x in said if x]
    return capital(clauses(parts[-3:], _), ns) if parts else None


def shown_to_act(state: State, view: Mapping[str, object]) -> list[int]:
    """The seats a view may name as acting: the engine's `to_act` unless the
    view says less (川牌 names nobody while a card is open to claims, since
    who may claim tells what they hold)."""
    acting = view.get("to_act")  # a list of seats in the games whose views have it
    return list(acting) if isinstance(acting, list) else state.to_act()


def table(s: Sitting, _: Translator) -> str:
    assert s.state is not None
    p = catalog.presenter(s.game)
    ns = names(s, _)
    lines = [_("🂠 {game} · hand {n}").format(game=p.game_name(_), n=s.hand_no)]
    public = s.state.public_view()
    lines.append(p.table_text(public, ns, _))
    lines.append(RULE)
    if (last := last_line(s, p, ns, _)) is not None:
        lines.append(_("Last: {what}").format(what=last))
    if s.status == "running" and not s.state.is_over():
        who = names_list([ns[i] for i in shown_to_act(s.state, public)], _)
        left = seconds_left(s)
        if not who:
            lines.append(_("Now: waiting for claims (⏱ {time})").format(time=clock(left))
                         if left is not None else _("Now: waiting for claims"))
        else:  # one seat or several (紧牌: everyone discards at once), one action
            action = p.turn_action(public, _)
            lines.append(_("Now: {who} {action} (⏱ {time})").format(
                who=who, action=action, time=clock(left)) if left is not None
                else _("Now: {who} {action}").format(who=who, action=action))
        auto = [ns[i] for i, seat in enumerate(s.seats) if seat and seat.human and seat.tuoguan]
        if auto:
            lines.append(_("🤖 Computer plays for: {who}").format(who=names_list(auto, _)))
    elif s.status in ("finished", "cancelled"):
        lines.append(_("The game was ended."))
    else:  # the 🏁 message below says the hand is over, once
        lines.append(_("👇 The result is below."))
    return clip(p.gloss_text("\n".join(lines), ns))  # each term glossed once in the message


# -- a player's hand -----------------------------------------------------------
def picker_cards(s: Sitting, seat: int, moves: Sequence[Move | Pick]) -> list[str]:
    """The cards the picker shows: a Pick's choices, else the whole hand."""
    for m in moves:
        if isinstance(m, Pick):
            return list(m.choices)
    assert s.state is not None
    return list(s.state.view(seat)["hand"])


def needs_picker(p: Presenter, moves: Sequence[Move | Pick]) -> bool:
    return any(isinstance(m, Pick) for m in moves) or p.uses_picker(moves)


def hand(
    s: Sitting, seat: int, _: Translator, chat_title: str = "", selected: Sequence[int] = ()
) -> Screen:
    assert s.state is not None
    st = s.state
    p = catalog.presenter(s.game)
    ns = names(s, _)
    head = _("🂠 {game} · hand {n}").format(game=p.game_name(_), n=s.hand_no)
    if chat_title:
        head += f" @ {chat_title}"
    view = st.view(seat)
    lines = [head, p.hand_text(view, seat, ns, _), RULE]
    rows: list[list[tuple[str, str]]] = []
    me = s.seats[seat]
    assert me is not None
    if me.tuoguan and s.status in ("running", "hand_over"):
        if st.is_over():
            lines.append(_("Hand over."))
        lines.append(_("🤖 The computer is playing for you. Tap Take over to play again."))
        rows.append([(_("Take over"), TakeOverCB(s=s.id).pack())])
    elif s.status in ("finished", "cancelled") and not st.is_over():
        lines.append(_("The game was ended."))  # half-way through the hand
    elif s.status != "running" or st.is_over():
        lines.append(_("Hand over."))
    elif seat in st.to_act():
        left = seconds_left(s)
        lines.append(
            _("👉 Your turn (⏱ {time})").format(time=clock(left)) if left is not None
            else _("👉 Your turn")
        )
        moves = st.legal_moves(seat)
        if ask := p.prompt(view, moves, ns, _):
            lines.append(ask)
        if needs_picker(p, moves):
            lines.extend(picker_lines(s, p, seat, moves, selected, _))
            rows.extend(picker_rows(s, p, seat, moves, selected, _))
        else:
            # one button per distinct move (the presenter's `offered`)
            plays = [(i, m) for i in p.offered(moves) if isinstance(m := moves[i], Move)]
            labels = p.move_labels([m for _i, m in plays], _)
            buttons = [(label, move_button_data(s.id, s.hand_no, st.turn, m.code, i))
                       for label, (i, m) in zip(labels, plays)]
            rows.extend(flow(buttons[:MAX_BUTTONS]))  # Telegram shows at most 100
    else:
        who = names_list([ns[i] for i in shown_to_act(st, view)], _)
        lines.append(_("Waiting for {who}").format(who=who) if who else _("Waiting for claims"))
    return clip(p.gloss_text("\n".join(lines), ns)), keyboard(rows)  # each term glossed once


def picker_lines(
    s: Sitting, p: Presenter, seat: int, moves: Sequence[Move | Pick], selected: Sequence[int],
    _: Translator,
) -> list[str]:
    cards = picker_cards(s, seat, moves)
    out = []
    for m in moves:
        if isinstance(m, Pick):
            out.append(p.pick_prompt(m, _))
    chosen = [p.card(cards[i], _) for i in selected if i < len(cards)]
    out.append(_("Selected: {cards}").format(cards=" ".join(chosen) if chosen else "—"))
    return out


def picker_rows(
    s: Sitting, p: Presenter, seat: int, moves: Sequence[Move | Pick], selected: Sequence[int],
    _: Translator,
) -> list[list[tuple[str, str]]]:
    assert s.state is not None
    turn = s.state.turn
    cards = picker_cards(s, seat, moves)
    chosen = set(selected)
    toggles = [
        (("✓" if i in chosen else "") + p.card(c, _),
         PickCB(s=s.id, h=s.hand_no, t=turn, a="x", i=i).pack())
        for i, c in enumerate(cards)
    ]
    rows = flow(toggles, width=28, most=7)
    confirm = _("Confirm") if any(isinstance(m, Pick) for m in moves) else _("Play")
    controls = [
        (confirm, PickCB(s=s.id, h=s.hand_no, t=turn, a="ok").pack()),
        (_("Clear"), PickCB(s=s.id, h=s.hand_no, t=turn, a="clr").pack()),
    ]
    if p.hints(moves):
        controls.append((_("Hint"), PickCB(s=s.id, h=s.hand_no, t=turn, a="hint").pack()))
    rows.append(controls)
    # Moves without cards (pass, 扣 ...) stay plain buttons.
    bare = [(i, m) for i, m in enumerate(moves) if isinstance(m, Move) and not m.cards]
    plain = [(label, move_button_data(s.id, s.hand_no, turn, m.code, i))
             for label, (i, m) in zip(p.move_labels([m for _i, m in bare], _), bare)]
    rows.extend(flow(plain))
    return rows


def cards_of(cards: list[str], selected: Sequence[int]) -> list[str]:
    return [cards[i] for i in selected if 0 <= i < len(cards)]


def indices_for(cards: list[str], wanted: Sequence[str]) -> list[int]:
    """Indices in `cards` that make up the multiset `wanted`."""
    need = Counter(wanted)
    out = []
    for i, c in enumerate(cards):
        if need[c] > 0:
            need[c] -= 1
            out.append(i)
    return out


# -- end of hand -------------------------------------------------------------
def hand_end(s: Sitting, net: list[int], _: Translator, buttons: bool = True) -> Screen:
    """The 🏁 message: the one announcement that the hand is over, the game's
    account of it, this hand's points and the sitting's so far."""
    assert s.state is not None
    p = catalog.presenter(s.game)
    ns = names(s, _)
    lines = [_("🏁 {game} · hand {n} is over").format(game=p.game_name(_), n=s.hand_no)]
    lines.append(p.result_text(s.state.result(), s.state.revealed(), ns, _))
    lines.append(RULE)
    lines.append(_("This hand: {scores}").format(scores=scores_line(ns, net, _)) if any(net)
                 else _("This hand: nobody won or lost."))
    if list(s.totals) != list(net):  # after the first hand: the sitting so far
        lines.append(_("Totals: {scores}").format(scores=totals(s, ns, _)))
    rows = []
    if buttons:
        rows = [[
            (_("Next hand"), HandEndCB(s=s.id, n=s.hand_no, a="next").pack()),
            (_("Finish"), HandEndCB(s=s.id, n=s.hand_no, a="end").pack()),
        ]]
    return clip("\n".join(lines)), keyboard(rows)


def totals(s: Sitting, ns: list[str], _: Translator | None = None) -> str:
    """The sitting's totals, best first: "Tom: +6 · Computer 1: −6"."""
    return scores_line(ns[:len(s.totals)], s.totals, _ or (lambda text: text))


def hands_scored(s: Sitting) -> int:
    """Hands scored (as the scoring path decides: games.hands.stuck); one
    stopped half-way counts for nothing, so it is not told as played."""
    return s.hand_no if s.state is None or hands.stuck(s.state) else s.hand_no - 1


def finished(s: Sitting, _: Translator) -> str:
    ns = names(s, _)
    n = hands_scored(s)
    if n == 0:
        return _("🏁 {game}: the game was ended before a hand was finished.").format(
            game=game_name(s, _))
    return plural(_, "🏁 {game}: the game is over after {n} hand.\nTotals: {scores}",
                  "🏁 {game}: the game is over after {n} hands.\nTotals: {scores}",
                  n).format(game=game_name(s, _), n=n, scores=totals(s, ns, _) or "—")


def stop_confirm(s: Sitting, token: str, _: Translator) -> Screen:
    return _("End this game of {game} now?").format(game=game_name(s, _)), keyboard([[
        (_("Yes, end it"), StopCB(s=s.id, k=token, a="yes").pack()),
        (_("No, keep playing"), StopCB(s=s.id, k=token, a="no").pack()),
    ]])


# -- pictures ----------------------------------------------------------------------
# A picture goes with the message while its text fits a caption; a table or a
# hand whose text is longer goes as text, and a 🏁 message carries the rest of
# its text in a message after it (`caption_parts`).


def fits_caption(text: str) -> bool:
    return len(text.encode("utf-16-le")) // 2 <= MAX_CAPTION


def caption_parts(text: str) -> tuple[str, str]:
    """(caption, rest): whole lines up to Telegram's caption limit, and what
    follows them ("" when it all fits)."""
    if fits_caption(text):
        return text, ""
    lines = text.split("\n")
    head: list[str] = []
    for line in lines:
        if not fits_caption("\n".join([*head, line, "…"])):
            break
        head.append(line)
    if not head:  # one line longer than a caption: cut inside it
        cut = MAX_CAPTION - 1
        while not fits_caption(text[:cut] + "…"):
            cut -= 1
        return text[:cut] + "…", "…" + text[cut:]
    return "\n".join([*head, "…"]), "…\n" + "\n".join(lines[len(head):])


def pictured(screen: Screen, picture: Drawing | None
             ) -> tuple[str, InlineKeyboardMarkup | None, Drawing | None]:
    """A table or hand message with its picture while its text fits a
    caption; a longer text goes alone (complete: the caption never cuts it)."""
    text, markup = screen
    return text, markup, picture if fits_caption(text) else None


def table_picture(s: Sitting, lang: str = "") -> Drawing | None:
    """The table drawn from the public view (None: this hand is not drawn)."""
    if not s.pictures or s.state is None:
        return None
    return scripted(scenes(s.game).table(s.state.public_view()), lang)


def hand_picture(s: Sitting, seat: int, lang: str = "") -> Drawing | None:
    """A player's cards drawn from their own view."""
    if not s.pictures or s.state is None:
        return None
    return scripted(scenes(s.game).hand(s.state.view(seat), seat), lang)


def end_picture(s: Sitting, lang: str = "") -> Drawing | None:
    """Everyone's cards at the end of the hand, the winner marked."""
    if not s.pictures or s.state is None or not s.state.is_over():
        return None
    return scripted(scenes(s.game).end(s.state.revealed(), s.state.result()), lang)


def scripted(picture: Picture | None, lang: str) -> Drawing | None:
    return drawing(for_lang(picture, lang))


def languages(_: Translator) -> Screen:
    return _("Language:"), keyboard([
        [(LANG_NAMES[lang], LangCB(code=lang).pack()) for lang in LANGS]
    ])

"""Texts of the scores: a sitting's totals, leaderboards (one per game), the
chat's last hands, a user's own totals; the tally's are in bot/words/tally_text.py.
Points only: never money."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from datetime import date, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from aiogram.filters.callback_data import CallbackData
from aiogram.types import InlineKeyboardMarkup

from bot.i18n import NC_, Translator, in_context, plural
from bot.pictures.drawing import Drawing, drawing
from bot.pictures.scenes import for_lang, scenes
from bot.presenters import catalog
from bot.presenters.base import signed
from bot.sitting import Sitting
from bot.words import render
from games.records import record_of, state_from_json
from storage.scores import ranked


class ReplayCB(CallbackData, prefix="rp"):
    """A /history button: replay hand `h` (hands.id) in the chat it was pressed in."""

    h: int


def sitting_score(s: Sitting, _: Translator) -> str:
    """The sitting being played: its hands so far and every seat's total."""
    ns = render.names(s, _)
    played = s.hand_no - 1 if s.status == "running" else s.hand_no
    head = plural(_, "📊 This sitting of {game}: {n} hand played",
                  "📊 This sitting of {game}: {n} hands played", played).format(
        game=render.game_name(s, _), n=played)
    order = sorted(range(min(len(ns), len(s.totals))), key=lambda i: -s.totals[i])
    scores = " · ".join(_("{name}: {points}").format(name=ns[i], points=signed(s.totals[i]))
                        for i in order)
    return "\n".join([head, _("Totals: {scores}").format(scores=scores or "—")])


def board_lines(rows: Sequence[Mapping[str, Any]], _: Translator) -> list[str]:
    """Rank, name, net points, hands played, hands won, best hand; ties share a rank."""
    return [
        _("{rank}. {name}: {net} · {hands} · {wins} won · best hand {best}").format(
            rank=rank, name=r["name"] or "?", net=signed(r["net"]),
            hands=plural(_, "{n} hand", "{n} hands", r["hands"]).format(n=r["hands"]),
            wins=r["wins"], best=signed(r["best"]))
        for rank, r in ranked(rows)
    ]


def boards(rows: Sequence[Mapping[str, Any]], head: str, _: Translator,
           titled: bool = True) -> str:
    """One board per game, each in its own game's points: never a ranking
    that adds two games' scales together. `rows` carry their `game`; each
    board is headed by its game's name unless `titled` is off (the head
    names the one game)."""
    by_game: dict[str, list[Mapping[str, Any]]] = {}
    for r in rows:
        by_game.setdefault(r["game"], []).append(r)
    parts = [head]
    for game in sorted(by_game, key=lambda g: (-sum(r["hands"] for r in by_game[g]), g)):
        title = [_("{game}:").format(game=game_label(game, _))] if titled else []
        parts.append("\n".join([*title, *board_lines(by_game[game], _)]))
    return render.clip("\n\n".join(parts) if titled else "\n".join(parts))


# A date in words, never "03-04" (4 March or 3 April?): "Mar 4", "3月4日"
MONTHS = (NC_("month", "Jan"), NC_("month", "Feb"), NC_("month", "Mar"), NC_("month", "Apr"),
          NC_("month", "May"), NC_("month", "Jun"), NC_("month", "Jul"), NC_("month", "Aug"),
          NC_("month", "Sep"), NC_("month", "Oct"), NC_("month", "Nov"), NC_("month", "Dec"))


def day_text(d: date, _: Translator) -> str:
    return _("{month} {day}").format(month=in_context("month", MONTHS[d.month - 1], _), day=d.day)


def span(monday: date, _: Translator) -> str:
    return f"{day_text(monday, _)} – {day_text(monday + timedelta(days=6), _)}"


def game_label(game_id: str | None, _: Translator) -> str:
    return catalog.presenter(game_id).game_name(_) if game_id else ""


def ledger_names(rows: Sequence[Mapping[str, Any]], _: Translator) -> list[str]:
    """Seat names of a stored hand: names at the time; computers numbered."""
    out, n = [], 0
    for r in rows:
        if r["user_id"] is None:
            n += 1
            out.append(_("Computer {n}").format(n=n))
        else:
            out.append(r["name"] or "?")
    return out


def when(ts: float, zone: ZoneInfo, _: Translator) -> str:
    at = datetime.fromtimestamp(ts, zone)
    return _("{day}, {time}").format(day=day_text(at.date(), _), time=f"{at:%H:%M}")


def history(
    hands: Sequence[Mapping[str, Any]], zone: ZoneInfo, _: Translator
) -> tuple[str, InlineKeyboardMarkup | None]:
    """The chat's last hands, newest first, one button each to replay it. Each
    is named as its table named it (掀牛 第2局) after the number /replay takes."""
    if not hands:
        return _("No hands have been finished in this chat yet. /new starts a game."), None
    lines = [_("📜 The last hands here (tap one to replay it):")]
    buttons = []
    for h in hands:
        names = ledger_names(h["ledger"], _)
        p = catalog.presenter(h["game"])
        state = state_from_json(h["state"])
        lines.append(_("{id}. {hand} · {when}").format(
            id=h["id"], hand=hand_name(h, _), when=when(h["at"], zone, _)))
        line = p.result_line(state.result(), names, _) if state.is_over() else _(
            "Nobody could move on: the hand counts for nothing.")
        lines.append("   " + line)
        buttons.append((_("{id}. {hand}").format(id=h["id"], hand=hand_name(h, _)),
                        ReplayCB(h=h["id"]).pack()))
    return render.clip("\n".join(lines)), render.keyboard(render.flow(buttons, width=30, most=2))


def hand_name(h: Mapping[str, Any], _: Translator) -> str:
    """掀牛 第2局 / Xian Niu, hand 2: a stored hand as its table named it."""
    return _("{game}, hand {n}").format(game=catalog.presenter(h["game"]).game_name(_),
                                        n=h["hand_no"])


def replay_texts(h: Mapping[str, Any], zone: ZoneInfo, _: Translator) -> list[str]:
    """A stored hand as readable messages (split to fit Telegram's length)."""
    names = ledger_names(h["ledger"], _)
    p = catalog.presenter(h["game"])
    state = state_from_json(h["state"])
    head = _("🔁 {hand} · {when}").format(hand=hand_name(h, _), when=when(h["at"], zone, _))
    lines = [head, *"\n".join(p.replay_lines(record_of(state), names, _)).split("\n")]
    # each message glosses its game's terms at their first use in it (the
    # presenter's gloss_text), so a message is measured as it will be sent
    chunks, cur = [], ""
    for line in lines:
        line = line[: render.MAX_TEXT - 200]
        longer = f"{cur}\n{line}" if cur else line
        if cur and len(longer) > render.MAX_TEXT - 200 and (
                len(p.gloss_text(longer, names)) > render.MAX_TEXT):
            chunks.append(cur)
            longer = line
        cur = longer
    return [p.gloss_text(c, names) for c in [*chunks, cur]]


def replay_picture(h: Mapping[str, Any], lang: str) -> Drawing | None:
    """The stored hand's end drawn: its last table and every hand."""
    state = state_from_json(h["state"])
    if not state.is_over():
        return None
    return drawing(for_lang(scenes(h["game"]).end(state.revealed(), state.result()), lang))


def replay_picture_caption(h: Mapping[str, Any], _: Translator) -> str:
    return _("🔁 {hand}: how it ended").format(hand=hand_name(h, _))


def replay_caption(h: Mapping[str, Any], zone: ZoneInfo, _: Translator) -> str:
    """What the record file is, and what to open it with."""
    return _("The record of {hand} ({when}). Open it with Paiju to watch the hand again "
             "move by move.").format(hand=hand_name(h, _), when=when(h["at"], zone, _))


def record_file(h: Mapping[str, Any]) -> tuple[str, bytes]:
    """The hand's record (docs/records.md) as a JSON file for `paiju replay`."""
    record = record_of(state_from_json(h["state"]))
    data = json.dumps(record, ensure_ascii=False, indent=1).encode()
    return f"paiju-{h['game']}-{h['id']}.json", data


def stats(rows: Sequence[Mapping[str, Any]], _: Translator) -> str:
    """A person's own results, one line per game, every figure named. The
    games' points are never added together: their scales differ."""
    if not rows:
        return _("You have not finished a hand yet. /new starts a game.")
    lines = [_("📈 Your results in every chat:")]
    for r in rows:
        lines.append(_("{game}: {hands} · {wins} won · net {net} · best hand {best}").format(
            game=game_label(r["game"], _),
            hands=plural(_, "{n} hand", "{n} hands", r["hands"]).format(n=r["hands"]),
            wins=r["wins"], net=signed(r["net"]), best=signed(r["best"])))
    if len(rows) > 1:
        hands = sum(r["hands"] for r in rows)
        lines.append(_("In all: {hands} · {wins} won").format(
            hands=plural(_, "{n} hand", "{n} hands", hands).format(n=hands),
            wins=sum(r["wins"] for r in rows)))
    return "\n".join(lines)

"""Texts of the scores: a sitting's totals and who owes whom, leaderboards,
the chat's last hands, a user's own totals. Points only: never money."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from datetime import date, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from aiogram.filters.callback_data import CallbackData

from bot import catalog, render
from bot.i18n import Translator
from bot.sitting import Sitting
from games.base import State
from games.records import record_of
from storage.scores import ranked, settle_up


class ReplayCB(CallbackData, prefix="rp"):
    """A /history button: replay hand `h` (hands.id) in the chat it was pressed in."""

    h: int


def settle_lines(s: Sitting, _: Translator) -> list[str]:
    """Who pays whom how many points to square the sitting (fewest transfers)."""
    ns = render.names(s, _)
    balances = {i: v for i, v in enumerate(s.totals)}
    if sum(balances.values()) != 0 or not any(balances.values()):
        return [_("All square: nobody owes anybody.")]
    lines = [_("Settling up (points):")]
    for a, b, n in settle_up(balances):
        lines.append(_("{payer} → {payee}: {n} points").format(payer=ns[a], payee=ns[b], n=n))
    return lines


def sitting_score(s: Sitting, _: Translator) -> str:
    ns = render.names(s, _)
    played = s.hand_no - 1 if s.status == "running" else s.hand_no
    head = _("📊 {game} · {n} hands played").format(game=render.game_name(s, _), n=played)
    lines = [head, _("Totals: {scores}").format(scores=render.totals(s, ns) or "—")]
    return "\n".join(lines + settle_lines(s, _))


def board_lines(rows: Sequence[Mapping[str, Any]], _: Translator) -> list[str]:
    """Rank, name, net points, hands played, hands won, best hand; ties share a rank."""
    return [
        _("{rank}. {name} {net} · {hands} hands · {wins} won · best {best}").format(
            rank=rank, name=r["name"], net=render.signed(r["net"]), hands=r["hands"],
            wins=r["wins"], best=render.signed(r["best"]))
        for rank, r in ranked(rows)
    ]


def span(monday: date) -> str:
    return f"{monday:%m-%d} – {monday + timedelta(days=6):%m-%d}"


def board(rows: Sequence[Mapping[str, Any]], head: str, empty: str, _: Translator) -> str:
    if not rows:
        return empty
    return "\n".join([head, *board_lines(rows, _)])


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


def when(ts: float, zone: ZoneInfo) -> str:
    return f"{datetime.fromtimestamp(ts, zone):%m-%d %H:%M}"


def history(hands: Sequence[Mapping[str, Any]], zone: ZoneInfo, _: Translator):
    """The chat's last hands, newest first, one button each to replay it."""
    if not hands:
        return _("No hands have been finished in this chat yet. /new starts a game."), None
    lines = [_("📜 The last hands here (tap one to replay it):")]
    buttons = []
    for h in hands:
        names = ledger_names(h["ledger"], _)
        p = catalog.presenter(h["game"])
        state = State.from_json(h["state"])
        net = [r["net"] for r in h["ledger"]]
        best = max(range(len(net)), key=lambda i: net[i])
        winner = names[best] if net[best] > 0 else "—"
        lines.append(_("#{id} {game} · {when} · winner: {winner}").format(
            id=h["id"], game=p.game_name(_), when=when(h["at"], zone), winner=winner))
        line = p.result_line(state.result(), names, _) if state.is_over() else _(
            "void: nobody wins or loses")
        lines.append("   " + line)
        buttons.append((f"#{h['id']} {p.game_name(_)}", ReplayCB(h=h["id"]).pack()))
    return render.clip("\n".join(lines)), render.keyboard(render.flow(buttons, width=30, most=2))


def replay_texts(h: Mapping[str, Any], zone: ZoneInfo, _: Translator) -> list[str]:
    """A stored hand as readable messages (split to fit Telegram's length)."""
    names = ledger_names(h["ledger"], _)
    p = catalog.presenter(h["game"])
    state = State.from_json(h["state"])
    head = _("🔁 {game} · hand #{id} · {when}").format(
        game=p.game_name(_), id=h["id"], when=when(h["at"], zone))
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


def record_file(h: Mapping[str, Any]) -> tuple[str, bytes]:
    """The hand's record (docs/records.md) as a JSON file for `paiju replay`."""
    record = record_of(State.from_json(h["state"]))
    data = json.dumps(record, ensure_ascii=False, indent=1).encode()
    return f"paiju-{h['game']}-{h['id']}.json", data


def stats(rows: Sequence[Mapping[str, Any]], _: Translator) -> str:
    if not rows:
        return _("You have not finished a hand yet. /new starts a game.")
    lines = [_("📈 Your scores in every chat:")]
    for r in rows:
        lines.append(_("{game}: {hands} hands · {wins} won · {net} · best {best}").format(
            game=game_label(r["game"], _), hands=r["hands"], wins=r["wins"],
            net=render.signed(r["net"]), best=render.signed(r["best"])))
    if len(rows) > 1:
        lines.append(_("In all: {hands} hands · {wins} won · {net} · best {best}").format(
            hands=sum(r["hands"] for r in rows), wins=sum(r["wins"] for r in rows),
            net=render.signed(sum(r["net"] for r in rows)),
            best=render.signed(max(r["best"] for r in rows))))
    return "\n".join(lines)

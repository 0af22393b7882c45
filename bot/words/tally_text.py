"""Texts of the tally (账本): a game's balances since the group last settled
up, who pays whom (people only), what people won from or lost to the
computers, the settling-up question and its answer, and the settlements.
Points only: never money. Names never touch numbers: "老王：+23"."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

from aiogram.types import InlineKeyboardMarkup

from bot.i18n import Translator, plural
from bot.presenters.base import signed
from bot.sitting import Sitting
from bot.telegram.callbacks import SettleCB
from bot.words import render
from bot.words.scores_text import day_text, game_label, when
from storage.scores import settle_up

Person = Mapping[str, Any]


def day(ts: float, zone: ZoneInfo, _: Translator) -> str:
    return day_text(datetime.fromtimestamp(ts, zone).date(), _)


def scored(name: str, n: int, _: Translator) -> str:
    """A signed score after a name: "老王：+23", "Tom: −5"."""
    return _("{name}: {points}").format(name=name, points=signed(n))


def owed(p: Person) -> int:
    """What the person is owed (+) or owes (−) the other people."""
    return int(p["net"]) - int(p["from_computers"])


def span(t: Mapping[str, Any], zone: ZoneInfo, _: Translator) -> str:
    """"9 hands in 3 sittings since 12-01"."""
    hands = plural(_, "{n} hand", "{n} hands", t["hands"]).format(n=t["hands"])
    sittings = plural(_, "{n} sitting", "{n} sittings", t["sittings"]).format(n=t["sittings"])
    return _("{hands} in {sittings} since {date}").format(
        hands=hands, sittings=sittings, date=day(t["first"], zone, _))


def balances(people: Sequence[Person], _: Translator) -> str:
    """Each person's balance against the other people, most owed first."""
    return " · ".join(scored(p["name"] or "?", owed(p), _) for p in people)


def owing(people: Sequence[Person], _: Translator) -> list[str]:
    """The balances line, or "all square"; nothing for one person: nobody to owe."""
    if len(people) < 2:
        return []
    if not any(owed(p) for p in people):
        return [_("All square: nobody owes anybody.")]
    return [balances(people, _)]


def transfers(people: Sequence[Person], _: Translator) -> list[str]:
    """Who pays whom, among people only, with the fewest transfers (none
    when nobody owes anybody)."""
    money = {i: owed(p) for i, p in enumerate(people)}
    if len(people) < 2 or not any(money.values()):
        return []
    lines = [_("Who pays whom:")]
    for a, b, n in settle_up(money):
        amount = plural(_, "{n} point", "{n} points", n).format(n=n)
        lines.append("  " + _("{payer} → {payee}: {amount}").format(
            payer=people[a]["name"] or "?", payee=people[b]["name"] or "?", amount=amount))
    return lines


def against_computers(people: Sequence[Person], _: Translator) -> list[str]:
    """What people won from or lost to computer seats: owed to nobody."""
    parts = []
    for p in sorted(people, key=lambda p: -int(p["from_computers"])):
        n = int(p["from_computers"])
        if n > 0:
            parts.append(plural(_, "{name} won {n} point", "{name} won {n} points", n).format(
                name=p["name"] or "?", n=n))
        elif n < 0:
            parts.append(plural(_, "{name} lost {n} point", "{name} lost {n} points", -n).format(
                name=p["name"] or "?", n=-n))
    if not parts:
        return []
    return [_("Against the computers, owed to nobody: {results}").format(
        results=" · ".join(parts))]


def body(t: Mapping[str, Any], _: Translator) -> list[str]:
    """Balances, who pays whom, and the computers' line of one tally."""
    people = t["people"]
    return owing(people, _) + transfers(people, _) + against_computers(people, _)


def sitting_settle(s: Sitting, parts: Sequence[tuple[int, int, int]],
                   _: Translator) -> list[str]:
    """Who pays whom for one sitting (people only) and what its people won
    from or lost to the computers; `parts`: (seat, net, from_computers) of
    its hands (storage.tally.sitting). One person with computers: only that."""
    people = []
    for seat, net, comp in parts:
        who = s.seats[seat] if seat < len(s.seats) else None
        if who is not None and who.user_id is not None:
            people.append({"name": who.name, "net": net, "from_computers": comp})
    people.sort(key=lambda p: -owed(p))
    square = owing(people, _)[:1] if not any(owed(p) for p in people) else []
    return square + transfers(people, _) + against_computers(people, _)


def tally(t: Mapping[str, Any], zone: ZoneInfo, _: Translator) -> str:
    head = _("📒 {game} tally: {span}").format(game=game_label(t["game"], _),
                                               span=span(t, zone, _))
    return "\n".join([head, *body(t, _)])


def tallies(ts: Sequence[Mapping[str, Any]], zone: ZoneInfo, _: Translator) -> str:
    return "\n\n".join(tally(t, zone, _) for t in ts)


def settle_buttons(games: Sequence[str], _: Translator) -> InlineKeyboardMarkup | None:
    """One 清账 button per game that may be settled now."""
    if len(games) == 1:
        return render.keyboard([[(_("Settle up"), SettleCB(a="ask", g=games[0]).pack())]])
    buttons = [(_("Settle up: {game}").format(game=game_label(g, _)),
                SettleCB(a="ask", g=g).pack()) for g in games]
    return render.keyboard(render.flow(buttons, width=30, most=2))


def question(t: Mapping[str, Any], zone: ZoneInfo,
             _: Translator) -> tuple[str, InlineKeyboardMarkup | None]:
    """The confirmation: the amounts it clears, and two buttons."""
    game = game_label(t["game"], _)
    lines = [
        _("🧾 Settle up the {game} tally? It holds {span}:").format(game=game,
                                                                   span=span(t, zone, _)),
        *body(t, _),
        _("After this the tally starts again from zero. The leaderboards and /stats still "
          "count every hand."),
    ]
    yes = SettleCB(a="yes", g=t["game"], b=t["base"], t=t["through"]).pack()
    no = SettleCB(a="no", g=t["game"]).pack()
    kb = render.keyboard([[(_("✅ Yes, settle up"), yes), (_("No, keep the tally"), no)]])
    return "\n".join(lines), kb


def settled(s: Mapping[str, Any], zone: ZoneInfo, _: Translator) -> str:
    """A settlement as its confirmation message shows it once done."""
    people = s["cleared"]
    lines = [
        _("✅ The {game} tally is settled ({name}, {when}). It held {span}:").format(
            game=game_label(s["game"], _), name=s["by_name"] or "?", when=when(s["at"], zone, _),
            span=span({**s, "first": s["since"]}, zone, _)),
        *body({**s, "people": people}, _),
    ]
    return "\n".join(lines)


def cleared(game: str, _: Translator) -> str:
    """The question once answered Yes (the settlement follows as a message)."""
    return _("Settled up: the {game} tally starts again from zero.").format(
        game=game_label(game, _))


def kept(game: str, _: Translator) -> str:
    """The question once answered No."""
    return _("Not settled: the {game} tally stays as it is.").format(game=game_label(game, _))


def history(rows: Sequence[Mapping[str, Any]], zone: ZoneInfo, _: Translator) -> str:
    """`/score history`: the chat's settlements, newest first."""
    if not rows:
        return _("Nobody has settled up here yet. /score shows the tally.")
    lines = [_("📒 Settling up in this chat, newest first:")]
    for s in rows:
        lines.append(_("{when} · {game} · settled by {name} · {span}").format(
            when=when(s["at"], zone, _), game=game_label(s["game"], _), name=s["by_name"] or "?",
            span=span({**s, "first": s["since"]}, zone, _)))
        people = s["cleared"]
        lines += ["   " + line for line in owing(people, _) + against_computers(people, _)]
    return render.clip("\n".join(lines))

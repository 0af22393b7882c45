"""The scores service: /score (the sitting and the tallies), /top, /history,
/replay, /stats and the weekly post's text, answered from the ledger.
Handlers call in here; answers go out through the outbox. Settling up is
bot/scores/settling.py."""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import date
from typing import TYPE_CHECKING
from zoneinfo import ZoneInfo

from aiogram.types import InlineKeyboardMarkup

from bot.i18n import N_
from bot.presenters import catalog
from bot.sitting import Sitting
from bot.tables.service import Service
from bot.words import render, scores_text, tally_text
from bot.words.render import Screen
from storage import ledger, tally
from storage.scores import monday_of, ranked, week_bounds

if TYPE_CHECKING:  # Pillow: imported at the first chart, not at start
    from bot.pictures.chart import Chart

WEEK_WORDS = {"week", "w", "本周", "本週", "周", "週"}
ALL_WORDS = {"all", "a", "总", "總", "全部", "所有"}
HISTORY_WORDS = {"history", "h", "记录", "記錄", "紀錄", "清账记录", "清帳紀錄"}
NOTHING_YET = N_("No hands have been finished in this chat yet. /new starts a game.")
NOTHING_OPEN = N_("Every tally here is settled: no hand since. /score history lists the "
                  "settlements.")


async def chat_zone(service: Service, chat_id: int) -> ZoneInfo:
    """The chat's time zone: weeks start Monday 00:00 there. The chat's own
    (/settings) where it chose one, else PAIJU_TZ."""
    return ZoneInfo((await service.people.chat_rules(chat_id)).tz or service.config.tz)


async def weekly_post_on(service: Service, chat_id: int) -> bool:
    """Whether the chat gets the Monday post: its /settings, else PAIJU_WEEKLY_POST."""
    chosen = (await service.people.chat_rules(chat_id)).weekly_post
    return service.config.weekly_post if chosen is None else chosen


class Scores:
    def __init__(self, service: Service, clock: Callable[[], float] = time.time) -> None:
        self.service = service
        self.storage = service.storage
        self.clock = clock

    async def zone(self, chat_id: int) -> ZoneInfo:
        return await chat_zone(self.service, chat_id)

    # -- /score ------------------------------------------------------------------
    async def score(self, chat_id: int, args: str = "") -> Screen:
        """The sitting being played (if any) and, below, every open tally of
        the chat, with a 清账 button for each game no sitting is playing;
        `/score history`: the settlements."""
        _ = self.service.t(chat_id)
        zone = await self.zone(chat_id)
        if args.strip().lower() in HISTORY_WORDS:
            rows = await self.storage.run(tally.settlements, chat_id, 10)
            return tally_text.history(rows, zone, _), None
        if args.strip():
            return _("Usage: /score, or /score history for the past settlements."), None
        s = self.playing(chat_id)
        ts = await self.storage.run(tally.tallies, chat_id)
        if s is not None:
            ts.sort(key=lambda t: t["game"] != s.game)  # the sitting's game first
        parts = [scores_text.sitting_score(s, _)] if s is not None else []
        if ts:
            parts.append(tally_text.tallies(ts, zone, _))
        elif s is None:
            played = await self.storage.run(tally.games, chat_id)
            return _(NOTHING_OPEN if played else NOTHING_YET), None
        free = [t["game"] for t in ts if s is None or t["game"] != s.game]
        return render.clip("\n\n".join(parts)), tally_text.settle_buttons(free, _)

    def playing(self, chat_id: int) -> Sitting | None:
        """The chat's sitting with hands being played (not a lobby)."""
        sitting_id = self.service.by_chat.get(chat_id)
        s = self.service.sittings.get(sitting_id) if sitting_id is not None else None
        return s if s is not None and s.status in ("running", "hand_over") else None

    # -- /top ----------------------------------------------------------------------
    async def top(self, chat_id: int, args: str) -> str:
        """One board per game played in the period (each in its own points),
        or one game's: never a ranking adding two games' scales."""
        _ = self.service.t(chat_id)
        game, span = None, "week"
        for word in args.split():
            if word.lower() in WEEK_WORDS:
                span = "week"
            elif word.lower() in ALL_WORDS:
                span = "all"
            elif (found := catalog.find(word)) is not None and game is None:
                game = found
            else:
                return _("Usage: /top [game] [week|all], e.g. /top xianniu all")
        label = scores_text.game_label(game, _)
        if span == "all":
            rows = await self.storage.run(ledger.leaderboard, chat_id, game=game)
            if not rows:
                return _("No hands have been finished in this chat yet. /new starts a game.")
            head = (_("🏆 All-time leaderboard: {game}").format(game=label) if game
                    else _("🏆 All-time leaderboards"))
            return scores_text.boards(rows, head, _, titled=game is None)
        zone = await self.zone(chat_id)
        monday = monday_of(self.clock(), zone)
        start, end = week_bounds(monday, zone)
        rows = await self.storage.run(ledger.leaderboard, chat_id, start, end, game)
        if not rows:
            return _("No hands finished this week yet. /new starts a game!")
        dates = scores_text.span(monday, _)
        head = (_("🏆 This week's leaderboard: {game} ({span})").format(game=label, span=dates)
                if game else _("🏆 This week's leaderboards ({span})").format(span=dates))
        return scores_text.boards(rows, head, _, titled=game is None)

    # -- the weekly post -------------------------------------------------------------
    async def weekly_text(self, chat_id: int, monday: date, with_tallies: bool) -> str | None:
        """Last week's boards, one per game, and (`with_tallies`) each game's
        open tally; None when nobody played that week."""
        zone = await self.zone(chat_id)
        start, end = week_bounds(monday, zone)
        rows = await self.storage.run(ledger.leaderboard, chat_id, start, end)
        if not rows:
            return None
        _ = self.service.t(chat_id)
        head = _("🗓 Last week's leaderboards ({span})").format(span=scores_text.span(monday, _))
        text = scores_text.boards(rows, head, _)
        ts = await self.storage.run(tally.tallies, chat_id) if with_tallies else []
        if ts:
            text = f"{text}\n\n{tally_text.tallies(ts, zone, _)}"
        return render.clip(text)

    async def weekly_chart(self, chat_id: int, monday: date) -> Chart | None:
        """Last week's boards as bars (the games the chat has pictures on);
        None without a font for Chinese, or nothing to draw."""
        from bot.pictures.chart import Board, chart

        zone = await self.zone(chat_id)
        start, end = week_bounds(monday, zone)
        rows = await self.storage.run(ledger.leaderboard, chat_id, start, end)
        rules = await self.service.people.chat_rules(chat_id)
        _ = self.service.t(chat_id)
        by_game: dict[str, list] = {}
        for r in rows:
            if rules.pictures(r["game"]):
                by_game.setdefault(r["game"], []).append(r)
        boards = [Board(scores_text.game_label(g, _),
                        tuple((r["name"] or "?", r["net"]) for _rank, r in ranked(by_game[g])))
                  for g in sorted(by_game, key=lambda g: (-sum(r["hands"] for r in by_game[g]),
                                                          g))]
        head = _("🗓 Last week's leaderboards ({span})").format(span=scores_text.span(monday, _))
        return chart(head, boards)

    # -- /history and /replay -----------------------------------------------------------
    async def history(self, chat_id: int) -> tuple[str, InlineKeyboardMarkup | None]:
        _ = self.service.t(chat_id)
        hands = await self.storage.run(ledger.recent_hands, chat_id, 10)
        return scores_text.history(hands, await self.zone(chat_id), _)

    async def replay(self, chat_id: int, arg: str) -> str | None:
        """Post hand `arg` as a move list and its JSON record; or a refusal."""
        _ = self.service.t(chat_id)
        number = arg.strip().lstrip("#").rstrip(".")
        if not number.isdigit() or len(number) > 12:
            return _("Usage: /replay N, where N is the number of a hand in /history.")
        h = await self.storage.run(ledger.hand, int(number))
        if h is None or h["chat_id"] != chat_id:  # another chat's hand is not told apart
            return _("There is no hand {n} in this chat's /history.").format(n=number)
        zone = await self.zone(chat_id)
        for text in scores_text.replay_texts(h, zone, _):
            self.service.outbox.send(chat_id, text)
        if (await self.service.people.chat_rules(chat_id)).pictures(h["game"]):
            picture = scores_text.replay_picture(h, self.service.lang(chat_id))
            if picture is not None:  # the final table, every hand shown
                self.service.outbox.send(chat_id, scores_text.replay_picture_caption(h, _),
                                         photo=picture)
        name, data = scores_text.record_file(h)
        self.service.outbox.document(chat_id, name, data,
                                     scores_text.replay_caption(h, zone, _))
        return None

    # -- /stats --------------------------------------------------------------------
    async def stats(self, chat_id: int, private: bool, user_id: int | None) -> str:
        """/stats: the user's results across chats, only in their private chat."""
        if not private or user_id is None:
            _ = self.service.t(chat_id)
            return _("Send /stats to me in our private chat.")
        _ = self.service.t(user_id)
        rows = await self.storage.run(ledger.user_stats, user_id)
        return scores_text.stats(rows, _)

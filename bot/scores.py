"""The scores service: /score, /top, /history, /replay and /stats answered
from the ledger. Handlers call in here; answers go out through the outbox."""

from __future__ import annotations

import time
from collections.abc import Callable
from zoneinfo import ZoneInfo

from bot import catalog, scores_text
from bot.service import Service
from storage import ledger
from storage.scores import monday_of, week_bounds

WEEK_WORDS = {"week", "w", "本周", "本週", "周", "週"}
ALL_WORDS = {"all", "a", "总", "總", "全部", "所有"}


async def chat_zone(service: Service, chat_id: int) -> ZoneInfo:
    """The chat's time zone: weeks start Monday 00:00 there. The chat's own
    (/settings) where it chose one, else PAIJU_TZ."""
    return ZoneInfo((await service.people.chat_rules(chat_id)).tz or service.settings.tz)


async def weekly_post_on(service: Service, chat_id: int) -> bool:
    """Whether the chat gets the Monday post: its /settings, else PAIJU_WEEKLY_POST."""
    chosen = (await service.people.chat_rules(chat_id)).weekly_post
    return service.settings.weekly_post if chosen is None else chosen


class Scores:
    def __init__(self, service: Service, clock: Callable[[], float] = time.time) -> None:
        self.service = service
        self.storage = service.storage
        self.clock = clock

    async def zone(self, chat_id: int) -> ZoneInfo:
        return await chat_zone(self.service, chat_id)

    # -- /score ------------------------------------------------------------------
    def score(self, chat_id: int) -> str:
        """The running sitting's totals and who owes whom."""
        _ = self.service.t(chat_id)
        gid = self.service.by_chat.get(chat_id)
        s = self.service.sittings.get(gid) if gid is not None else None
        if s is None or s.status == "lobby":
            return _("No game is being played here. /top shows the leaderboard.")
        return scores_text.sitting_score(s, _)

    # -- /top ----------------------------------------------------------------------
    async def top(self, chat_id: int, args: str) -> str:
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
            head = _("🏆 All-time leaderboard {game}").format(game=label).strip()
            empty = _("No hands have been finished in this chat yet. /new starts a game.")
            return scores_text.board(rows, head, empty, _)
        zone = await self.zone(chat_id)
        monday = monday_of(self.clock(), zone)
        start, end = week_bounds(monday, zone)
        rows = await self.storage.run(ledger.leaderboard, chat_id, start, end, game)
        head = _("🏆 This week's leaderboard {game} ({span})").format(
            game=label, span=scores_text.span(monday)).replace("  ", " ")
        empty = _("No hands finished this week yet. /new starts a game!")
        return scores_text.board(rows, head, empty, _)

    # -- /history and /replay -----------------------------------------------------------
    async def history(self, chat_id: int):
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
        name, data = scores_text.record_file(h)
        self.service.outbox.document(chat_id, name, data,
                                     scores_text.replay_caption(h, zone, _))
        return None

    # -- /stats --------------------------------------------------------------------
    async def stats(self, user_id: int) -> str:
        _ = self.service.t(user_id)
        rows = await self.storage.run(ledger.user_stats, user_id)
        return scores_text.stats(rows, _)

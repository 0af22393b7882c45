"""The chaos run behind tests/e2e/test_chaos.py: many sittings of every game
and preset played at once against the fake Bot API server while ~10% of the
bot's API calls fail, players press at random (their own buttons, other
people's, stale, forged and malformed data), a table message is deleted, a
player blocks the bot and the bot is removed from a group.

`LeakWatch` checks every message at the moment the fake server takes it:
a card named while every copy of it is in hands the reader may not see means
a held card was shown (sound: it never blames a public card; it misses a
leaked card whose twin is public or in the reader's own hand)."""

from __future__ import annotations

import asyncio
import logging
import random
import re
import time
from collections import Counter
from dataclasses import dataclass, field

from bot import catalog
from bot.app import App
from bot.i18n import translator
from bot.outbox import Limits
from bot.sandbox.fake import FakeTelegram
from bot.sandbox.fake.models import FakeTelegramError
from games import records, registry
from tests.e2e.harness import buttons_with, config_for, move_buttons

SHOWN = ("sendMessage", "editMessageText", "editMessageReplyMarkup", "sendPhoto",
         "editMessageMedia", "editMessageCaption")
CASES = [(g, p) for g, game in registry.all_games().items() for p in game.presets]
FAST = Limits(chat_rate=1000.0, chat_burst=1000, group_per_minute=100_000,
              overall_per_second=100_000)


@dataclass
class Report:
    sittings: int = 0
    finished: list[int] = field(default_factory=list)  # sittings that reached their end
    stuck: list[str] = field(default_factory=list)
    hands: int = 0
    errors: list[str] = field(default_factory=list)  # log records at ERROR or above
    leaks: list[str] = field(default_factory=list)
    bad_presses: int = 0
    faults: int = 0
    totals_wrong: list[str] = field(default_factory=list)
    posted_twice: list[str] = field(default_factory=list)
    blocked: dict = field(default_factory=dict)  # the blocked player's sitting, seat, tellings
    kicked: dict = field(default_factory=dict)
    seconds: float = 0.0


class ErrorLog(logging.Handler):
    def __init__(self, report: Report) -> None:
        super().__init__(logging.ERROR)
        self.report = report

    def emit(self, record: logging.LogRecord) -> None:
        self.report.errors.append(f"{record.name}: {record.getMessage()}"[:300])


def shown_parts(call) -> list[str]:
    """The message text (a photo's caption) and each button's text: each is
    checked on its own (a hand's buttons repeat its cards)."""
    p = call.params
    kb = p.get("reply_markup") or {}
    buttons = [b.get("text", "") for row in kb.get("inline_keyboard", []) for b in row]
    media = p.get("media") if isinstance(p.get("media"), dict) else {}
    return [p.get("text") or p.get("caption") or media.get("caption") or "", *buttons]


def picture_codes(call) -> list[str]:
    """The cards and tiles a photo draws face up, read from the description
    the picture carries (one sent again by its file_id was read when it was
    uploaded)."""
    p = call.params
    ref = p.get("photo") if call.method == "sendPhoto" else (p.get("media") or {}).get("media")
    if not isinstance(ref, str) or not ref.startswith("attach://"):
        return []
    data = p.get(ref.removeprefix("attach://"))
    if not isinstance(data, bytes):
        return []
    from bot.pictures.draw import described

    out = []
    for block in described(data).get("blocks", []):
        out += block.get("tiles", [])
        out += [piece["code"] for item in block.get("items", [])
                for piece in item.get("pieces", []) if piece.get("code")]
    return out


def codes_in(data) -> list[str]:
    """Every two-character string in events or a view (card codes among them)."""
    if isinstance(data, str):
        return [data] if len(data) == 2 else []
    if isinstance(data, dict):
        return [c for v in data.values() for c in codes_in(v)]
    if isinstance(data, (list, tuple)):
        return [c for v in data for c in codes_in(v)]
    return []


def label_counts(text: str, labels: list[str]) -> Counter:
    """How often each card label appears, longest labels first (no double counting)."""
    out: Counter = Counter()
    for label in labels:
        n = text.count(label)
        if n:
            out[label] = n
            text = text.replace(label, "\x00")
    return out


DRAWN_FOR = re.compile(r"^🂠 [^\n]* · hand (\d+)")


def drawn_for(text: str) -> int | None:
    """The hand a table or hand message was drawn for: its first line names it
    ("🂠 <game> · hand N", English in this run). Lazy renders are drawn when
    sent, so a message can reach the server after its hand ended."""
    m = DRAWN_FOR.match(text)
    return int(m.group(1)) if m else None


class LeakWatch:
    """Called by the fake server with every successful call, while the bot
    awaits it: the sittings in memory are exactly what the bot drew from."""

    def __init__(self, app: App, report: Report) -> None:
        self.app = app
        self.report = report
        self.hand_of: dict[tuple[int, int], int] = {}  # (chat, message) → hand it was sent in
        self.replays: dict[tuple[int, int], list] = {}  # (sitting, hand) → [state, moves, seen]

    def _label(self, game_id: str, code: str) -> str:
        try:
            return catalog.presenter(game_id).card(code, translator("en"))
        except (KeyError, ValueError, IndexError):
            return ""  # a two-letter string that is not a card

    def __call__(self, call) -> None:
        if call.method not in SHOWN or call.chat_id is None:
            return
        chat = call.chat_id
        parts = shown_parts(call)
        for s in list(self.app.service.sittings.values()):
            if s.state is None or s.status != "running" or s.state.is_over():
                continue
            seat_of = {seat.user_id: i for i, seat in enumerate(s.seats) if seat and seat.human}
            if chat != s.chat_id and chat not in seat_of:
                continue
            drawn = drawn_for(parts[0])
            if call.method == "sendMessage":
                self.hand_of[(chat, call.result["message_id"])] = drawn or s.hand_no
            if drawn is not None and drawn != s.hand_no:
                continue  # drawn while an earlier hand was played: that hand is over now
            if drawn is None and self.hand_of.get((chat, call.params.get("message_id")),
                                                  s.hand_no) != s.hand_no:
                continue  # an edit of an earlier hand's message: that hand is over
            if "🏁" in parts[0]:
                continue  # the end of a hand shows every hand: that is its job
            if chat == s.chat_id:
                kb = call.params.get("reply_markup") or {}
                datas = [b.get("callback_data", "") for r in kb.get("inline_keyboard", [])
                         for b in r]
                if any(re.match(r"^(m|mi|p):", d) for d in datas):
                    self.report.leaks.append(f"group {chat}: move buttons {datas}")
            for text in parts:
                self._check(s, chat, seat_of.get(chat), text)
            drawn_codes = picture_codes(call)
            if drawn_codes:  # what the picture draws, named as the text names it
                self._check(s, chat, seat_of.get(chat), " ".join(
                    self._label(s.game, self._as_dealt(s, c)) for c in drawn_codes))

    @staticmethod
    def _as_dealt(s, code: str) -> str:
        """A 顶牛 tile is drawn as laid ([6|5]); the deal names it low-high."""
        return "".join(sorted(code)) if s.game == "dingniu" else code

    def exposed(self, s) -> set[str]:
        """Labels of cards the table has seen face up this hand (events and
        public views are public by the engine contract), even if a hand took
        them back (川牌: a drawn card kept in hand)."""
        key = (s.id, s.hand_no)
        if key not in self.replays:
            self.replays[key] = [records.start_of(records.record_of(s.state)), 0, set()]
        replay = self.replays[key]
        state, done, seen = replay
        seen.update(self._label(s.game, c) for c in codes_in(state.public_view()))
        for seat, code in s.state.history[done:]:
            seen.update(self._label(s.game, c) for c in codes_in(state.apply(seat, code)))
            seen.update(self._label(s.game, c) for c in codes_in(state.public_view()))
        replay[1] = len(s.state.history)
        return seen

    def _check(self, s, chat: int, own: int | None, text: str) -> None:
        state = s.state
        deal = state.deal
        codes = ([deal[i:i + 2] for i in range(0, len(deal), 2)] if isinstance(deal, str)
                 else [c for h in deal["hands"] for c in h])
        total = Counter(self._label(s.game, c) for c in codes)
        labels = sorted(total, key=len, reverse=True)
        hidden: Counter = Counter()
        for seat in range(state.seats):
            if seat != own:
                hidden.update(self._label(s.game, c) for c in state.view(seat)["hand"])
        shown = label_counts(text, labels)
        seen = self.exposed(s) if shown else set()
        for label in shown:
            # every copy held by others, and none ever face up (a public card
            # may be named twice in one message: on top and in its row)
            if total[label] == hidden[label] and label not in seen:
                self.report.leaks.append(
                    f"sitting {s.id} ({s.game}) chat {chat}: {label} shown while every one "
                    f"is held by someone else: {text[:300]!r}")


JUNK = [
    "", " ", "m", "m:", "m:x:y:z", "h:1:1:end", "s:1:yes", "l:1:start", "p:1:1:ok:0",
    "🀄" * 16, "m:1:1:" + "L" * 58, "x" * 65, "m:-1:0:K", "tk:0", "lang:xx", "n:nope",
    "m:99999:0:K", "h:99999:1:next", "\u202e:1:2", "m:1:99999999999999999999:K",
]


class Chaos:
    def __init__(self, tg: FakeTelegram, app: App, report: Report, rng: random.Random,
                 deadline: float) -> None:
        self.tg, self.app, self.report, self.rng = tg, app, report, rng
        self.deadline = deadline
        self.seen_data: list[tuple[int, int, str]] = []  # (chat, message, data) shown once

    def sitting_of(self, chat: int):
        sitting_id = self.app.service.by_chat.get(chat)
        return self.app.service.sittings.get(sitting_id) if sitting_id is not None else None

    async def press(self, uid: int, chat: int, mid: int, data: str, forged=False) -> None:
        try:
            if forged:
                await self.tg.press_forged(uid, chat, mid, data, timeout=3.0)
            else:
                await self.tg.press(uid, chat, mid, data, timeout=3.0)
        except FakeTelegramError:
            pass  # gone from the screen meanwhile, or the answer was lost to a fault

    async def junk(self, chat: int, people: list[int], outsiders: list[int]) -> None:
        """One bad press in the group: forged, replayed, other sittings', malformed."""
        msgs = [m for m in self.tg.messages(chat, from_bot=True)]
        if not msgs:
            return
        m = self.rng.choice(msgs)
        pool = JUNK + [d for _c, _m, d in self.rng.sample(self.seen_data,
                                                             min(5, len(self.seen_data)))]
        data = self.rng.choice(pool)
        uid = self.rng.choice(people + outsiders)
        self.report.bad_presses += 1
        await self.press(uid, chat, m.message_id, data, forged=True)

    async def lobby(self, chat: int, humans: list[int], game_id: str, preset: str):
        tg = self.tg
        await tg.send_message(humans[0], chat, f"/new {game_id} {preset}")
        while time.monotonic() < self.deadline:
            s = self.sitting_of(chat)
            if s is not None and s.status != "lobby":
                return s
            if s is None:
                await asyncio.sleep(0.1)
                if self.sitting_of(chat) is None and not buttons_with(tg, chat, "l:"):
                    await tg.send_message(humans[0], chat, f"/new {game_id} {preset}")
                    await asyncio.sleep(0.5)
                continue
            seated = {seat.user_id for seat in s.seats if seat}
            empty = sum(1 for seat in s.seats if seat is None)
            want = ("join", humans[1]) if humans[1] not in seated else (
                ("cpu", humans[0]) if empty else ("start", humans[0]))
            pairs = [p for p in buttons_with(tg, chat, f"l:{s.id}:")
                     if p[1].callback_data.endswith(":" + want[0])]
            if pairs:
                await self.press(want[1], chat, pairs[0][0].message_id, pairs[0][1].callback_data)
            await asyncio.sleep(0.05)
        return self.sitting_of(chat)

    async def play(self, k: int, game_id: str, preset: str, humans: list[int],
                   outsiders: list[int], hands: int, event: str | None) -> None:
        tg, rng = self.tg, self.rng
        chat = -5000 - k
        s = await self.lobby(chat, humans, game_id, preset)
        if s is None:
            self.report.stuck.append(f"{k} {game_id}/{preset}: no sitting")
            return
        sitting_id, creator = s.id, humans[0]
        active = list(humans)
        event_at = rng.randint(1, 3)  # after this many of our presses
        presses = 0
        stop_asked = 0.0
        end_by = self.deadline
        while time.monotonic() < end_by:
            s = self.app.service.sittings.get(sitting_id)
            if s is None or s.status in ("finished", "cancelled"):
                self.report.finished.append(sitting_id)
                return
            b = self.report.blocked
            if b.get("sitting_id") == sitting_id and s.seats[b["seat"]].tuoguan:
                b["tuoguan"] = True
            if event and presses >= event_at and s.status == "running":
                self.happen(event, s, chat, active)
                event = None
                if self.report.kicked.get("chat") == chat:
                    humans = []  # nobody can act in that group any more
                    end_by = min(end_by, time.monotonic() + 20.0)  # the bot should end it
            if s.status == "hand_over" and humans:
                if s.hand_no >= hands and not event:  # play on until the event happened
                    confirm = [p for p in buttons_with(tg, chat, f"s:{sitting_id}:")
                               if p[1].callback_data.endswith(":yes")]
                    if confirm:
                        m, b = confirm[-1]
                        await self.press(creator, chat, m.message_id, b.callback_data)
                    elif time.monotonic() - stop_asked > 2.0:
                        stop_asked = time.monotonic()
                        await tg.send_message(creator, chat, "/stop")
                else:
                    nxt = [p for p in buttons_with(tg, chat, f"h:{sitting_id}:")
                           if p[1].callback_data.endswith("next")]
                    if nxt:
                        m, b = nxt[-1]
                        await self.press(creator, chat, m.message_id, b.callback_data)
            elif s.status == "running":
                for uid in active:
                    btns = move_buttons(tg, uid)
                    if btns and rng.random() < 0.7:
                        m, b = rng.choice(btns)
                        self.seen_data.append((uid, m.message_id, b.callback_data))
                        await self.press(uid, uid, m.message_id, b.callback_data)
                        presses += 1
            if humans and rng.random() < 0.3:
                await self.junk(chat, humans, outsiders)
            await asyncio.sleep(0.05 + rng.random() * 0.1)
        s = self.app.service.sittings.get(sitting_id)
        self.report.stuck.append(f"sitting {sitting_id} {game_id}/{preset} status "
                                 f"{s.status if s else '?'} hand {s.hand_no if s else '?'}")

    def happen(self, event: str, s, chat: int, active: list[int]) -> None:
        tg = self.tg
        if event == "block":
            uid = active.pop()  # the last human blocks the bot and stops playing
            tg.block_bot(uid)
            seat = s.seat_of(uid)
            self.report.blocked = {"sitting_id": s.id, "seat": seat, "uid": uid, "chat": chat,
                                   "name": s.seats[seat].name, "t": time.monotonic(),
                                   "at": time.time()}
        elif event == "kick":
            tg.kick_bot(chat)
            self.report.kicked = {"sitting_id": s.id, "chat": chat}
        elif event == "delete":
            for m in tg.messages(chat, from_bot=True):
                tg.delete_message_as_user(chat, m.message_id)


async def run(db_path, *, sittings: int, seconds: float, seed: int, fault_rate: float,
              hands_max: int = 2) -> Report:
    """Play `sittings` sittings (cycling through every game and preset) under faults."""
    report = Report(sittings=sittings)
    rng = random.Random(seed)
    handler = ErrorLog(report)
    logging.getLogger().addHandler(handler)
    started = time.monotonic()
    try:
        async with FakeTelegram(answer_timeout=60.0) as tg:
            tg.limits.enabled = False  # the bot's own limits are opened up too (FAST)
            plan = []
            outsiders = [900_001, 900_002]
            for uid in outsiders:
                tg.add_user(uid, f"路人{uid % 10}", started=True, language_code="en")
            for k in range(sittings):
                humans = [10_000 + 10 * k + i for i in range(2)]
                for i, uid in enumerate(humans):
                    tg.add_user(uid, f"P{k}<{i}>", started=True, language_code="en")
                tg.add_group(-5000 - k, f"G{k} <&>", members=humans + outsiders,
                             admins=[humans[0]])
                game_id, preset = CASES[k % len(CASES)]
                event = {0: "block", 1: "kick", 2: "delete"}.get(k)
                hands = hands_max if event else rng.randint(1, hands_max)  # room for the event
                plan.append((k, game_id, preset, humans, hands, event))
            config = config_for(tg, db_path, turn_timeout=1.5, computer_delay=0.01,
                                    ai_budget=0.01, default_lang="en")
            app = App(config, limits=FAST)
            await app.start()
            try:
                for uid in [u for p in plan for u in p[3]]:
                    await tg.send_message(uid, uid, "/start")
                tg.watchers.append(LeakWatch(app, report))
                tg.random_faults(fault_rate, seed)
                chaos = Chaos(tg, app, report, rng, time.monotonic() + seconds)
                await asyncio.gather(*(chaos.play(k, g, p, h, outsiders, n, e)
                                       for k, g, p, h, n, e in plan))
                tg.random_faults(0.0)
                report.faults = tg.faults_injected
                await app.outbox.drain(5.0)  # what is still queued goes out before we read it
                if report.blocked:
                    b = report.blocked
                    # the notice may still wait for a retry or a flood pause: wait until
                    # nothing is queued or in flight for that group (bounded)
                    give_up = time.monotonic() + 30.0
                    while not app.outbox.idle(b["chat"]) and time.monotonic() < give_up:
                        await asyncio.sleep(0.1)
                    b["idle"] = app.outbox.idle(b["chat"])
                    # sends the bot saw succeed: a connection dropped after the message
                    # took effect is retried by the bot (it cannot know), not a second telling
                    texts = [c.params.get("text", "") for c in tg.calls("sendMessage", b["chat"])
                             if c.ok and c.t >= b["t"] and not c.description]
                    # besides tables (🂠) and hand ends (🏁), which name everyone
                    b["told"] = [t for t in texts if b["name"] in t and t[:1] not in "🂠🏁"]
            finally:
                await app.stop(drain=0.5)
            check_totals(db_path, report)
    finally:
        logging.getLogger().removeHandler(handler)
        report.seconds = time.monotonic() - started
    return report


def check_totals(db_path, report: Report) -> None:
    import json
    import sqlite3

    db = sqlite3.connect(db_path)
    for sitting_id, totals in db.execute("select id, totals from sittings"):
        nets = [json.loads(n) for (n,) in db.execute(
            "select net from hands where sitting_id = ?", [sitting_id])]
        report.hands += len(nets)
        summed = [sum(col) for col in zip(*nets)] if nets else None
        totals = json.loads(totals or "[]")
        if summed is not None and summed != totals:
            report.totals_wrong.append(f"sitting {sitting_id}: totals {totals}, hands sum {summed}")
        if summed is None and any(totals):
            report.totals_wrong.append(f"sitting {sitting_id}: totals {totals} without hands")
    if report.blocked:  # moves the turn timer made for the blocked seat afterwards
        b = report.blocked
        b["timeouts"] = db.execute(
            "select count(*) from moves where sitting_id = ? and seat = ? and at >= ? "
            "and by = 'timeout'", [b["sitting_id"], b["seat"], b["at"]]).fetchone()[0]
    for sitting_id, hand_no, n in db.execute(
            "select sitting_id, hand_no, count(*) from hands group by sitting_id, hand_no "
            "having count(*) > 1"):
        report.posted_twice.append(f"sitting {sitting_id} hand {hand_no} posted {n} times")
    db.close()

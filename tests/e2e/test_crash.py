"""Crash test (issue 11): `paiju run` as a subprocess against the fake Bot API
server in this process, SIGKILLed at random moments — while a press is being
handled, while a send is held in the server, while a computer thinks, around
the end of a hand — at least 20 times, and started again on the same
database each time. Then: every sitting completes; every move whose press
was answered without a refusal is in the database and in its hand's record;
no hand is posted twice; `PRAGMA integrity_check` is ok after every kill.
Costs ≈ 2 minutes."""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import sqlite3
import sys
import time

from bot.sandbox.fake import FakeTelegram, methods
from bot.sandbox.fake.models import ApiError, FakeTelegramError
from tests import figures
from tests.e2e.harness import buttons_with, default_choice, move_buttons

KILLS = 22
KINDS = ["move", "send", "think", "score", "any"]  # when the kill comes
GAMES = ["xianniu", "niujiu", "dingniu", "changpai", "paoyao"]
HANDS = 2  # per sitting, then /stop
SAFETY = 900.0  # seconds: a hang fails the test instead of blocking CI (no speed is asserted)


# `paiju run` (bot.cli.main) in processes forked from one that imported
# everything once: importing aiogram costs seconds of CPU, too much for 20+
# restarts. The fork is `paiju run` itself, started by the zygote on "go";
# the zygote reaps it and reports its end.
ZYGOTE = """
import os, sys
import bot.app, bot.cli
for line in sys.stdin:
    pid = os.fork()
    if pid == 0:
        os._exit(bot.cli.main(['run', '--env-file', os.environ['CRASH_ENV_FILE']]) or 0)
    print(pid, flush=True)
    print('exit', os.waitpid(pid, 0)[1], flush=True)
"""


class Launcher:
    def __init__(self, tg, db_path) -> None:
        self.tg = tg
        self.env = {
            **os.environ, "BOT_TOKEN": tg.token, "PAIJU_API_BASE": tg.base_url,
            "PAIJU_DB": str(db_path), "PAIJU_COMPUTER_DELAY": "0.1", "PAIJU_AI_BUDGET": "0.02",
            "PAIJU_TURN_TIMEOUT": "2", "PAIJU_LANG": "en", "PAIJU_AI_WORKERS": "1",
            "CRASH_ENV_FILE": str(db_path.parent / "empty.env"),  # only the environment counts
        }
        (db_path.parent / "empty.env").write_text("")
        self.zygote: asyncio.subprocess.Process | None = None
        self.pid: int | None = None

    async def start(self) -> None:
        if self.zygote is None:
            self.zygote = await asyncio.create_subprocess_exec(
                sys.executable, "-c", ZYGOTE, env=self.env, stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.DEVNULL,
            )
        # getUpdates is recorded only when its long poll returns: watch the call before it
        seen = len(self.tg.calls("setMyCommands"))
        self.zygote.stdin.write(b"go\n")
        await self.zygote.stdin.drain()
        self.pid = int(await asyncio.wait_for(self.zygote.stdout.readline(), 120))
        await self.tg.wait_for(lambda: len(self.tg.calls("setMyCommands")) > seen, timeout=60)

    async def kill(self) -> int:
        """SIGKILL `paiju run`; its wait status."""
        os.kill(self.pid, signal.SIGKILL)
        line = await asyncio.wait_for(self.zygote.stdout.readline(), 30)
        self.pid = None
        return int(line.split()[1])

    async def close(self) -> None:
        if self.pid is not None:
            await self.kill()
        if self.zygote is not None:
            self.zygote.kill()
            await self.zygote.wait()


class Players:
    """One human per sitting (the others are computers), pressing what the
    screen shows; every answered move press is remembered as acknowledged."""

    def __init__(self, tg, db, rng, games: dict[int, str]):
        self.tg, self.db, self.rng, self.games = tg, db, rng, games
        self.acked: list[tuple[int, int, int, int, str]] = []  # sitting_id, hand, seat, turn, code
        self.pressed: set[str] = set()  # confirmations already pressed
        self.pending: set[asyncio.Task] = set()

    def row(self, chat):
        return self.db.execute(
            "select id, status, hand_no, seats from sittings where chat_id = ? order by id desc",
            [chat]).fetchone()

    async def step(self, chat: int, uid: int) -> None:
        tg = self.tg
        row = self.row(chat)
        if row is None:
            if not buttons_with(tg, chat, "l:"):
                await tg.send_message(uid, chat, f"/new {self.games[chat]}")
            return
        sitting_id, status, hand_no, seats = row
        if status == "lobby":
            seated = [s for s in json.loads(seats) if s]
            action = "cpu" if len(seated) < len(json.loads(seats)) else "start"
            if not seated:
                action = "join"
            await self.press(uid, chat, f"l:{sitting_id}:", action)
        elif status == "hand_over":
            if hand_no >= HANDS:
                # a confirmation shown before a kill still works after the
                # restart, but a press the kill swallowed is not repeated: like
                # a person whose tap did nothing, ask again with /stop
                if not await self.press(uid, chat, f"s:{sitting_id}:", "yes", once=True):
                    await tg.send_message(uid, chat, "/stop")
            else:
                await self.press(uid, chat, f"h:{sitting_id}:{hand_no}:", "next")
        elif status == "running":
            btns = move_buttons(tg, uid)
            if btns:
                m, b = default_choice(btns) if self.rng.random() < 0.5 else self.rng.choice(btns)
                seat = next(i for i, s in enumerate(json.loads(seats)) if s and s["user_id"] == uid)
                ans = await self._press(uid, uid, m.message_id, b.callback_data)
                parts = b.callback_data.split(":")
                if ans is not None and not ans.get("text") and parts[0] == "m":
                    self.acked.append((sitting_id, hand_no, seat, int(parts[-2]), parts[-1]))

    async def press(self, uid, chat, prefix, action, once=False) -> bool:
        """Press the newest such button; False if there is none (with `once`:
        none not pressed before)."""
        pairs = [p for p in buttons_with(self.tg, chat, prefix)
                 if p[1].callback_data.endswith(":" + action)
                 and not (once and p[1].callback_data in self.pressed)]
        if pairs:
            m, b = pairs[-1]
            self.pressed.add(b.callback_data)
            await self._press(uid, chat, m.message_id, b.callback_data)
        return bool(pairs)

    async def _press(self, uid, chat, mid, data):
        try:
            return await self.tg.press(uid, chat, mid, data, timeout=3.0)
        except FakeTelegramError:
            return None  # off the screen meanwhile, or the bot died before answering


async def play_until(players, chats, done, timeout: float = 20.0) -> bool:
    """Play on until `done()` holds (then return at once), or time out."""
    async def play():
        while True:
            await asyncio.gather(*(players.step(c, u) for c, u in chats))
            await asyncio.sleep(0.05)

    stepping = asyncio.create_task(play())
    try:
        await players.tg.wait_for(done, timeout=timeout)
        return True
    except TimeoutError:
        return False
    finally:
        stepping.cancel()


async def until_a_hand_ends(db, players, chats) -> str | None:
    """Play on until a hand's result is in the database, then return at once."""
    def hands():
        return db.execute("select count(*) from hands").fetchone()[0]

    before = hands()
    return "score" if await play_until(players, chats, lambda: hands() > before) else None


def integrity(db_path) -> str:
    db = sqlite3.connect(db_path)
    try:
        return db.execute("pragma integrity_check").fetchone()[0]
    finally:
        db.close()


async def test_sigkill_at_random_moments(tmp_path, monkeypatch):
    started = time.monotonic()
    rng = random.Random(20261201)
    db_path = tmp_path / "db.sqlite3"
    held = {"on": False, "n": 0}
    send = methods.METHODS["sendMessage"]

    async def holding_send(tg, params, now):
        """While `on`: the send waits (the bot is killed meanwhile) and never applies."""
        if held["on"]:
            held["n"] += 1
            await asyncio.sleep(30)
            raise ApiError(500, "Internal Server Error")
        return send(tg, params, now)

    monkeypatch.setitem(methods.METHODS, "sendMessage", holding_send)
    async with FakeTelegram(answer_timeout=60.0) as tg:
        tg.limits.enabled = False
        chats = []
        for k in range(len(GAMES)):
            uid = 100 + k
            tg.add_user(uid, f"P{k}", started=True, language_code="en")
            chat = -10 - k
            chats.append((chat, uid))
            tg.add_group(chat, f"G{k}", members=[uid], admins=[uid])
        db = None
        players = None
        kinds: dict[str, int] = {}
        firsts = rng.sample(KINDS, len(KINDS))
        kills = 0
        launcher = Launcher(tg, db_path)
        await launcher.start()
        try:
            for uid in [u for _c, u in chats]:
                await tg.send_message(uid, uid, "/start")
            db = sqlite3.connect(db_path, timeout=30)
            players = Players(tg, db, rng, {c: GAMES[k] for k, (c, _u) in enumerate(chats)})
            while kills < KILLS:
                assert time.monotonic() - started < SAFETY, f"only {kills} kills"
                until = time.monotonic() + rng.uniform(0.3, 2.0)
                # each moment once first, while the sittings still have hands to
                # end (a loaded machine plays slowly), then at random
                kind = firsts.pop() if firsts else rng.choice(KINDS)
                while time.monotonic() < until:
                    await asyncio.gather(*(players.step(c, u) for c, u in chats))
                    await asyncio.sleep(0.05)
                if kind == "move":  # a press is in flight when the bot dies
                    c, u = rng.choice(chats)
                    btns = move_buttons(tg, u)
                    if btns:
                        m, b = rng.choice(btns)
                        await tg.press_forged(u, u, m.message_id, b.callback_data, wait=False)
                        await asyncio.sleep(rng.uniform(0.0, 0.05))
                elif kind == "send":  # a send is held in the server when the bot dies
                    held["on"] = True
                    before = held["n"]
                    # play on meanwhile: new messages come with new hands and
                    # their ends, not while a table waits for its player
                    if not await play_until(players, chats, lambda b=before: held["n"] > b):
                        kind = "any"
                elif kind == "score":  # right after a hand's result is written
                    kind = await until_a_hand_ends(db, players, chats) or "any"
                elif kind == "think":  # a computer is on turn (PAIJU_COMPUTER_DELAY 0.1 s)
                    await asyncio.sleep(rng.uniform(0.0, 0.1))
                status = await launcher.kill()
                assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL, status
                held["on"] = False
                kills += 1
                kinds[kind] = kinds.get(kind, 0) + 1
                assert integrity(db_path) == "ok", f"after kill {kills}"
                await launcher.start()
                print(f"kill {kills} ({kind}) at {time.monotonic() - started:.1f} s")
            # no more kills: every sitting must now complete
            while time.monotonic() - started < SAFETY:
                rows = [players.row(c) for c, _u in chats]
                if all(r is not None and r[1] == "finished" and r[2] >= HANDS for r in rows):
                    break
                await asyncio.gather(*(players.step(c, u) for c, u in chats))
                await asyncio.sleep(0.05)
        finally:
            await launcher.close()
        figures.add("kills survived", kills)
        rows = [players.row(c) for c, _u in chats]
        assert [(r[1], r[2]) for r in rows] == [("finished", HANDS)] * len(chats), rows
        figures.add("games finished", len(rows))
        check_moves(db, players.acked)
        db.close()
        assert kills >= 20 and len(kinds) == 5, kinds


def check_moves(db, acked) -> None:
    # every acknowledged move is written, as pressed. A button drawn for turn t
    # is applied at t or later (one 川牌 claim window: a computer's answer may
    # come first), but only while its seat has not moved since: so it is that
    # seat's first move from turn t on, made by the player.
    for sitting_id, hand_no, seat, turn, code in acked:
        got = db.execute("select code, by from moves where sitting_id = ? and hand_no = ? "
                         "and seat = ? and turn >= ? order by turn limit 1",
                         [sitting_id, hand_no, seat, turn]).fetchone()
        assert got == (code, "player"), (
            f"acknowledged move lost: {sitting_id} {hand_no} {seat} {turn} {code}: {got}")
    figures.add("moves acknowledged", len(acked))
    assert len(acked) > 20
    # each hand posted once, and its record holds exactly the moves written
    doubles = db.execute("select sitting_id, hand_no, count(*) from hands group by sitting_id, "
                         "hand_no having count(*) > 1").fetchall()
    figures.add("hands posted twice", len(doubles))
    assert doubles == []
    for sitting_id, hand_no, state in db.execute("select sitting_id, hand_no, state from hands"):
        history = [tuple(h) for h in json.loads(state)["history"]]
        written = db.execute("select seat, code from moves where sitting_id = ? and hand_no = ? "
                             "order by turn", [sitting_id, hand_no]).fetchall()
        assert written == history, f"sitting {sitting_id} hand {hand_no}: moves and record differ"

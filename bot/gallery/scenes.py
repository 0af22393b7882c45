"""The scripts the gallery plays: for each game, a sitting from /new to its
end and the scores after it, with every refusal a player can meet on the
way; and the screens every game shares. Each step is a person typing or
tapping in the fake Telegram; the page records what they then saw.

People: 1 (Tom, 老王) opens the games and is the group's admin, 2 (Ann, 小李)
plays with him, 3 (Bob, 阿强) watches and taps what he should not, 9 (Joe,
新人) has never opened the bot. Empty seats take computer players."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from bot import catalog, house_rules, render
from bot.callbacks import (
    HandEndCB,
    LobbyCB,
    MoveCB,
    PickCB,
    SettingsCB,
    TakeOverCB,
    move_button_data,
)
from bot.gallery.book import Message, Page, Toast
from bot.gallery.endings import ENDINGS, final
from bot.gallery.stage import GROUP, OTHER_GROUP, Stage
from bot.i18n import LANGS
from games import registry
from games.base import Move, Pick, State, find_move, split_cards
from games.players import quick

TOM, ANN, BOB, KIM, JOE = 1, 2, 3, 4, 9
HUMANS = (TOM, ANN)  # seats 1 and 2; computers fill the rest

# The deal of each game's first hand: chosen (bot/gallery/__main__.py
# --find-deals) so the two people meet as many kinds of turn as one hand has.
# A game not listed here plays deal 1 (and shows no endings of ENDINGS).
DEALS = {"xianniu": 216, "niujiu": 270, "dingniu": 19, "paoyao": 92, "changpai": 283}
# Moves a person makes once a hand when they may, so the screens they lead to
# are shown (the heuristic player would rarely choose them).
ONCE = {"xianniu": ("tighten",)}


def signature(moves: Iterable[Move | Pick]) -> tuple[str, ...]:
    """What kind of turn this is: the kinds of its legal moves."""
    return tuple(sorted({("pick:" + m.kind) if isinstance(m, Pick) else m.kind for m in moves}))


def person_move(state: State, seat: int, sitting_id: int, hand_no: int, done: set[str]) -> str:
    """What a person in the gallery plays: once a hand a move of `ONCE` when
    it is offered, else what the computer would (the same seed as the bot's)."""
    for m in state.legal_moves(seat):
        if isinstance(m, Move) and m.kind in ONCE.get(state.game.id, ()) and m.kind not in done:
            done.add(m.kind)
            return m.code
    rng = random.Random(f"{sitting_id}:{hand_no}:{state.turn}:{seat}")
    return quick(state.copy(), seat, rng)


def turn_kind(game_id: str, sig: tuple[str, ...]) -> str:
    if any(k.startswith("pick:") for k in sig):
        return "pick"
    if game_id == "changpai" and set(sig) & {"chi", "peng", "hu"}:
        return "claim"
    return "turn"


class GameScene:
    def __init__(self, st: Stage, game: str, page: Page) -> None:
        self.st = st
        self.game = game
        self.page = page
        self.g = registry.get(game)
        self.presenter = catalog.presenter(game)
        self.seen_turns: set[tuple[str, ...]] = set()
        self.once: set[str] = set()
        self.refused: set[str] = set()

    # -- helpers -------------------------------------------------------------------
    @property
    def s(self) -> Any:
        sitting_id = self.st.service.by_chat.get(GROUP)
        if sitting_id is not None:
            return self.st.service.sittings[sitting_id]
        return self.last_sitting

    def name(self, uid: int) -> str:
        return self.st.names[uid]

    def table_msg(self) -> Any:
        return self.st.tg.message(GROUP, self.s.msgs["table"])

    def hand_msg(self, uid: int) -> Any:
        return self.st.tg.message(uid, self.s.msgs[f"hand:{uid}"])

    def end_msg(self) -> Any:
        return self.st.tg.message(GROUP, self.s.msgs["end"])

    async def lobby_tap(self, uid: int, action: str) -> Toast:
        lobby = self.st.tg.message(GROUP, self.s.msgs["lobby"])
        return await self.st.press(uid, GROUP, lobby, LobbyCB(s=self.s.id, a=action).pack())

    def asked(self) -> list[int]:
        s = self.s
        if s.status != "running":
            return []
        return [seat for seat in s.state.to_act()
                if s.seats[seat].user_id is not None and not s.seats[seat].auto]

    # -- the script ----------------------------------------------------------------
    async def run(self) -> None:
        await self.open_lobby()
        await self.fill_lobby()
        await self.first_hand()
        await self.second_hand()
        await self.endings()
        await self.stop()
        await self.other_presets()
        await self.scores()
        await self.settings()

    async def open_lobby(self) -> None:
        st, page = self.st, self.page
        await st.say(TOM, GROUP, "/new")
        chooser = st.last(GROUP)
        await st.tap(TOM, GROUP, chooser, lambda d: d == f"n:{self.game}:")
        page.add("presets", "the rules to choose from (/new, then the game)",
                 st.show(st.tg.message(GROUP, chooser.message_id)))
        preset = list(self.g.presets)[0]
        toast = await st.tap(TOM, GROUP, chooser, lambda d: d == f"n:{self.game}:{preset}")
        page.add("lobby", "opened by Tom", st.shown(GROUP), toast)
        self.last_sitting = self.s
        toast = await self.lobby_tap(BOB, "leave")
        page.add("refusal", "Bob taps Leave without a seat", toast)
        toast = await self.lobby_tap(TOM, "join")
        page.add("refusal", "Tom taps Join again", toast)
        toast = await self.lobby_tap(JOE, "join")
        page.add("lobby", "Joe, who never opened the bot, taps Join", toast)
        toast = await self.lobby_tap(BOB, "cpu")
        page.add("refusal", "Bob, not seated, taps Add computer", toast)
        rules = self.st.tg.message(GROUP, self.s.msgs["lobby"])
        toast = await st.tap(BOB, GROUP, rules, lambda d: d.startswith("ru:"))
        page.add("rules", "the lobby's rules button", st.shown(GROUP), toast)

    async def fill_lobby(self) -> None:
        st, page = self.st, self.page
        toast = await self.lobby_tap(ANN, "join")
        page.add("lobby", "Ann joins", st.shown(GROUP), toast)
        while None in self.s.seats:
            toast = await self.lobby_tap(TOM, "cpu")
        page.add("lobby", "the computers fill the seats", st.shown(GROUP), toast)
        toast = await self.lobby_tap(BOB, "join")
        page.add("refusal", "Bob taps Join when every seat is taken", toast)
        toast = await self.lobby_tap(ANN, "start")
        page.add("refusal", "Ann taps Start (only Tom or an admin may)", toast)
        toast = await self.lobby_tap(TOM, "start")
        items: list[Message | Toast] = [*st.shown(GROUP), toast]
        for uid in HUMANS:
            items += st.shown(uid)
        page.add("lobby", "Tom starts: the lobby, the table, each player's hand and turn notice",
                 items)
        page.add("refusal", "/new while a game is being played", await st.say(BOB, GROUP, "/new"))
        page.add("rules", "/rules while a game is being played",
                 await st.say(BOB, GROUP, "/rules"))

    # -- playing -------------------------------------------------------------------
    async def first_hand(self) -> None:
        st, page = self.st, self.page
        first = True
        while True:
            asked = self.asked()
            if not asked:
                break
            seat = asked[0]
            uid = self.s.seats[seat].user_id
            state = self.s.state
            sig = signature(state.legal_moves(seat))
            if sig not in self.seen_turns:
                self.seen_turns.add(sig)
                others = [self.name(self.s.seats[i].user_id) for i in asked[1:]]
                who = self.name(uid) + "".join(f" and {o}" for o in others)
                page.add(turn_kind(self.game, sig), f"{who} to move ({', '.join(sig)})",
                         st.show(self.table_msg(), note=""),
                         *[st.show(self.hand_msg(self.s.seats[i].user_id), note="")
                           for i in asked])
            if first:
                first = False
                await self.turn_refusals(seat, uid)
            await self.refuse_picks(seat, uid)
            await self.play(seat, uid)
        s = self.s
        assert s.status == "hand_over", s.status
        items = [st.show(self.end_msg(), note=""), st.show(self.table_msg(), note="")]
        items += [st.show(self.hand_msg(uid), note="") for uid in HUMANS]
        page.add("end of hand", "hand 1 as played: the 🏁 message, the table, the hands", items)
        end = self.end_msg()
        toast = await st.press(BOB, GROUP, end, HandEndCB(s=s.id, n=s.hand_no, a="next").pack())
        page.add("refusal", "Bob, not seated, taps Next hand", toast)
        toast = await st.press(ANN, GROUP, end, HandEndCB(s=s.id, n=s.hand_no, a="end").pack())
        page.add("refusal", "Ann taps Finish (only Tom or an admin may)", toast, st.shown(GROUP))
        page.add("score", "/score between hands", await st.say(ANN, GROUP, "/score"))
        toast = await st.press(TOM, GROUP, end, HandEndCB(s=s.id, n=s.hand_no, a="next").pack())
        page.add("end of hand", "Tom taps Next hand", toast, st.show(end))

    async def play(self, seat: int, uid: int) -> None:
        """The person at `seat` makes their move by tapping, as on a phone."""
        st, s = self.st, self.s
        state = s.state
        code = person_move(state, seat, s.id, s.hand_no, self.once)
        moves = state.legal_moves(seat)
        msg = self.hand_msg(uid)
        if render.needs_picker(self.presenter, moves):
            move = find_move(moves, code)
            if move is None or move.cards:
                pick = next((m for m in moves if isinstance(m, Pick)
                             and code.startswith(m.prefix)), None)
                cards = (list(move.cards) if move is not None
                         else list(split_cards(code[len(pick.prefix):])) if pick else [])
                await self.select(uid, cards)
                toast = await st.press(uid, uid, msg, self.pick_data("ok"))
                assert not toast.text, (code, toast)
                return
        # the button of that move: one of identical cards may show another card
        index = self.presenter.button_for(moves, code)
        assert index is not None, code
        code = moves[index].code
        data = move_button_data(s.id, s.hand_no, state.turn, code, index)
        toast = await st.press(uid, uid, msg, data)
        assert not toast.text, (code, toast)

    def pick_data(self, action: str, i: int = 0) -> str:
        s = self.s
        return PickCB(s=s.id, h=s.hand_no, t=s.state.turn, a=action, i=i).pack()

    async def select(self, uid: int, cards: list[str]) -> None:
        s = self.s
        seat = s.seat_of(uid)
        shown = render.picker_cards(s, seat, s.state.legal_moves(seat))
        for i in render.indices_for(shown, cards):
            await self.st.press(uid, uid, self.hand_msg(uid), self.pick_data("x", i))

    async def turn_refusals(self, seat: int, uid: int) -> None:
        """At the first turn: taps that must change nothing."""
        st, page, s = self.st, self.page, self.s
        other = ANN if uid == TOM else TOM
        state = s.state
        move = next((m for m in state.legal_moves(seat) if isinstance(m, Move)), None)
        code = move.code if move else "x"
        data = MoveCB(s=s.id, h=s.hand_no, t=state.turn, c=code).pack()
        toast = await st.press(other, other, self.hand_msg(other), data, forged=True)
        page.add("refusal", f"{self.name(other)} taps a move when it is not their turn", toast)
        welcome = st.last(BOB)
        toast = await st.press(BOB, BOB, welcome, data, forged=True)
        page.add("refusal", "Bob, not seated, taps a move of this game", toast)
        old = MoveCB(s=s.id, h=s.hand_no - 1 if s.hand_no > 1 else 0, t=0, c=code).pack()
        toast = await st.press(uid, uid, self.hand_msg(uid), old, forged=True)
        page.add("refusal", "a button of an earlier hand", toast)
        items = await st.say(uid, GROUP, "/hand")
        items += st.shown(uid)
        page.add("hand", f"{self.name(uid)} sends /hand in the group", items)
        page.add("score", "/score during the first hand", await st.say(BOB, GROUP, "/score"))

    async def refuse_picks(self, seat: int, uid: int) -> None:
        """The picker's refusals, once each: confirming nothing, the wrong
        number of cards, a choice the rules do not allow."""
        st, page, s = self.st, self.page, self.s
        moves = s.state.legal_moves(seat)
        if not render.needs_picker(self.presenter, moves):
            return
        msg = lambda: self.hand_msg(uid)  # noqa: E731 (edited on every tap)
        pick = next((m for m in moves if isinstance(m, Pick)), None)
        key = f"pick:{pick.kind}" if pick else "picker"
        if key in self.refused:
            return
        self.refused.add(key)
        toast = await st.press(uid, uid, msg(), self.pick_data("ok"))
        page.add("refusal", f"{self.name(uid)} confirms with no card selected ({key})", toast)
        if pick is not None:
            if pick.max_count + 1 <= len(pick.choices):
                await self.select(uid, list(pick.choices[: pick.max_count + 1]))
                toast = await st.press(uid, uid, msg(), self.pick_data("ok"))
                page.add("refusal", f"{self.name(uid)} confirms one card too many ({key})",
                         toast, st.show(msg(), note=""))
        else:
            bad = self.illegal_choice(seat)
            if bad:
                await self.select(uid, bad)
                toast = await st.press(uid, uid, msg(), self.pick_data("ok"))
                page.add("refusal", f"{self.name(uid)} plays cards that do not go together",
                         toast, st.show(msg(), note=""))
            if self.presenter.hints(moves):
                await st.press(uid, uid, msg(), self.pick_data("clr"))
                toast = await st.press(uid, uid, msg(), self.pick_data("hint"))
                page.add("pick", f"{self.name(uid)} taps Hint", toast, st.show(msg()))
        await st.press(uid, uid, msg(), self.pick_data("clr"))

    def illegal_choice(self, seat: int) -> list[str]:
        """Two cards of the hand that make no legal play (the first such pair)."""
        state = self.s.state
        hand = list(state.view(seat)["hand"])
        for i in range(len(hand)):
            for j in range(i + 1, len(hand)):
                try:
                    state.copy().apply(seat, state.code_for_cards(seat, [hand[i], hand[j]]))
                except Exception:
                    return [hand[i], hand[j]]
        return []

    async def second_hand(self) -> None:
        """托管: Tom's turn times out twice, the computer plays for him, he takes over."""
        st, page = self.st, self.page
        timeouts = 0
        while timeouts < 2 and self.s.status == "running":
            asked = self.asked()
            if not asked:
                break
            seat = asked[0]
            uid = self.s.seats[seat].user_id
            if uid == TOM:
                s = self.s
                await st.run(st.service.turns.timeout(s.id, s.hand_no, s.state.turn))
                timeouts += 1
            else:
                await self.play(seat, uid)
        s = self.s
        if not s.seats[s.seat_of(TOM)].tuoguan:
            return
        for _i in range(5):  # the hand ended meanwhile: the computer plays his next one
            if s.status == "running":
                break
            await self.next_hand()
        page.add("tuoguan", "Tom's turn timed out twice: the computer plays for him",
                 st.show(self.table_msg(), note=""), st.show(self.hand_msg(TOM), note=""))
        if self.asked():
            seat = self.asked()[0]
            uid = s.seats[seat].user_id
            move = next(m for m in s.state.legal_moves(seat) if isinstance(m, Move))
            data = MoveCB(s=s.id, h=s.hand_no, t=s.state.turn, c=move.code).pack()
            toast = await st.press(TOM, TOM, self.hand_msg(TOM), data, forged=True)
            page.add("refusal", "Tom taps a move while the computer plays for him", toast)
        toast = await st.press(TOM, TOM, self.hand_msg(TOM), TakeOverCB(s=s.id).pack())
        page.add("tuoguan", "Tom taps Take over", toast, st.shown(TOM))
        toast = await st.press(TOM, TOM, self.hand_msg(TOM), TakeOverCB(s=s.id).pack(),
                               forged=True)
        page.add("refusal", "Tom taps Take over again", toast)

    # -- every way a hand ends -----------------------------------------------------------
    async def show_ending(self, situation: str, state: State) -> None:
        """Put a finished hand on the table: the bot scores it and says so,
        exactly as when its last move is made."""
        st, s = self.st, self.s
        await st.quiet()
        for _i in range(5):  # a deal over when dealt (a 川牌 redeal) is scored at once
            if s.status != "hand_over":
                break
            await self.next_hand()
        if s.status != "running":  # a hand already scored keeps its stored result
            raise RuntimeError(f"hand {s.hand_no} is {s.status}: no ending can be set out")
        st.mark()
        svc = st.service
        async with svc.lock(s):
            s.state = state.copy()
            s.last = {}
            await svc.lifecycle.score_now(s)
        await st.quiet()
        self.page.add("end of hand", situation, st.show(self.end_msg(), note=""))

    async def next_hand(self) -> None:
        s = self.s
        await self.st.press(TOM, GROUP, self.end_msg(),
                            HandEndCB(s=s.id, n=s.hand_no, a="next").pack())

    async def endings(self) -> None:
        if self.s.status == "hand_over":
            await self.next_hand()
        default = list(self.g.presets)[0]
        mine = [e for e in ENDINGS.get(self.game, []) if e.preset == default]
        for i, e in enumerate(mine):
            await self.show_ending(e.situation, final(self.game, e))
            if i < len(mine) - 1:
                await self.next_hand()

    async def stop(self) -> None:
        st, page = self.st, self.page
        page.add("score", "/score after a hand", await st.say(BOB, GROUP, "/score"))
        page.add("refusal", "Ann sends /stop (only Tom or an admin may)",
                 await st.say(ANN, GROUP, "/stop"))
        page.add("stop", "Tom sends /stop", await st.say(TOM, GROUP, "/stop"))
        question = st.last(GROUP)
        toast = await st.tap(ANN, GROUP, question, lambda d: d.endswith(":yes"))
        page.add("refusal", "Ann answers Yes", toast)
        toast = await st.tap(TOM, GROUP, question, lambda d: d.endswith(":no"))
        page.add("stop", "Tom answers No", toast, st.shown(GROUP))
        await st.say(TOM, GROUP, "/stop")
        question = st.last(GROUP)
        self.last_sitting = self.s
        toast = await st.tap(TOM, GROUP, question, lambda d: d.endswith(":yes"))
        page.add("end of sitting", "Tom ends the game", toast, st.shown(GROUP))

    async def other_presets(self) -> None:
        """Endings only other rules have: a sitting with those rules, each hand
        set out and scored."""
        default = list(self.g.presets)[0]
        endings = ENDINGS.get(self.game, [])
        for preset in dict.fromkeys(e.preset for e in endings if e.preset != default):
            st = self.st
            await st.say(TOM, GROUP, f"/new {self.game} {preset}")
            self.last_sitting = self.s
            await self.lobby_tap(ANN, "join")
            while None in self.s.seats:
                await self.lobby_tap(TOM, "cpu")
            await self.lobby_tap(TOM, "start")
            mine = [e for e in endings if e.preset == preset]
            for i, e in enumerate(mine):
                name = house_rules.preset_name(self.game, preset, lambda x: x)
                await self.show_ending(f"{e.situation} ({name} rules)", final(self.game, e))
                if i < len(mine) - 1:
                    await self.next_hand()
            await st.say(TOM, GROUP, "/stop")
            await st.tap(TOM, GROUP, st.last(GROUP), lambda d: d.endswith(":yes"))

    # -- the scores ----------------------------------------------------------------------
    async def scores(self) -> None:
        st, page = self.st, self.page
        page.add("score", "/score when no game is open: the tally", await st.say(BOB, GROUP,
                                                                              "/score"))
        tally = st.last(GROUP)
        page.add("top", "/top", await st.say(BOB, GROUP, "/top"))
        page.add("top", "/top all", await st.say(BOB, GROUP, f"/top {self.game} all"))
        page.add("history", "/history", await st.say(BOB, GROUP, "/history"))
        history = st.last(GROUP)
        for b in st.tg.buttons(GROUP, history.message_id):
            toast = await st.press(BOB, GROUP, history, b.callback_data)
            page.add("replay", f"Bob taps {b.text} under /history", st.shown(GROUP),
                     toast if toast.text else None)
        page.add("stats", "/stats in Tom's private chat", await st.say(TOM, TOM, "/stats"))
        # the next Monday 00:05: last week's board goes out
        st.now += (5 * 24 - 20) * 3600 + 5 * 60
        assert st.app is not None and st.app.weekly is not None
        await st.run(st.app.weekly.run())
        page.add("weekly", "Monday 00:05: last week's leaderboard", st.shown(GROUP))
        await self.settle_up(tally)

    async def settle_up(self, tally: Any) -> None:
        """清账 from the tally /score showed: Bob may not; Tom asks and says
        No, then asks again and says Yes; the tally starts again."""
        st, page = self.st, self.page

        def ask(d: str) -> bool:
            return d.startswith("st:ask:")

        page.add("refusal", "Bob taps Settle up (only an admin may)", await st.tap(
            BOB, GROUP, tally, ask))
        toast = await st.tap(TOM, GROUP, tally, ask)
        page.add("settle", "Tom taps Settle up: the question names the amounts", toast,
                 st.shown(GROUP))
        toast = await st.tap(TOM, GROUP, st.last(GROUP), lambda d: d.startswith("st:no:"))
        page.add("settle", "Tom answers No", toast, st.shown(GROUP))
        await st.tap(TOM, GROUP, tally, ask)
        toast = await st.tap(TOM, GROUP, st.last(GROUP), lambda d: d.startswith("st:yes:"))
        page.add("settle", "Tom asks again and answers Yes", toast, st.shown(GROUP))
        page.add("score", "/score after settling up", await st.say(BOB, GROUP, "/score"))
        page.add("settle", "/score history", await st.say(BOB, GROUP, "/score history"))

    async def settings(self) -> None:
        st, page = self.st, self.page
        await st.say(TOM, GROUP, "/settings")
        home = st.last(GROUP)
        await st.press(TOM, GROUP, home, SettingsCB(a="game", g=self.game).pack())
        page.add("settings", "the game's page of /settings", st.shown(GROUP))
        toast = await st.press(TOM, GROUP, home, SettingsCB(a="flag", g=self.game, f=0).pack())
        page.add("settings", "the page of its first rule", st.shown(GROUP), toast)
        flags = house_rules.flags_of(self.game, self.g)
        choices = house_rules.choices(self.game, flags[0], self.g)
        now = self.g.variant()[flags[0]]
        other = next(i for i, v in enumerate(choices) if v != now)
        toast = await st.press(TOM, GROUP, home,
                               SettingsCB(a="set", g=self.game, f=0, v=other).pack())
        page.add("settings", "Tom changes that rule", toast, st.shown(GROUP))
        presets = list(self.g.presets)
        toast = await st.press(TOM, GROUP, home,
                               SettingsCB(a="preset", g=self.game, v=len(presets) - 1).pack())
        page.add("settings", "Tom chooses other rules", toast, st.shown(GROUP))
        page.add("rules", f"/rules {self.game} after the change",
                 await st.say(BOB, GROUP, f"/rules {self.game}"))


async def game_page(game: str, lang: str) -> Page:
    p = catalog.presenter(game)
    from bot.i18n import translator

    name = p.game_name(translator(lang))
    page = Page(f"{name} ({game}) · {lang}", intro(lang, f"the game {game}"))
    async with Stage(lang, DEALS.get(game, 1)) as st:
        await set_group_lang(st)
        await GameScene(st, game, page).run()
    return page


def intro(lang: str, what: str) -> list[str]:
    return [
        f"Every screen of {what} in {lang}, as the bot sends it. Generated by "
        "`python -m bot.gallery` (docs/screens/README.md): do not edit by hand.",
    ]


async def set_group_lang(st: Stage) -> None:
    await st.say(TOM, GROUP, "/lang")
    code = st.lang
    await st.tap(TOM, GROUP, st.last(GROUP), lambda d: d == f"lang:{code}")
    await st.say(TOM, OTHER_GROUP, "/lang")
    await st.tap(TOM, OTHER_GROUP, st.last(OTHER_GROUP), lambda d: d == f"lang:{code}")


# -- what every game shares ------------------------------------------------------------------
async def common_page(lang: str) -> Page:
    page = Page(f"Every game · {lang}", intro(lang, "the bot that belong to no one game"))
    async with Stage(lang, DEALS["xianniu"]) as st:
        await common(st, page)
    return page


async def common(st: Stage, page: Page) -> None:
    menus = st.tg.calls("setMyCommands")
    code = "zh" if st.lang.startswith("zh") else None
    for c in menus:
        if c.params.get("language_code") == code:
            scope = c.params["scope"]["type"]
            text = "\n".join(f"/{x['command']} — {x['description']}" for x in c.params["commands"])
            shared = " as Telegram shows it to every Chinese app" if code else ""
            page.add("menu", f"the command menu ({scope}){shared}", Message("menu", text))
    page.add("start", "/start in a private chat", await st.say(KIM, KIM, "/start"))
    page.add("help", "/help in a private chat", await st.say(TOM, TOM, "/help"))
    page.add("help", "/help in a group", await st.say(TOM, GROUP, "/help"))
    page.add("lang", "/lang", await st.say(TOM, GROUP, "/lang"))
    langs = st.last(GROUP)
    toast = await st.tap(BOB, GROUP, langs, lambda d: d == f"lang:{st.lang}")
    page.add("refusal", "Bob, not an admin, taps a language", toast)
    toast = await st.tap(TOM, GROUP, langs, lambda d: d == f"lang:{st.lang}")
    page.add("lang", "Tom, an admin, taps a language", toast)
    await st.tap(TOM, OTHER_GROUP, (await _say_last(st, TOM, OTHER_GROUP, "/lang")),
                 lambda d: d == f"lang:{st.lang}")
    # /settings: the main page and the pages every game shares
    page.add("settings", "/settings", await st.say(BOB, GROUP, "/settings"))
    home = st.last(GROUP)

    async def tap(uid: int, **kw: Any) -> Toast:
        return await st.press(uid, GROUP, home, SettingsCB(**kw).pack())

    for action, what in (("to", "time a move"), ("tz", "time zone"), ("lang", "language")):
        toast = await tap(BOB, a=action)
        page.add("settings", f"the {what} page", st.shown(GROUP), toast if toast.text else None)
        await tap(BOB, a="home")
    await tap(BOB, a="to")
    toast = await tap(BOB, a="tov", v=0)
    page.add("refusal", "Bob, not an admin, changes a setting", toast)
    await tap(BOB, a="home")
    for page_, action, v, what in (("to", "tov", 0, "a time a move"),
                                   ("tz", "tzv", 1, "a time zone")):
        await tap(TOM, a=page_)
        toast = await tap(TOM, a=action, v=v)
        page.add("settings", f"Tom chooses {what}", toast, st.shown(GROUP))
    for action, what in (("cpu", "computers off"), ("wk", "the weekly board off")):
        toast = await tap(TOM, a=action)
        page.add("settings", f"Tom turns {what}", toast, st.shown(GROUP))
    await st.press(TOM, GROUP, home, SettingsCB(a="lang").pack())
    toast = await st.press(TOM, GROUP, home,
                           SettingsCB(a="langv", v=LANGS.index(st.lang)).pack())
    page.add("settings", "Tom chooses the language on its page", toast, st.shown(GROUP))
    toast = await st.press(TOM, GROUP, home, "cf:zz:x:1:1", forged=True)
    page.add("refusal", "a settings button the bot does not know", toast)
    # choosing a game
    page.add("choose game", "/new in a group", await st.say(TOM, OTHER_GROUP, "/new"))
    page.add("refusal", "/new with a game the bot does not know",
             await st.say(TOM, OTHER_GROUP, "/new chess"))
    page.add("refusal", "/new with rules the bot does not know",
             await st.say(TOM, OTHER_GROUP, "/new xianniu nosuchrules"))
    # a lobby in a chat without computers (set above), cancelled
    page.add("lobby", "a chat that plays without computers",
             await st.say(TOM, GROUP, "/new xianniu"))
    sitting_id = st.service.by_chat[GROUP]
    lobby = st.last(GROUP)
    toast = await st.press(TOM, GROUP, lobby, LobbyCB(s=sitting_id, a="cpu").pack(), forged=True)
    page.add("refusal", "Add computer in a chat without computers", toast)
    toast = await st.press(TOM, GROUP, lobby, LobbyCB(s=sitting_id, a="start").pack())
    page.add("refusal", "Start with empty seats in a chat without computers", toast)
    toast = await st.press(JOE, GROUP, lobby, LobbyCB(s=sitting_id, a="join").pack())
    page.add("lobby", "Joe, who never opened the bot, taps Join", toast)
    page.add("start", "Joe follows the link", await st.say(JOE, JOE, f"/start j{sitting_id}"),
             st.shown(GROUP))
    toast = await st.press(TOM, GROUP, lobby, LobbyCB(s=sitting_id, a="leave").pack())
    page.add("lobby", "Tom leaves his seat", toast, st.shown(GROUP))
    toast = await st.press(TOM, GROUP, lobby, LobbyCB(s=sitting_id, a="cancel").pack())
    page.add("lobby", "Tom cancels the lobby", toast, st.shown(GROUP))
    toast = await st.press(TOM, GROUP, lobby, LobbyCB(s=sitting_id, a="join").pack(), forged=True)
    page.add("refusal", "Join on a cancelled lobby", toast)
    page.add("start", "the link of a lobby that is gone",
             await st.say(JOE, JOE, f"/start j{sitting_id}"))
    # refusals with no game
    page.add("refusal", "/stop with no game", await st.say(TOM, GROUP, "/stop"))
    page.add("refusal", "/hand with no cards", await st.say(TOM, GROUP, "/hand"))
    page.add("refusal", "/hand in a private chat with no cards", await st.say(TOM, TOM, "/hand"))
    page.add("score", "/score with no game", await st.say(TOM, GROUP, "/score"))
    page.add("top", "/top with no hands", await st.say(TOM, GROUP, "/top"))
    page.add("top", "/top all with no hands", await st.say(TOM, GROUP, "/top all"))
    page.add("refusal", "/top with a word it does not know", await st.say(TOM, GROUP, "/top x y"))
    page.add("history", "/history with no hands", await st.say(TOM, GROUP, "/history"))
    page.add("stats", "/stats with no hands", await st.say(JOE, JOE, "/stats"))
    page.add("refusal", "/replay without a number", await st.say(TOM, GROUP, "/replay x"))
    page.add("refusal", "/replay of a hand that does not exist",
             await st.say(TOM, GROUP, "/replay 99"))
    page.add("rules", "/rules with no game", await st.say(TOM, OTHER_GROUP, "/rules"))
    page.add("refusal", "a command the bot does not know, in private",
             await st.say(TOM, TOM, "/dance"))
    toast = await st.press(TOM, TOM, st.last(TOM), "zz:1", forged=True)
    page.add("refusal", "a button the bot does not know", toast)
    # practice in a private chat: the game starts at once
    page.add("practice", "/new xianniu in a private chat", await st.say(TOM, TOM, "/new xianniu"))
    page.add("refusal", "/new again in the private chat", await st.say(TOM, TOM, "/new"))
    page.add("stop", "/stop in the private chat", await st.say(TOM, TOM, "/stop"))
    toast = await st.tap(TOM, TOM, st.last(TOM), lambda d: d.endswith(":yes"))
    page.add("end of sitting", "the practice game ended", toast, st.shown(TOM))


async def _say_last(st: Stage, uid: int, chat: int, text: str) -> Any:
    await st.say(uid, chat, text)
    return st.last(chat)

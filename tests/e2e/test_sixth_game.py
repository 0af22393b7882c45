"""docs/ARCHITECTURE.md's "how to add a game", kept true: a sixth game written
as a package of its own (engine, computer player) and one presenter module on
the bot's side, in a temporary folder, plugged in by one line in
`games.registry.PLUGINS` and nothing else, appears in /new and plays from the
lobby to the end-of-hand message. Its pictures, when it has any, are one
more module named after the package (bot/pictures/sixth.py), found the same
way; without them it plays in text, whatever a chat's pictures switch says.
A game whose parts do not import stops the bot loudly instead of vanishing."""

from __future__ import annotations

import asyncio
import sys
import textwrap

import pytest

import bot.pictures
import bot.presenters
from bot import catalog, rules_text
from bot.app import App
from bot.callbacks import SettingsCB
from bot.config import Config
from bot.pictures.scenes import scenes
from games import registry
from tests.e2e.harness import (
    GROUP,
    buttons_with,
    config_for,
    find_text,
    join,
    lobby_button,
    play_hand,
)

PACKAGE = {
    "__init__.py": """
        from games.registry import Parts
        from sixth.engine import HighCard

        GAMES = {"sixth": HighCard()}
        PARTS = Parts(GAMES, ai="sixth.ai")
    """,
    "engine.py": """
        import random

        from games.base import Flag, Game, IllegalMove, Move, Result, State


        class HighCard(Game):
            '''Three seats, three cards 1-9 each; in turn, each plays one card;
            the highest total wins `pay` from each other seat.'''

            id = "sixth"
            seat_counts = (3,)
            flags = {"pay": Flag("pay", 2, (1, 2, 3))}
            presets = {"default": {}, "high": {"pay": 3}}

            def deal(self, variant, seats, seed):
                cards = [str(n) for n in range(1, 10)]
                random.Random(seed).shuffle(cards)
                return [sorted(cards[i * 3:(i + 1) * 3]) for i in range(seats)]

            def start(self, variant, deal, dealer, seats=None):
                return HighCardState(self, dict(variant), deal, dealer)

            def load(self, data):
                s = HighCardState(self, data["variant"], data["deal"], data["dealer"])
                s.history = [tuple(h) for h in data["history"]]
                s.hands, s.played, s.to = (data["state"][k] for k in ("hands", "played", "to"))
                return s


        class HighCardState(State):
            def __init__(self, game, variant, deal, dealer):
                self.game, self.variant, self.deal, self.dealer = game, variant, deal, dealer
                self.seats = len(deal)
                self.history = []
                self.hands = [list(h) for h in deal]
                self.played = [[] for _ in deal]
                self.to = dealer

            def to_act(self):
                return [] if self.is_over() else [self.to]

            def legal_moves(self, seat):
                if seat not in self.to_act():
                    return []
                return [Move(c, "play", (c,)) for c in self.hands[seat]]

            def _apply(self, seat, code):
                if code not in self.hands[seat]:
                    raise IllegalMove("not_in_hand", code)
                self.hands[seat].remove(code)
                self.played[seat].append(code)
                self.to = (self.to + 1) % self.seats
                return [{"type": "play", "seat": seat, "card": code}]

            def view(self, seat):
                return {**self.public_view(), "hand": list(self.hands[seat])}

            def public_view(self):
                return {"played": [list(p) for p in self.played], "to": self.to_act()}

            def is_over(self):
                return not any(self.hands)

            def result(self):
                totals = [sum(map(int, p)) for p in self.played]
                winner = max(range(self.seats), key=lambda s: (totals[s], -s))
                pay = self.variant["pay"]
                net = [-pay] * self.seats
                net[winner] = pay * (self.seats - 1)
                return Result(net, {"totals": totals})

            def dump(self):
                return {"hands": self.hands, "played": self.played, "to": self.to}
    """,
    "ai.py": """
        def choose(state, seat, rng, budget_s):
            return state.legal_moves(seat)[-1].code  # the highest card
    """,
}

# The bot side: bot/presenters/sixth.py, named after the package.
PRESENTER = """
        from bot.presenters.base import Presenter


        class HighCardPresenter(Presenter):
            presets = {"default": ("Plain", "Each loser pays 2"),
                       "high": ("High stakes", "Each loser pays 3")}
            flags = {"pay": ("Payment", "What each loser pays the winner",
                             {1: "one", 2: "two", 3: "three"})}
            summary = ("The highest total of played cards wins.",
                       "In turn, each plays one of three cards.",
                       "Each loser pays the winner.")

            def game_name(self, _):
                return "High card"

            def card(self, code, _):
                return f"[{code}]"

            def move_label(self, move, _):
                return self.card(move.code, _)

            def table_text(self, public, names, _):
                return "\\n".join(f"{n}: {' '.join(p)}" for n, p in zip(names, public["played"]))

            def hand_text(self, view, seat, names, _):
                return " ".join(self.card(c, _) for c in view["hand"])

            def event_line(self, event, names, _):
                return f"{names[event['seat']]} {self.card(event['card'], _)}"

            def result_text(self, result, final, names, _):
                return " · ".join(f"{n} {t}" for n, t in zip(names, result.details["totals"]))


        PRESENTERS = {"sixth": HighCardPresenter()}
    """


# Its pictures: bot/pictures/sixth.py, named after the package too. The cards
# 1-9 are drawn as the hearts Ace-9 (the poker face): no new colours.
PICTURES = """
        from bot.pictures.scenes import Scenes
        from bot.pictures.source import Group, Picture, Row

        FACE = {str(n): ("A" if n == 1 else str(n)) + "h" for n in range(1, 10)}


        class HighCardScenes(Scenes):
            game_id = "sixth"
            face = "poker"

            def all_pieces(self):
                return list(FACE.values())

            def hand(self, view, seat):
                return Picture(self.game_id, "hand",
                               (Row((self.group([FACE[c] for c in view["hand"]]),)),))

            def table(self, public):
                return Picture(self.game_id, "table", tuple(
                    Row((self.group([FACE[c] for c in p]) if p else Group(()),), seat=s + 1,
                        small=True) for s, p in enumerate(public["played"])))


        SCENES = {"sixth": HighCardScenes()}
    """


def write_package(root, files, presenter, monkeypatch):
    """The game package in `root/sixth/`, its presenter module as if it were
    bot/presenters/sixth.py (a folder joined to the package's path)."""
    (root / "sixth").mkdir()
    for name, text in files.items():
        (root / "sixth" / name).write_text(textwrap.dedent(text), encoding="utf-8")
    (root / "presenters").mkdir()
    (root / "presenters" / "sixth.py").write_text(textwrap.dedent(presenter), encoding="utf-8")
    monkeypatch.syspath_prepend(str(root))
    monkeypatch.setattr(bot.presenters, "__path__",
                        [*bot.presenters.__path__, str(root / "presenters")])


def write_pictures(root, monkeypatch):
    """Its pictures module, as if it were bot/pictures/sixth.py."""
    (root / "pictures").mkdir()
    (root / "pictures" / "sixth.py").write_text(textwrap.dedent(PICTURES), encoding="utf-8")
    monkeypatch.setattr(bot.pictures, "__path__", [*bot.pictures.__path__, str(root / "pictures")])


def forget_package():
    for name in [m for m in sys.modules
                 if m.split(".")[0] == "sixth"
                 or m in ("bot.presenters.sixth", "bot.pictures.sixth")]:
        del sys.modules[name]


@pytest.fixture
def sixth(tmp_path, monkeypatch):
    """The package in a temporary folder; the one line a new game adds."""
    root = tmp_path / "plugins"
    root.mkdir()
    write_package(root, PACKAGE, PRESENTER, monkeypatch)
    monkeypatch.setattr(registry, "PLUGINS", [*registry.PLUGINS, "sixth"])
    yield root
    forget_package()


async def press(tg, uid, data):
    """Press the newest button in the group whose data is `data`."""
    m, _b = await tg.wait_for(
        lambda: ([p for p in buttons_with(tg, GROUP, data) if p[1].callback_data == data]
                 or [None])[-1], 10)
    return await tg.press(uid, GROUP, m.message_id, data)


async def test_a_sixth_game_plugs_in_everywhere(people, tmp_path, sixth):
    """/rules, /settings, /new with its presets, the lobby's 📖 and a hand played
    to its 🏁, all from the game's package and its presenter module."""
    tg = people
    app = App(config_for(tg, tmp_path / "db"))
    await app.start()
    try:
        for uid in (1, 2):
            await tg.send_message(uid, uid, "/start")
        await tg.send_message(1, GROUP, "/lang")
        await press(tg, 1, "lang:en")  # the group reads English: the toy's words are English
        # /rules: the presenter's summary and the chat's rules for it
        await tg.send_message(2, GROUP, "/rules sixth")
        rules = await tg.wait_for(lambda: find_text(tg, GROUP, "📖 High card"), 10)
        text = rules[-1].text
        for part in ("How to win: The highest total of played cards wins.",
                     "The plays: In turn, each plays one of three cards.",
                     "Scoring: Each loser pays the winner.",
                     "Rules here: Plain\nEach loser pays 2"):
            assert part in text, text
        # /settings: the game's page, its flag's page, an admin's change
        await tg.send_message(1, GROUP, "/settings")
        await press(tg, 1, SettingsCB(a="game", g="sixth").pack())
        page = await tg.wait_for(lambda: find_text(tg, GROUP, "Payment: two"), 10)
        assert "Each loser pays 2" in page[-1].text, page[-1].text
        await press(tg, 1, SettingsCB(a="flag", g="sixth", f=0).pack())
        await tg.wait_for(lambda: find_text(tg, GROUP, "What each loser pays the winner"), 10)
        await press(tg, 1, SettingsCB(a="set", g="sixth", f=0, v=0).pack())
        game = catalog.game("sixth")
        await tg.wait_for(lambda: find_text(tg, GROUP, "Payment: one"), 10)
        assert (await app.service.people.chat_rules(GROUP)).flags(game) == {"pay": 1}
        # /new with rules the game does not have names the ones it has
        await tg.send_message(1, GROUP, "/new sixth nosuch")
        await tg.wait_for(lambda: find_text(tg, GROUP, "High card has Plain, High stakes"), 10)
        # /new: the game chooser, then the presets with their descriptions
        await tg.send_message(1, GROUP, "/new")
        choices = await tg.wait_for(lambda: buttons_with(tg, GROUP, "n:sixth:"), timeout=10)
        assert choices[-1][1].text == "High card (3)", choices
        await press(tg, 1, "n:sixth:")
        chooser = await tg.wait_for(lambda: find_text(tg, GROUP, "High card: which rules?"), 10)
        assert "• Plain: Each loser pays 2\n• High stakes: Each loser pays 3" in chooser[-1].text
        labels = {b.callback_data: b.text.removeprefix("✓ ")
                  for _m, b in buttons_with(tg, GROUP, "n:sixth:")}
        assert labels == {"n:sixth:default": "Plain", "n:sixth:high": "High stakes"}, labels
        await press(tg, 1, "n:sixth:high")
        await tg.wait_for(lambda: find_text(tg, GROUP, "rules: High stakes"), 10)
        # the lobby's 📖: the sitting's own rules
        before = len(find_text(tg, GROUP, "📖 High card"))
        rules_button = await tg.wait_for(lambda: buttons_with(tg, GROUP, "ru:"), 10)
        await tg.press(2, GROUP, rules_button[-1][0].message_id, rules_button[-1][1].callback_data)
        shown = await tg.wait_for(
            lambda: find_text(tg, GROUP, "📖 High card")[before:] or None, 10)
        assert "This game's rules: High stakes\nEach loser pays 3" in shown[-1].text
        # a hand, to its 🏁
        await join(tg, 2)
        for action in ("cpu", "start"):
            await lobby_button(tg, 1, action)
        await play_hand(tg, [1, 2], timeout=60)
        s = app.service.sittings[1]
        assert s.game == "sixth" and s.preset == "high" and s.status == "hand_over"
        assert s.totals == list(s.state.result().net) and sorted(s.totals) == [-3, -3, 6]
        assert "High card" in find_text(tg, GROUP, "🏁")[0].text
    finally:
        await app.stop(drain=0.5)


async def play_one_hand(tg, app):
    """/new sixth, a second person and a computer, a hand to its 🏁: the sitting."""
    for uid in (1, 2):
        await tg.send_message(uid, uid, "/start")
    await tg.send_message(1, GROUP, "/new sixth default")
    await join(tg, 2)
    for action in ("cpu", "start"):
        await lobby_button(tg, 1, action)
    await play_hand(tg, [1, 2], timeout=60)
    return app.service.sittings[1]


async def test_a_sixth_game_without_pictures_plays_in_text_whatever_the_switch(
        people, tmp_path, sixth):
    """No bot/pictures/sixth.py: /settings offers no pictures switch for it,
    and a chat whose stored setting says "on" for it still plays in text."""
    tg = people
    assert not scenes("sixth").draws
    app = App(config_for(tg, tmp_path / "db"))
    await app.start()
    try:
        rules = await app.service.people.chat_rules(GROUP)
        await app.service.people.save_rules(GROUP, rules.with_pictures("sixth", True))
        assert (await app.service.people.chat_rules(GROUP)).pictures("sixth")
        await tg.send_message(1, GROUP, "/settings")
        await press(tg, 1, SettingsCB(a="game", g="sixth").pack())
        page = await tg.wait_for(lambda: find_text(tg, GROUP, "Payment:"), 10)
        assert "🖼" not in page[-1].text and "Pictures" not in page[-1].text
        assert not [b for _m, b in buttons_with(tg, GROUP, SettingsCB(a="pic", g="sixth").pack())]
        s = await play_one_hand(tg, app)
        assert s.status == "hand_over" and not s.pictures
        assert tg.calls("sendPhoto") == [] and tg.calls("editMessageMedia") == []
    finally:
        await app.stop(drain=0.5)


async def test_a_sixth_game_brings_its_pictures_in_a_module_of_its_own(
        people, tmp_path, sixth, monkeypatch):
    """bot/pictures/sixth.py and nothing else edited: /settings offers its
    switch (off by default, as for the card games), an admin turns it on, and
    the next hand's table and hands go as photos drawn from its scenes."""
    write_pictures(sixth, monkeypatch)
    tg = people
    assert scenes("sixth").draws and not scenes("sixth").on_by_default
    app = App(config_for(tg, tmp_path / "db"))
    await app.start()
    try:
        await tg.send_message(1, GROUP, "/settings")
        await press(tg, 1, SettingsCB(a="game", g="sixth").pack())
        await tg.wait_for(lambda: buttons_with(tg, GROUP, SettingsCB(a="pic", g="sixth").pack()),
                          10)
        await press(tg, 1, SettingsCB(a="pic", g="sixth").pack())
        await tg.wait_for(lambda: app.storage.run_sync(
            lambda db: db.execute("select pictures from chat_settings").fetchone()), 10)
        assert (await app.service.people.chat_rules(GROUP)).pictures("sixth")
        s = await play_one_hand(tg, app)
        assert s.pictures and s.status == "hand_over"
        photos = tg.calls("sendPhoto")
        assert {c.chat_id for c in photos if c.ok} >= {GROUP, 1, 2}, photos
    finally:
        await app.stop(drain=0.5)


def test_a_sixth_game_is_in_playing_md(sixth):
    text = rules_text.playing_md()
    english = text[text.index("## English"):]
    assert "### High card\n\nHow to win: The highest total of played cards wins." in english
    assert "- Plain: Each loser pays 2\n- High stakes: Each loser pays 3" in english


def test_a_sixth_game_has_its_page_in_the_screens_gallery(sixth):
    from bot.gallery.book import markdown
    from bot.gallery.scenes import game_page

    text = markdown(asyncio.run(game_page("sixth", "en")))
    assert text.startswith("# High card (sixth) · en"), text[:200]
    for seen in ("High card: which rules?", "📖 High card", "🏁", "Payment: two",
                 "Rules here: High stakes"):
        assert seen in text, seen


async def test_a_game_whose_presenter_does_not_import_stops_start_up(tmp_path, monkeypatch):
    root = tmp_path / "plugins"
    root.mkdir()
    write_package(root, PACKAGE, "from bot.presenters.base import Presentr\n", monkeypatch)
    monkeypatch.setattr(registry, "PLUGINS", [*registry.PLUGINS, "sixth"])
    app = App(Config(token="1:abcdef", db_path=str(tmp_path / "db")))
    try:
        assert "sixth" in registry.ids()  # the engine itself imports ...
        with pytest.raises(ImportError, match="Presentr"):
            await app.start()  # ... but the bot does not start without its presenter
        assert app.storage is None and app.bot is None  # before touching anything
    finally:
        forget_package()


def test_a_package_that_declares_no_parts_is_refused(monkeypatch):
    monkeypatch.setattr(registry, "PLUGINS", [*registry.PLUGINS, "games.base"])
    with pytest.raises(registry.PluginError, match="declares no PARTS"):
        registry.ids()


def test_every_real_game_checks_out():
    assert catalog.check() == ["xianniu", "niujiu", "dingniu", "paoyao", "changpai"]

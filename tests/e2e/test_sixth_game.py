"""docs/ARCHITECTURE.md's "how to add a game", kept true: a sixth game written
as a package of its own (engine, computer player) and one presenter module on
the bot's side, in a temporary folder, plugged in by one line in
`games.registry.PLUGINS` and nothing else, appears in /new and plays from the
lobby to the end-of-hand message. A game whose parts do not import stops the
bot loudly instead of vanishing."""

from __future__ import annotations

import sys
import textwrap

import pytest

import bot.presenters
from bot import catalog
from bot.app import App
from bot.settings import Settings
from games import registry
from tests.e2e.harness import GROUP, buttons_with, find_text, play_hand, settings_for

PACKAGE = {
    "__init__.py": """
        from games.registry import Parts
        from sixth.engine import HighCard

        GAMES = {"sixth": HighCard()}
        PARTS = Parts(GAMES, ai="sixth.ai")
    """,
    "engine.py": """
        import random

        from games.base import Game, IllegalMove, Move, Result, State


        class HighCard(Game):
            '''Three seats, three cards 1-9 each; in turn, each plays one card;
            the highest total wins 2 from each other seat.'''

            id = "sixth"
            seat_counts = (3,)
            flags = {}
            presets = {"default": {}}

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
                net = [-2] * self.seats
                net[winner] = 2 * (self.seats - 1)
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
            summary = ("The highest total of played cards wins.",
                       "In turn, each plays one of three cards.",
                       "The winner gets 2 from each other seat.")

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


def forget_package():
    for name in [m for m in sys.modules
                 if m.split(".")[0] == "sixth" or m == "bot.presenters.sixth"]:
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


async def test_a_sixth_game_plugs_in_and_plays_end_to_end(people, tmp_path, sixth):
    tg = people
    app = App(settings_for(tg, tmp_path / "db"))
    await app.start()
    try:
        for uid in (1, 2):
            await tg.send_message(uid, uid, "/start")
        await tg.send_message(1, GROUP, "/new")
        choices = await tg.wait_for(lambda: buttons_with(tg, GROUP, "n:"), timeout=10)
        labelled = {b.callback_data: b.text for _m, b in choices}
        assert labelled.get("n:sixth:") == "High card (3)", labelled
        m, b = [p for p in choices if p[1].callback_data == "n:sixth:"][0]
        await tg.press(1, GROUP, m.message_id, b.callback_data)
        join = await tg.wait_for(
            lambda: [
                p for p in buttons_with(tg, GROUP, "l:") if p[1].callback_data.endswith(":join")
            ],
            10,
        )
        await tg.press(2, GROUP, join[0][0].message_id, join[0][1].callback_data)
        for action in ("cpu", "start"):
            pairs = await tg.wait_for(
                lambda a=action: [
                    p for p in buttons_with(tg, GROUP, "l:") if p[1].callback_data.endswith(":" + a)
                ],
                10,
            )
            await tg.press(1, GROUP, pairs[0][0].message_id, pairs[0][1].callback_data)
        await play_hand(tg, [1, 2], timeout=60)
        s = app.service.sittings[1]
        assert s.game == "sixth" and s.status == "hand_over"
        assert s.totals == list(s.state.result().net) and sum(s.totals) == 0
        assert "High card" in find_text(tg, GROUP, "🏁")[0].text
    finally:
        await app.stop(drain=0.5)


async def test_a_game_whose_presenter_does_not_import_stops_start_up(tmp_path, monkeypatch):
    root = tmp_path / "plugins"
    root.mkdir()
    write_package(root, PACKAGE, "from bot.presenters.base import Presentr\n", monkeypatch)
    monkeypatch.setattr(registry, "PLUGINS", [*registry.PLUGINS, "sixth"])
    app = App(Settings(token="1:abcdef", db_path=str(tmp_path / "db")))
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

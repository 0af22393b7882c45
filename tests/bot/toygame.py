"""A tiny test-only game and presenter to develop the bot against before the
real engines land: every seat holds four numbered cards; the seat to act
plays one card (or any set of cards, through the picker) or passes; the hand
ends after two rounds of passes or when all cards are played. The highest
total of played cards wins 2 from each other seat."""

from __future__ import annotations

import random

from bot.presenters.base import Presenter
from games.base import Flag, Game, IllegalMove, Move, Result, State, split_cards
from games.registry import Parts


class ToyGame(Game):
    id = "toy"
    seat_counts = (3,)
    flags = {"picker": Flag("picker", False)}
    presets = {"default": {}, "picker": {"picker": True}}

    def deal(self, variant, seats, seed):
        cards = [f"{n}{s}" for n in "123456789" for s in "ab"]
        random.Random(seed).shuffle(cards)
        return [sorted(cards[i * 4:(i + 1) * 4]) for i in range(seats)]

    def start(self, variant, deal, dealer, seats=None):
        return ToyState(self, dict(variant), deal, dealer)

    def load(self, data):
        s = ToyState(self, data["variant"], data["deal"], data["dealer"])
        s.history = [tuple(h) for h in data["history"]]
        st = data["state"]
        s.hands, s.played, s.to, s.passes = st["hands"], st["played"], st["to"], st["passes"]
        return s


class ToyState(State):
    def __init__(self, game, variant, deal, dealer):
        self.game, self.variant, self.deal, self.dealer = game, variant, deal, dealer
        self.seats = len(deal)
        self.history = []
        self.hands = [list(h) for h in deal]
        self.played = [[] for _ in deal]
        self.to = dealer
        self.passes = 0

    def to_act(self):
        return [] if self.is_over() else [self.to]

    def legal_moves(self, seat):
        if seat not in self.to_act():
            return []
        moves = [Move(c, "play", (c,)) for c in self.hands[seat]]
        return moves + [Move("pass", "pass")]

    def code_for_cards(self, seat, cards):
        if not cards:
            raise IllegalMove("empty_pick")
        if len(cards) > 2:
            raise IllegalMove("too_many_cards")
        return "".join(sorted(cards))

    def _apply(self, seat, code):
        if code == "pass":
            self.passes += 1
            self.to = (self.to + 1) % self.seats
            return [{"type": "pass", "seat": seat}]
        cards = split_cards(code)
        hand = list(self.hands[seat])
        for c in cards:
            if c not in hand:
                raise IllegalMove("not_in_hand", c)
            hand.remove(c)
        if len(cards) > 1 and not self.variant.get("picker"):
            raise IllegalMove("one_card_only")
        self.hands[seat] = hand
        self.played[seat].extend(cards)
        self.passes = 0
        self.to = (self.to + 1) % self.seats
        return [{"type": "play", "seat": seat, "cards": list(cards)}]

    def view(self, seat):
        return {**self.public_view(), "hand": list(self.hands[seat])}

    def public_view(self):
        return {"played": [list(p) for p in self.played],
                "counts": [len(h) for h in self.hands], "to": self.to_act()}

    def is_over(self):
        return self.passes >= 2 * self.seats or not any(self.hands)

    def _score(self, s):
        return sum(int(c[0]) for c in self.played[s])

    def result(self):
        scores = [self._score(s) for s in range(self.seats)]
        w = max(range(self.seats), key=lambda s: (scores[s], -s))
        net = [-2] * self.seats
        net[w] = 2 * (self.seats - 1)
        return Result(net, {"scores": scores, "winner": w})

    def dump(self):
        return {"hands": self.hands, "played": self.played, "to": self.to, "passes": self.passes}


class ToyPickGame(ToyGame):
    id = "toypick"
    flags = {"picker": Flag("picker", True)}
    presets = {"default": {}}


GAMES = {"toy": ToyGame(), "toypick": ToyPickGame()}


class ToyPresenter(Presenter):
    game_id = "toy"
    summary = ("The highest total of played cards wins.", "Play a card or pass.",
               "The winner gets 2 from each other seat.")

    def game_name(self, _):
        return "Toy" if self.game_id == "toy" else "ToyPick"

    def card(self, code, _):
        return f"#{code}"

    def move_label(self, move, _):
        return "pass" if move.kind == "pass" else self.card(move.cards[0], _)

    def uses_picker(self, moves):
        return False

    def table_text(self, public, names, _):
        return "\n".join(f"{n}: played {len(p)} · hand {c}"
                         for n, p, c in zip(names, public["played"], public["counts"]))

    def hand_text(self, view, seat, names, _):
        return "Your hand: " + " ".join(self.card(c, _) for c in view["hand"])

    def event_line(self, event, names, _):
        if event["type"] == "pass":
            return f"{names[event['seat']]} passes"
        return f"{names[event['seat']]} plays " + " ".join(self.card(c, _) for c in event["cards"])

    def result_text(self, result, final, names, _):
        lines = [f"{n}: {h}" for n, h in zip(names, final["hands"])]
        return "scores " + str(result.details["scores"]) + "\n" + "\n".join(lines)


class ToyPickerPresenter(ToyPresenter):
    game_id = "toypick"

    def uses_picker(self, moves):
        return True


PRESENTER = ToyPresenter()
PICKER_PRESENTER = ToyPickerPresenter()
PRESENTERS = {"toy": PRESENTER, "toypick": PICKER_PRESENTER}
# Plugged in like a real game: tests add this module to registry.PLUGINS, and
# as the bot's bot.presenters.toygame (tests/e2e/conftest.py).
PARTS = Parts(GAMES)

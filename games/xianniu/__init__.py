"""The 掀牛 family: 砍牛腿/掀牛 (`xianniu`, mode P) and 掀牛九 (`niujiu`, mode N),
one engine with two modes (rules/xianniu.md).

Public outside the engine (`__all__`): its views' types, for the bot's
presenter; everything else is the engine's own."""

from games.base import Game
from games.registry import Parts
from games.xianniu.game import NiujiuGame, XianniuGame
from games.xianniu.views import Leaf, XianniuPublic, XianniuView

GAMES: dict[str, Game] = {"xianniu": XianniuGame(), "niujiu": NiujiuGame()}
PARTS = Parts(GAMES, presenter="bot.presenters.xianniu", ai="games.xianniu.ai")

__all__ = ["GAMES", "PARTS", "Leaf", "XianniuPublic", "XianniuView"]

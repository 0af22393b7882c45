"""The 掀牛 family: 砍牛腿/掀牛 (`xianniu`, mode P) and 掀牛九 (`niujiu`, mode N),
one engine with two modes (rules/xianniu.md)."""

from games.base import Game
from games.registry import Parts
from games.xianniu.game import NiujiuGame, XianniuGame

GAMES: dict[str, Game] = {"xianniu": XianniuGame(), "niujiu": NiujiuGame()}
PARTS = Parts(GAMES, ai="games.xianniu.ai")

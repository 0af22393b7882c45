"""顶牛 (Chinese dominoes, 24 牌九 tiles, 4 players): rules/dingniu.md part A."""

from games.base import Game
from games.dingniu.game import DingniuGame
from games.registry import Parts

GAMES: dict[str, Game] = {"dingniu": DingniuGame()}
PARTS = Parts(GAMES, ai="games.dingniu.ai")

"""顶牛 (Chinese dominoes, 24 牌九 tiles, 4 players): rules/dingniu.md part A.

Public outside the engine (`__all__`): its views' types, for the bot's
presenter; everything else is the engine's own."""

from games.base import Game
from games.dingniu.game import DingniuGame
from games.dingniu.views import DingniuPublic, DingniuView
from games.registry import Parts

GAMES: dict[str, Game] = {"dingniu": DingniuGame()}
PARTS = Parts(GAMES, presenter="bot.presenters.dingniu", ai="games.dingniu.ai")

__all__ = ["GAMES", "PARTS", "DingniuPublic", "DingniuView"]

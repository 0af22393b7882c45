"""川牌 / 长牌 杀胡 as played in Chongqing: 幺地人 (spec rules/changpai.md part B)."""

from games.base import Game
from games.changpai.game import ChangpaiGame
from games.registry import Parts

GAMES: dict[str, Game] = {"changpai": ChangpaiGame()}
PARTS = Parts(GAMES, ai="games.changpai.ai")

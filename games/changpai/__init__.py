"""川牌 / 长牌 杀胡 as played in Chongqing: 幺地人 (spec rules/changpai.md part B).

Public outside the engine (`__all__`): its views' types, for the bot's
presenter; everything else is the engine's own."""

from games.base import Game
from games.changpai.game import ChangpaiGame
from games.changpai.views import ChangpaiPublic, ChangpaiView, Meld
from games.registry import Parts

GAMES: dict[str, Game] = {"changpai": ChangpaiGame()}
PARTS = Parts(GAMES, presenter="bot.presenters.changpai", ai="games.changpai.ai")

__all__ = ["GAMES", "PARTS", "ChangpaiPublic", "ChangpaiView", "Meld"]

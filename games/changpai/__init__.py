"""川牌 / 长牌 杀胡 as played in Chongqing: 幺地人 (spec rules/changpai.md part B)."""

from games.changpai.game import Changpai
from games.registry import Parts

GAMES = {"changpai": Changpai()}
PARTS = Parts(GAMES, presenter="bot.presenters.changpai", ai="games.changpai.ai")

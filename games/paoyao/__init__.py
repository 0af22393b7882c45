"""刨幺 (Páo Yāo), the Jilin partnership climbing game: rules/paoyao.md."""

from games.paoyao.game import PaoyaoGame
from games.registry import Parts

GAMES = {"paoyao": PaoyaoGame()}
PARTS = Parts(GAMES, presenter="bot.presenters.paoyao", ai="games.paoyao.ai")

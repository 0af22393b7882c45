"""刨幺 (Páo Yāo), the Jilin partnership climbing game: rules/paoyao.md.

Public outside the engine (`__all__`): the names of `public.py` and its
views' types, for the bot's presenter; everything else is the engine's own."""

from games.base import Game
from games.paoyao.game import PaoyaoGame
from games.paoyao.public import RANK_OF, Play, play_of
from games.paoyao.views import PaoyaoPublic, PaoyaoView
from games.registry import Parts

GAMES: dict[str, Game] = {"paoyao": PaoyaoGame()}
PARTS = Parts(GAMES, presenter="bot.presenters.paoyao", ai="games.paoyao.ai")

__all__ = ["GAMES", "PARTS", "RANK_OF", "PaoyaoPublic", "PaoyaoView", "Play", "play_of"]

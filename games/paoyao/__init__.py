"""刨幺 (Páo Yāo), the Jilin partnership climbing game: rules/paoyao.md."""

from games.paoyao.game import PaoyaoGame

GAMES = {"paoyao": PaoyaoGame()}

"""顶牛 (Chinese dominoes, 24 牌九 tiles, 4 players): rules/dingniu.md part A."""

from games.dingniu.game import DingNiu

GAMES = {"dingniu": DingNiu()}

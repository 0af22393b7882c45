"""Every way a hand of each game can end, each reached from a fixed seed.

A hand is played out by the heuristic computer player in every seat (fast and
deterministic); `kind_of` names how it ended from the engine's result, and
`ENDINGS` keeps, per game, the first seed (and preset) that ends each way.
The gallery puts each such finished hand on a real table (see
`scenes.show_ending`), so the bot scores and announces it as it would any
other. When an engine change makes a seed end another way, `final` says so;
`python -m bot.gallery --find-endings` prints a fresh table."""

from __future__ import annotations

import random
from typing import Any, NamedTuple

from games import hands, registry
from games.base import State
from games.players import make_player


class Ending(NamedTuple):
    kind: str  # what kind_of says
    situation: str  # the gallery's heading
    preset: str
    seed: int


ENDINGS: dict[str, list[Ending]] = {
    "xianniu": [
        Ending("win", "a winner, paid in points", "default", 5),
        Ending("draw", "nobody pays (a draw)", "default", 0),
        Ending("xian", "a failed xian pays, nobody else", "default", 8),
        Ending("win+xian", "points and a failed xian", "default", 4),
        Ending("bighand", "a big hand", "default", 6),
        Ending("bighand_double", "a big hand after a failed xian: paid double", "default", 147),
        Ending("table_full", "the table is full (16 cards)", "default", 1),
        Ending("table_full_draw", "the table is full, nobody pays", "default", 44),
        Ending("dealt", "over when dealt (a big hand in the deal)", "default", 386),
    ],
    "niujiu": [
        Ending("win", "a winner, paid in points", "default", 2),
        Ending("draw", "nobody pays (a draw)", "default", 30),
        Ending("xian", "a failed xian pays, nobody else", "default", 0),
        Ending("win+xian", "points and a failed xian", "default", 1),
        Ending("bighand", "a big hand", "default", 6),
        Ending("table_full", "the table is full (16 cards)", "default", 5),
        Ending("bighand_double", "掀朿包朿: the last xian-er pays the big hand alone",
               "chuan3", 147),
    ],
    "dingniu": [
        Ending("all_out", "a player plays out", "default", 2),
        Ending("runout", "the tiles run out, a forced smash, no account", "default", 0),
        Ending("sz:hong", "算帐 hong", "default", 7),
        Ending("sz:wu", "算帐 wu", "default", 25),
        Ending("sz:ersan", "算帐 ersan", "default", 8),
        Ending("sz:yi", "算帐 yi", "default", 154),
        Ending("sz:zahong", "算帐 zahong (smothered)", "default", 6),
        Ending("sz:menwu", "算帐 menwu (smothered)", "default", 223),
        Ending("exempt:head_clean", "算帐, but the head played out clean", "default", 88),
        Ending("exempt:zero_point", "算帐, but with 0 points", "navpil", 31),
        Ending("sizha_end", "a forced smash ends the hand", "navpil", 27),
        Ending("immediate", "算帐 at once (literal rules)", "literal", 7),
    ],
    "paoyao": [
        Ending("kangqi/escaped", "kangqi, the losers escape the snow", "default", 1),
        Ending("double_out/escaped", "both partners out", "default", 7),
        Ending("140/escaped/chased", "140 points after a chase, no snow", "default", 0),
        Ending("140/small/chased", "140 points, small snow", "default", 12),
        Ending("140/big/chased", "140 points, big snow", "default", 10),
        Ending("140/escaped", "140 points, no chase", "default", 3),
        Ending("kangqi/small/chased", "kangqi, small snow", "default", 36),
        Ending("kangqi/big/chased", "kangqi, big snow", "default", 39),
    ],
    "changpai": [
        Ending("win/discard", "a win on a discard", "default", 0),
        Ending("win/flip", "a win on one's own flip", "default", 2),
        Ending("win/self_draw", "a win on one's own draw", "default", 21),
        Ending("win/self_draw/duidui", "a win with all sets (duidui)", "default", 123),
        Ending("win/discard/baozi", "a win, and a baozi pays", "default", 242),
        Ending("redeal", "nobody declares: the cards are dealt again", "default", 1),
        Ending("huang", "the stock runs out (huang)", "default", 9),
        Ending("huang/baozi", "the stock runs out, and a baozi pays", "default", 13),
    ],
}


def kind_of(state: State) -> str:
    """How a finished hand ended, in the terms of `ENDINGS`."""
    game_id = state.game.id
    d: dict[str, Any] = state.result().details
    if game_id in ("xianniu", "niujiu"):
        if not state.history:
            return "dealt"
        whys = {p["why"] for p in d["payments"]}
        if "bighand_double" in whys:
            return "bighand_double"
        if "bighand" in whys:
            return "bighand"
        if d["end_reason"] == "table_full":
            return "table_full" if whys else "table_full_draw"
        if not whys:
            return "draw"
        return "+".join(sorted({"base": "win", "xian": "xian"}[w] for w in whys))
    if game_id == "dingniu":
        sz = d.get("suanzhang")
        if d["end"] in ("immediate", "sizha_end"):
            return str(d["end"])
        if sz and sz.get("exempt"):
            return f"exempt:{sz['exempt']}"
        if sz:
            return f"sz:{sz['type']}"
        return str(d["end"])
    if game_id == "paoyao":
        return "/".join([str(d["win"]), str(d["snow"])] + (["chased"] if d["chased"] else []))
    if game_id == "changpai":
        if d["outcome"] != "win":
            return str(d["outcome"]) + ("/baozi" if d["baozi"] else "")
        how = ("self_draw" if d["self_draw"] else "flip" if d["from"] == d["winner"]
               else "discard")
        return "/".join(["win", how] + (["duidui"] if d["duidui"] else [])
                        + (["baozi"] if d["baozi"] else []))
    raise KeyError(game_id)


def play_out(game_id: str, preset: str, seed: int) -> State:
    """A hand dealt from `seed`, played to its end by the heuristic player."""
    g = registry.get(game_id)
    state = g.new_state(g.preset(preset), g.default_seats, seed, None)
    player = make_player("heuristic", game_id)
    rng = random.Random(seed)
    while not hands.stuck(state):
        seat = state.to_act()[0]
        state.apply(seat, player.choose(state.copy(), seat, rng))
    return state


def final(game_id: str, e: Ending) -> State:
    state = play_out(game_id, e.preset, e.seed)
    if not state.is_over() or kind_of(state) != e.kind:
        raise RuntimeError(
            f"{game_id} seed {e.seed} ({e.preset}) no longer ends as {e.kind!r}: run "
            "`python -m bot.gallery --find-endings` and update bot/gallery/endings.py")
    return state


def find(game_id: str, seeds: int = 3000) -> dict[tuple[str, str], int]:
    """The first seed of each (preset, kind): the table `ENDINGS` is cut from."""
    g = registry.get(game_id)
    found: dict[tuple[str, str], int] = {}
    for preset in g.presets:
        for seed in range(seeds):
            state = play_out(game_id, preset, seed)
            if state.is_over():
                found.setdefault((preset, kind_of(state)), seed)
    return found

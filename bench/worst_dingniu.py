"""顶牛 worst positions for legal_moves, and the 算帐-heavy timings.

The most moves a 顶牛 seat can have: a 6-tile hand whose tiles each fit both
of two different ends (e.g. ends 5 and 6 with 虎头 ×2 …). Every play of the
mover is also judged for 算帐, which costs most when the chosen move makes
one and every alternative has to be tried (死砸 check).
"""

from __future__ import annotations

from games import registry
from games.dingniu.state import DingniuState


def _position(layout, hands, seat, variant=None) -> DingniuState:
    game = registry.get("dingniu")
    state = game.new_state(variant, seed=0, dealer=0)
    state.restore({
        "hands": hands, "kou": [[], [], [], []], "layout": layout,
        "ends": [int(layout[0][0]), int(layout[-1][1])], "turn": seat, "end": None,
        "suanzhang": None, "sizha": [], "silan": [-1, -1],
    })
    return state


def worst_positions():
    out = []
    # ends (5, 6): 虎头 fits both ends, five other kinds one each → 7 plays (the most)
    out.append(("ends 5|6, six fitting kinds", _position(
        ["56"], [["56", "15", "55", "46", "36", "26"],
                 ["46", "44", "44", "66", "15", "16"],
                 ["16", "33", "33", "13", "13", "22"],
                 ["22", "11", "11", "66", "55"]], 0), 0))
    # the opening: six distinct tiles, every 不能拉三家 check
    game = registry.get("dingniu")
    state = game.start(game.variant(), {"hands": [
        ["66", "56", "55", "46", "44", "36"], ["26", "16", "33", "15", "13", "22"],
        ["11", "66", "56", "55", "46", "44"], ["16", "33", "15", "13", "22", "11"]]}, 0)
    out.append(("opening, six kinds", state, 0))
    return out


def _smother_then_alternatives():
    # DN-12: 一六 on R makes 砸红帐; the 死砸 check tries every other play
    layout = ["26", "63", "31", "16", "65", "56"]
    hands = [["66", "22", "46", "16"], ["46", "15", "15", "13", "55", "55"],
             ["44", "44", "33", "33", "22", "66"], ["11", "11"]]

    def run():
        _position(layout, hands, 0).apply(0, "R16")

    return run


def _random_hand_all_flags():
    import random

    from games.players import RandomPlayer, playout

    game = registry.get("dingniu")
    variant = {"sz_basis": "hands", "smother_values": "all", "smother_counts_doubles": True,
               "silan_scope": "all_classic", "sz_settlement": "play_out"}
    rng = random.Random(3)
    seeds = iter(range(10**9))

    def run():
        playout(game.new_state(variant, seed=next(seeds)), RandomPlayer(), rng)

    return run


def _legal_uncached():
    state = worst_positions()[0][1]

    def run():
        state._legal = None
        state.legal_moves(0)

    return run


def extra_timings():
    return [
        ("dingniu", "legal_moves uncached, 7 plays", _legal_uncached()),
        ("dingniu", "apply a 算帐 move with 死砸 check (DN-12)", _smother_then_alternatives()),
        ("dingniu", "random hand, every detection flag on", _random_hand_all_flags()),
    ]

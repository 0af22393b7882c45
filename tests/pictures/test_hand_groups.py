"""A hand's picture groups its cards as its text does: the same groups, in
the same order, of the same sizes (掀牛 by rank, 掀牛九 by kind — red and
black 9s and 5s apart —, 刨幺 by rank in hand order)."""

import pytest

from bot.i18n import translator
from bot.pictures.scenes import scenes
from bot.pictures.source import Group
from bot.presenters import catalog, presenter

_ = translator("en")


def text_group_sizes(game_id: str, view: dict, seat: int) -> list[int]:
    p = presenter(game_id)
    if game_id == "paoyao":  # "By rank: 4 ×2 · Small joker ×2 · 9": its third line
        shown = p.hand_text(view, seat, list("ABCD"), _)
        line = shown.splitlines()[2].removeprefix("By rank: ")
        return [counted(g) for g in line.split(" · ")]
    line = p.hand_groups(view["hand"], _)
    if game_id == "niujiu":  # "Heaven 12 ×2 │ Tiger 11": each kind once, with its count
        return [counted(g) for g in line.split(" │ ")]
    return [len(g.split(" ")) for g in line.split(" │ ")]  # "♠K ♥️K │ ♦️Q"


def counted(group: str) -> int:
    return int(group.rsplit("×", 1)[1]) if "×" in group else 1


@pytest.mark.parametrize("game_id", ["xianniu", "niujiu", "paoyao"])
def test_a_hand_picture_groups_as_its_text(game_id):
    game = catalog.game(game_id)
    for seed in range(1, 25):
        state = game.new_state(seed=seed)
        for seat in range(state.seats):
            view = state.view(seat)
            picture = scenes(game_id).hand(view, seat)
            groups = [item for item in picture.blocks[0].items if isinstance(item, Group)]
            assert [len(g.pieces) for g in groups] == text_group_sizes(game_id, view, seat)
            assert sorted(piece.code for g in groups for piece in g.pieces) == sorted(view["hand"])

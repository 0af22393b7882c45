"""Buttons a player can tell apart: across many random positions of every
game, no two moves a seat is offered get the same label, in any language, and
no label carries a placeholder or (in English) Chinese punctuation."""

import random
import re

import pytest

from bot.i18n import LANGS, translator
from bot.presenters import catalog
from games.base import Move, Pick

CHINESE_PUNCT = re.compile(r"[；，、。：！？（）]")


def positions(game_id, hands=20, seed=1):
    g = catalog.game(game_id)
    rng = random.Random(seed)
    for _h in range(hands):
        st = g.new_state(seed=rng.randrange(1 << 30))
        steps = 0
        while not st.is_over() and steps < 400:
            yield st
            seat = st.to_act()[0]
            moves = st.legal_moves(seat)
            m = rng.choice(moves)
            code = m.code if isinstance(m, Move) else m.code_for(m.random_choice(rng))
            st.apply(seat, code)
            steps += 1


@pytest.mark.parametrize("game_id", catalog.landed())
def test_legal_moves_have_distinct_readable_labels(game_id):
    p = catalog.presenter(game_id)
    tr = {lang: translator(lang) for lang in LANGS}
    checked = 0
    for st in positions(game_id):
        for seat in st.to_act():
            legal = st.legal_moves(seat)
            moves = [m for i in p.offered(legal) if isinstance(m := legal[i], Move)]  # buttons
            if p.uses_picker(st.legal_moves(seat)) or any(
                    isinstance(m, Pick) for m in st.legal_moves(seat)):
                moves = [m for m in moves if not m.cards]  # the picker shows the rest
            for lang, _ in tr.items():
                labels = p.move_labels(moves, _)
                assert len(set(labels)) == len(labels), (lang, labels)
                for m, label in zip(moves, labels):
                    assert label and "{" not in label, label
                    assert m.code not in label.split(), (m.code, label)  # no code name
                    if lang == "en":
                        assert not CHINESE_PUNCT.search(label), label
            checked += 1
    assert checked > 40

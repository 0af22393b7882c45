"""English that reads right: the tables, hands, events and results of every
game in English carry no Chinese punctuation and no placeholder, and a seat
that is "you" reads "You lead", not "You leads"."""

import random
import re

import pytest

from bot.i18n import You, translator
from bot.presenters import catalog
from games.base import Move

CHINESE_PUNCT = re.compile(r"[；，、。：！？（）《》「」【】]")
THIRD_PERSON = re.compile(
    r"\bYou (leads|beats|passes|plays|stops|discards|draws|flips|is|was|keeps|lays|takes|"
    r"tightens|wins|xians|shows|settles|pays|Tou)\b")
EN = translator("en")


def play(game_id, seed):
    g = catalog.game(game_id)
    rng = random.Random(seed)
    st = g.new_state(seed=seed)
    while not st.is_over():
        seat = st.to_act()[0]
        m = rng.choice(st.legal_moves(seat))
        code = m.code if isinstance(m, Move) else m.code_for(m.random_choice(rng))
        events = st.apply(seat, code)
        yield st, seat, events


def check(text):
    assert "{" not in text, text
    assert not CHINESE_PUNCT.search(text), text
    assert not THIRD_PERSON.search(text), text


@pytest.mark.parametrize("game_id", catalog.landed())
def test_english_renders_read_right(game_id):
    p = catalog.presenter(game_id)
    g = catalog.game(game_id)
    for seed in range(4):
        names = None
        for st, _seat, events in play(game_id, seed):
            if names is None:
                names = [You(EN("You"))] + [f"Lao {c}" for c in "ABC"][: st.seats - 1]
            for e in events:
                line = p.event_line(e, names, EN)
                if line:
                    check(line)
            check(p.table_text(st.public_view(), names, EN))
            check(p.hand_text(st.view(0), 0, names, EN))
        check(p.result_text(st.result(), st.revealed(), names, EN))
    assert g.id == game_id

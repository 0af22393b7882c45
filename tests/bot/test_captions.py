"""A photo's caption is at most 1,024 characters (UTF-16 units), tested at
the longest case of each game: names of 64 characters (Telegram's longest
first name) in every seat, a long hand number, big totals, every language.

- The 🏁 message's caption is its text up to the limit in whole lines; the
  rest goes in a message right below it, and nothing is lost.
- A table or hand message keeps its picture while its text fits, and goes
  as text, whole, when it does not (with names up to 20 characters every
  table and hand of every game fits)."""

import random
import time

import pytest

from bot.i18n import LANGS, translator
from bot.pictures.drawing import Drawing
from bot.pictures.source import Picture
from bot.presenters import catalog
from bot.sitting import Seat, Sitting
from bot.words import render
from games import hands
from games.players import ai_module

PICTURE = Drawing(Picture("dingniu", "table"))


def played(game_id: str, name_len: int, seed: int):
    """Every table, hand and end-of-hand text of one hand, in every language."""
    g = catalog.game(game_id)
    n = g.default_seats
    st = g.new_state(seed=seed)
    s = Sitting(id=1, chat_id=-1, game=game_id, preset="default", variant={}, status="running",
                creator_id=1, seats=[Seat(i + 1, chr(0x41 + i) * name_len) for i in range(n)],
                hand_no=999, state=st, deadline=time.time() + 300,
                totals=[-99999 if i % 2 else 99999 for i in range(n)])
    player = ai_module(game_id).heuristic()
    rng = random.Random(seed)
    while True:
        for lang in LANGS:
            _ = translator(lang)
            if st.is_over():
                s.status = "hand_over"
                yield "end", render.hand_end(s, hands.net(st), _)[0]
            else:
                yield "table", render.table(s, _)
                for seat in range(n):
                    yield "hand", render.hand(s, seat, _, "T" * 128)[0]
        if st.is_over():
            return
        seat = st.to_act()[0]
        s.last = {"seat": seat, "events": st.apply(seat, player.choose(st, seat, rng))}


@pytest.mark.parametrize("game_id", catalog.landed())
def test_the_longest_end_of_hand_is_a_caption_and_the_rest_below_it(game_id):
    ends = [text for seed in range(2) for kind, text in played(game_id, 64, seed)
            if kind == "end"]
    longest = max(ends, key=len)
    assert not render.fits_caption(longest)  # the longest case needs the split
    for text in ends:
        caption, rest = render.caption_parts(text)
        assert render.fits_caption(caption)
        if rest:
            assert caption.endswith("\n…") and rest.startswith("…\n")
            assert caption[:-2] + "\n" + rest[2:] == text  # whole lines, nothing lost
        else:
            assert caption == text


@pytest.mark.parametrize("game_id", catalog.landed())
def test_a_table_or_hand_keeps_its_picture_while_its_text_fits(game_id):
    for kind, text in played(game_id, 20, 1):
        if kind == "end":
            continue
        shown, _markup, picture = render.pictured((text, None), PICTURE)
        assert shown == text and picture is PICTURE, (kind, len(text))
    for kind, text in played(game_id, 64, 1):
        if kind != "end":
            shown, _markup, picture = render.pictured((text, None), PICTURE)
            assert shown == text  # whole, with or without its picture
            assert (picture is PICTURE) == render.fits_caption(text)


def test_a_line_longer_than_a_caption_is_cut_inside_it():
    text = "x" * 3000
    caption, rest = render.caption_parts(text)
    assert render.fits_caption(caption) and caption[:-1] + rest[1:] == text

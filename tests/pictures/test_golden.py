"""The golden pictures (docs/screens/pictures) are what the drawing makes
now; a changed drawing moves a piece's perceptual hash; and every tile and
川牌 card shows the pips of the rules' tables: counted in the image drawn,
red and black apart, against the tables in docs/rules (not the code's)."""

import json
import re
from collections import deque
from pathlib import Path

import pytest
from PIL import Image

from bot.pictures import golden, pieces, pips

ROOT = Path(__file__).resolve().parents[2]
ROW = re.compile(r"^\| `(\d\d)` \|(.*)\|$")


def test_the_committed_golden_pictures_are_current():
    stale = golden.stale()
    assert stale == [], (f"stale golden pictures {stale}: run `python -m bot.pictures.golden` "
                         "and commit docs/screens/pictures")


def test_a_small_change_to_a_picture_makes_it_stale(monkeypatch):
    """Not only pieces: the seats' numbers in another colour (a few hundred
    pixels of a table picture) make every table and end picture stale."""
    from bot.pictures import draw

    monkeypatch.setattr(draw, "BADGE_TEXT", (200, 30, 30))
    tables = {f"{g}-{k}.png" for g in golden.drawn() for k in ("table", "end")}
    assert tables <= set(golden.stale())


def test_a_changed_drawing_moves_the_pieces_hash(monkeypatch):
    committed = json.loads((golden.OUT / golden.HASHES).read_text())
    assert golden.moved(committed, golden.hashes()) == []
    # the 4 drawn lower in its half: every tile with a 4 is caught, no other
    four = pips._BLACK[4]
    moved = moved_with(monkeypatch, committed,
                       lambda: monkeypatch.setitem(pips._BLACK, 4,
                                                   tuple((x, y + 0.12) for x, y in four)))
    tiles = [m for m in moved if m.split("/")[0] in ("dingniu", "changpai")]
    assert sorted(tiles) == sorted(f"{g}/{c}" for g in ("dingniu", "changpai")
                                   for c in committed[g] if "4" in c)


def moved_with(monkeypatch, committed, change) -> list[str]:
    """The pieces whose hash moves when the drawing is changed so."""
    change()
    pieces.piece.cache_clear()
    try:
        return golden.moved(committed, golden.hashes())
    finally:
        monkeypatch.undo()
        pieces.piece.cache_clear()


def test_a_recoloured_pip_moves_the_hash(monkeypatch):
    committed = json.loads((golden.OUT / golden.HASHES).read_text())
    moved = moved_with(monkeypatch, committed,
                       lambda: monkeypatch.setattr(pieces, "RED", pieces.BLACK))
    assert "dingniu/66" in moved and "changpai/14" in moved and "changpai/55" not in moved


def rules_table(path: str) -> dict[str, tuple[int, int]]:
    """code → (red, black) from the pips-and-colours table of a rules page."""
    out = {}
    text = (ROOT / path).read_text()
    section = text[text.index("red pips | black pips"):]
    for line in section.splitlines()[2:]:
        m = ROW.match(line)
        if not m:
            break
        cells = [c.strip() for c in m.group(2).split("|")]
        out[m.group(1)] = (int(cells[-2]), int(cells[-1]))
    return out


def count_pips(im: Image.Image) -> tuple[int, int]:
    """(red, black) spots in the image: connected runs of red or of black
    pixels, each at least a few pixels big."""
    rgb = Image.new("RGB", im.size, (255, 255, 255))
    rgb.paste(im, mask=im.getchannel("A"))
    w, h = rgb.size
    px = rgb.load()

    def kind(x: int, y: int) -> str:
        r, g, b = px[x, y]
        if r > 150 and g < 90 and b < 90:
            return "red"
        if max(r, g, b) < 70:
            return "black"
        return ""

    seen = [[False] * h for _ in range(w)]
    found = {"red": 0, "black": 0}
    for x0 in range(w):
        for y0 in range(h):
            k = kind(x0, y0)
            if not k or seen[x0][y0]:
                continue
            size, todo = 0, deque([(x0, y0)])
            seen[x0][y0] = True
            while todo:
                x, y = todo.popleft()
                size += 1
                for dx in (-1, 0, 1):
                    for dy in (-1, 0, 1):
                        nx, ny = x + dx, y + dy
                        if 0 <= nx < w and 0 <= ny < h and not seen[nx][ny] and kind(nx, ny) == k:
                            seen[nx][ny] = True
                            todo.append((nx, ny))
            if size >= 12:
                found[k] += 1
    return found["red"], found["black"]


@pytest.mark.parametrize("face, rules", [("tile", "docs/rules/dingniu.md"),
                                         ("strip", "docs/rules/changpai.md")])
def test_every_tile_shows_the_pips_of_the_rules_table(face, rules):
    table = rules_table(rules)
    assert len(table) == (13 if face == "tile" else 21)
    for code, want in table.items():
        im = pieces.piece(face, code, *pieces.size(face), words=False)
        assert count_pips(im) == want, f"{face} {code}: drawn {count_pips(im)}, rules {want}"


def test_the_pip_counter_sees_a_wrong_colour(monkeypatch):
    half = pips.half
    monkeypatch.setattr(pips, "half", lambda v, o: tuple(p._replace(red=False)
                                                         for p in half(v, o)))
    pieces.piece.cache_clear()
    try:
        assert count_pips(pieces.piece("tile", "44", *pieces.size("tile"))) == (0, 8)
    finally:
        monkeypatch.undo()
        pieces.piece.cache_clear()


def test_the_screens_readme_links_every_golden_picture():
    readme = (ROOT / "docs/screens/README.md").read_text()
    linked = set(re.findall(r"\(pictures/([\w-]+\.png)\)", readme))
    assert linked == {p.name for p in golden.OUT.glob("*.png")}

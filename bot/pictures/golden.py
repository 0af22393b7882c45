"""The golden pictures: every tile and card of every game drawn once, and a
hand, a table and an end of hand of each game from fixed seeds, written to
docs/screens/pictures/ with a perceptual hash of every piece
(`hashes.json`). No words are drawn in them (no font needed), so they are the
same on every machine.

    python -m bot.pictures.golden            # write them (python -m bot.gallery does too)
    python -m bot.pictures.golden --check    # exit 1 naming the stale files

Tests (tests/pictures/test_golden.py) fail when the committed files are
stale, when a piece's hash moved (a changed drawing), and count the pips
drawn on every tile against the rules' tables."""

from __future__ import annotations

import argparse
import io
import json
import random
import sys
from pathlib import Path

from PIL import Image, ImageChops

from bot.pictures import draw, pieces
from bot.pictures.scenes import Scenes, drawn, scenes
from bot.pictures.source import Group, Picture, Row

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "docs" / "screens" / "pictures"
HASHES = "hashes.json"


def piece_set(sc: Scenes) -> Picture:
    """Every piece of the game once, in the rules' order."""
    return Picture(sc.game_id, "set", (Row(tuple(Group((sc.piece(c),))
                                                 for c in sc.all_pieces())),))


def examples(game_id: str) -> dict[str, Picture]:
    """A hand, the table and the end of a hand, from a fixed deal played by
    the heuristic computer players."""
    from bot import catalog
    from games.players import ai_module

    sc = scenes(game_id)
    game = catalog.game(game_id)
    ai = ai_module(game_id)
    assert ai is not None
    player = ai.heuristic()
    seed, steps = sc.golden_deal
    while True:  # the first deal from the seed on whose hand lasts long enough
        state = game.new_state(seed=seed)
        rng = random.Random(seed)
        for _step in range(steps):
            if state.is_over():
                break
            seat = state.to_act()[0]
            state.apply(seat, player.choose(state, seat, rng))
        if not state.is_over():
            break
        seed += 1
    seat = state.to_act()[0]
    out: dict[str, Picture | None] = {"hand": sc.hand(state.view(seat), seat),
                                      "table": sc.table(state.public_view())}
    while not state.is_over():
        seat = state.to_act()[0]
        state.apply(seat, player.choose(state, seat, rng))
    out["end"] = sc.end(state.revealed(), state.result())
    return {k: v for k, v in out.items() if v is not None}


def pictures() -> dict[str, Picture]:
    """File name → picture, every golden picture."""
    out = {}
    for game_id, sc in drawn().items():
        out[f"{game_id}-set.png"] = piece_set(sc)
        for kind, picture in examples(game_id).items():
            out[f"{game_id}-{kind}.png"] = picture
    return out


# -- perceptual hashes ------------------------------------------------------------------
def phash(im: Image.Image, n: int = 16) -> str:
    """A difference hash of the picture's light and of its red, n×n bits each:
    close pictures have close hashes; a pip moved or recoloured changes bits."""
    rgb = Image.new("RGB", im.size, (255, 255, 255))
    rgb.paste(im, mask=im.getchannel("A") if im.mode == "RGBA" else None)
    r, g, b = rgb.split()
    redness = ImageChops.subtract(r, ImageChops.add(g, b, scale=2.0))
    bits = []
    for channel in (rgb.convert("L"), redness):
        small = channel.resize((n + 1, n), Image.Resampling.BOX)
        row = small.tobytes()  # one byte a pixel (mode L)
        bits += [row[y * (n + 1) + x] > row[y * (n + 1) + x + 1]
                 for y in range(n) for x in range(n)]
    return f"{int(''.join('1' if b else '0' for b in bits), 2):0{len(bits) // 4}x}"


def distance(a: str, b: str) -> int:
    return bin(int(a, 16) ^ int(b, 16)).count("1")


def piece_image(face: str, code: str) -> Image.Image:
    return pieces.piece(face, code, *pieces.size(face), words=False)


def hashes() -> dict[str, dict[str, str]]:
    """game → piece code → hash of the piece drawn alone."""
    return {game_id: {c: phash(piece_image(sc.face, c)) for c in sc.all_pieces()}
            for game_id, sc in drawn().items()}


# -- writing and checking -------------------------------------------------------------------
def rendered() -> dict[str, bytes]:
    files = {name: draw.png(p, words=False) for name, p in pictures().items()}
    files[HASHES] = (json.dumps(hashes(), indent=1, sort_keys=True) + "\n").encode()
    return files


def same(a: bytes, b: bytes) -> bool:
    """Two PNGs show the same picture (to within what another zlib or Pillow
    build may change: no pixel more than a little off)."""
    with Image.open(io.BytesIO(a)) as x, Image.open(io.BytesIO(b)) as y:
        if x.size != y.size:
            return False
        diff = ImageChops.difference(x.convert("RGB"), y.convert("RGB")).convert("L")
        hist = diff.histogram()
        off = sum(hist[24:])  # pixels more than a little different
        # a seat's badge recoloured is ≈1,000 pixels: 1 in 10,000 lets a
        # rounding difference pass, not a drawing
        return off <= max(40, x.width * x.height // 10_000)


SAME_HASH = 8  # bits of 512 a piece's hash may move and still be the same drawing


def moved(old: dict, new: dict) -> list[str]:
    """game/code of each piece whose hash is not (close to) the committed one."""
    return [f"{g}/{c}" for g in sorted(set(old) | set(new))
            for c in sorted(set(old.get(g, {})) | set(new.get(g, {})))
            if c not in old.get(g, {}) or c not in new.get(g, {})
            or distance(old[g][c], new[g][c]) > SAME_HASH]


def stale(out: Path = OUT) -> list[str]:
    """Names of the golden files that differ from what the drawing makes now."""
    bad = []
    for name, data in rendered().items():
        path = out / name
        if not path.exists():
            bad.append(name)
        elif name == HASHES:
            if moved(json.loads(path.read_text()), json.loads(data)):
                bad.append(name)
        elif not same(path.read_bytes(), data):
            bad.append(name)
    return bad


def write(out: Path = OUT) -> list[str]:
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, data in rendered().items():
        path = out / name
        if path.exists() and (moved(json.loads(path.read_text()), json.loads(data)) == []
                              if name == HASHES else same(path.read_bytes(), data)):
            continue  # unchanged: keep the file (no churn from another zlib or Pillow)
        path.write_bytes(data)
        written.append(name)
    return written


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bot.pictures.golden", description=__doc__)
    ap.add_argument("--check", action="store_true", help="exit 1 if a golden file is stale")
    args = ap.parse_args(argv)
    if args.check:
        bad = stale()
        for name in bad:
            print(f"stale: docs/screens/pictures/{name}", file=sys.stderr)
        return 1 if bad else 0
    for name in write():
        print(f"wrote docs/screens/pictures/{name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

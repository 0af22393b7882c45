"""`python -m bot.gallery`: every screen of the bot, into docs/screens/.

    python -m bot.gallery                 write docs/screens/<lang>/<page>.md
    python -m bot.gallery --check         exit 1 (naming the files) if they are stale
    python -m bot.gallery --only en/paoyao   one page (quick while editing words)
    python -m bot.gallery --pictures DIR  also write the pictures the pages show into DIR
    python -m bot.gallery --find-endings  seeds for bot/gallery/endings.py

The golden pictures (docs/screens/pictures, bot/pictures/golden.py) are
written and checked with the pages.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

from bot.gallery import PAGES, ROOT, render_pages


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bot.gallery", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", type=Path, default=ROOT / "docs" / "screens")
    ap.add_argument("--check", action="store_true", help="compare, write nothing")
    ap.add_argument("--only", action="append", default=[], metavar="LANG/PAGE")
    ap.add_argument("--jobs", type=int, default=2, help="processes (default 2)")
    ap.add_argument("--find-endings", action="store_true")
    ap.add_argument("--pictures", type=Path, default=None, metavar="DIR",
                    help="write the pictures the pages show (photo messages) into DIR")
    args = ap.parse_args(argv)
    if args.pictures is not None:
        from bot.gallery.stage import PICTURES_ENV

        os.environ[PICTURES_ENV] = str(args.pictures.resolve())
    if args.find_endings:
        from bot.gallery.endings import ENDINGS, find

        for game in ENDINGS:
            for (preset, kind), seed in sorted(find(game).items()):
                print(f"{game:9} {preset:10} {kind:28} {seed}")
        return 0
    pages = [p for p in PAGES if not args.only or f"{p[0]}/{p[1]}" in args.only]
    if not pages:
        print(f"no such page; pages: {', '.join(f'{a}/{b}' for a, b in PAGES)}", file=sys.stderr)
        return 2
    t0 = time.perf_counter()
    texts = render_pages(pages, args.jobs)
    stale = []
    for (lang, name), text in zip(pages, texts):
        path = args.out / lang / f"{name}.md"
        old = path.read_text(encoding="utf-8") if path.exists() else None
        if old == text:
            continue
        stale.append(path)
        if not args.check:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
    if not args.only:
        from bot.pictures import golden

        if args.check:
            stale += [golden.OUT / name for name in golden.stale()]
        else:
            stale += [golden.OUT / name for name in golden.write()]
    took = time.perf_counter() - t0
    if args.check:
        if stale:
            print("stale: " + ", ".join(map(str, stale)) + "\nrun: python -m bot.gallery",
                  file=sys.stderr)
            return 1
        print(f"{len(pages)} pages current ({took:.1f} s)")
        return 0
    print(f"{len(pages)} pages, {len(stale)} changed ({took:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

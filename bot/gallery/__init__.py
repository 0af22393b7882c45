"""The screens gallery: every kind of screen the bot shows, for every game
and language, recorded from the real bot against the fake Bot API server and
written to docs/screens/ (docs/screens/README.md). `python -m bot.gallery`
writes it; `tests/gallery` checks it is current and reads it for bad English.

It drives the packaged fake Telegram (bot/sandbox/fake), so it also runs from
an installed wheel (`--out` says where to write there)."""

from __future__ import annotations

import asyncio
import os
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from bot.i18n import LANGS

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("xianniu", "niujiu", "dingniu", "paoyao", "changpai")
COMMON = "common"  # the screens of no one game
PAGES: list[tuple[str, str]] = [(lang, page) for lang in LANGS for page in (COMMON, *GAMES)]


def render_page(lang: str, name: str) -> str:
    """One page's Markdown, made by playing its scene on a fresh bot."""
    import logging

    from bot.gallery.book import markdown
    from bot.gallery.scenes import common_page, game_page

    logging.disable(logging.WARNING)  # the bot's own log of refused taps is not news here
    os.environ.setdefault("PYTHONHASHSEED", "0")
    try:
        page = asyncio.run(common_page(lang) if name == COMMON else game_page(name, lang))
    except Exception as e:
        raise RuntimeError(f"the gallery's page {lang}/{name} failed: {e!r}") from e
    return markdown(page)


def _render(args: tuple[str, str]) -> str:
    return render_page(*args)


def render_pages(pages: list[tuple[str, str]], jobs: int = 2) -> list[str]:
    """The pages' Markdown, in order; `jobs` processes play them side by side
    (each page has its own bot, database and fake Telegram)."""
    if jobs <= 1 or len(pages) == 1:
        return [render_page(*p) for p in pages]
    import bot.gallery.scenes  # noqa: F401 (aiogram's models take seconds: once, then forked)

    # the longest pages first, so two workers finish together
    order = sorted(range(len(pages)), key=lambda i: pages[i][1] == COMMON)
    with ProcessPoolExecutor(jobs) as pool:
        done = dict(zip(order, pool.map(_render, [pages[i] for i in order])))
    return [done[i] for i in range(len(pages))]

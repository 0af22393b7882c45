"""Debian's Chromium, driven by Playwright's Python API (its own browser
download is not reachable here: the system browser is launched by path).
Without Chromium or Playwright the browser tests are skipped, except in CI
(`CI` set), where that is a failure: `.ci/run` installs both."""

from __future__ import annotations

import os
import shutil
import tempfile

import pytest
import pytest_asyncio

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run"]
VIEWPORT = {"width": 1280, "height": 860}


def chromium() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser")


def _missing() -> str | None:
    try:
        import playwright.async_api  # noqa: F401
    except ImportError:
        return "the playwright package is not installed (pip install -e '.[dev]')"
    if chromium() is None:
        return "no chromium on PATH (apt-get install -y chromium)"
    return None


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def browser():
    """A fresh Chromium profile for the module; yields a browser context."""
    if (why := _missing()) is not None:
        if os.environ.get("CI"):
            pytest.fail(f"the browser test cannot run in CI: {why}")
        pytest.skip(why)
    from playwright.async_api import async_playwright

    with tempfile.TemporaryDirectory(prefix="paiju-chromium-") as profile:
        async with async_playwright() as p:
            context = await p.chromium.launch_persistent_context(
                profile, executable_path=chromium(), headless=True, args=FLAGS,
                viewport=VIEWPORT, locale="zh-CN")
            try:
                yield context
            finally:
                await context.close()

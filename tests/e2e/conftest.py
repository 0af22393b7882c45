import sys

import pytest

from games import registry
from tests.bot import toygame


@pytest.fixture
def toy(monkeypatch):
    """The test-only toy games, plugged in like real ones. The one module is
    both the game package and its presenter module (bot/presenters/toygame.py
    for a real game)."""
    monkeypatch.setattr(registry, "PLUGINS", [*registry.PLUGINS, "tests.bot.toygame"])
    monkeypatch.setitem(sys.modules, "bot.presenters.toygame", toygame)


@pytest.fixture
def people(fake_telegram):
    tg = fake_telegram
    tg.add_user(1, "老王", started=True)
    tg.add_user(2, "小李", started=True)
    tg.add_user(3, "阿强", started=True)
    tg.add_user(4, "大刘", started=True)
    tg.add_user(9, "新人", started=False)
    tg.add_group(-1001, "老乡群", members=[1, 2, 3, 4, 9], admins=[1])
    return tg

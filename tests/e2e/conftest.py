import pytest

from bot import catalog
from games import registry
from tests.bot import toygame


@pytest.fixture
def toy(monkeypatch):
    """The test-only toy games, registered like real ones."""
    monkeypatch.setitem(registry.PACKAGES, "toy", "tests.bot.toygame")
    monkeypatch.setitem(registry.PACKAGES, "toypick", "tests.bot.toygame")
    monkeypatch.setitem(catalog.EXTRA, "toy", toygame.PRESENTER)
    monkeypatch.setitem(catalog.EXTRA, "toypick", toygame.PICKER_PRESENTER)


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

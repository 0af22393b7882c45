import pytest

from tests import figures

pytest_plugins = ["tests.fakes.fixtures"]


def pytest_sessionfinish(session):
    """Under pytest-xdist each worker counts its own figures: hand them over."""
    output = getattr(session.config, "workeroutput", None)
    if output is not None:
        output["figures"] = dict(figures.counts)


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node, error):
    """pytest-xdist's controller: add up what each worker counted."""
    figures.counts.update(getattr(node, "workeroutput", {}).get("figures", {}))


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    """Issue 11's figures: what the fuzz, chaos and crash tests went through."""
    if not any(figures.counts.values()):
        return
    terminalreporter.section("faults and figures")
    for name in figures.NAMES:
        terminalreporter.write_line(f"{name}: {figures.counts[name]}")

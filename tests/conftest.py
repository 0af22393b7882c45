from tests import figures

pytest_plugins = ["tests.fakes.fixtures"]


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    """Issue 11's figures: what the fuzz, chaos and crash tests went through."""
    if not any(figures.counts.values()):
        return
    terminalreporter.section("faults and figures")
    for name in figures.NAMES:
        terminalreporter.write_line(f"{name}: {figures.counts[name]}")

"""The `paiju` command line (`main.py`: run, play, replay, simulate, sandbox,
healthcheck, db …) and offline play in a terminal (`terminal.py`)."""

"""Scores over the tables: /score, /top, /history, /replay and /stats answered
from the ledger (`service.py`), settling up a game's tally, and the weekly
post. Their texts are in words/."""

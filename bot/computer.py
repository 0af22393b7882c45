"""Computer players in the bot. The policy (the game's Monte Carlo player, its
heuristic player when that fails or runs out of time, else legal moves only)
is game policy and lives in games/players.py; it is blocking and CPU-bound,
so the bot runs it in a thread executor and other chats are never delayed.

The thread and time-limit glue is `Service._think` (bot/service.py), which
reaches the policy through the names below."""

from __future__ import annotations

from games.players import choose, fallback, quick

__all__ = ["choose", "fallback", "quick"]

"""Telegram's flood control as the fake enforces it, plus injected faults.

Counted calls (sends and edits, successful only) feed three limits:
  - per chat: a token bucket, `chat_rate` per second with bursts of `chat_burst`;
  - per group: at most `group_per_minute` in any sliding 60 s window
    (`group_window`);
  - overall: at most `overall_per_second` in any sliding 1 s window.
A call over a limit gets 429 "Too Many Requests: retry after N" with
parameters.retry_after = N, and the chat (or the whole bot, for the overall
limit) stays in flood wait for N seconds: counted calls before then get 429 too.
"""

from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass, field

from .models import ApiError

SLACK = 0.05  # seconds / tokens of tolerance for event-loop timing jitter


def too_many(retry_after: float) -> ApiError:
    n = max(1, math.ceil(retry_after - 1e-9))
    return ApiError(429, f"Too Many Requests: retry after {n}", {"retry_after": n})


@dataclass
class RateLimits:
    chat_rate: float = 1.0
    chat_burst: int = 3
    group_per_minute: int = 20
    group_window: float = 60.0  # seconds; shorten only to test the window itself
    overall_per_second: int = 30
    enabled: bool = True
    _buckets: dict = field(default_factory=dict)  # chat_id -> (tokens, t)
    _group_times: dict = field(default_factory=dict)  # chat_id -> deque of t
    _overall: deque = field(default_factory=deque)
    _flood_until: dict = field(default_factory=dict)  # chat_id or None -> t

    def _tokens(self, chat_id: int, now: float) -> float:
        tokens, t = self._buckets.get(chat_id, (float(self.chat_burst), now))
        return min(float(self.chat_burst), tokens + (now - t) * self.chat_rate)

    def set_flood(self, key: int | None, now: float, seconds: int) -> None:
        self._flood_until[key] = max(self._flood_until.get(key, 0.0), now + seconds)

    def _waits(self, chat_id: int, is_group: bool, now: float) -> tuple[float, float]:
        """(seconds until the overall limit allows a call, seconds until every
        limit allows a call to chat_id); 0 when allowed now."""
        if not self.enabled:
            return 0.0, 0.0
        waits = [0.0]
        while self._overall and self._overall[0] <= now - 1.0:
            self._overall.popleft()
        overall = 0.0
        if len(self._overall) >= self.overall_per_second:
            overall = self._overall[len(self._overall) - self.overall_per_second] + 1.0 - now
            waits.append(overall)
        if is_group:
            times = self._group_times.setdefault(chat_id, deque())
            while times and times[0] <= now - self.group_window:
                times.popleft()
            if len(times) >= self.group_per_minute:
                waits.append(times[len(times) - self.group_per_minute] + self.group_window - now)
        tokens = self._tokens(chat_id, now)
        if tokens < 1.0 - SLACK:
            waits.append((1.0 - tokens) / self.chat_rate)
        return overall, max(waits)

    def check_flood(self, chat_id: int, is_group: bool, now: float) -> None:
        """429 while the chat (or the whole bot) is in flood wait."""
        until = max(self._flood_until.get(None, 0.0), self._flood_until.get(chat_id, 0.0))
        if now < until - SLACK:
            raise too_many(max(until - now, self._waits(chat_id, is_group, now)[1]))

    def check(self, chat_id: int, is_group: bool, now: float) -> None:
        """Raise ApiError 429 if a counted call to chat_id must be refused now.
        retry_after covers every limit the call breaks, so a bot that waits
        it out is served (unless other traffic uses the room meanwhile)."""
        self.check_flood(chat_id, is_group, now)
        overall, wait = self._waits(chat_id, is_group, now)
        if wait <= 0:
            return
        if overall > 0:
            self.set_flood(None, now, max(1, math.ceil(overall)))
        n = max(1, math.ceil(wait))
        self.set_flood(chat_id, now, n)
        raise too_many(n)

    def commit(self, chat_id: int, is_group: bool, now: float) -> None:
        """Account one successful counted call."""
        self._overall.append(now)
        if is_group:
            self._group_times.setdefault(chat_id, deque()).append(now)
        self._buckets[chat_id] = (max(0.0, self._tokens(chat_id, now) - 1.0), now)


@dataclass
class Fault:
    """An injected fault for the next `times` matching calls: an error reply,
    a delay before handling, or a dropped connection (before or after the
    call took effect)."""

    method: str | None  # lower-case method name; None = any call that has a chat
    chat_id: int | None
    error: ApiError | None
    times: int
    flood: int = 0  # 429s also put the chat into flood wait for this long
    kind: str = "error"  # "error" | "delay" | "drop"
    seconds: float = 0.0  # delay
    after: bool = False  # drop: the call takes effect, only the reply is lost

    def matches(self, method: str, chat_id: int | None) -> bool:
        if self.times <= 0:
            return False
        if self.method is None and chat_id is None:
            return False
        if self.method is not None and self.method != method.lower():
            return False
        return self.chat_id is None or self.chat_id == chat_id

"""RateLimits on synthetic clocks: whatever a bot attempts, what gets through
respects every limit, and a refusal's retry_after is honest. Small limits so
that examples reach them easily; the logic is the same as with Telegram's."""

from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.sandbox.fake.limits import RateLimits
from bot.sandbox.fake.models import ApiError

GROUP, OTHER_GROUP, PRIVATE, PRIVATE2 = -1001, -1002, 7, 8
RATE, BURST, GROUP_MAX, WINDOW, OVERALL = 3.0, 3, 5, 4.0, 7

attempts = st.lists(
    st.tuples(st.floats(min_value=0.0, max_value=0.4),
              st.sampled_from([GROUP, OTHER_GROUP, PRIVATE, PRIVATE2])),
    min_size=1, max_size=60,
)


def limits() -> RateLimits:
    return RateLimits(chat_rate=RATE, chat_burst=BURST, group_per_minute=GROUP_MAX,
                      group_window=WINDOW, overall_per_second=OVERALL)


def max_in_window(times, width):
    best, j = 0, 0
    for i, t in enumerate(times):
        while t - times[j] >= width:
            j += 1
        best = max(best, i - j + 1)
    return best


@settings(max_examples=200, deadline=None)
@given(attempts)
def test_accepted_calls_respect_every_limit(steps):
    lim, now, accepted = limits(), 0.0, []
    for gap, chat in steps:
        now += gap
        try:
            lim.check(chat, chat < 0, now)
        except ApiError as e:
            assert e.error_code == 429 and e.parameters["retry_after"] >= 1
            continue
        lim.commit(chat, chat < 0, now)
        accepted.append((now, chat))
    for chat in (GROUP, OTHER_GROUP):
        assert max_in_window([t for t, c in accepted if c == chat], WINDOW) <= GROUP_MAX
    assert max_in_window([t for t, _ in accepted], 1.0) <= OVERALL
    for chat in (GROUP, OTHER_GROUP, PRIVATE, PRIVATE2):
        times = [t for t, c in accepted if c == chat]
        for width in (0.25, 0.5, 1.0, 3.0):
            # token bucket: the burst plus the rate; each call may be forgiven
            # the 0.05-token jitter tolerance
            assert max_in_window(times, width) <= (BURST + width * RATE) / 0.95


@settings(max_examples=200, deadline=None)
@given(attempts)
def test_waiting_retry_after_is_enough(steps):
    lim, now = limits(), 0.0
    for gap, chat in steps:
        now += gap
        try:
            lim.check(chat, chat < 0, now)
        except ApiError as e:
            retry = e.parameters["retry_after"]
            probe = copy.deepcopy(lim)  # look into the future without changing `lim`
            probe.check(chat, chat < 0, now + retry)  # waiting retry_after is enough
            continue
        lim.commit(chat, chat < 0, now)


def test_flood_wait_lasts_the_whole_retry_after():
    lim = RateLimits()  # 1/s, burst 3
    for _ in range(3):
        lim.check(PRIVATE, False, 0.0)
        lim.commit(PRIVATE, False, 0.0)
    with pytest.raises(ApiError) as e:
        lim.check(PRIVATE, False, 0.7)  # one token is 0.3 s away...
    assert e.value.parameters["retry_after"] == 1  # ...rounded up to 1 s
    with pytest.raises(ApiError):
        lim.check(PRIVATE, False, 1.2)  # a token is there, but the flood wait is not over
    lim.check(OTHER_GROUP, True, 1.2)  # other chats are not in flood wait
    lim.check(PRIVATE, False, 1.7)

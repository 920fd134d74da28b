"""Discord's global rate limit, counted (and on request enforced) per bot token.

Discord allows a bot token 50 requests a second across all its processes and shards; interaction
callbacks and interaction webhooks (``/interactions/...``, ``/webhooks/...``) are not counted. Above it the
answer is 429 with ``X-RateLimit-Global: true``, ``X-RateLimit-Scope: global`` and a body with
``"global": true`` (https://discord.com/developers/docs/topics/rate-limits#global-rate-limit).

The fake counts every counted request in a sliding one-second window per token, so a test or proof can
say how many requests went above the limit (``over``) and the busiest second (``peak``), whichever
process sent them. With ``enforce`` it also answers those requests with that 429, as Discord would.
"""

from __future__ import annotations

import time
from collections import Counter, deque
from collections.abc import Callable
from dataclasses import dataclass, field

GLOBAL_LIMIT = 50  # requests per second per bot token
EXEMPT_PREFIXES = ("/interactions/", "/webhooks/")


def counted(path: str) -> bool:
    return not path.startswith(EXEMPT_PREFIXES)


@dataclass
class GlobalRateLimit:
    limit: int = GLOBAL_LIMIT
    enforce: bool = False
    window: float = 1.0
    clock: Callable[[], float] = time.monotonic
    recent: dict[str, deque] = field(default_factory=dict)  # token -> times of its requests in the window
    over: Counter = field(default_factory=Counter)  # token -> requests that found the window full
    peak: Counter = field(default_factory=Counter)  # token -> most requests seen in one window
    total: Counter = field(default_factory=Counter)

    def hit(self, token: str) -> bool:
        """Count one request of ``token``; True if the one-second window already held ``limit`` (answered
        with a 429 when enforcing, and then not counted as sent)."""
        now = self.clock()
        times = self.recent.setdefault(token, deque())
        while times and now - times[0] >= self.window:
            times.popleft()
        self.total[token] += 1
        over = len(times) >= self.limit
        if over:
            self.over[token] += 1
        if not (over and self.enforce):
            times.append(now)
            self.peak[token] = max(self.peak[token], len(times))
        return over

    def retry_after(self, token: str) -> float:
        times = self.recent.get(token)
        return max(0.0, self.window - (self.clock() - times[0])) if times else 0.0

    def answer(self, token: str) -> tuple[int, dict, dict[str, str]]:
        """Discord's 429 for a request above the global limit: status, body, headers."""
        wait = round(self.retry_after(token), 3)
        body = {"message": "You are being rate limited.", "retry_after": wait, "global": True}
        headers = {"Retry-After": str(max(1, round(wait))), "X-RateLimit-Global": "true",
                   "X-RateLimit-Scope": "global"}
        return 429, body, headers

"""Faults the tests put into the fake Discord's REST answers: canned errors and 429s for the next matching
calls, and hooks run at a matching call (a SIGKILL of the bot process right after Discord applied it, or on
arrival with the call dropped unapplied). A mixin of ``FakeDiscord`` (server.py), which asks
``take_injection`` and ``_after_call`` while it answers each call."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from .models import JSON, CallRecord


@dataclass
class _Injection:
    """A canned answer for the next matching REST call(s): a 429 or any error."""

    method: str | None
    path: re.Pattern[str] | None
    status: int
    body: JSON
    headers: dict[str, str]
    times: int

    def matches(self, method: str, path: str) -> bool:
        return (self.method is None or self.method == method) and (self.path is None or bool(self.path.search(path)))


@dataclass
class _AfterCall:
    """Something to do once at a matching REST call: once applied, or (``before``) on arrival, unapplied."""

    method: str
    path: re.Pattern[str]
    when: Callable[[CallRecord], bool]
    action: Callable[[CallRecord], Awaitable[None]]
    before: bool = False


class Faults:
    """The fault-injection half of ``FakeDiscord``."""

    def init_faults(self) -> None:
        self._injections: list[_Injection] = []
        self._after_calls: list[_AfterCall] = []

    def inject_rate_limit(self, method: str | None = None, path: str | None = None, *, retry_after: float = 0.05,
                          times: int = 1, is_global: bool = False) -> None:
        """Answer the next matching call(s) with 429 and a ``Via`` header, so discord.py waits and retries."""
        body = {"message": "You are being rate limited.", "retry_after": retry_after, "global": is_global}
        headers = {"Via": "1.1 google", "Retry-After": str(max(1, round(retry_after))),
                   "X-RateLimit-Scope": "global" if is_global else "user"}
        if is_global:
            headers["X-RateLimit-Global"] = "true"
        self._injections.append(_Injection(method, re.compile(path) if path else None, 429, body, headers, times))

    def inject_error(self, method: str | None, path: str | None, *, status: int, code: int, message: str,
                     times: int = 1) -> None:
        """Answer the next matching call(s) with an arbitrary Discord error (``path`` is a regex)."""
        body = {"code": code, "message": message}
        self._injections.append(_Injection(method, re.compile(path) if path else None, status, body, {}, times))

    def after_call(self, method: str, path: str, action: Callable[[CallRecord], Awaitable[None]], *,
                   when: Callable[[CallRecord], bool] = lambda record: True) -> None:
        """Await ``action(record)`` once, after the first successful call matching ``method``, ``path`` (a regex)
        and ``when`` was applied and before its answer goes back: e.g. SIGKILL the bot process that made
        it, a crash right after Discord acted and before the bot could record it."""
        self._after_calls.append(_AfterCall(method, re.compile(path), when, action))

    def before_call(self, method: str, path: str, action: Callable[[CallRecord], Awaitable[None]], *,
                    when: Callable[[CallRecord], bool] = lambda record: True) -> None:
        """As ``after_call``, but on arrival, the call dropped unapplied: a crash before it reached Discord."""
        self._after_calls.append(_AfterCall(method, re.compile(path), when, action, before=True))

    async def _after_call(self, method: str, path: str, record: CallRecord, status: int, before: bool = False) -> bool:
        hook = next((hook for hook in self._after_calls if hook.before is before and hook.method == method
                     and status < 300 and hook.path.search(path) and hook.when(record)), None)
        if hook is not None:
            self._after_calls.remove(hook)
            await hook.action(record)
        return hook is not None

    def take_injection(self, method: str, path: str) -> _Injection | None:
        for injection in self._injections:
            if injection.matches(method, path):
                injection.times -= 1
                if injection.times <= 0:
                    self._injections.remove(injection)
                return injection
        return None

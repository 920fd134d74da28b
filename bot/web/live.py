"""Who is watching which match in this process, and the news they are owed.

Each open page holds one server-sent-events connection (``server.py``); the connection's handler waits on
its ``Watcher``. ``LiveHub.changed(match)`` is called by the publish path (``Publisher.on_change``) after
the thread is brought up to date; it computes each watched role's stamp once per match (not per page) and
wakes the watchers whose stamp moved. A match nobody watches costs one dictionary lookup.

A stamp is what a page shows, as a string that changes exactly when the page would:
* the public page: the version the thread shows (``posted_version``), never the match's own version, which
  also moves on a secret answer the thread keeps still for (a window offered to one player): a spectator's
  page must not move when the thread does not;
* a seat's page: the thread's version and a digest of that seat's view and its open question, so a seat is
  not woken by what it cannot see (the other seat's secret answer).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
from collections.abc import Iterator

from bot.engine import decision_for
from bot.games import get_game
from bot.store import MatchRow
from bot.web.links import PUBLIC, seat_of_role


def stamp(match: MatchRow, role: str) -> str:
    if role == PUBLIC:
        return str(match.posted_version)
    seat = seat_of_role(role)
    engine = get_game(match.game).engine
    decision = decision_for(engine.pending(match.state), seat) if match.status == "active" else None
    seen = [engine.view(match.state, seat), match.status,
            None if decision is None else [decision.prompt, decision.args, list(decision.options)]]
    digest = hashlib.blake2b(json.dumps(seen, sort_keys=True, default=str).encode(), digest_size=9).hexdigest()
    return f"{match.posted_version}.{digest}"  # the thread's public lines on the page move with its version


class Watcher:
    """One live connection: the newest stamp it is owed, and the event that wakes its handler."""

    def __init__(self, role: str) -> None:
        self.role = role
        self.stamp: str | None = None
        self.match: MatchRow | None = None  # the row the stamp was computed from (the page's news is built from it)
        self.woken = asyncio.Event()
        self.closed = False

    def tell(self, new_stamp: str, match: MatchRow) -> None:
        self.stamp, self.match = new_stamp, match
        self.woken.set()

    async def wait(self, timeout: float) -> str | None:
        """The newest stamp once woken, or None after ``timeout`` (the handler's keep-alive and resync)."""
        try:
            await asyncio.wait_for(self.woken.wait(), timeout)
        except TimeoutError:
            return None
        self.woken.clear()
        return self.stamp


class LiveHub:
    def __init__(self) -> None:
        self._watching: dict[int, set[Watcher]] = {}

    @contextlib.contextmanager
    def watch(self, match_id: int, role: str) -> Iterator[Watcher]:
        watcher = Watcher(role)
        self._watching.setdefault(match_id, set()).add(watcher)
        try:
            yield watcher
        finally:
            watchers = self._watching.get(match_id)
            if watchers is not None:
                watchers.discard(watcher)
                if not watchers:
                    del self._watching[match_id]

    def watchers(self, match_id: int | None = None) -> int:
        if match_id is not None:
            return len(self._watching.get(match_id, ()))
        return sum(len(watchers) for watchers in self._watching.values())

    def watched(self) -> list[int]:
        """The matches some page of this process is watching."""
        return list(self._watching)

    def changed(self, match: MatchRow | None) -> None:
        """The publish path's hook: wake the pages of this match whose stamp moved."""
        if match is None or match.id not in self._watching:
            return
        stamps: dict[str, str] = {}
        for watcher in self._watching[match.id]:
            if watcher.role not in stamps:
                stamps[watcher.role] = stamp(match, watcher.role)
            watcher.tell(stamps[watcher.role], match)

    def close(self) -> None:
        """The server is stopping: every live connection ends (the browser reconnects and resyncs)."""
        for watchers in self._watching.values():
            for watcher in watchers:
                watcher.closed = True
                watcher.woken.set()

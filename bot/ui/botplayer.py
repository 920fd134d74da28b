"""Duel Table's own seat in a match against the bot: think, decide, and publish each move.

The search runs in the bot player's worker (bot/ai/worker.py, bot/match.py ``bot_moves``); this object
only makes sure that one process and one thinker answer each match, and hands every move it stores to
``publish`` (the publisher that owns it, bot/ui/publish.py).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from bot.ai import worker as botworker
from bot.engine import StaleState
from bot.match import Applied
from bot.store import MatchRow
from bot.ui.host import TableBot

log = logging.getLogger(__name__)


class BotPlayer:
    def __init__(self, bot: TableBot, publish: Callable[[Applied], Awaitable[None]]) -> None:
        self.bot = bot
        self.publish = publish
        self._thinkers: dict[int, asyncio.Lock] = {}  # bot matches whose bot player is thinking

    async def run(self, match: MatchRow) -> None:
        """The bot player's moves while it owes any in this match (none: nothing happens)."""
        if not self.bot.owns_guild(match.guild_id):
            return  # the owner answers for the bot player when it publishes (one thinker per match)
        # One thinker per match here too: a member's click can land while the bot still thinks about the
        # same question (a simultaneous choice); the second run then finds it answered.
        thinker = self._thinkers.setdefault(match.id, asyncio.Lock())
        with botworker.released():  # this click waits for that search, which must not wait for the click
            await thinker.acquire()
        try:
            current = await self.bot.store.get_match(match.id)
            try:
                with botworker.released():  # the search would otherwise wait for this handler
                    moves = await self.bot.service.bot_moves(current) if current is not None else []
            except StaleState:  # answered meanwhile elsewhere (another process catching up)
                log.info("bot move of match %s already answered", match.id)
                moves = []
            for applied in moves:
                await self.publish(applied)
            if current is None or current.status != "active" or (moves and moves[-1].finished):
                self._thinkers.pop(match.id, None)
        finally:
            thinker.release()

"""How an interaction is answered: private one-line replies and the one answer to a click.

Rules kept here for every command and control:
* errors are private, localized, one line, and change nothing (``tell_error``);
* every reply is cut to Discord's 2,000 characters in one place (``tell``);
* a click on a match's controls is answered by its result when that is ready within ``ANSWER_WITHIN`` s of
  the click, else deferred then (``ClickAnswer``), so Discord's 3 s limit holds under load.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

import discord

from bot import i18n, metrics
from bot.engine import EngineError

# s after Discord created a click: unanswered by then, it is deferred (Discord drops an answer after 3 s). Counted
# from the click's snowflake, so a click that reached a busy bot late is deferred at once; never later than this
# after the handler starts, whatever the clocks say.
ANSWER_WITHIN = 0.5


def is_dm(interaction: discord.Interaction) -> bool:
    return interaction.guild_id is None


async def tell(interaction: discord.Interaction, text: str, **kwargs: Any) -> None:
    """A private one-line answer, whether or not the interaction was already deferred; every reply
    is cut to Discord's 2,000 characters here, in one place."""
    text = text if len(text) <= 2000 else text[:1999] + "…"
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True, **kwargs)
    else:
        await interaction.response.send_message(text, ephemeral=True, **kwargs)


async def tell_error(interaction: discord.Interaction, error: EngineError, locale: str) -> None:
    key = f"errors.{error.code}"
    metrics.error(f"refused:{error.code}")
    text = i18n.t(key, locale, **error.args_map) if i18n.has(key) else i18n.t("errors.engine_error", locale)
    await tell(interaction, text)


class ClickAnswer:
    """The one answer to a click on a match's controls. Discord's interaction response can carry the
    result itself (the clicked message updated, type 7): one REST call instead of a deferral and an edit
    of the original. The result is sent as the response when it is ready within ``ANSWER_WITHIN`` s of
    the click; otherwise the click is deferred then (so the 3 s limit holds under load) and the result
    comes as an edit of the original message."""

    def __init__(self, interaction: discord.Interaction) -> None:
        self.interaction = interaction
        self.lock = asyncio.Lock()  # the timer's deferral and the result never race for the response
        self.sleeping = True
        age = time.time() - interaction.created_at.timestamp()
        self.timer = asyncio.create_task(self._defer_later(min(ANSWER_WITHIN, max(0.0, ANSWER_WITHIN - age))),
                                         name="dueltable-click-deferral")

    async def _defer_later(self, delay: float) -> None:
        try:
            await asyncio.sleep(delay)
        except asyncio.CancelledError:
            return
        self.sleeping = False
        await self.defer()

    def _stop_timer(self) -> None:
        if self.sleeping:  # never cancel a deferral already on its way
            self.sleeping = False
            self.timer.cancel()

    async def defer(self) -> None:
        """Deferred now (an answer to come by followup or by editing the original)."""
        self._stop_timer()
        async with self.lock:
            if not self.interaction.response.is_done():
                await self.interaction.response.defer()

    async def update(self, **fields: Any) -> None:
        """The clicked message shows ``fields``: as the response, or, once deferred, as an edit of it."""
        self._stop_timer()
        async with self.lock:
            if self.interaction.response.is_done():
                await self.interaction.edit_original_response(**fields)
            else:
                await self.interaction.response.edit_message(**fields)

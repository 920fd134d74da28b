"""Seats played by clicking, as a person would: used by the demo, the benchmarks and the e2e tests.

A seat's live panel is the newest message the bot sent it (DM, or ephemeral from "My hand") that
carries answer controls; a random answer is one click on one of them.
"""

from __future__ import annotations

import asyncio
import random

from bot.fakediscord import FakeDiscord
from bot.fakediscord.models import FakeMessage

ANSWER_PREFIXES = ("dt:o:", "dt:s:", "dt:c:")


async def settle(fake: FakeDiscord, bot) -> None:
    """Wait until the fake saw no traffic for a moment *and* the bot has no handler in flight."""
    while True:
        await fake.idle()
        if bot.glue.busy == 0:
            await fake.idle()
            if bot.glue.busy == 0:
                return
        await asyncio.sleep(0.01)


def answer_controls(fake: FakeDiscord, message: FakeMessage) -> list[dict]:
    return [c for c in fake.components(message)
            if str(c.get("custom_id", "")).startswith(ANSWER_PREFIXES) and not c.get("disabled")]


def live_panel(fake: FakeDiscord, user_id: int) -> FakeMessage | None:
    """The newest private message to ``user_id`` with answer controls, DM or ephemeral."""
    candidates = [m for m in fake.dm_messages(user_id) + fake.ephemeral_messages(user_id)
                  if m.author_id == fake.bot_user_id and answer_controls(fake, m)]
    return max(candidates, key=lambda m: m.id) if candidates else None


async def click_random(fake: FakeDiscord, user_id: int, message: FakeMessage, rng: random.Random):
    control = rng.choice(answer_controls(fake, message))
    if control.get("type") == 3:  # select: respect its min/max values
        values = [option["value"] for option in control["options"]]
        count = rng.randint(control.get("min_values", 1), min(control.get("max_values", 1), len(values)))
        return await fake.select(user_id, message, control["custom_id"], rng.sample(values, count))
    return await fake.click(user_id, message, control["custom_id"])

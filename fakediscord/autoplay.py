"""Seats played by clicking, as a person would: used by the demo, the benchmarks and the e2e tests.

A seat's live panel is the newest message the bot sent it (DM, or ephemeral from "My hand") that
carries answer controls; a random answer is one click on one of them.
"""

from __future__ import annotations

import asyncio
import random

from fakediscord import FakeDiscord
from fakediscord.models import FakeMessage

ANSWER_PREFIXES = ("dt:o:", "dt:s:", "dt:c:")


async def settle(fake: FakeDiscord, bot, timeout: float = 10.0) -> None:
    """Wait until the fake saw no traffic for a moment *and* the bot has no handler in flight (each wait for the
    fake's quiet gives up after ``timeout`` s)."""
    while True:
        await fake.idle(timeout=timeout)
        if bot.busy == 0:
            await fake.idle(timeout=timeout)
            if bot.busy == 0:
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


async def click_random(fake: FakeDiscord, user_id: int, message: FakeMessage, rng: random.Random,
                       timeout: float = 5.0):
    control = rng.choice(answer_controls(fake, message))
    if control.get("type") == 3:  # select: respect its min/max values
        values = [option["value"] for option in control["options"]]
        count = rng.randint(control.get("min_values", 1), min(control.get("max_values", 1), len(values)))
        return await fake.select(user_id, message, control["custom_id"], rng.sample(values, count),
                                 timeout=timeout)
    return await fake.click(user_id, message, control["custom_id"], timeout=timeout)


def deck_option(game_id: str, rng: random.Random) -> dict[str, str]:
    """The challenger's ``deck`` option in a game played with decks: a ready-made deck at random (none
    in a game without decks)."""
    from bot.decks import ready_decks  # kept out of import time: the games load their cards lazily
    from bot.games import get_game

    rule = get_game(game_id).deck_rule
    return {} if rule is None else {"deck": f"ready:{game_id}:{rng.choice(ready_decks(game_id, rule)).id}"}


async def pick_deck(fake: FakeDiscord, opponent, accepted, rng: random.Random, timeout: float = 5.0) -> None:
    """The opponent's deck pick, at random, in the private select that follows their deferred Accept
    (``accepted``: the Accept click's record)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while loop.time() < deadline:
        for message in accepted.messages:
            picker = fake.find_component(message, custom_id_prefix="dt:cd:")
            if picker is not None:
                value = rng.choice(picker["options"])["value"]
                await fake.select(opponent, message, picker["custom_id"], [value], timeout=timeout)
                return
        await asyncio.sleep(0.02)
    raise TimeoutError("no deck picker after Accept")


async def challenge_and_accept(fake: FakeDiscord, guild, channel, game_id: str, challenger, opponent,
                               rng: random.Random, timeout: float = 5.0) -> int:
    """``/challenge`` and Accept, as two people would. In a deck game the challenger names a ready-made
    deck and the opponent picks one of the decks offered in their private select, both at random.
    Returns the challenge message's id, which is the id of the match's thread (started from it)."""
    options = {"game": game_id, "opponent": opponent, **deck_option(game_id, rng)}
    record = await fake.slash(challenger, guild, channel, "challenge", options=options, timeout=timeout)
    accept = fake.find_component(record.messages[0], custom_id_prefix="dt:ch:accept:")
    accepted = await fake.click(opponent, record.messages[0], accept["custom_id"], timeout=timeout)
    if "deck" in options:
        await pick_deck(fake, opponent, accepted, rng, timeout)
    return record.messages[0].id


async def challenge_bot(fake: FakeDiscord, guild, channel, game_id: str, member, rng: random.Random,
                        timeout: float = 5.0, level: str | None = None) -> int:
    """``/challenge`` Duel Table itself (the built-in bot player, at ``level``, else the default normal); a deck
    game names a ready-made deck at random. Returns the id of the match's thread (started from the reply)."""
    options = {"game": game_id, "opponent": fake.bot_user, **deck_option(game_id, rng)}
    if level is not None:
        options["level"] = level
    record = await fake.slash(member, guild, channel, "challenge", options=options, timeout=timeout)
    return record.messages[0].id

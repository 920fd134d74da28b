"""A test driver around the real bot and the fake Discord: challenge, accept, click options."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from bot.client import DuelTable
from bot.config import Settings
from bot.decks import ready_decks
from bot.games import get_game, playable_game_ids
from fakediscord.autoplay import answer_controls, live_panel, settle
from fakediscord.pytest_fixtures import FakeWorld


def e2e_settings(database: Path, **overrides) -> Settings:
    values = dict(token=None, database=str(database), inline_lookup=True, max_active_matches=3,
                  timer_interval=3600.0, challenge_ttl_hours=24.0, dev_guild_id=None, log_level="WARNING",
                  # The tests' own games (tiny) are registered in this process only: draw in threads here.
                  # The worker processes are tested by test_render_processes.py, the demos and the bench.
                  render_processes=0,
                  # Every step edits the live message, so tests see each one at once (the held steps of
                  # the default are tested by test_thread_budget.py)
                  thread_edit_s=0.0)
    values.update(overrides)
    return Settings(**values)


def make_bot(database: Path, clock, **overrides) -> DuelTable:
    return DuelTable(e2e_settings(database, **overrides), clock=clock, run_timekeeper=False,
                     seed_source=lambda: 11)


@dataclass
class Table:
    world: FakeWorld
    bot: DuelTable

    @property
    def fake(self):
        return self.world.fake

    async def settle(self, **options) -> None:
        """``fakediscord.autoplay.settle`` (its options, e.g. ``timeout``, as given)."""
        await settle(self.fake, self.bot, **options)

    async def challenge(self, user, opponent, game: str = "tiny", **options):
        rule = get_game(game).deck_rule if game in playable_game_ids() else None
        if rule is not None and "deck" not in options:  # deck games: the first ready-made deck
            options["deck"] = f"ready:{game}:{ready_decks(game, rule)[0].id}"
        options = {key: value for key, value in options.items() if value is not None}  # deck=None: no deck
        record = await self.fake.slash(user, self.world.guild, self.world.channel, "challenge",
                                       options={"game": game, "opponent": opponent, **options})
        await self.settle()
        return record

    async def click(self, user, message, custom_id: str, **options):
        """The fake's click (its options, e.g. ``timeout`` or ``locale``, as given), then settle."""
        record = await self.fake.click(user, message, custom_id, **options)
        await self.settle()
        return record

    async def accept(self, record, opponent, deck: str | None = None):
        """Press Accept; in a deck game, then pick ``deck`` (default: the last offered) in the private select."""
        message = record.messages[0]
        button = self.fake.find_component(message, custom_id_prefix="dt:ch:accept:")
        accepted = await self.click(opponent, message, button["custom_id"])
        picker = next((m for m in accepted.messages if self.fake.find_component(m, custom_id_prefix="dt:cd:")), None)
        if picker is None:
            return accepted
        select = self.fake.find_component(picker, custom_id_prefix="dt:cd:")
        value = deck or select["options"][-1]["value"]
        await self.fake.select(opponent, picker, select["custom_id"], [value])
        await self.settle()
        return accepted

    async def start(self, game: str = "tiny", **options):
        record = await self.challenge(self.world.alice, self.world.bob, game, **options)
        await self.accept(record, self.world.bob)
        return await self.match()

    async def match(self):
        matches = await self.bot.store.active_matches_of(self.world.alice.id)
        if matches:
            return matches[-1]
        return await self.bot.store.get_match(1)

    def thread(self):
        return self.fake.threads(self.world.channel)[0]

    def thread_messages(self):
        return self.fake.messages(self.thread())

    def panel(self, user):
        return live_panel(self.fake, user.id)

    def control_for(self, message, option: str) -> dict:
        for control in answer_controls(self.fake, message):
            if control["custom_id"].endswith(":" + option):
                return control
        raise AssertionError(f"no control for {option} in {[c['custom_id'] for c in answer_controls(self.fake, message)]}")

    async def play(self, user, option: str, message=None):
        message = message or self.panel(user)
        return await self.click(user, message, self.control_for(message, option)["custom_id"])

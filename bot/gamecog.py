"""The per-game cog: a slash group ``/<game>`` with ``move`` (typed move notation) and ``rules``.

Games differ only in their engine, pictures and text (their GameSpec); this cog is the same for
all of them; the client adds one ``GameCog`` per playable game.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot import i18n
from bot.engine import EngineError, StaleState, decision_for
from bot.games import get_game
from bot.i18n import cmd


class GameCog(commands.Cog):
    def __init__(self, bot, game_id: str) -> None:
        # One instance per game: the cog's name must be unique, so it carries the game id.
        self.__cog_name__ = f"Game:{game_id}"
        self.bot = bot
        self.game_id = game_id
        self.group = app_commands.Group(
            name=game_id, description=cmd(f"commands.game.{game_id}", i18n.t(f"games.{game_id}", "en")))
        self.group.command(name="move", description=cmd("commands.move.description",
                                                        "Play a move by its notation (faster than buttons)"))(
            app_commands.describe(move=cmd("commands.move.move", "Move notation; several separated by spaces"),
                                  match=cmd("commands.move.match", "Match number (defaults to this thread)"))(
                self._wrap_move()))
        self.group.get_command("move").autocomplete("move")(self.move_autocomplete)
        self.group.command(name="rules", description=cmd("commands.rules.description",
                                                         "Where to read this game's rules"))(self._wrap_rules())

    async def cog_load(self) -> None:
        self.bot.tree.add_command(self.group)

    async def cog_unload(self) -> None:
        self.bot.tree.remove_command(self.group.name)

    def _wrap_move(self):
        cog = self

        async def move(interaction: discord.Interaction, move: app_commands.Range[str, 1, 400],
                       match: app_commands.Range[int, 1, 2**53 - 1] | None = None) -> None:
            await cog.play_move(interaction, move, match)

        return move

    def _wrap_rules(self):
        cog = self

        async def rules(interaction: discord.Interaction) -> None:
            locale = await cog.bot.glue.user_locale(interaction)
            await cog.bot.glue.tell(interaction, i18n.t(f"{cog.game_id}.rules_summary", locale)
                                    if i18n.has(f"{cog.game_id}.rules_summary")
                                    else i18n.t("commands.rules.generic", locale, game=cog.game_id))

        return rules

    async def find_match(self, interaction: discord.Interaction, match_id: int | None):
        store = self.bot.store
        row = await store.get_match(match_id) if match_id else await store.match_by_thread(interaction.channel_id)
        if row is None and match_id is None:
            mine = [m for m in await store.active_matches_of(interaction.user.id) if m.game == self.game_id]
            row = mine[0] if len(mine) == 1 else None
        return row if row is not None and row.game == self.game_id else None

    async def play_move(self, interaction: discord.Interaction, move: str, match_id: int | None) -> None:
        glue = self.bot.glue
        locale = await glue.user_locale(interaction)
        row = await self.find_match(interaction, match_id)
        seat = row.seat_of(interaction.user.id) if row else None
        if row is None or seat is None:
            await glue.tell(interaction, i18n.t("errors.not_in_match", locale))
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        choice = tuple(part for part in move.replace(",", " ").split() if part)
        try:
            applied = await self.bot.service.decide(row.id, interaction.user.id, row.panel_version(seat), choice)
        except StaleState:
            await glue.tell_stale(interaction, await self.bot.store.get_match(row.id), locale)
            return
        except EngineError as error:
            await glue.tell_error(interaction, error, locale)
            return
        await interaction.followup.send(i18n.t("panel.chosen", locale, choice=" ".join(choice))[:2000],
                                        ephemeral=True)
        await glue.publish(applied)
        await glue.run_bot(await self.bot.store.get_match(row.id))

    async def move_autocomplete(self, interaction: discord.Interaction, current: str):
        row = await self.find_match(interaction, getattr(interaction.namespace, "match", None))
        seat = row.seat_of(interaction.user.id) if row else None
        if row is None or seat is None or row.status != "active":
            return []
        game = get_game(self.game_id)
        decision = decision_for(game.engine.pending(row.state), seat)
        if decision is None:
            return []
        locale = i18n.normalize_locale(interaction.locale)
        seat_view = game.engine.view(row.state, seat)
        current = current.lower().strip()
        choices = []
        for option in decision.options:
            label = game.option_label(option, seat_view, locale)
            if current in option.lower() or current in label.lower():
                choices.append(app_commands.Choice(name=f"{option} · {label}"[:100], value=option))
        return choices[:25]

"""The shared base of every game's cog: a slash group ``/<game>`` with ``move`` (typed move notation) and
``rules``.

Each game's package has its own cog in ``cogs/<game>/cog.py``, a subclass of ``GameCog`` that can add the
game's own commands to ``self.group``; the module names it ``COG``, and the client adds ``COG(bot, game_id)``
for every playable game, found through the registry (``bot.games.game_module(game_id, "cog")``). A game
registered at run time without a package (the platform tests' tiny game) gets ``GameCog`` itself.

The base lives in the platform (bot/ui/), not in cogs/: the client needs it for such games, and the platform
never imports from a game's package by name. A typed move is decided through the same ``Moves.submit``
as a click (bot/ui/moves.py): the same errors and metrics.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot import i18n
from bot.engine import decision_for
from bot.games import get_game
from bot.store import MatchRow
from bot.ui.commandtext import cmd
from bot.ui.inputs import is_match_number
from bot.ui.moves import TypedAnswer
from bot.ui.replies import tell


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
                                                         "Read this game's rules"))(self._wrap_rules())

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
            if get_game(cog.game_id).rulebook is not None:  # the illustrated, paged rulebook (bot/ui/rulebook.py)
                await cog.bot.rulebooks.open(interaction, cog.game_id)
                return
            locale = await cog.bot.members.user_locale(interaction)
            await tell(interaction, i18n.t(f"{cog.game_id}.rules_summary", locale)
                       if i18n.has(f"{cog.game_id}.rules_summary")
                       else i18n.t("commands.rules.generic", locale, game=cog.game_id))

        return rules

    async def find_match(self, interaction: discord.Interaction, match_id: int | None) -> MatchRow | None:
        """The match a command means: ``match_id``, else this thread's, else the member's one match of this game."""
        store = self.bot.store
        row = await store.get_match(match_id) if match_id is not None else \
            await store.match_by_thread(interaction.channel_id)
        if row is None and match_id is None:
            mine = [m for m in await store.active_matches_of(interaction.user.id) if m.game == self.game_id]
            row = mine[0] if len(mine) == 1 else None
        return row if row is not None and row.game == self.game_id else None

    async def play_move(self, interaction: discord.Interaction, move: str, match_id: int | None) -> None:
        locale = await self.bot.members.user_locale(interaction)
        row = await self.find_match(interaction, match_id)
        seat = row.seat_of(interaction.user.id) if row else None
        if row is None or seat is None:
            await tell(interaction, i18n.t("errors.not_in_match", locale))
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        choice = tuple(part for part in move.replace(",", " ").split() if part)
        await self.bot.moves.submit(TypedAnswer(interaction), row.id, row.panel_version(seat), choice)

    async def move_autocomplete(self, interaction: discord.Interaction, current: str):
        match_id = getattr(interaction.namespace, "match", None)
        if match_id is not None and not is_match_number(match_id):
            return []  # autocomplete runs before the options are checked: a forged number finds nothing
        row = await self.find_match(interaction, match_id)
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

"""/board: the position in words, privately, so a match can be followed and played without its pictures.

Anyone on the server gets the public position (the game's ``describe`` of the spectator view, the same words
as the thread board's alt text); a player of the match gets their own seat's view instead (what the public
sees plus their hand and secret cards) and their open question with the option ids ``/<game> move`` takes.
The thread's board posts carry a Board button that answers the same way (``BoardButton``).

A cog of its own rather than part of the players cog: it reads a match and answers, nothing more, and
keeps the already large, much-shared players cog out of it.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot import i18n
from bot.engine import decision_for
from bot.games import GameSpec, get_game
from bot.render.names import render_with_names
from bot.store import MatchRow
from bot.ui.commandtext import cmd
from bot.ui.members import match_in_reach
from bot.ui.panel import Names, format_prompt
from bot.ui.replies import tell

MESSAGE_LIMIT = 2000


def board_text(game: GameSpec, match: MatchRow, seat: int | None, locale: str, names: Names) -> str:
    """The position for ``seat``'s eyes (None: a spectator): what its view holds, in words, then the seat's
    open question with each option's id and label. Names as message text (escaped), never a ping."""
    engine = game.engine
    view = engine.view(match.state, seat)
    lines = [i18n.t("board.title", locale, game=i18n.t(f"games.{match.game}", locale), match_id=match.id)]
    if game.describe is not None:
        lines.append(render_with_names(names.seats, game.describe, view, locale))
    if match.status != "active" or seat is None:
        return "\n".join(lines)
    pending = engine.pending(match.state)
    decision = decision_for(pending, seat)
    if decision is None:
        # Not who else is asked: an opponent's secret question (Afterlife's instant windows) is hidden
        # information; whose turn it is the description already says, from the view.
        lines.append(i18n.t("board.no_question", locale))
        return "\n".join(lines)
    lines.append(i18n.t("board.question", locale, prompt=format_prompt(game, decision, locale, names)))
    if decision.max > 1:
        lines.append(i18n.t("panel.choose_between", locale, min=decision.min, max=decision.max))
    lines.extend(i18n.t("board.option", locale, option=option, label=game.option_label(option, view, locale))
                 for option in decision.options)
    lines.append(i18n.t("board.move_hint", locale, game=match.game, match_id=match.id))
    return "\n".join(lines)


def messages_of(text: str, limit: int = MESSAGE_LIMIT) -> list[str]:
    """The text in as few messages as Discord allows, broken between lines (a line too long is cut)."""
    out: list[str] = []
    for line in text.split("\n"):
        line = line if len(line) <= limit else line[: limit - 1] + "…"
        if out and len(out[-1]) + 1 + len(line) <= limit:
            out[-1] += "\n" + line
        else:
            out.append(line)
    return out


class Board(commands.Cog):
    def __init__(self, bot) -> None:
        self.bot = bot

    @app_commands.command(name="board", description=cmd(
        "commands.board.description", "The position in words, privately; your hand and question if you play"))
    @app_commands.describe(match=cmd("commands.board.match", "Match number (defaults to this thread's match)"))
    async def board(self, interaction: discord.Interaction,
                    match: app_commands.Range[int, 1, 2**53 - 1] | None = None) -> None:
        await self.answer(interaction, match)

    async def on_board(self, interaction: discord.Interaction, *, values: list[str], match_id: str) -> None:
        """The Board button on a thread's board post."""
        await self.answer(interaction, int(match_id))

    async def answer(self, interaction: discord.Interaction, match_id: int | None) -> None:
        locale = await self.bot.members.user_locale(interaction)
        row = await match_in_reach(self.bot, interaction, match_id, locale, "board")
        if row is None:
            return
        seat = row.seat_of(interaction.user.id)
        names = await self.bot.members.names(row)
        parts = messages_of(board_text(get_game(row.game), row, seat, locale, names))
        for part in parts:
            await tell(interaction, part)


async def setup(bot) -> None:
    await bot.add_cog(Board(bot))

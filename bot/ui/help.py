"""The ? on a seat's panel: its open question explained privately, in the clicker's language.

The click carries the match, the seat whose panel it sits on and that panel's version (``dt:q:``,
bot/ui/assist.py). Only that seat's member gets an explanation (anyone else is told it is not theirs); a panel
that is out of date gets the question open now, said to be the current one. The words come from bot/help.py,
which reads only the seat's own view and decision, so a ? never shows what the seat cannot see.
"""

from __future__ import annotations

import discord

from bot import i18n, metrics
from bot.engine import decision_for
from bot.games import get_game
from bot.help import decision_kind, help_body, rule_pointer
from bot.ui.components import RulebookPageButton, button, view_of
from bot.ui.host import TableBot
from bot.ui.members import Members
from bot.ui.panel import format_prompt
from bot.ui.replies import tell

TITLE_LIMIT = 256  # Discord's embed title
DESCRIPTION_LIMIT = 4096  # Discord's embed description


class QuestionHelp:
    """The handler of the panels' ? (``part("question_help", "on_help")``)."""

    def __init__(self, bot: TableBot, members: Members) -> None:
        self.bot = bot
        self.members = members

    async def on_help(self, interaction: discord.Interaction, *, values: list[str], match_id: str, seat: str,
                      version: str) -> None:
        locale = await self.members.user_locale(interaction)
        match = await self.bot.store.get_match(int(match_id))
        clicker = match.seat_of(interaction.user.id) if match else None
        if match is None or clicker is None:
            metrics.error("refused:not_in_match")
            await tell(interaction, i18n.t("errors.not_in_match", locale))
            return
        if clicker != int(seat):
            metrics.error("refused:help_not_yours")
            await tell(interaction, i18n.t("help.not_yours", locale))
            return
        if match.status != "active":
            await tell(interaction, i18n.t("help.finished", locale))
            return
        game = get_game(match.game)
        decision = decision_for(game.engine.pending(match.state), clicker)
        if decision is None:
            await tell(interaction, i18n.t("help.nothing", locale))
            return
        seat_view = game.engine.view(match.state, clicker)
        question = format_prompt(game, decision, locale, await self.members.names(match))
        body = help_body(game, decision, seat_view, locale)
        if int(version) != match.panel_version(clicker):
            body = f"{i18n.t('help.stale', locale)}\n{body}"
        embed = discord.Embed(title=i18n.t("help.title", locale, question=question)[:TITLE_LIMIT],
                              description=_cut(body, DESCRIPTION_LIMIT), colour=discord.Colour.blurple())
        embed.set_footer(text=i18n.t("help.footer", locale))
        pointer = rule_pointer(game, decision_kind(decision), locale)
        # The rulebook page opens in place of this private answer (the rulebook's own page control).
        extra = {"view": view_of(button(RulebookPageButton, f"dt:rb:{match.game}:{pointer.index}:n",
                                        i18n.t("help.open_page", locale, title=pointer.title)))} if pointer else {}
        await interaction.response.send_message(embed=embed, ephemeral=True, **extra)


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:limit - 1] + "…"

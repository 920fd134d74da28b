"""Moves: a member's decision, clicked on a panel or typed (``/<game> move``), through one ``submit``.

Both entrances meet in ``submit``: the same service call, the same private, localized errors ("out of date"
with the current panel), the same decision metrics (stored, published), then the publish and the bot
player's answer. They differ only in how the member is answered: a click by its ``ClickAnswer`` (the
clicked panel updated in the same REST call when the result is ready in time), a typed move by a
follow-up of its already deferred command (``TypedAnswer``). Also here: the other decisions a control
makes, claiming the win after the opponent's deadline and resigning.
"""

from __future__ import annotations

import logging
import time

import discord

from bot import i18n, metrics
from bot.engine import EngineError, IllegalChoice, StaleState, decision_for
from bot.games import get_game
from bot.help import explain_illegal
from bot.match import Applied
from bot.ui.host import TableBot
from bot.ui.members import Members
from bot.ui.panel import format_prompt
from bot.ui.panels import Panels
from bot.ui.publish import Publisher
from bot.ui.replies import ClickAnswer, is_dm, tell, tell_error

log = logging.getLogger(__name__)


class TypedAnswer:
    """The answer to a typed move (bot/ui/gamecog.py): its command is deferred (ephemeral, thinking) before
    the move is read, so errors and the acknowledgement follow it."""

    def __init__(self, interaction: discord.Interaction) -> None:
        self.interaction = interaction

    async def defer(self) -> None:
        """Already deferred by the command."""


class Moves:
    def __init__(self, bot: TableBot, members: Members, panels: Panels, publisher: Publisher) -> None:
        self.bot = bot
        self.members = members
        self.panels = panels
        self.publisher = publisher

    # ---- the controls of a panel -----------------------------------------------------------------

    async def on_option(self, interaction: discord.Interaction, *, values: list[str], match_id: str,
                        version: str, option: str) -> None:
        await self.submit(ClickAnswer(interaction), int(match_id), int(version), (option,))

    async def on_select(self, interaction: discord.Interaction, *, values: list[str], match_id: str,
                        version: str, page: str) -> None:
        await self.submit(ClickAnswer(interaction), int(match_id), int(version), tuple(values))

    async def on_confirm(self, interaction: discord.Interaction, *, values: list[str], match_id: str,
                         version: str, indices: str) -> None:
        locale = await self.members.user_locale(interaction)
        match = await self.bot.store.get_match(int(match_id))
        seat = match.seat_of(interaction.user.id) if match else None
        decision = None
        if match is not None and seat is not None and match.status == "active":
            decision = decision_for(get_game(match.game).engine.pending(match.state), seat)
        if decision is None or int(version) != match.panel_version(seat):
            await interaction.response.defer()
            await self.panels.tell_stale(interaction, match, locale)
            return
        try:
            choice = tuple(decision.options[int(i)] for i in indices.split("."))
        except (ValueError, IndexError):
            await tell(interaction, i18n.t("errors.illegal_choice", locale))
            return
        await self.submit(ClickAnswer(interaction), match.id, int(version), choice)

    # ---- one path for both ----------------------------------------------------------------------

    async def submit(self, answer: ClickAnswer | TypedAnswer, match_id: int, version: int,
                     choice: tuple[str, ...]) -> None:
        """Decide ``choice`` for the member in ``match_id`` at their panel's ``version``; answer them, publish,
        let the bot player answer. ``answer`` is made when the interaction arrives (a click's deadline runs
        from then)."""
        started = time.perf_counter()  # the decision-latency metric: received -> stored -> published
        interaction = answer.interaction
        locale = await self.members.user_locale(interaction)
        try:
            applied = await self.bot.service.decide(match_id, interaction.user.id, version, choice)
        except StaleState:
            await answer.defer()
            await self.panels.tell_stale(interaction, await self.bot.store.get_match(match_id), locale)
            return
        except IllegalChoice as error:
            await answer.defer()
            await self.tell_illegal(interaction, match_id, choice, error, locale)
            return
        except EngineError as error:
            await answer.defer()
            await tell_error(interaction, error, locale)
            return
        except BaseException:
            await answer.defer()
            raise
        metrics.observe_decision(applied.after.game, "stored", started)
        if isinstance(answer, TypedAnswer):
            await interaction.followup.send(i18n.t("panel.chosen", locale, choice=" ".join(choice))[:2000],
                                            ephemeral=True)
            await self.publisher.publish_then_bot(applied, started)
            return
        game = get_game(applied.after.game)
        seat_view = game.engine.view(applied.before.state, applied.seat)
        chosen = ", ".join(game.option_label(option, seat_view, locale) for option in choice)
        ack = i18n.t("panel.chosen", locale, choice=chosen)
        answered = await self.answer_on_panel(answer, applied, ack)
        if answered is None:
            await answer.update(content=ack[:2000], view=None)
        if is_dm(interaction):
            self.publisher.publish_later(applied, answered, started)
            return
        # A click in the server may need its ephemeral panel: a follow-up of this very interaction.
        await self.publisher.publish_then_bot(applied, started, origin=interaction, answered=answered)

    async def tell_illegal(self, interaction: discord.Interaction, match_id: int, choice: tuple[str, ...],
                           error: IllegalChoice, locale: str) -> None:
        """Which rule forbids ``choice``, with the question open now: from the seat's own view and decision only
        (bot/help.py), never the match state, so the reason tells nothing the seat's panel does not."""
        match = await self.bot.store.get_match(match_id)
        seat = match.seat_of(interaction.user.id) if match is not None else None
        decision = None
        if match is not None and seat is not None and match.status == "active":
            game = get_game(match.game)
            decision = decision_for(game.engine.pending(match.state), seat)
        if decision is None:  # the match moved on meanwhile: nothing open to explain against
            await tell_error(interaction, error, locale)
            return
        metrics.error(f"refused:{error.code}")
        prompt = format_prompt(game, decision, locale, await self.members.names(match))
        await tell(interaction, explain_illegal(game, decision, game.engine.view(match.state, seat), choice, prompt,
                                                locale))

    async def answer_on_panel(self, answer: ClickAnswer, applied: Applied, ack: str) -> int | None:
        """A click on the seat's own DM panel: the answer is that panel as this decision leaves it (the
        acknowledgement first), so one REST call both answers and updates it. Returns the seat, or None when
        the click came from elsewhere (an ephemeral panel, an older DM) or the panel could not be updated."""
        interaction, seat, match = answer.interaction, applied.seat, applied.after
        record = applied.before.dm_panels.get(str(seat)) or {}
        if not (is_dm(interaction) and interaction.message is not None and interaction.message.id == record.get("m")
                and self.bot.owns_guild(match.guild_id) and match.dm_ok[seat]):
            return None
        fields, digest = await self.panels.panel_fields(match, seat, await self.members.names(match), record)
        try:
            await answer.update(**(fields | {"content": f"{ack}\n{fields['content']}"[:2000]}))
        except discord.HTTPException as error:
            log.info("panel %s of match %s not updated by its click's answer (%s)", record["m"], match.id, error)
            return None
        # The next step of its own chain is edited in place again: remember what the panel shows.
        await self.panels.remember_panel(match, seat, record, digest,
                                         not applied.finished and seat in applied.new_decisions)
        return seat

    # ---- claim and resign --------------------------------------------------------------------------

    async def on_claim(self, interaction: discord.Interaction, *, values: list[str], match_id: str) -> None:
        locale = await self.members.user_locale(interaction)
        await interaction.response.defer()
        try:
            applied = await self.bot.service.claim_win(int(match_id), interaction.user.id)
        except EngineError as error:  # NotClaimable, NotInMatch, GameOver, StaleState
            await tell_error(interaction, error, locale)
            return
        await self.publisher.publish(applied)

    async def on_resign_confirm(self, interaction: discord.Interaction, *, values: list[str],
                                match_id: str) -> None:
        locale = await self.members.user_locale(interaction)
        await interaction.response.defer()
        try:
            applied = await self.bot.service.resign(int(match_id), interaction.user.id)
        except EngineError as error:
            await tell_error(interaction, error, locale)
            return
        await interaction.edit_original_response(content=i18n.t("resign.done", locale), view=None)
        await self.publisher.publish(applied)

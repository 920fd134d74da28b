"""The challenge flow: Accept, Decline and Cancel on a challenge post, and the deck the taker picks.

/challenge (cogs/lobby.py) and the Rematch button (cogs/players.py) post a challenge with
``challenge_view``; its buttons come here. Accepting checks both players' active-match limits, then starts
the match (a rematch: seats swapped, its series carried on) and opens it (``Publisher.open_match``). In a
game played with a deck, the taker first picks theirs privately (an ephemeral select), so nobody else sees it.
"""

from __future__ import annotations

import discord
from discord.ext import commands

from bot import i18n
from bot.games import get_game
from bot.store import OPEN_OPPONENT, ActiveMatchLimit, ChallengeRow, MatchRow
from bot.ui.components import ChallengeButton, button, deck_select, rules_button, view_of, view_with
from bot.ui.replies import tell
from cogs.decks import pick_choices, pick_deck


def challenge_view(challenge_id: int, locale: str, game: str | None = None) -> discord.ui.View:
    """Accept, decline, cancel; with ``game``, "Read the rules" too (a game with a rulebook)."""
    return view_with(
        button(ChallengeButton, f"dt:ch:accept:{challenge_id}", i18n.t("challenge.accept", locale),
               style=discord.ButtonStyle.success),
        button(ChallengeButton, f"dt:ch:decline:{challenge_id}", i18n.t("challenge.decline", locale),
               style=discord.ButtonStyle.danger),
        button(ChallengeButton, f"dt:ch:cancel:{challenge_id}", i18n.t("challenge.cancel", locale)),
        rules_button(game, locale) if game else None,
    )


def accepted_text(challenge: ChallengeRow, acceptor: int | None = None) -> str:
    opponent = challenge.opponent_id if challenge.opponent_id != OPEN_OPPONENT else acceptor
    return i18n.t("challenge.accepted", challenge.locale, challenger=f"<@{challenge.challenger_id}>",
                  opponent=f"<@{opponent}>", game=i18n.t(f"games.{challenge.game}", challenge.locale))


def over_limit_text(refusal: ActiveMatchLimit, user_id: int, locale: str) -> str:
    """Why a challenge or a match was refused at the active-match limit, told to ``user_id``."""
    if refusal.user_id == user_id:
        return i18n.t("challenge.too_many_self", locale, limit=refusal.limit)
    return i18n.t("challenge.too_many_opponent", locale, limit=refusal.limit, opponent=f"<@{refusal.user_id}>")


async def refuse_over_limit(bot, interaction: discord.Interaction, challenge: ChallengeRow, locale: str) -> bool:
    """Tells the taker and returns True when either player has as many active matches as allowed. An early
    answer only (before a deck pick, say): the match's own transaction checks again (``start_or_refuse``)."""
    limit = bot.settings.max_active_matches
    for member in (interaction.user.id, challenge.challenger_id):
        # The challenger may have started other matches while this challenge waited.
        if await bot.store.count_active(member) >= limit:
            await tell(interaction, over_limit_text(ActiveMatchLimit(member, limit), interaction.user.id, locale))
            return True
    return False


async def start_or_refuse(bot, interaction: discord.Interaction, challenge: ChallengeRow, options: dict[str, str],
                          locale: str, acceptor: int | None = None) -> MatchRow | None:
    """The match a challenge starts; or None, after telling the taker privately why not: the challenge was
    closed meanwhile (taken by another press), or a player is at the active-match limit, counted in the
    transaction that would create the match (so challenges accepted at once cannot pass it together)."""
    try:
        match = await start_challenge(bot, challenge, options, acceptor)
    except ActiveMatchLimit as refusal:
        await tell(interaction, over_limit_text(refusal, interaction.user.id, locale))
        return None
    if match is None:
        current = await bot.store.get_challenge(challenge.id)
        taken = challenge.rematch_of is not None and current is not None and current.status == "accepted"
        await tell(interaction, i18n.t("players.rematch.taken" if taken else "challenge.closed", locale))
    return match


async def start_challenge(bot, challenge: ChallengeRow, options: dict[str, str],
                          acceptor: int | None = None) -> MatchRow | None:
    """The match a challenge starts (None: it was closed meanwhile). Raises ActiveMatchLimit when a player
    already has as many active matches as allowed."""
    opponent = challenge.opponent_id
    if opponent == OPEN_OPPONENT:  # an open challenge: whoever accepted
        opponent = acceptor
    players = (challenge.challenger_id, opponent)
    series_id = None
    if challenge.rematch_of is not None:  # a rematch: seats swapped, whoever asked first
        previous = await bot.store.get_match(challenge.rematch_of)
        if previous is not None:
            players = (previous.players[1], previous.players[0])
            series_id = previous.series_id or previous.id
    return await bot.service.start(
        game_id=challenge.game, options=options, seed=bot.new_seed(),
        guild_id=challenge.guild_id, channel_id=challenge.channel_id,
        players=players, bot_seat=None, days=challenge.days,
        locale=challenge.locale, challenge_id=challenge.id, rated=bool(challenge.rated), series_id=series_id,
        active_limit=bot.settings.max_active_matches,
    )


class Challenges(commands.Cog):
    """The handler of the challenge buttons (``dt:ch:``) and the taker's deck select (``dt:cd:``)."""

    def __init__(self, bot) -> None:
        self.bot = bot

    async def on_challenge(self, interaction: discord.Interaction, *, values: list[str], action: str,
                           challenge_id: str) -> None:
        store = self.bot.store
        locale = await self.bot.members.user_locale(interaction)
        challenge = await store.get_challenge(int(challenge_id))
        if challenge is None or challenge.status != "open":
            await tell(interaction, i18n.t("challenge.closed", locale))
            return
        user_id = interaction.user.id
        is_open = challenge.opponent_id == OPEN_OPPONENT
        if is_open and action != "cancel":  # an open challenge: anyone but the challenger may take it
            if user_id == challenge.challenger_id or action == "decline":
                await tell(interaction, i18n.t("players.open.not_yourself" if action == "accept"
                                               else "players.open.no_decline", locale))
                return
        else:
            allowed = challenge.challenger_id if action == "cancel" else challenge.opponent_id
            if user_id != allowed:
                key = "challenge.not_yours_cancel" if action == "cancel" else "challenge.not_yours"
                await tell(interaction, i18n.t(key, locale))
                return
        if action in ("decline", "cancel"):
            status = "declined" if action == "decline" else "cancelled"
            if not await store.close_challenge(challenge.id, status):
                await tell(interaction, i18n.t("challenge.closed", locale))
                return
            key = "players.open.cancelled" if is_open else f"challenge.{status}"
            text = i18n.t(key, challenge.locale, challenger=f"<@{challenge.challenger_id}>",
                          opponent=f"<@{challenge.opponent_id}>")
            await interaction.response.edit_message(content=text, view=None,
                                                    allowed_mentions=discord.AllowedMentions.none())
            return
        await interaction.response.defer()
        if await refuse_over_limit(self.bot, interaction, challenge, locale):
            return
        if get_game(challenge.game).deck_rule is not None and challenge.rematch_of is None:
            # Deck games: the opponent picks privately; the match starts from that pick (a rematch
            # keeps the decks of the match it repeats).
            await self.offer_deck_pick(interaction, challenge, locale)
            return
        match = await start_or_refuse(self.bot, interaction, challenge, dict(challenge.options), locale, user_id)
        if match is None:
            return
        await interaction.edit_original_response(
            content=accepted_text(challenge, user_id), view=None,
            allowed_mentions=discord.AllowedMentions.none())
        await self.bot.publisher.open_match(match, challenge.message_id)

    async def offer_deck_pick(self, interaction: discord.Interaction, challenge: ChallengeRow, locale: str) -> None:
        """An ephemeral select of the opponent's legal decks: nobody else sees what they pick."""
        options, unusable = await pick_choices(self.bot, interaction.user.id, challenge.game, locale)
        text = i18n.t("decks.pick_prompt", locale, game=i18n.t(f"games.{challenge.game}", locale))
        if unusable:
            text += "\n" + i18n.t("decks.pick_unusable", locale, decks="; ".join(unusable[:5]))
        await tell(interaction, text[:2000], view=view_of(deck_select(
            challenge.id, i18n.t("decks.pick_placeholder", locale), options)))

    async def on_challenge_deck(self, interaction: discord.Interaction, *, values: list[str],
                                challenge_id: str) -> None:
        locale = await self.bot.members.user_locale(interaction)
        challenge = await self.bot.store.get_challenge(int(challenge_id))
        if challenge is None or challenge.status != "open":
            await tell(interaction, i18n.t("challenge.closed", locale))
            return
        taker_ok = (interaction.user.id != challenge.challenger_id if challenge.opponent_id == OPEN_OPPONENT
                    else interaction.user.id == challenge.opponent_id)
        if not taker_ok:
            await tell(interaction, i18n.t("challenge.not_yours", locale))
            return
        deck, refusal = await pick_deck(self.bot, interaction.user.id, challenge.game, (values or [""])[0], locale)
        if deck is None:
            await tell(interaction, refusal)
            return
        await interaction.response.defer()
        if await refuse_over_limit(self.bot, interaction, challenge, locale):
            return
        options = dict(challenge.options) | {"deck0": challenge.challenger_deck or "", "deck1": deck}
        match = await start_or_refuse(self.bot, interaction, challenge, options, locale, interaction.user.id)
        if match is None:
            return
        await interaction.edit_original_response(content=i18n.t("decks.picked", locale), view=None)
        if challenge.message_id is not None:
            message = self.bot.get_partial_messageable(challenge.channel_id).get_partial_message(challenge.message_id)
            await message.edit(content=accepted_text(challenge, interaction.user.id), view=None,
                               allowed_mentions=discord.AllowedMentions.none())
        await self.bot.publisher.open_match(match, challenge.message_id)


async def setup(bot) -> None:
    await bot.add_cog(Challenges(bot))

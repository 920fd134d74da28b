"""/card lookup with autocomplete, and optional inline [[name]] lookups (needs the message-content intent)."""

from __future__ import annotations

import asyncio
import io
import re

import discord
from discord import app_commands
from discord.ext import commands

from bot import i18n
from bot.alttext import fit
from bot.cards import Card
from bot.games import get_game
from bot.lookup import default_index
from bot.render.card import render_generic_card
from bot.render.toolkit import render_off_loop
from bot.ui.commandtext import cmd
from bot.ui.inputs import game_choices
from bot.ui.replies import tell

INLINE_RE = re.compile(r"\[\[([^\[\]\n]{1,80})\]\]")
INLINE_LIMIT = 3
EMBED_FIELDS = 10


def card_embed(card: Card, locale: str, filename: str) -> discord.Embed:
    other = card.name_en if locale == "ja" else card.name_ja
    embed = discord.Embed(title=f"{card.name(locale)} ({other})"[:256], description=card.text(locale)[:4096],
                          colour=discord.Colour.dark_gold())
    for name, value in card_fields(card, locale)[:EMBED_FIELDS]:
        embed.add_field(name=name[:256], value=value[:1024], inline=True)
    source = i18n.t(f"card.source_{card.source}", locale)
    embed.set_footer(text=f"{i18n.t(f'games.{card.game}', locale)} · {card.id} · {source}")
    embed.set_image(url=f"attachment://{filename}")
    return embed


def card_fields(card: Card, locale: str) -> list[tuple[str, str]]:
    """The card's headline stats as (label, value), in the reader's language. Only stats with a label
    in the locale files are shown (``card.field.<stat>``); the rest (internal data such as layouts or
    effect parameters) is on the rendered card. Values are translated where the locale names them
    (``card.value.<game>.<stat>.<value>``)."""
    fields = []
    for key, value in card.stats.items():
        if not isinstance(value, str | int | float) or isinstance(value, bool) or not str(value):
            continue
        if not i18n.has(f"card.field.{key}") or (card.game, key) in HIDDEN_FIELDS:
            continue
        value_key = f"card.value.{card.game}.{key}.{value}"
        shown = i18n.t(value_key, locale) if i18n.has(value_key) else str(value)
        fields.append((i18n.t(f"card.field.{key}", locale), shown))
    return fields


# Stats whose meaning differs by game and is clearer on the picture than as a bare number.
HIDDEN_FIELDS = {("afterlife", "public")}


def render_card_png(card: Card, locale: str) -> bytes:
    renderer = get_game(card.game).render_card or render_generic_card
    return renderer(card, locale)


def card_alt_text(card: Card, locale: str) -> str:
    """The card picture in words: its name, game and number, headline stats and text (the game's own
    words for its picture where it has them, ``GameSpec.describe_card``)."""
    describe = get_game(card.game).describe_card
    if describe is not None:
        return fit(describe(card, locale))
    stats = "、".join if locale == "ja" else ", ".join
    return fit(i18n.t("alt.card", locale, name=card.name(locale), game=i18n.t(f"games.{card.game}", locale),
                      id=card.id, stats=stats(f"{name} {value}" for name, value in card_fields(card, locale))
                      or i18n.t("alt.none", locale), text=card.text(locale) or i18n.t("alt.none", locale)))


async def card_message(cards: list[Card], locale: str) -> tuple[list[discord.Embed], list[discord.File]]:
    embeds, files = [], []
    for index, card in enumerate(cards):
        filename = f"card{index}.png"
        data = await render_off_loop(render_card_png, card, locale)
        files.append(discord.File(io.BytesIO(data), filename=filename, description=card_alt_text(card, locale)))
        embeds.append(card_embed(card, locale, filename))
    return embeds, files


def candidates_text(query: str, candidates: list[Card], locale: str) -> str:
    if not candidates:
        return i18n.t("card.not_found", locale, query=query[:80])
    names = ", ".join(f"{c.name(locale)} ({i18n.t(f'games.{c.game}', locale)} {c.id})" for c in candidates[:10])
    return i18n.t("card.ambiguous", locale, query=query[:80], names=names)


class Cards(commands.Cog):
    def __init__(self, bot) -> None:
        self.bot = bot
        self._warming: asyncio.Task | None = None

    async def cog_load(self) -> None:
        # Building the index loads every game's cards (~0.5 s of CPU): do it in a thread at start-up, not on
        # the event loop inside the first /card (which must answer within 3 s).
        self._warming = asyncio.create_task(asyncio.to_thread(default_index))

    @app_commands.command(name="card", description=cmd("commands.card.description",
                                                        "Look up a card's text (English or Japanese name)"))
    @app_commands.describe(name=cmd("commands.card.name", "Card name or number"),
                           game=cmd("commands.card.game", "Only this game"))
    @app_commands.choices(game=game_choices(with_cards=True))
    async def card(self, interaction: discord.Interaction, name: str, game: str | None = None) -> None:
        locale = await self.bot.members.user_locale(interaction)
        found, candidates = default_index().resolve(name, game=game, prefer_game=await self.thread_game(
            interaction.channel_id))
        if found is None:
            await tell(interaction, candidates_text(name, candidates, locale))
            return
        await interaction.response.defer(thinking=True)
        embeds, files = await card_message([found], locale)
        await interaction.followup.send(embeds=embeds, files=files)

    @card.autocomplete("name")
    async def card_autocomplete(self, interaction: discord.Interaction, current: str):
        locale = i18n.normalize_locale(interaction.locale)
        game = getattr(interaction.namespace, "game", None)
        hits = default_index().search(current, game=game, limit=25)
        return [app_commands.Choice(name=f"{hit.card.name(locale)} · {i18n.t(f'games.{hit.card.game}', locale)}"[:100],
                                    value=f"{hit.card.game}:{hit.card.id}"[:100]) for hit in hits]

    async def thread_game(self, channel_id: int | None) -> str | None:
        if channel_id is None:
            return None
        match = await self.bot.store.match_by_thread(channel_id)
        return match.game if match else None

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        if not self.bot.settings.inline_lookup or message.author.bot or "[[" not in message.content:
            return
        with self.bot.working():
            await self.answer_inline(message)

    async def answer_inline(self, message: discord.Message) -> None:
        if message.guild is not None:
            settings = await self.bot.store.guild_settings(message.guild.id)
            if not settings.get("inline_lookup"):
                return
        queries = INLINE_RE.findall(message.content)
        if not queries:
            return
        locale = await self.bot.store.user_locale(message.author.id) or (
            i18n.normalize_locale(message.guild.preferred_locale) if message.guild else "en")
        prefer = await self.thread_game(message.channel.id)
        found, notes = [], []
        for query in queries[:INLINE_LIMIT]:
            card, candidates = default_index().resolve(query, prefer_game=prefer)
            if card is None:
                notes.append(candidates_text(query, candidates, locale))
            elif card not in found:
                found.append(card)
        if len(queries) > INLINE_LIMIT:
            notes.append(i18n.t("card.too_many_inline", locale, limit=INLINE_LIMIT))
        embeds, files = await card_message(found, locale)
        await message.reply("\n".join(notes)[:2000] or None, embeds=embeds, files=files, mention_author=False)


async def setup(bot) -> None:
    await bot.add_cog(Cards(bot))

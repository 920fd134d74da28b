"""/deck: build, keep, show, share and copy decks for every game that declares a deck rule.

Decks belong to a user (not a server) and are private unless exported. Each game's rule lives in its
GameSpec (``deck_rule``); this cog only translates between Discord and ``bot/decks.py`` + the store.
"""

from __future__ import annotations

import io

import discord
from discord import app_commands
from discord.ext import commands

from bot import i18n
from bot.alttext import fit, listing
from bot.cards import Card
from bot.decks import (
    MAX_DECKS_PER_USER,
    MAX_NAME_LENGTH,
    Deck,
    DeckCodeError,
    DeckRule,
    ReadyDeck,
    clean_name,
    deck_option,
    decode_deck,
    encode_deck,
    ready_decks,
    validate,
)
from bot.games import get_game, playable_game_ids
from bot.lookup import CardIndex, normalize
from bot.render.deck import render_deck
from bot.render.toolkit import render_off_loop
from bot.store import DeckLimitReached, DeckNameTaken, DeckRow
from bot.ui.commandtext import cmd
from bot.ui.components import DeckDeleteButton, button, view_of
from bot.ui.replies import tell

READY_PREFIX = "ready:"
MAX_COUNT = 40


def deck_games() -> list[str]:
    return [game_id for game_id in playable_game_ids() if get_game(game_id).deck_rule is not None]


def deck_game_choices() -> list[app_commands.Choice[str]]:
    # Built when the cog loads: a game whose package lands later appears after a restart.
    return [app_commands.Choice(name=cmd(f"games.{game_id}", i18n.t(f"games.{game_id}", "en")), value=game_id)
            for game_id in deck_games()]


def rule_of(game_id: str) -> DeckRule:
    rule = get_game(game_id).deck_rule
    if rule is None:
        raise KeyError(game_id)
    return rule


def cards_of(game_id: str) -> dict[str, Card]:
    return {card.id: card for card in get_game(game_id).cards()}


def find_ready(game_id: str | None, text: str) -> ReadyDeck | None:
    """A ready-made deck by ``ready:<game>:<id>``, ``ready:<id>``, its id or its name (en or ja)."""
    wanted = text.strip()
    if wanted.startswith(READY_PREFIX):
        wanted = wanted[len(READY_PREFIX):]
    if ":" in wanted:
        game_part, _, wanted = wanted.partition(":")
        game_id = game_part if game_part in deck_games() else game_id
    key = normalize(wanted)
    for game in [game_id] if game_id else deck_games():
        if game not in deck_games():
            continue
        for deck in ready_decks(game, rule_of(game)):
            if key in (normalize(deck.id), normalize(deck.name_en), normalize(deck.name_ja)):
                return deck
    return None


def problem_lines(game_id: str, deck: Deck, locale: str) -> list[str]:
    cards = cards_of(game_id)
    lines = []
    for problem in validate(rule_of(game_id), cards, deck):
        args = dict(problem.args)
        if "card" in args:
            card = cards.get(str(args["card"]))
            args["card"] = card.name(locale) if card else str(args["card"])[:24]
        if "group" in args:
            args["group"] = group_label(game_id, str(args["group"]), locale)
        lines.append(i18n.t(f"decks.problem.{problem.code}", locale, **args))
    return lines


def group_label(game_id: str, group: str, locale: str) -> str:
    key = f"decks.group.{game_id}.{group}"
    return i18n.t(key, locale) if i18n.has(key) else group


def deck_image(game_id: str, name: str, deck: Deck, locale: str) -> bytes:
    rule = rule_of(game_id)
    return render_deck(game_id=game_id, name=name, deck=deck, cards=cards_of(game_id), rule=rule,
                       problems=problem_lines(game_id, deck, locale), locale=locale,
                       group_label=lambda group: group_label(game_id, group, locale))


def deck_alt_text(game_id: str, name: str, deck: Deck, locale: str) -> str:
    """The deck picture in words: its name, game, size and each card with its copies."""
    known = cards_of(game_id)
    entries = [i18n.t("alt.deck_entry", locale, count=count, card=known[card_id].name(locale) if card_id in known
                      else card_id) for card_id, count in deck.items() if count]
    return fit(i18n.t("alt.deck", locale, name=name, game=i18n.t(f"games.{game_id}", locale),
                      count=sum(deck.values()), cards=listing(entries, locale)))


async def find_own(bot, user_id: int, text: str) -> DeckRow | None:
    text = text.strip()
    if text.startswith("#") and text[1:].isdigit() and len(text) < 14:
        return await bot.store.get_deck_by_id(user_id, int(text[1:]))
    return await bot.store.get_deck(user_id, clean_name(text))


async def pick_deck(bot, user_id: int, game: str, text: str, locale: str) -> tuple[str | None, str]:
    """A deck picked for a match (``ready:...``, ``#id``, one of the user's names, or a ready-made
    deck's name) as the engine's deck option; or ``None`` and the private reason it cannot be used."""
    ready = find_ready(game, text) if text.startswith(READY_PREFIX) else None
    row = None if ready else await find_own(bot, user_id, text)
    if ready is None and row is None:
        ready = find_ready(game, text)
    if ready is not None:
        name, cards = ready.name(locale), dict(ready.cards)
    elif row is not None and row.game == game:
        name, cards = row.name, dict(row.cards)
    elif row is not None:
        return None, i18n.t("decks.wrong_game", locale, name=row.name, game=i18n.t(f"games.{game}", locale))
    else:
        return None, i18n.t("decks.not_found", locale, name=clean_name(text)[:40] or "-")
    problems = problem_lines(game, cards, locale)
    if problems:
        return None, i18n.t("decks.cannot_pick", locale, name=name, reasons="; ".join(problems[:6]))[:1900]
    return deck_option(cards), ""


async def pick_choices(bot, user_id: int, game: str, locale: str) -> tuple[list[discord.SelectOption], list[str]]:
    """Select options for a private deck pick (ready-made first, then the user's legal decks), and the
    user's decks that cannot be picked, each with its first reason."""
    options = [discord.SelectOption(label=deck.name(locale)[:100], value=f"{READY_PREFIX}{game}:{deck.id}"[:100],
                                    description=(i18n.t("decks.ready_made", locale) + " · " + deck.style(locale))[:100])
               for deck in ready_decks(game, rule_of(game))]
    unusable = []
    for row in await bot.store.list_decks(user_id, game):
        problems = problem_lines(game, row.cards, locale)
        if problems:
            unusable.append(f"{row.name}: {problems[0]}")
        elif len(options) < 25:
            options.append(discord.SelectOption(label=row.name[:100], value=f"#{row.id}",
                                                description=i18n.t("decks.your_deck", locale)[:100]))
    return options[:25], unusable


class Decks(commands.Cog):
    group = app_commands.Group(name="deck", description=cmd("commands.deck.description",
                                                            "Build, keep and share your decks"))

    def __init__(self, bot) -> None:
        self.bot = bot
        self._index: dict[str, CardIndex] = {}

    def index(self, game_id: str) -> CardIndex:
        if game_id not in self._index:
            self._index[game_id] = CardIndex(get_game(game_id).cards())
        return self._index[game_id]


    async def my_deck(self, interaction: discord.Interaction, name: str, locale: str) -> DeckRow | None:
        """The caller's deck named ``name`` (or an autocomplete value ``#<id>``); tells them if none."""
        row = await find_own(self.bot, interaction.user.id, name)
        if row is None:
            await tell(interaction, i18n.t("decks.not_found", locale, name=clean_name(name)[:40] or "-"))
        return row

    # ---- commands ------------------------------------------------------------------------------

    @group.command(name="new", description=cmd("commands.deck.new", "Start a new deck (empty or from a ready-made one)"))
    @app_commands.describe(game=cmd("commands.deck.game", "The game"),
                           name=cmd("commands.deck.name", "The deck's name (up to 40 characters)"),
                           copy_of=cmd("commands.deck.copy_of", "Start from a ready-made deck or one of yours"))
    async def new(self, interaction: discord.Interaction, game: str,
                  name: app_commands.Range[str, 1, 100], copy_of: str | None = None) -> None:
        locale = await self.bot.members.user_locale(interaction)
        if game not in deck_games():
            await tell(interaction, i18n.t("decks.no_deck_game", locale, game=game[:20]))
            return
        cards: Deck = {}
        if copy_of:
            source = await self.source_deck(interaction, game, copy_of)
            if source is None:
                await tell(interaction, i18n.t("decks.not_found", locale, name=clean_name(copy_of) or "-"))
                return
            cards = source
        await self.create(interaction, game, name, cards, locale)

    async def any_deck(self, interaction: discord.Interaction, name: str,
                       locale: str) -> tuple[str, str, Deck] | None:
        """(game, title, cards) of a ready-made deck (``ready:...``) or one of the caller's; tells them if none."""
        ready = find_ready(None, name) if name.startswith(READY_PREFIX) else None
        if ready is not None:
            return ready.game, ready.name(locale), dict(ready.cards)
        row = await self.my_deck(interaction, name, locale)
        return None if row is None else (row.game, row.name, dict(row.cards))

    async def source_deck(self, interaction: discord.Interaction, game: str, text: str) -> Deck | None:
        ready = find_ready(game, text)
        if ready is not None:
            return dict(ready.cards)
        row = await find_own(self.bot, interaction.user.id, text)
        return dict(row.cards) if row is not None and row.game == game else None

    async def create(self, interaction: discord.Interaction, game: str, raw_name: str, cards: Deck,
                     locale: str) -> DeckRow | None:
        name = clean_name(raw_name)
        if not name:
            await tell(interaction, i18n.t("decks.bad_name", locale, limit=MAX_NAME_LENGTH))
            return None
        try:
            row = await self.bot.store.create_deck(user_id=interaction.user.id, game=game, name=name, cards=cards,
                                                   now=self.bot.clock(), limit=MAX_DECKS_PER_USER)
        except DeckLimitReached:
            await tell(interaction, i18n.t("decks.too_many", locale, limit=MAX_DECKS_PER_USER))
            return None
        except DeckNameTaken:
            await tell(interaction, i18n.t("decks.name_taken", locale, name=name))
            return None
        await tell(interaction, i18n.t("decks.created", locale, name=name,
                                       game=i18n.t(f"games.{game}", locale),
                                       count=sum(cards.values()),
                                       status=self.status_line(game, cards, locale)))
        return row

    def status_line(self, game: str, cards: Deck, locale: str) -> str:
        problems = problem_lines(game, cards, locale)
        if not problems:
            return i18n.t("decks.valid", locale)
        return i18n.t("decks.invalid", locale, reasons="; ".join(problems[:6]))[:900]

    @group.command(name="add", description=cmd("commands.deck.add", "Add copies of a card to one of your decks"))
    @app_commands.describe(name=cmd("commands.deck.which", "Your deck"), card=cmd("commands.deck.card", "The card"),
                           count=cmd("commands.deck.count", "How many copies (default 1)"))
    async def add(self, interaction: discord.Interaction, name: str, card: str,
                  count: app_commands.Range[int, 1, MAX_COUNT] = 1) -> None:
        await self.change(interaction, name, card, count)

    @group.command(name="remove", description=cmd("commands.deck.remove", "Take copies of a card out of a deck"))
    @app_commands.describe(name=cmd("commands.deck.which", "Your deck"), card=cmd("commands.deck.card", "The card"),
                           count=cmd("commands.deck.count_remove", "How many copies (default: all)"))
    async def remove(self, interaction: discord.Interaction, name: str, card: str,
                     count: app_commands.Range[int, 1, MAX_COUNT] | None = None) -> None:
        await self.change(interaction, name, card, -(MAX_COUNT if count is None else count))

    async def change(self, interaction: discord.Interaction, name: str, card_text: str, delta: int) -> None:
        locale = await self.bot.members.user_locale(interaction)
        if not 1 <= abs(delta) <= MAX_COUNT:  # the client's range is not trusted
            await tell(interaction, i18n.t("decks.bad_count", locale, limit=MAX_COUNT))
            return
        row = await self.my_deck(interaction, name, locale)
        if row is None:
            return
        card, candidates = self.index(row.game).resolve(card_text[:80], game=row.game)
        if card is None:
            await tell(interaction, self.card_candidates(card_text, candidates, locale))
            return
        cards = dict(row.cards)
        have = cards.get(card.id, 0)
        rule = rule_of(row.game)
        if delta > 0:
            limit = rule.limit_of(card.id)
            if have + delta > limit:
                key = "decks.banned" if limit == 0 else "decks.copy_limit"
                await tell(interaction, i18n.t(key, locale, card=card.name(locale), limit=limit, have=have))
                return
            cards[card.id] = have + delta
        else:
            if have == 0:
                await tell(interaction, i18n.t("decks.not_in_deck", locale, card=card.name(locale)))
                return
            left = max(0, have + delta)
            if left:
                cards[card.id] = left
            else:
                cards.pop(card.id)
        await self.bot.store.save_deck_cards(interaction.user.id, row.id, cards, self.bot.clock())
        await tell(interaction, i18n.t(
            "decks.changed", locale, name=row.name, card=card.name(locale), copies=cards.get(card.id, 0),
            total=sum(cards.values()), size=rule.size, status=self.status_line(row.game, cards, locale)))

    @staticmethod
    def card_candidates(query: str, candidates: list[Card], locale: str) -> str:
        if not candidates:
            return i18n.t("card.not_found", locale, query=clean_name(query)[:40] or "-")
        names = ", ".join(f"{c.name(locale)} ({c.id})" for c in candidates[:10])
        return i18n.t("card.ambiguous", locale, query=clean_name(query)[:40] or "-", names=names)

    @group.command(name="list", description=cmd("commands.deck.list", "Your decks, and the ready-made ones"))
    @app_commands.describe(game=cmd("commands.deck.game", "The game"))
    async def list_decks(self, interaction: discord.Interaction, game: str | None = None) -> None:
        locale = await self.bot.members.user_locale(interaction)
        games = [game] if game in deck_games() else deck_games()
        mine = await self.bot.store.list_decks(interaction.user.id)
        lines = [i18n.t("decks.list_title", locale, count=len(mine), limit=MAX_DECKS_PER_USER)]
        for game_id in games:
            lines.append(f"**{i18n.t(f'games.{game_id}', locale)}**")
            for row in [r for r in mine if r.game == game_id]:
                ok = not validate(rule_of(game_id), cards_of(game_id), row.cards)
                lines.append(i18n.t("decks.list_line", locale, name=row.name, count=sum(row.cards.values()),
                                    status=i18n.t("decks.valid_short" if ok else "decks.invalid_short", locale)))
            ready = ", ".join(f"{d.name(locale)} (`{d.id}`)" for d in ready_decks(game_id, rule_of(game_id)))
            lines.append(i18n.t("decks.list_ready", locale, decks=ready or "-"))
        await tell(interaction, "\n".join(lines)[:2000])

    @group.command(name="show", description=cmd("commands.deck.show", "Show a deck as an image, and whether it is legal"))
    @app_commands.describe(name=cmd("commands.deck.which_any", "Your deck or a ready-made one"))
    async def show(self, interaction: discord.Interaction, name: str) -> None:
        locale = await self.bot.members.user_locale(interaction)
        shown = await self.any_deck(interaction, name, locale)
        if shown is None:
            return
        game, title, cards = shown
        await interaction.response.defer(ephemeral=True, thinking=True)
        data = await render_off_loop(deck_image, game, title, cards, locale)
        text = i18n.t("decks.show", locale, name=title, game=i18n.t(f"games.{game}", locale),
                      status=self.status_line(game, cards, locale))
        picture = discord.File(io.BytesIO(data), filename="deck.png",
                               description=deck_alt_text(game, title, cards, locale))
        await interaction.followup.send(text[:2000], file=picture, ephemeral=True)

    @group.command(name="delete", description=cmd("commands.deck.delete", "Delete one of your decks (asks to confirm)"))
    @app_commands.describe(name=cmd("commands.deck.which", "Your deck"))
    async def delete(self, interaction: discord.Interaction, name: str) -> None:
        locale = await self.bot.members.user_locale(interaction)
        row = await self.my_deck(interaction, name, locale)
        if row is None:
            return
        confirm = view_of(button(DeckDeleteButton, f"dt:dd:{row.id}", i18n.t("decks.delete_button", locale),
                                 style=discord.ButtonStyle.danger))
        await tell(interaction, i18n.t("decks.delete_confirm", locale, name=row.name), view=confirm)

    async def on_deck_delete(self, interaction: discord.Interaction, *, values: list[str], deck_id: str) -> None:
        """The Delete button of /deck delete's confirmation (``dt:dd:``)."""
        locale = await self.bot.members.user_locale(interaction)
        row = await self.bot.store.get_deck_by_id(interaction.user.id, int(deck_id))
        if row is None or not await self.bot.store.delete_deck(interaction.user.id, int(deck_id)):
            await tell(interaction, i18n.t("decks.already_gone", locale))
            return
        await interaction.response.edit_message(content=i18n.t("decks.deleted", locale, name=row.name), view=None)

    @group.command(name="rename", description=cmd("commands.deck.rename", "Rename one of your decks"))
    @app_commands.describe(name=cmd("commands.deck.which", "Your deck"),
                           new_name=cmd("commands.deck.new_name", "The new name (up to 40 characters)"))
    async def rename(self, interaction: discord.Interaction, name: str,
                     new_name: app_commands.Range[str, 1, 100]) -> None:
        locale = await self.bot.members.user_locale(interaction)
        row = await self.my_deck(interaction, name, locale)
        if row is None:
            return
        cleaned = clean_name(new_name)
        if not cleaned:
            await tell(interaction, i18n.t("decks.bad_name", locale, limit=MAX_NAME_LENGTH))
            return
        if not await self.bot.store.rename_deck(interaction.user.id, row.id, cleaned, self.bot.clock()):
            await tell(interaction, i18n.t("decks.name_taken", locale, name=cleaned))
            return
        await tell(interaction, i18n.t("decks.renamed", locale, old=row.name, name=cleaned))

    @group.command(name="export", description=cmd("commands.deck.export", "A short code to share a deck"))
    @app_commands.describe(name=cmd("commands.deck.which_any", "Your deck or a ready-made one"))
    async def export(self, interaction: discord.Interaction, name: str) -> None:
        locale = await self.bot.members.user_locale(interaction)
        shown = await self.any_deck(interaction, name, locale)
        if shown is None:
            return
        game, title, cards = shown
        await tell(interaction, i18n.t("decks.exported", locale, name=title, code=encode_deck(game, cards)))

    @group.command(name="import", description=cmd("commands.deck.import", "Create a deck from a shared code"))
    @app_commands.describe(code=cmd("commands.deck.code", "The deck code (DT1.game....)"),
                           name=cmd("commands.deck.import_name", "A name for the new deck"))
    async def import_(self, interaction: discord.Interaction, code: app_commands.Range[str, 1, 2000],
                      name: app_commands.Range[str, 1, 100] | None = None) -> None:
        locale = await self.bot.members.user_locale(interaction)
        try:
            game, cards = decode_deck(code)
            if game not in deck_games():
                raise DeckCodeError("unknown_game", game=game[:20])
            known = cards_of(game)
            unknown = [card_id for card_id in cards if card_id not in known]
            if unknown:
                raise DeckCodeError("unknown_card", card=unknown[0])
        except DeckCodeError as error:
            await tell(interaction, i18n.t(f"decks.code_error.{error.code}", locale, **error.args_map))
            return
        title = name or i18n.t("decks.imported_name", locale, game=i18n.t(f"games.{game}", locale))
        if name is None:
            title = await self.free_name(interaction.user.id, title)
        await self.create(interaction, game, title, cards, locale)

    async def free_name(self, user_id: int, base: str) -> str:
        taken = {row.name.casefold() for row in await self.bot.store.list_decks(user_id)}
        name, number = clean_name(base), 2
        while name.casefold() in taken:
            suffix = f" {number}"
            name = clean_name(base)[:MAX_NAME_LENGTH - len(suffix)] + suffix
            number += 1
        return name

    # ---- autocomplete ----------------------------------------------------------------------------

    @new.autocomplete("game")
    @list_decks.autocomplete("game")
    async def game_autocomplete(self, interaction: discord.Interaction, current: str):
        locale = i18n.normalize_locale(interaction.locale)
        return [app_commands.Choice(name=i18n.t(f"games.{g}", locale), value=g) for g in deck_games()
                if current.lower() in g or current.lower() in i18n.t(f"games.{g}", locale).lower()][:25]

    @add.autocomplete("name")
    @remove.autocomplete("name")
    @delete.autocomplete("name")
    @rename.autocomplete("name")
    async def my_deck_autocomplete(self, interaction: discord.Interaction, current: str):
        return await self.deck_choices(interaction, current, ready=False)

    @show.autocomplete("name")
    @export.autocomplete("name")
    async def any_deck_autocomplete(self, interaction: discord.Interaction, current: str):
        return await self.deck_choices(interaction, current, ready=True)

    @new.autocomplete("copy_of")
    async def copy_autocomplete(self, interaction: discord.Interaction, current: str):
        game = getattr(interaction.namespace, "game", None)
        return await self.deck_choices(interaction, current, ready=True, game=game if game in deck_games() else None)

    async def deck_choices(self, interaction: discord.Interaction, current: str, *, ready: bool,
                           game: str | None = None) -> list[app_commands.Choice[str]]:
        locale = i18n.normalize_locale(interaction.locale)
        wanted = normalize(current)
        choices = []
        for row in await self.bot.store.list_decks(interaction.user.id, game):
            if wanted in normalize(row.name):
                label = f"{row.name} · {i18n.t(f'games.{row.game}', locale)} · {sum(row.cards.values())}"
                choices.append(app_commands.Choice(name=label[:100], value=f"#{row.id}"))
        if ready:
            for game_id in [game] if game else deck_games():
                for deck in ready_decks(game_id, rule_of(game_id)):
                    if wanted in normalize(deck.name(locale)) or wanted in normalize(deck.id):
                        label = f"{deck.name(locale)} · {i18n.t('decks.ready_made', locale)}"
                        choices.append(app_commands.Choice(name=label[:100], value=f"{READY_PREFIX}{game_id}:{deck.id}"))
        return choices[:25]

    @add.autocomplete("card")
    @remove.autocomplete("card")
    async def card_autocomplete(self, interaction: discord.Interaction, current: str):
        locale = i18n.normalize_locale(interaction.locale)
        name = getattr(interaction.namespace, "name", None) or ""
        row = await find_own(self.bot, interaction.user.id, name) if name else None
        games = [row.game] if row else deck_games()
        choices = []
        for game_id in games:
            for hit in self.index(game_id).search(current[:80], game=game_id, limit=25):
                card = hit.card
                have = f" ×{row.cards[card.id]}" if row and card.id in row.cards else ""
                choices.append(app_commands.Choice(name=f"{card.name(locale)} ({card.id}){have}"[:100], value=card.id))
        return choices[:25]


async def setup(bot) -> None:
    await bot.add_cog(Decks(bot))

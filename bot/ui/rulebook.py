"""A game's rulebook in Discord: ``/<game> rules`` and the "Read the rules" button open it privately, paged.

A page is an embed (its title, its body, "page N of M") with its picture attached (the game's own renderers
drawing an example state, with the page's numbered callouts, bot/render/callouts.py) and the controls to page:
first / previous / next and a contents select of every page by title. The controls are persistent (DynamicItems,
bot/ui/components.py: ``dt:rb:``, ``dt:rbc:``, ``dt:rbo:``), so a rulebook opened before a restart still pages.
A click edits the private message in place (the interaction's response, type 7). Everything a click carries is
checked here (a game with a rulebook, a page in range); a forged one gets a private answer and changes nothing.
The reader's language is their own (``Members.user_locale``), not the match's.
"""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot import i18n
from bot.alttext import fit
from bot.games import get_game, playable_game_ids
from bot.render.callouts import rulebook_picture
from bot.render.toolkit import render_off_loop
from bot.rulebook import RulePage
from bot.ui import pictures
from bot.ui.components import RulebookContentsSelect, RulebookPageButton, button, view_of
from bot.ui.replies import ClickAnswer, tell

SELECT_LABEL_LIMIT = 100  # Discord's select option label


def rulebook_of(game_id: str) -> Sequence[RulePage] | None:
    """The game's pages, or None for an unknown game or one without a rulebook (a forged id finds nothing)."""
    if game_id not in playable_game_ids():
        return None
    spec = get_game(game_id)
    return list(spec.rulebook()) if spec.rulebook is not None else None


def page_index(text: str, pages: Sequence[RulePage]) -> int | None:
    """A page number from a control (digits only, in range), else None."""
    if not text.isascii() or not text.isdigit() or len(text) > 6:
        return None
    index = int(text)
    return index if index < len(pages) else None


def alt_text(page: RulePage, game_id: str, locale: str) -> str:
    """The picture's description: the page's title, and where its numbered callouts are explained."""
    title = i18n.t(page.title_key(game_id), locale)
    if not page.callouts:
        return fit(title)
    return fit(i18n.t("rulebook.alt_callouts", locale, title=title, count=len(page.callouts)))


def page_embed(game_id: str, pages: Sequence[RulePage], index: int, locale: str, filename: str) -> discord.Embed:
    page = pages[index]
    embed = discord.Embed(title=i18n.t(page.title_key(game_id), locale),
                          description=i18n.t(page.body_key(game_id), locale), colour=discord.Colour.gold())
    embed.set_author(name=i18n.t("rulebook.author", locale, game=i18n.t(f"games.{game_id}", locale)))
    embed.set_image(url=f"attachment://{filename}")
    embed.set_footer(text=i18n.t("rulebook.footer", locale, page=index + 1, pages=len(pages)))
    return embed


def page_view(game_id: str, pages: Sequence[RulePage], index: int, locale: str) -> discord.ui.View:
    last = len(pages) - 1
    controls = [
        button(RulebookPageButton, f"dt:rb:{game_id}:0:f", i18n.t("rulebook.first", locale), row=0,
               disabled=index == 0),
        button(RulebookPageButton, f"dt:rb:{game_id}:{max(index - 1, 0)}:p", i18n.t("rulebook.previous", locale),
               row=0, disabled=index == 0),
        button(RulebookPageButton, f"dt:rb:{game_id}:{min(index + 1, last)}:n", i18n.t("rulebook.next", locale),
               style=discord.ButtonStyle.primary, row=0, disabled=index == last),
    ]
    options = [discord.SelectOption(label=f"{number + 1}. {i18n.t(page.title_key(game_id), locale)}"
                                    [:SELECT_LABEL_LIMIT], value=str(number), default=number == index)
               for number, page in enumerate(pages[:25])]
    contents = RulebookContentsSelect(discord.ui.Select(
        custom_id=f"dt:rbc:{game_id}", placeholder=i18n.t("rulebook.contents", locale)[:150], options=options, row=1))
    return view_of(*controls, contents)


class Rulebooks:
    """The handler of the rulebook's controls and of ``/<game> rules`` (bot/ui/gamecog.py)."""

    def __init__(self, bot) -> None:
        self.bot = bot

    async def page_message(self, game_id: str, pages: Sequence[RulePage], index: int,
                           locale: str) -> dict[str, object]:
        """The fields of the message showing page ``index``: embed, picture (drawn off the event loop), view."""
        filename = f"rules-{game_id}-{index + 1}.png"
        data = await render_off_loop(rulebook_picture, game_id, index, locale)
        upload = pictures.upload(data, filename, alt_text(pages[index], game_id, locale))
        return {"embed": page_embed(game_id, pages, index, locale, filename), "file": upload,
                "view": page_view(game_id, pages, index, locale)}

    async def open(self, interaction: discord.Interaction, game_id: str) -> None:
        """The rulebook's first page as a new private message (the command, or a public post's button)."""
        locale = await self.bot.members.user_locale(interaction)
        pages = rulebook_of(game_id)
        if pages is None:
            await tell(interaction, i18n.t("rulebook.unknown", locale))
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        await interaction.followup.send(ephemeral=True, **await self.page_message(game_id, pages, 0, locale))

    async def on_open(self, interaction: discord.Interaction, values: list[str], game_id: str) -> None:
        await self.open(interaction, game_id)

    async def show(self, interaction: discord.Interaction, game_id: str, page: str) -> None:
        """Page ``page`` in place of the clicked private message."""
        locale = await self.bot.members.user_locale(interaction)
        pages = rulebook_of(game_id)
        if pages is None:
            await tell(interaction, i18n.t("rulebook.unknown", locale))
            return
        index = page_index(page, pages)
        if index is None:
            await tell(interaction, i18n.t("rulebook.no_page", locale, pages=len(pages)))
            return
        answer = ClickAnswer(interaction)
        fields = await self.page_message(game_id, pages, index, locale)
        await answer.update(embed=fields["embed"], attachments=[fields["file"]], view=fields["view"])

    async def on_page(self, interaction: discord.Interaction, values: list[str], game_id: str, page: str,
                      control: str) -> None:
        await self.show(interaction, game_id, page)

    async def on_contents(self, interaction: discord.Interaction, values: list[str], game_id: str) -> None:
        await self.show(interaction, game_id, values[0] if len(values) == 1 else "")

"""Persistent buttons and selects: ``discord.ui.DynamicItem`` subclasses keyed by their custom_id.

Every control the bot ever sends is one of these, so a view is "fully dynamic": discord.py keeps no
per-message state in memory, and a click on a message sent before a restart is routed by its
custom_id alone. The ids carry what a click needs (match id, the seat's panel version, option id):

    dt:o:<match>:<version>:<option>     answer with one option (button)
    dt:s:<match>:<version>:<page>       answer from a select page (values are option ids)
    dt:p:<match>:<version>:<page>       show another page of a long option list
    dt:c:<match>:<version>:<i.j.k>      confirm a choice (option indices; ids may be too long)
    dt:h:<match>                        "My hand": the private panel as an ephemeral message
    dt:w:<match>                        claim the win after the opponent's deadline
    dt:r:<match>                        confirm /resign
    dt:ch:<accept|decline|cancel>:<id>  challenge buttons
    dt:cd:<challenge>                   the opponent's private deck pick when accepting (select)
    dt:dd:<deck>                        confirm /deck delete
    dt:rm:<match>                       rematch a finished match (first click asks, second accepts)
    dt:rp:<match>                       the replay of a finished match (ephemeral)
    dt:u:<match>                        take back my last step (/undo), on the thread's board posts

Every number is bounded in the template (at most 20 digits) and again in the store (a SQLite integer
is 64-bit), so a forged id is a "not found", never an overflow. Callbacks hand the parsed fields to ``client.glue`` (``bot/ui/glue.py``); nothing happens here.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

import discord

CUSTOM_ID_LIMIT = 100


class _Routed(discord.ui.DynamicItem[discord.ui.Item], template=r"dt:never"):
    """Base: keep the matched fields and forward the click to the glue's handler."""

    handler: ClassVar[str]

    def __init__(self, item: discord.ui.Item, fields: dict[str, str] | None = None) -> None:
        super().__init__(item)
        self.fields = fields or self.template.fullmatch(item.custom_id).groupdict()

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item,
                             match: re.Match[str], /) -> _Routed:
        return cls(item, match.groupdict())

    async def callback(self, interaction: discord.Interaction) -> Any:
        values = list(getattr(self.item, "values", []) or [])
        glue = interaction.client.glue
        with glue.working():
            await getattr(glue, self.handler)(interaction, values=values, **self.fields)


class OptionButton(_Routed, template=r"dt:o:(?P<match_id>\d{1,20}):(?P<version>\d{1,20}):(?P<option>[A-Za-z0-9_.\-+:]{1,60})"):
    handler = "on_option"


class OptionSelect(_Routed, template=r"dt:s:(?P<match_id>\d{1,20}):(?P<version>\d{1,20}):(?P<page>\d{1,6})"):
    handler = "on_select"


class PageButton(_Routed, template=r"dt:p:(?P<match_id>\d{1,20}):(?P<version>\d{1,20}):(?P<page>\d{1,6})"):
    handler = "on_page"


class ConfirmButton(_Routed, template=r"dt:c:(?P<match_id>\d{1,20}):(?P<version>\d{1,20}):(?P<indices>[0-9.]{1,60})"):
    handler = "on_confirm"


class HandButton(_Routed, template=r"dt:h:(?P<match_id>\d{1,20})"):
    handler = "on_hand"


class ClaimButton(_Routed, template=r"dt:w:(?P<match_id>\d{1,20})"):
    handler = "on_claim"


class ResignButton(_Routed, template=r"dt:r:(?P<match_id>\d{1,20})"):
    handler = "on_resign_confirm"


class ChallengeButton(_Routed, template=r"dt:ch:(?P<action>accept|decline|cancel):(?P<challenge_id>\d{1,20})"):
    handler = "on_challenge"


class ChallengeDeckSelect(_Routed, template=r"dt:cd:(?P<challenge_id>\d{1,20})"):
    handler = "on_challenge_deck"


class DeckDeleteButton(_Routed, template=r"dt:dd:(?P<deck_id>\d{1,20})"):
    handler = "on_deck_delete"


class RematchButton(_Routed, template=r"dt:rm:(?P<match_id>\d{1,20})"):
    handler = "on_rematch"


class ReplayButton(_Routed, template=r"dt:rp:(?P<match_id>\d{1,20})"):
    handler = "on_replay"


class UndoButton(_Routed, template=r"dt:u:(?P<match_id>\d{1,20})"):
    handler = "on_undo"


DYNAMIC_ITEMS = (OptionButton, OptionSelect, PageButton, ConfirmButton, HandButton, ClaimButton, ResignButton,
                 ChallengeButton, ChallengeDeckSelect, DeckDeleteButton, RematchButton, ReplayButton, UndoButton)


def button(kind: type[_Routed], custom_id: str, label: str, *, style: discord.ButtonStyle = discord.ButtonStyle.secondary,
           row: int | None = None, disabled: bool = False) -> _Routed:
    if len(custom_id) > CUSTOM_ID_LIMIT:
        raise ValueError(f"custom_id longer than {CUSTOM_ID_LIMIT}: {custom_id!r}")
    return kind(discord.ui.Button(label=label[:80], custom_id=custom_id, style=style, row=row, disabled=disabled))


def select(custom_id: str, placeholder: str, options: list[discord.SelectOption], *, min_values: int = 1,
           max_values: int = 1, row: int | None = None) -> OptionSelect:
    if len(custom_id) > CUSTOM_ID_LIMIT:
        raise ValueError(f"custom_id longer than {CUSTOM_ID_LIMIT}: {custom_id!r}")
    item = discord.ui.Select(custom_id=custom_id, placeholder=placeholder[:150], options=options,
                             min_values=min_values, max_values=max_values, row=row)
    return OptionSelect(item)


def deck_select(challenge_id: int, placeholder: str, options: list[discord.SelectOption]) -> ChallengeDeckSelect:
    item = discord.ui.Select(custom_id=f"dt:cd:{challenge_id}", placeholder=placeholder[:150], options=options[:25])
    return ChallengeDeckSelect(item)


def view_of(*items: discord.ui.Item) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    return view

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
    dt:b:<match>                        the position in words (/board), privately, on the thread's board posts
    dt:rbo:<game>                       "Read the rules": a game's rulebook, privately (challenge, first thread post)
    dt:rb:<game>:<page>:<f|p|n>         a rulebook's first/previous/next button: show that page (its private message)
    dt:rbc:<game>                       a rulebook's contents (select; values are page indices)
    dt:q:<match>:<seat>:<version>       ? on a seat's panel: its open question explained, privately (bot/ui/help.py)
    dt:hi:<match>:<version>             Hint: what the bot player would choose now, privately (bot/ui/hints.py)
    dt:rv:<match>                       Review of a finished match, privately (result post; bot/ui/review.py)
    dt:rvs:<match>:<seat>               a spectator's pick of whose play to review (the Review's private answer)

Every number is bounded in the template (at most 20 digits) and again in the store (a SQLite integer
is 64-bit), so a forged id is a "not found", never an overflow.

Each control names what handles it (``handled_by``): one of the bot's UI parts (``part("moves", ...)``:
the attribute the client sets, e.g. ``bot.moves``, bot/ui/moves.py) or a cog by its name (``cog("Players",
...)``), and the method. The click is handed to that method with the parsed fields; nothing happens here.
Also here: the builders of the controls several places send (My hand, Undo, the result post's buttons).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, ClassVar

import discord

from bot import i18n
from bot.games import get_game
from bot.store import MatchRow

CUSTOM_ID_LIMIT = 100


@dataclass(frozen=True)
class Handler:
    """Who handles a control's clicks: ``owner`` is a cog's name (``is_cog``) or the name of one of the bot's
    UI parts (an attribute of the bot); ``method`` is called as ``method(interaction, values=..., **fields)``."""

    owner: str
    method: str
    is_cog: bool

    def resolve(self, client: Any) -> Any:
        owner = client.get_cog(self.owner) if self.is_cog else getattr(client, self.owner)
        return getattr(owner, self.method)


def part(name: str, method: str) -> Handler:
    """Handled by the bot's UI part ``bot.<name>`` (bot/ui/)."""
    return Handler(name, method, is_cog=False)


def cog(name: str, method: str) -> Handler:
    """Handled by the cog named ``name`` (cogs/)."""
    return Handler(name, method, is_cog=True)


class _Routed(discord.ui.DynamicItem[discord.ui.Item], template=r"dt:never"):
    """Base: keep the matched fields and hand the click to the handler the control names."""

    handled_by: ClassVar[Handler]

    def __init__(self, item: discord.ui.Item, fields: dict[str, str] | None = None) -> None:
        super().__init__(item)
        self.fields = fields or self.template.fullmatch(item.custom_id).groupdict()

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item,
                             match: re.Match[str], /) -> _Routed:
        return cls(item, match.groupdict())

    async def callback(self, interaction: discord.Interaction) -> Any:
        values = list(getattr(self.item, "values", []) or [])
        client = interaction.client
        with client.working():
            await self.handled_by.resolve(client)(interaction, values=values, **self.fields)


class OptionButton(_Routed, template=r"dt:o:(?P<match_id>\d{1,20}):(?P<version>\d{1,20}):(?P<option>[A-Za-z0-9_.\-+:]{1,60})"):
    handled_by = part("moves", "on_option")


class OptionSelect(_Routed, template=r"dt:s:(?P<match_id>\d{1,20}):(?P<version>\d{1,20}):(?P<page>\d{1,6})"):
    handled_by = part("moves", "on_select")


class PageButton(_Routed, template=r"dt:p:(?P<match_id>\d{1,20}):(?P<version>\d{1,20}):(?P<page>\d{1,6})"):
    handled_by = part("panels", "on_page")


class ConfirmButton(_Routed, template=r"dt:c:(?P<match_id>\d{1,20}):(?P<version>\d{1,20}):(?P<indices>[0-9.]{1,60})"):
    handled_by = part("moves", "on_confirm")


class HandButton(_Routed, template=r"dt:h:(?P<match_id>\d{1,20})"):
    handled_by = part("panels", "on_hand")


class ClaimButton(_Routed, template=r"dt:w:(?P<match_id>\d{1,20})"):
    handled_by = part("moves", "on_claim")


class ResignButton(_Routed, template=r"dt:r:(?P<match_id>\d{1,20})"):
    handled_by = part("moves", "on_resign_confirm")


class ChallengeButton(_Routed, template=r"dt:ch:(?P<action>accept|decline|cancel):(?P<challenge_id>\d{1,20})"):
    handled_by = cog("Challenges", "on_challenge")


class ChallengeDeckSelect(_Routed, template=r"dt:cd:(?P<challenge_id>\d{1,20})"):
    handled_by = cog("Challenges", "on_challenge_deck")


class TournamentButton(_Routed, template=r"dt:tn:(?P<action>join|leave):(?P<tournament_id>\d{1,20})"):
    handled_by = cog("Tournaments", "on_button")


class TournamentDeckSelect(_Routed, template=r"dt:tnd:(?P<tournament_id>\d{1,20})"):
    handled_by = cog("Tournaments", "on_deck")


class LeagueButton(_Routed, template=r"dt:lg:(?P<action>join|leave):(?P<league_id>\d{1,20})"):
    handled_by = cog("Leagues", "on_button")


class DeckDeleteButton(_Routed, template=r"dt:dd:(?P<deck_id>\d{1,20})"):
    handled_by = cog("Decks", "on_deck_delete")


class RematchButton(_Routed, template=r"dt:rm:(?P<match_id>\d{1,20})"):
    handled_by = cog("Players", "on_rematch")


class ReplayButton(_Routed, template=r"dt:rp:(?P<match_id>\d{1,20})"):
    handled_by = cog("Players", "on_replay")


class UndoButton(_Routed, template=r"dt:u:(?P<match_id>\d{1,20})"):
    handled_by = cog("Players", "on_undo")


class BoardButton(_Routed, template=r"dt:b:(?P<match_id>\d{1,20})"):
    handled_by = cog("Board", "on_board")


# A game id in a rulebook's controls is only a word here: the handler checks it is a game with a rulebook.
class RulebookOpenButton(_Routed, template=r"dt:rbo:(?P<game_id>[a-z0-9_]{1,32})"):
    handled_by = part("rulebooks", "on_open")


class RulebookPageButton(_Routed, template=r"dt:rb:(?P<game_id>[a-z0-9_]{1,32}):(?P<page>\d{1,6}):(?P<control>[fpn])"):
    handled_by = part("rulebooks", "on_page")


class RulebookContentsSelect(_Routed, template=r"dt:rbc:(?P<game_id>[a-z0-9_]{1,32})"):
    handled_by = part("rulebooks", "on_contents")


class HelpButton(_Routed, template=r"dt:q:(?P<match_id>\d{1,20}):(?P<seat>[01]):(?P<version>\d{1,20})"):
    handled_by = part("question_help", "on_help")


class HintButton(_Routed, template=r"dt:hi:(?P<match_id>\d{1,20}):(?P<version>\d{1,20})"):
    handled_by = part("hints", "on_hint")


class ReviewButton(_Routed, template=r"dt:rv:(?P<match_id>\d{1,20})"):
    handled_by = part("reviews", "on_review")


class ReviewSeatButton(_Routed, template=r"dt:rvs:(?P<match_id>\d{1,20}):(?P<seat>[01])"):
    handled_by = part("reviews", "on_review_seat")


DYNAMIC_ITEMS = (OptionButton, OptionSelect, PageButton, ConfirmButton, HandButton, ClaimButton, ResignButton,
                 ChallengeButton, ChallengeDeckSelect, TournamentButton, TournamentDeckSelect, DeckDeleteButton,
                 RematchButton, ReplayButton, UndoButton, BoardButton, RulebookOpenButton, RulebookPageButton,
                 RulebookContentsSelect, HelpButton, HintButton, ReviewButton, ReviewSeatButton, LeagueButton)


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


def tournament_deck_select(tournament_id: int, placeholder: str,
                           options: list[discord.SelectOption]) -> TournamentDeckSelect:
    item = discord.ui.Select(custom_id=f"dt:tnd:{tournament_id}", placeholder=placeholder[:150], options=options[:25])
    return TournamentDeckSelect(item)


def view_of(*items: discord.ui.Item) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    return view


def hand_button(match: MatchRow) -> discord.ui.Item:
    """"My hand": the seat's private panel as an ephemeral message (for a player whose DMs are closed)."""
    # A game without a hand (Starfall) names the private panel its own way.
    key = f"{match.game}.my_hand" if i18n.has(f"{match.game}.my_hand") else "match.my_hand"
    return button(HandButton, f"dt:h:{match.id}", i18n.t(key, match.locale), style=discord.ButtonStyle.success)


def board_button(match: MatchRow) -> discord.ui.Item:
    """The position in words, privately (cogs/board.py): the board without its picture."""
    return button(BoardButton, f"dt:b:{match.id}", i18n.t("board.button", match.locale))


def rules_button(game_id: str, locale: str) -> discord.ui.Item | None:
    """"Read the rules": the game's rulebook, privately; None for a game without one."""
    if get_game(game_id).rulebook is None:
        return None
    return button(RulebookOpenButton, f"dt:rbo:{game_id}", i18n.t("rulebook.read", locale,
                                                                    game=i18n.t(f"games.{game_id}", locale)),
                  style=discord.ButtonStyle.primary)


def view_with(*items: discord.ui.Item | None) -> discord.ui.View:
    """``view_of`` the items that are there (a game without a rulebook has no rules button)."""
    return view_of(*(item for item in items if item is not None))


def undo_button(match: MatchRow) -> discord.ui.Item:
    return button(UndoButton, f"dt:u:{match.id}", i18n.t("players.undo.button", match.locale))


def result_view(match: MatchRow) -> discord.ui.View:
    """The result post's buttons: Replay and Review for everyone, Rematch for the players (against the bot: at
    once). After a lesson the Rematch is named for what it starts, a real match against Duel Table, and the
    rulebook comes next to it: what a learner does next."""
    lesson = match.kind == "lesson"
    rematch = i18n.t("lesson_next.real_match" if lesson else "players.rematch_button", match.locale)
    rules = (button(RulebookOpenButton, f"dt:rbo:{match.game}", i18n.t("lesson_next.rules", match.locale))
             if lesson and get_game(match.game).rulebook is not None else None)
    return view_with(button(RematchButton, f"dt:rm:{match.id}", rematch, style=discord.ButtonStyle.primary), rules,
                     button(ReplayButton, f"dt:rp:{match.id}", i18n.t("players.replay_button", match.locale)),
                     button(ReviewButton, f"dt:rv:{match.id}", i18n.t("advice.review_button", match.locale)))

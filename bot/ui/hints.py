"""The Hint control of a seat's private panel: what the bot player would choose now, privately.

Offered only where a hint cannot help one member against another who has none: lessons and every match
against Duel Table (``bot_seat`` set), and matches created unrated; never in a rated match between
members. The click's handler checks that again (a forged click in a rated match is refused before anything
is computed). The answer comes from ``bot.ai.advice.hint`` in the bot player's worker (never the event
loop), at the match's bot level (else the default), with the seed the bot player itself would use: it is
the move the bot would play in that seat, computed only from that seat's information. A burst of clicks
on one question computes it once.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict

import discord

from bot import i18n
from bot.ai import search
from bot.ai import worker as botworker
from bot.ai.advice import Hint
from bot.engine import decision_for
from bot.games import GameSpec, get_game
from bot.match import BOT_LEVEL_OPTION, THINK_POOL
from bot.store import MatchRow
from bot.ui.components import HintButton, button
from bot.ui.host import TableBot
from bot.ui.replies import tell

log = logging.getLogger(__name__)
KEPT_HINTS = 256  # answers kept for repeated clicks on the same question (match, version, seat)


def hints_allowed(match: MatchRow) -> bool:
    """A lesson or a match against the bot, or an unrated match; and a game with a bot player."""
    return (match.bot_seat is not None or not match.rated) and search.has_bot_player(match.game)


def hint_level(match: MatchRow) -> str:
    level = match.options.get(BOT_LEVEL_OPTION, search.DEFAULT_LEVEL)
    return level if level in search.LEVELS else search.DEFAULT_LEVEL


def hint_button(match: MatchRow, seat: int, locale: str, row: int) -> discord.ui.Item | None:
    """The panel's Hint button for ``seat``'s open question, or None where hints are not offered."""
    if not hints_allowed(match) or match.status != "active":
        return None
    return button(HintButton, f"dt:hi:{match.id}:{match.panel_version(seat)}", i18n.t("advice.hint_button", locale),
                  row=row)


def answer_words(game: GameSpec, answer: tuple[str, ...], seat_view: dict, locale: str) -> str:
    if not answer:
        return i18n.t("advice.nothing", locale)
    return ", ".join(game.option_label(option, seat_view, locale) for option in answer)


def percent(value: float) -> int:
    return round(100 * value)


def hint_text(game: GameSpec, advice: Hint, seat_view: dict, locale: str) -> str:
    """The private answer: the hinted option's label and why (its value as a percentage), the runner-up."""
    best = answer_words(game, advice.best.answer, seat_view, locale)
    if advice.forced or advice.best.value is None:
        return i18n.t("advice.hint_forced", locale, answer=best)
    lines = [i18n.t("advice.hint", locale, answer=best, percent=percent(advice.best.value))]
    for runner_up in advice.runners_up[:1]:
        lines.append(i18n.t("advice.runner_up", locale, answer=answer_words(game, runner_up.answer, seat_view, locale),
                            percent=percent(runner_up.value or 0.0)))
    return "\n".join(lines)


class Hints:
    def __init__(self, bot: TableBot) -> None:
        self.bot = bot
        self._answers: OrderedDict[tuple[int, int, int], asyncio.Future] = OrderedDict()

    async def on_hint(self, interaction: discord.Interaction, *, values: list[str], match_id: str,
                      version: str) -> None:
        locale = await self.bot.members.user_locale(interaction)
        match = await self.bot.store.get_match(int(match_id))
        seat = match.seat_of(interaction.user.id) if match is not None else None
        if match is None or seat is None:
            await tell(interaction, i18n.t("errors.not_in_match", locale))
            return
        if not hints_allowed(match):  # a forged click in a rated match between members: nothing is computed
            key = "advice.no_bot" if not search.has_bot_player(match.game) else "advice.not_offered"
            await tell(interaction, i18n.t(key, locale))
            return
        if match.status != "active":
            await tell(interaction, i18n.t("errors.game_over", locale))
            return
        game = get_game(match.game)
        if decision_for(game.engine.pending(match.state), seat) is None:
            await tell(interaction, i18n.t("advice.not_now", locale))
            return
        if match.panel_version(seat) != int(version):
            await tell(interaction, i18n.t("advice.stale", locale))
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            with botworker.released():  # the search must not step aside for the click that waits for it
                advice = await self.advice(match, seat)
        except Exception:
            log.exception("hint failed in match %s", match.id)
            await tell(interaction, i18n.t("advice.failed", locale))
            return
        await tell(interaction, hint_text(game, advice, game.engine.view(match.state, seat), locale))

    def advice(self, match: MatchRow, seat: int) -> asyncio.Future:
        """The hint for ``seat`` at this version of the match, computed once for every click that asks."""
        key = (match.id, match.version, seat)
        known = self._answers.get(key)
        if known is not None and not (known.done() and known.exception() is not None):
            return asyncio.shield(known)
        job = asyncio.ensure_future(self._think(match, seat))
        self._answers[key] = job
        while len(self._answers) > KEPT_HINTS:
            self._answers.popitem(last=False)
        return asyncio.shield(job)

    async def _think(self, match: MatchRow, seat: int) -> Hint:
        # The bot player's own seed for this position: the hint is the move it would play in that seat.
        return await THINK_POOL.advise("hint", match.game, match.state, seat, f"{match.seed}:{match.version}",
                                       hint_level(match))

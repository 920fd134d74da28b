"""The Formation game as the platform sees it."""

from __future__ import annotations

from bot.cards import Card
from bot.games import BotHooks, GameSpec, SelfPlayHooks
from cogs.formation import determinize, policy
from cogs.formation.cardtext import card_text
from cogs.formation.data import catalogue
from cogs.formation.describe import describe
from cogs.formation.engine import ENGINE
from cogs.formation.help import HELP
from cogs.formation.render import render_board, render_card, render_hand
from cogs.formation.rulebook import pages
from cogs.formation.text import ARG_FORMATTERS, option_label
from cogs.formation.web import web_board


def cards() -> list[Card]:
    return list(catalogue().cards)


GAME = GameSpec(
    game_id="formation",
    engine=ENGINE,
    describe=describe,
    bot=BotHooks(
        determinize.determinize, evaluate=determinize.evaluate, prune=determinize.prune,
        rollout=determinize.rollout, rollout_depth=determinize.ROLLOUT_DEPTH,
        budget_scale=determinize.BUDGET_SCALE,
    ),
    selfplay=SelfPlayHooks(greedy=policy.greedy, side_keys=policy.side_keys, options=policy.selfplay_options),
    render_board=render_board,
    render_hand=render_hand,
    option_label=option_label,
    cards=cards,
    render_card=render_card,
    arg_formatters=ARG_FORMATTERS,
    card_text=card_text,
    rulebook=pages,
    help=HELP,
    web_board=web_board,
)

"""3x3 Wars as the platform sees it."""

from __future__ import annotations

from bot.cards import Card
from bot.games import BotHooks, GameSpec, SelfPlayHooks
from cogs.wars import determinize, policy
from cogs.wars.cards import catalogue
from cogs.wars.cardtext import card_text
from cogs.wars.describe import describe
from cogs.wars.engine import ENGINE
from cogs.wars.help import HELP
from cogs.wars.render import render_board, render_hand
from cogs.wars.render_card import describe_card, render_card
from cogs.wars.rulebook import pages
from cogs.wars.text import ARG_FORMATTERS, option_label
from cogs.wars.web import web_board


def cards() -> list[Card]:
    return list(catalogue())


GAME = GameSpec(
    game_id="wars",
    engine=ENGINE,
    describe=describe,
    bot=BotHooks(
        determinize.determinize, evaluate=determinize.evaluate, prior=determinize.prior,
        prior_wins=determinize.PRIOR_WINS, rollout_depth=determinize.ROLLOUT_DEPTH,
        budget_scale=determinize.BUDGET_SCALE, guided_plies=determinize.HARD_GUIDED_PLIES,
    ),
    selfplay=SelfPlayHooks(greedy=policy.greedy),
    render_board=render_board,
    render_hand=render_hand,
    option_label=option_label,
    cards=cards,
    render_card=render_card,
    describe_card=describe_card,
    arg_formatters=ARG_FORMATTERS,
    card_text=card_text,
    rulebook=pages,
    help=HELP,
    web_board=web_board,
)

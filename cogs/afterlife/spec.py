"""Afterlife as the platform sees it (the platform finds ``GAME`` here: challenge menu, /card, /deck, demo)."""

from __future__ import annotations

from bot.decks import DeckRule
from bot.games import BotHooks, GameSpec, SelfPlayHooks
from cogs.afterlife import determinize, judge, policy
from cogs.afterlife.cards import DECK_SIZE, MAX_COPIES, cards
from cogs.afterlife.cardtext import card_text
from cogs.afterlife.combat import RULES
from cogs.afterlife.describe import describe
from cogs.afterlife.engine import ENGINE
from cogs.afterlife.help import HELP
from cogs.afterlife.render import render_board, render_card, render_hand
from cogs.afterlife.rulebook import pages
from cogs.afterlife.text import ARG_FORMATTERS, option_label
from cogs.afterlife.web import web_board

GAME = GameSpec(
    game_id="afterlife",
    engine=ENGINE,
    describe=describe,
    bot=BotHooks(
        determinize.determinize, evaluate=determinize.evaluate, prior=determinize.prior,
        rollout=determinize.rollout, rollout_depth=determinize.ROLLOUT_DEPTH,
        budget_scale=determinize.BUDGET_SCALE, hard_evaluate=judge.chance,
    ),
    selfplay=SelfPlayHooks(greedy=policy.greedy, side_keys=policy.side_keys, options=policy.selfplay_options),
    render_board=render_board,
    render_hand=render_hand,
    option_label=option_label,
    cards=cards,
    render_card=render_card,
    arg_formatters=ARG_FORMATTERS,
    deck_rule=DeckRule(size=DECK_SIZE, copy_limit=MAX_COPIES, group_field="colour", cost_field="cost"),
    card_text=card_text,
    start_options={"rules": str(RULES)},
    rulebook=pages,
    help=HELP,
    web_board=web_board,
)

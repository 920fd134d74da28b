"""Starfall as the platform sees it (the platform finds ``GAME`` here: challenge menu, /card, /deck, demo).

A deck is 18 cards, 6 of each attribute, no card twice (the book's 4-1); the ready-made decks are
``assets/starfall/decks.toml``.
"""

from __future__ import annotations

from bot.decks import DeckRule
from bot.games import BotHooks, GameSpec, SelfPlayHooks
from cogs.starfall import determinize, hard, policy
from cogs.starfall.cards import cards
from cogs.starfall.cardtext import card_text
from cogs.starfall.describe import describe
from cogs.starfall.engine import ENGINE
from cogs.starfall.help import HELP
from cogs.starfall.render import render_board, render_hand
from cogs.starfall.render_card import render_card
from cogs.starfall.rulebook import pages
from cogs.starfall.text import ARG_FORMATTERS, option_label
from cogs.starfall.web import web_board

DECK_RULE = DeckRule(size=18, copy_limit=1, group_field="attribute",
                     group_counts={"attack": 6, "magic": 6, "trick": 6})

GAME = GameSpec(
    game_id="starfall",
    engine=ENGINE,
    describe=describe,
    bot=BotHooks(
        determinize.determinize, evaluate=determinize.evaluate, prior=determinize.prior,
        rollout_depth=determinize.ROLLOUT_DEPTH, prior_wins=determinize.PRIOR_WINS,
        budget_scale=determinize.BUDGET_SCALE, hard_player=hard.answer,
    ),
    selfplay=SelfPlayHooks(greedy=policy.greedy, side_keys=policy.side_keys, options=policy.selfplay_options),
    render_board=render_board,
    render_hand=render_hand,
    option_label=option_label,
    cards=cards,
    render_card=render_card,
    arg_formatters=ARG_FORMATTERS,
    deck_rule=DECK_RULE,
    card_text=card_text,
    rulebook=pages,
    help=HELP,
    web_board=web_board,
)

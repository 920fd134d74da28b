"""TetrAction as the platform sees it (the platform finds ``GAME`` here: challenge menu, /card, demo)."""

from __future__ import annotations

from bot.games import BotHooks, GameSpec, SelfPlayHooks
from cogs.tetra import determinize, policy
from cogs.tetra.cards import cards
from cogs.tetra.cardtext import card_text
from cogs.tetra.describe import describe
from cogs.tetra.engine import ENGINE
from cogs.tetra.help import HELP
from cogs.tetra.render import render_board, render_card, render_hand
from cogs.tetra.rulebook import pages
from cogs.tetra.text import ARG_FORMATTERS, option_label
from cogs.tetra.web import web_board

GAME = GameSpec(
    game_id="tetra",
    engine=ENGINE,
    describe=describe,
    bot=BotHooks(
        determinize.determinize, evaluate=determinize.evaluate, rollout=determinize.rollout,
        prior=determinize.prior, prune=determinize.prune, rollout_depth=determinize.ROLLOUT_DEPTH,
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

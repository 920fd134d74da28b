"""``python -m bot deck CODE``: a deck code's list and legality, offline (deck authors, ready-made checks)."""

from __future__ import annotations

import sys

from bot import i18n
from bot.decks import DeckCodeError, cost_of, decode_deck, group_of, validate
from bot.games import get_game, playable_game_ids


def print_deck(code: str, locale: str = "en") -> int:
    """Exit status: 0 legal, 1 readable but not legal, 2 not a readable code."""
    try:
        game_id, deck = decode_deck(code)
        if game_id not in playable_game_ids() or get_game(game_id).deck_rule is None:
            raise DeckCodeError("unknown_game", game=game_id[:20])
    except DeckCodeError as error:
        print(i18n.t(f"decks.code_error.{error.code}", locale, **error.args_map), file=sys.stderr)
        return 2
    game = get_game(game_id)
    rule = game.deck_rule
    cards = {card.id: card for card in game.cards()}
    print(f"{i18n.t(f'games.{game_id}', locale)}: {sum(deck.values())}/{rule.size}")

    def sort_key(card_id: str) -> tuple:
        card = cards.get(card_id)
        if card is None:
            return ("~", 99, card_id)
        return (group_of(rule, card), cost_of(rule, card) or 0, card_id)

    for card_id in sorted(deck, key=sort_key):
        card = cards.get(card_id)
        if card is None:
            print(f"{deck[card_id]}x {card_id} ?")
            continue
        cost = cost_of(rule, card)
        detail = group_of(rule, card) + (f", {cost}" if cost is not None else "")
        print(f"{deck[card_id]}x {card.name(locale)} ({card_id}) [{detail}]")
    problems = validate(rule, cards, deck)
    if not problems:
        print(i18n.t("decks.valid", locale))
        return 0
    for problem in problems:
        print("- " + i18n.t(f"decks.problem.{problem.code}", locale, **problem.args))
    return 1

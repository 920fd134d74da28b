"""The bot player's worlds for Starfall (cogs/starfall/determinize.py): legal, faithful to the seat's view,
and built only from what the seat may see (its deck order; the opponent's private deck list and order)."""

from __future__ import annotations

import copy
import random
from collections import Counter

from cogs.starfall import cards as catalogue
from cogs.starfall import policy
from cogs.starfall.determinize import determinize
from cogs.starfall.engine import ENGINE
from tests.platform.determinize_checks import answers_alike, check_determinize, positions, positions_of


def test_worlds_keep_the_view_play_out_and_reshuffle_only_the_decks():
    states = positions(ENGINE, range(2), every=11)
    assert check_determinize(ENGINE, determinize, states) > len(states) // 2


def seen_of(state: dict, seat: int) -> list[str]:
    player = state["players"][seat]
    return [*player["drawn"], *player["grave"], *(rec["id"] for rec in player["field"].values() if rec)]


def another_list(seen: list[str]) -> list[str]:
    """A legal deck holding the seen cards, filled per attribute with the highest-numbered other cards."""
    cards = list(seen)
    for attribute in catalogue.ATTRIBUTES:
        have = sum(catalogue.attribute(c) == attribute for c in seen)
        pool = sorted((c.id for c in catalogue.all_cards()
                       if c.stats["attribute"] == attribute and c.id not in seen), reverse=True)
        cards += pool[:catalogue.PER_ATTRIBUTE - have]
    assert catalogue.deck_problem(cards) is None
    return sorted(cards)


def test_the_opponents_private_deck_list_never_changes_the_bots_answer():
    human, bot = 0, 1
    options = policy.selfplay_options(0, random.Random(0))  # vanguard against starstorm
    real = sorted(options[f"deck{human}"].split(","))
    states = positions_of(ENGINE, 3, options, bot, every=4, count=3)
    assert len(states) == 3
    for index, state in enumerate(states):
        seen = seen_of(state, human)
        cards = another_list(seen)
        assert cards != real
        elsewhere = copy.deepcopy(state)
        deck = sorted((Counter(cards) - Counter(seen)).elements())
        random.Random(index).shuffle(deck)
        elsewhere["players"][human].update(deck=deck, deck_key="custom")
        elsewhere["options"][f"deck{human}"] = ",".join(cards)
        answers_alike("starfall", state, elsewhere, bot)
        world = determinize(state, bot, random.Random(index))
        assert Counter(seen) <= Counter(world["options"][f"deck{human}"].split(","))
        assert sorted(world["players"][human]["deck"]) == sorted(
            (Counter(world["options"][f"deck{human}"].split(",")) - Counter(seen)).elements())

"""The bot player's worlds for Afterlife (cogs/afterlife/determinize.py): legal, faithful to the seat's
view, and built only from what the seat may see (not the opponent's private deck list, hand, bundles or
deck order)."""

from __future__ import annotations

import copy
import random
from collections import Counter

from cogs.afterlife import cards as C
from cogs.afterlife import policy
from cogs.afterlife.determinize import determinize
from cogs.afterlife.engine import ENGINE
from tests.platform.determinize_checks import answers_alike, check_determinize, positions, positions_of


def test_worlds_keep_the_view_play_out_and_move_only_hidden_cards():
    states = positions(ENGINE, range(3), every=5)
    assert check_determinize(ENGINE, determinize, states) > len(states) // 2


def test_the_opponents_secret_bundle_pick_is_resampled_not_read():
    state = ENGINE.new_game(8, {})
    state, _ = ENGINE.apply(state, 1, ("bundle:3",))
    worlds = [determinize(state, 0, random.Random(seed)) for seed in range(20)]
    assert {world["players"][1]["pick"] for world in worlds} == {0, 1, 2, 3}
    assert all(world["players"][0]["bundles"] == state["players"][0]["bundles"] for world in worlds)


def seen_of(state: dict, seat: int) -> list[str]:
    player = state["players"][seat]
    seen = [*player["public"], *player["grave"], *player["afterlife"], *(u["card"] for u in player["field"])]
    seen += [entry["card"] for entry in state["stack"] if entry["seat"] == seat]
    if state["casting"] is not None and state["casting"]["seat"] == seat:
        seen.append(state["casting"]["card"])
    return seen


def test_the_opponents_private_deck_list_never_changes_the_bots_answer():
    human, bot = 0, 1
    options = policy.selfplay_options(0, random.Random(0))
    real, other_deck = options["deck_name0"], options["deck_name1"]
    states = positions_of(ENGINE, 5, options, bot, every=6, count=2)
    assert len(states) == 2
    for index, state in enumerate(states):
        seen = seen_of(state, human)
        # Another legal list holding the seen cards: the rest from the bot's own ready-made deck.
        rest = sorted((Counter(C.deck_list(other_deck)) - Counter(seen)).elements())
        cards = sorted(seen + rest[:C.DECK_SIZE - len(seen)])
        C.validate_deck(cards)
        assert Counter(cards) != Counter(C.deck_list(real))
        hidden = sorted((Counter(cards) - Counter(seen)).elements())
        random.Random(index).shuffle(hidden)
        elsewhere = copy.deepcopy(state)
        player = elsewhere["players"][human]
        for number, bundle in enumerate(player["bundles"]):
            player["bundles"][number] = hidden[:len(bundle)]
            del hidden[:len(bundle)]
        player["hand"], player["deck"] = hidden[:len(player["hand"])], hidden[len(player["hand"]):]
        elsewhere["deck_names"][human] = ""
        player["always_stop"] = not player["always_stop"]
        answers_alike("afterlife", state, elsewhere, bot, seeds=1)
        world = determinize(state, bot, random.Random(index))
        pool = world["players"][human]["hand"] + world["players"][human]["deck"]
        pool += [card for bundle in world["players"][human]["bundles"] for card in bundle]
        C.validate_deck(pool + seen)

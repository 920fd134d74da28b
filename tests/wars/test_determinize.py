"""The bot player's worlds for wars (cogs/wars/determinize.py): legal, faithful to the seat's view, and
built only from what the seat may see."""

from __future__ import annotations

import random

from cogs.wars.determinize import determinize
from cogs.wars.engine import ENGINE
from tests.platform.determinize_checks import answers_alike, check_determinize, positions, positions_of


def test_worlds_keep_the_view_play_out_and_move_only_hidden_cards():
    states = positions(ENGINE, range(3), every=7)
    assert check_determinize(ENGINE, determinize, states) > len(states) // 2


def test_every_level_including_the_secret_setup_questions():
    for level in ("apprentice", "wizard", "seven_mage", "apprentice_choose3"):
        states = positions(ENGINE, range(2), every=3, options={"level": level})
        assert check_determinize(ENGINE, determinize, states) > 0


def test_the_humans_hidden_cards_never_change_the_bots_answer_with_the_greedy_prior():
    # The bot's hooks (the greedy prior, the greedy score as evaluation) read whole states: they must only
    # ever see worlds. The same position with the human's hand, territories, magic and the deck dealt
    # otherwise gives the same answer, at a searched budget and at easy.
    bot = 1
    states = positions_of(ENGINE, 4, {}, bot, every=3, count=4)
    assert len(states) == 4
    for index, state in enumerate(states):
        elsewhere = determinize(state, bot, random.Random(f"human:{index}"))
        assert elsewhere["hands"][0] != state["hands"][0] or elsewhere["deck"] != state["deck"]
        answers_alike("wars", state, elsewhere, bot)


def _opponent_magic(world, seat) -> set[str]:
    other = 1 - seat
    cards = {slot["card"] for slot in world["magic"][other] if slot["state"] == "down"}
    return cards | set(world["setup"][other].get("magic_pool", []))


def test_a_world_never_gives_the_opponent_magic_the_rules_of_setup_put_elsewhere():
    # Overlord deals each seat two of the eight Overlord magic cards and sets the other fourteen aside in
    # the open; Wizard gives each seat three basic cards by seat; Apprentice deals each seat a whole deck of four, one of the
    # three the seat does not hold.
    from cogs.wars import cards as C

    for level, seeds in (("overlord", range(4)), ("wizard", range(2)), ("apprentice", range(2))):
        for state in positions(ENGINE, seeds, every=2, options={"level": level}):
            for seat in (0, 1):
                for draw in range(5):
                    world = determinize(state, seat, random.Random(draw))
                    held = _opponent_magic(world, seat)
                    if level == "overlord":
                        assert held <= set(C.OVERLORD_MAGIC_IDS)
                    elif level == "wizard":
                        assert not held & {"A17", "A19", "A21"} if seat == 0 else not held & {"A18", "A20", "A22"}
                    else:
                        own = set(C.APPRENTICE_DECKS[state["magic_decks"][seat]])
                        assert not held & (own | set(C.BASIC_MAGIC_IDS))
                        assert held <= _opponent_magic(state, seat) | set(state["set_aside"])
                        shown = {slot["card"] for slot in world["magic"][1 - seat] if slot["state"] != "down"}
                        # All of the opponent's magic, hidden and shown, is one deck (not the seat's own).
                        assert any(held | shown <= set(cards) for name, cards in C.APPRENTICE_DECKS.items()
                                   if name != state["magic_decks"][seat])

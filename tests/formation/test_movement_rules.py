"""After each battle (book 5-4, 9): columns move forward, reinforcements are revealed, blanks stay, 2 Cards."""

from __future__ import annotations

import pytest

from cogs.formation.data import SQUARE_INDEX
from cogs.formation.engine import ENGINE
from tests.formation.helpers import battle_state, decision, keys, play, square_cards

pytestmark = pytest.mark.usefixtures("fixture_layouts")

# Fixture layouts (tests/formation/helpers.py), the pre-issue-14 grids:
# sword-1a ". +2 . / . D . / X . X"   sword-1b "+1 +1 . / X . D / . . X"
# shield-1a ". D . / . +2 . / X . X"  shield-1b "X D . / +1 . +1 / . . X"
# bow-1a ". W . / X D X / . 2C X"     bow-2a "W . +1 / X D X / 2C . X"


def public_card(state, seat, square):
    cards = ENGINE.view(state, None)["seats"][seat]["board"][SQUARE_INDEX[square]]["cards"]
    return [entry["card"] for entry in cards]


def test_cards_of_the_column_move_forward_after_a_battle():
    state = battle_state(("fixture-sword-1a", "fixture-shield-1a"), {
        0: {"front:2": "r3", "back:2": "r6", "reserve:2": "r8"},
        1: {"back:1": "b4"},
    })
    state, _ = play(state, ["attack:front:2", "defend:back:1"])
    assert square_cards(state, 0, "front:2") == ["r6"]
    assert square_cards(state, 0, "back:2") == ["r8"]
    assert square_cards(state, 0, "reserve:2") == []


def test_a_reinforcement_that_moves_is_revealed():
    state = battle_state(("fixture-sword-1a", "fixture-shield-1a"), {
        0: {"front:2": "r3", "back:2": "r6", "reserve:2": "r8"},
        1: {"back:1": "b4"},
    })
    assert public_card(state, 0, "reserve:2") == [None]
    state, events = play(state, ["attack:front:2", "defend:back:1"])
    assert public_card(state, 0, "back:2") == ["r8"]
    reveal = [event for event in events if event.key == "formation.event.reinforcement"]
    assert reveal[0].audience is None and reveal[0].args == {"player": 0, "card": "r8", "square": "back:2"}


def test_a_card_moving_from_back_to_front_is_not_announced_as_a_reinforcement():
    state = battle_state(("fixture-sword-1a", "fixture-shield-1a"), {0: {"front:1": "r3", "back:1": "r6"}, 1: {"back:1": "b4"}})
    state, events = play(state, ["attack:front:1", "defend:back:1"])
    assert "reinforcement" not in keys(events)
    assert square_cards(state, 0, "front:1") == ["r6"]


def test_blanks_never_move():
    # shield-1b: the front-left blank stays; the back-left card never moves into it.
    state = battle_state(("fixture-sword-1a", "fixture-shield-1b"), {
        0: {"front:1": "r3", "front:2": "r4"},
        1: {"back:1": "b4", "front:3": "r9", "reserve:1": "b7"},
    })
    state, _ = play(state, ["attack:front:1", "defend:back:1"])
    # back:1 emptied: the reserve card comes up into it; the blank front-left square stays empty.
    assert square_cards(state, 1, "back:1") == ["b7"]
    assert square_cards(state, 1, "front:1") == []
    state, _ = play(state, ["attack:front:3", "defend:front:2"])
    assert square_cards(state, 1, "front:1") == [] and square_cards(state, 1, "back:1") == ["b7"]


def test_reinforcement_skips_a_blank_back_square():
    # sword-1b: back-left is blank, so the left reinforcement goes straight to the front.
    state = battle_state(("fixture-sword-1b", "fixture-shield-1a"), {0: {"front:1": "r3", "reserve:1": "b9"}, 1: {"back:1": "b4"}})
    state, events = play(state, ["attack:front:1", "defend:back:1"])
    assert square_cards(state, 0, "front:1") == ["b9"]
    assert [e.args for e in events if e.key == "formation.event.reinforcement"] == [
        {"player": 0, "card": "b9", "square": "front:1"}]


def test_two_cards_square_owner_chooses_which_card_moves_forward():
    state = battle_state(("fixture-sword-1a", "fixture-bow-1a"), {
        0: {"front:1": "r5"},
        1: {"front:2": "b9", "back:2": "b2", "reserve:2": ["b7", "r3"]},
    })
    state, events = play(state, ["attack:front:1", "defend:back:2"])
    choice = decision(state, 1)
    assert choice.prompt == "formation.prompt.advance" and choice.secret
    assert set(choice.options) == {"advance:b7", "advance:r3"}
    assert "reinforcement" not in keys(events)
    state, events = play(state, "advance:r3")
    assert square_cards(state, 1, "back:2") == ["r3"]
    assert square_cards(state, 1, "reserve:2") == ["b7"]
    assert public_card(state, 1, "reserve:2") == [None]  # the other card stays face down
    assert keys(events) == ["advance_chosen", "advance_chosen_hidden", "reinforcement"]
    assert events[0].audience == (1,)


def test_two_cards_square_last_card_moves_without_a_choice():
    state = battle_state(("fixture-sword-1a", "fixture-bow-2a"), {
        0: {"front:1": "r5", "front:3": "r6", "front:2": "r7"},
        1: {"front:1": "b1", "reserve:1": ["b7", "r3"], "front:2": "b2"},  # bow-2a: back-left blank
    })
    state, _ = play(state, ["attack:front:1", "defend:front:1:blue"])
    state, _ = play(state, "advance:b7")  # b7 rushes to the Wild front-left square
    assert square_cards(state, 1, "front:1") == ["b7"]
    state, _ = play(state, ["attack:front:1:blue", "defend:front:3"])
    assert square_cards(state, 1, "front:1") == ["r3"]  # no decision this time
    assert ENGINE.pending(state)[0].prompt == "formation.prompt.attack"


def test_two_cards_square_stays_empty_once_both_cards_have_moved():
    state = battle_state(("fixture-sword-1a", "fixture-bow-2a"), {
        0: {"front:1": "r5", "front:3": "r6", "front:2": "r7"},
        1: {"front:1": "b1", "reserve:1": ["b7", "r3"]},
    })
    state, _ = play(state, ["attack:front:1", "defend:front:1:blue", "advance:b7",
                            "attack:front:1:red", "defend:front:3", "attack:front:2", "defend:front:1:red"])
    assert square_cards(state, 1, "reserve:1") == [] and square_cards(state, 1, "front:1") == []


def test_two_cards_choices_of_both_players_are_revealed_together():
    # Both seats with a 2 Cards square (a built position: the engine supports it generally).
    state = battle_state(("fixture-bow-1a", "fixture-bow-1a"), {
        0: {"front:2": "b3", "back:2": "b1", "reserve:2": ["r2", "r4"]},
        1: {"front:2": "b9", "back:2": "b2", "reserve:2": ["b7", "r3"]},
    })
    state, _ = play(state, ["attack:front:2:blue", "defend:back:2"])
    assert {d.seat for d in ENGINE.pending(state)} == {0, 1}
    assert all(d.secret for d in ENGINE.pending(state))
    state, events = play(state, "0 advance:r4")
    assert "reinforcement" not in keys(events)  # nothing is revealed until both have chosen
    assert public_card(state, 0, "back:2") == []
    state, events = play(state, "1 advance:r3")
    assert [e.args["card"] for e in events if e.key == "formation.event.reinforcement"] == ["r4", "r3"]
    assert square_cards(state, 0, "back:2") == ["r4"] and square_cards(state, 1, "back:2") == ["r3"]

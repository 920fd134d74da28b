"""Battle rules (book 5, 9): who picks from which row, following colour, Wild, Rank+N, winning, 0 vs 12."""

from __future__ import annotations

import pytest

from bot.engine import IllegalChoice
from cogs.formation.engine import ATTACKER_WINS, DEFENDER_WINS, DRAW, ENGINE, battle_winner
from tests.formation.helpers import battle_state, keys, options, play

pytestmark = pytest.mark.usefixtures("fixture_layouts")

# Fixture layouts (tests/formation/helpers.py), the pre-issue-14 grids:
# sword-1a ". +2 . / . D . / X . X"  shield-1a ". D . / . +2 . / X . X"
# sword-2a "+1 W . / . D . / X . X"  shield-2a ". D . / W . +1 / X . X"


def test_attacker_picks_from_the_front_row():
    state = battle_state(("fixture-sword-1a", "fixture-shield-1a"), {
        0: {"front:1": "r5", "front:3": "b3", "back:1": "r9", "back:2": "b8"},
        1: {"back:1": "r2"},
    })
    assert options(state, 0) == {"attack:front:1", "attack:front:3"}
    with pytest.raises(IllegalChoice):
        ENGINE.apply(state, 0, ("attack:back:1",))


def test_attacker_picks_from_the_back_row_when_the_front_row_is_empty():
    state = battle_state(("fixture-sword-1a", "fixture-shield-1a"), {0: {"back:1": "r9", "back:3": "b8"}, 1: {"back:1": "r2"}})
    assert options(state, 0) == {"attack:back:1", "attack:back:3"}


def test_defender_picks_from_the_back_row():
    state = battle_state(("fixture-sword-1a", "fixture-shield-1a"), {
        0: {"front:1": "r5"},
        1: {"front:1": "r9", "front:3": "r8", "back:1": "r2", "back:3": "r4"},
    })
    state, _ = play(state, "attack:front:1")
    assert options(state, 1) == {"defend:back:1", "defend:back:3"}


def test_defender_picks_from_the_front_row_when_the_back_row_is_empty():
    state = battle_state(("fixture-sword-1a", "fixture-shield-1a"), {0: {"front:1": "r5"}, 1: {"front:1": "b9", "front:3": "b2"}})
    state, _ = play(state, "attack:front:1")
    assert options(state, 1) == {"defend:front:1", "defend:front:3"}


def test_defender_must_follow_colour_when_able():
    state = battle_state(("fixture-sword-1a", "fixture-shield-1a"), {
        0: {"front:1": "r5"},
        1: {"back:1": "r2", "back:3": "b9"},
    })
    state, _ = play(state, "attack:front:1")
    assert options(state, 1) == {"defend:back:1"}
    with pytest.raises(IllegalChoice):
        ENGINE.apply(state, 1, ("defend:back:3",))


def test_defender_may_pick_any_colour_when_unable_to_follow():
    state = battle_state(("fixture-sword-1a", "fixture-shield-1a"), {0: {"front:1": "r5"}, 1: {"back:1": "b2", "back:3": "b9"}})
    state, _ = play(state, "attack:front:1")
    assert options(state, 1) == {"defend:back:1", "defend:back:3"}


def test_defender_must_follow_colour_from_the_front_row_when_the_back_row_is_empty():
    state = battle_state(("fixture-sword-1a", "fixture-shield-1a"), {0: {"front:1": "b5"}, 1: {"front:1": "r9", "front:3": "b1"}})
    state, _ = play(state, "attack:front:1")
    assert options(state, 1) == {"defend:front:3"}


def test_follow_obligation_looks_only_at_the_pickable_row():
    # A red card in the front row does not oblige the defender while the back row has cards.
    state = battle_state(("fixture-sword-1a", "fixture-shield-1a"), {0: {"front:1": "r5"}, 1: {"front:1": "r9", "back:1": "b1"}})
    state, _ = play(state, "attack:front:1")
    assert options(state, 1) == {"defend:back:1"}


def test_wild_square_lets_the_attacker_declare_either_colour():
    state = battle_state(("fixture-sword-2a", "fixture-shield-1a"), {
        0: {"front:2": "r5"},
        1: {"back:1": "r9", "back:3": "b2"},
    })
    assert options(state, 0) == {"attack:front:2:red", "attack:front:2:blue"}
    state, events = play(state, "attack:front:2:blue")
    assert events[-1].args["colour"] == "blue"
    # The defender must now follow blue, the declared colour, not the printed red.
    assert options(state, 1) == {"defend:back:3"}
    state, events = play(state, "defend:back:3")
    assert keys(events)[-1] == "won" and events[-1].args["player"] == 0


def test_wild_square_lets_the_defender_ignore_following_and_count_as_either_colour():
    state = battle_state(("fixture-sword-1a", "fixture-shield-2a"), {
        0: {"front:1": "r1"},
        1: {"back:1": "b3", "back:2": "r2", "back:3": "b8"},  # back:1 is Wild
    })
    state, _ = play(state, "attack:front:1")
    assert options(state, 1) == {"defend:back:1:red", "defend:back:1:blue", "defend:back:2"}
    state, events = play(state, "defend:back:1:red")  # blue 3 counts as red 3 and beats red 1
    assert keys(events)[-1] == "won" and events[-1].args["player"] == 1


def test_rank_plus_two_adds_to_the_attackers_rank_when_picked():
    state = battle_state(("fixture-sword-1a", "fixture-shield-1a"), {0: {"front:2": "r5"}, 1: {"back:1": "r6"}})
    state, events = play(state, ["attack:front:2", "defend:back:1"])
    assert events[0].args["rank"] == 7
    assert keys(events)[-1] == "won" and events[-1].args["player"] == 0  # 6 does not beat 5+2


def test_rank_plus_one_adds_to_the_defenders_rank_when_picked():
    state = battle_state(("fixture-sword-1a", "fixture-shield-2a"), {0: {"front:1": "r5"}, 1: {"back:3": "r5"}})  # back:3 +1
    state, events = play(state, ["attack:front:1", "defend:back:3"])
    assert events[1].args["rank"] == 6
    assert keys(events)[-1] == "won" and events[-1].args["player"] == 1


def test_rank_bonus_belongs_to_the_square_not_the_card():
    state = battle_state(("fixture-sword-1a", "fixture-shield-1a"), {
        0: {"front:1": "b1", "front:2": "r3", "back:2": "r6", "reserve:2": "r8", "back:1": "b2"},
        1: {"back:1": "b4", "back:3": "b6", "front:1": "b7", "front:3": "b9"},
    })
    state, events = play(state, """
        attack:front:2      # red 3 on Rank+2: rank 5
        defend:back:1
        attack:front:1
        defend:back:1       # seat 0 defends with blue 2 from its back row
    """)
    assert events[0].args["rank"] == 5
    state, events = play(state, "attack:front:2")  # red 6 moved up onto the Rank+2 square: rank 8
    assert events[0].args == {"player": 0, "card": "r6", "square": "front:2", "colour": "red", "rank": 8}


def test_defender_wins_only_with_the_same_colour_and_a_higher_rank():
    assert battle_winner("r3", "red", 0, "r8", "red", 0) == DEFENDER_WINS  # book example 1
    assert battle_winner("r8", "red", 0, "r3", "red", 0) == ATTACKER_WINS
    assert battle_winner("r3", "red", 0, "b8", "blue", 0) == ATTACKER_WINS  # book example 2


def test_attacker_wins_against_another_colour_whatever_its_rank():
    state = battle_state(("fixture-sword-1a", "fixture-shield-1a"), {0: {"front:1": "r1"}, 1: {"back:1": "b12"}})
    state, events = play(state, ["attack:front:1", "defend:back:1"])
    assert keys(events)[-1] == "won" and events[-1].args == {"player": 0, "card": "r1", "other": "b12"}


def test_zero_beats_twelve_whatever_the_colours():
    assert battle_winner("b12", "blue", 0, "r0", "red", 0) == DEFENDER_WINS  # book example 3
    assert battle_winner("r0", "red", 0, "r12", "red", 0) == ATTACKER_WINS
    state = battle_state(("fixture-sword-1a", "fixture-shield-1a"), {0: {"front:1": "b12"}, 1: {"back:1": "r0"}})
    state, events = play(state, ["attack:front:1", "defend:back:1"])
    assert keys(events)[-1] == "won_zero" and events[-1].args == {"player": 1, "card": "r0", "other": "b12"}


def test_zero_beats_twelve_even_with_rank_bonus():
    assert battle_winner("b12", "blue", 2, "r0", "red", 0) == DEFENDER_WINS  # the book's 青14 example
    assert battle_winner("r0", "red", 0, "r12", "red", 2) == ATTACKER_WINS
    state = battle_state(("fixture-sword-1a", "fixture-shield-1a"), {0: {"front:2": "b12"}, 1: {"back:1": "b0"}})
    state, events = play(state, ["attack:front:2", "defend:back:1"])
    assert events[0].args["rank"] == 14
    assert keys(events)[-1] == "won_zero" and events[-1].args["player"] == 1


def test_same_colour_and_rank_is_a_draw_and_each_takes_their_own_card():
    assert battle_winner("r8", "red", 0, "r8", "red", 0) == DRAW  # book example 4
    state = battle_state(("fixture-sword-1a", "fixture-shield-1a"), {0: {"front:1": "r8"}, 1: {"back:1": "r8"}})
    state, events = play(state, ["attack:front:1", "defend:back:1"])
    assert keys(events)[-1] == "battle_draw"  # whose card is whose: the attacker's, then the defender's
    assert events[-1].args == {"attacker": 0, "card": "r8", "defender": 1, "other": "r8"}
    assert state["captured"] == [[[0, "r8"]], [[1, "r8"]]]


def test_draw_compares_ranks_after_bonuses():
    state = battle_state(("fixture-sword-2a", "fixture-shield-1a"), {0: {"front:1": "r5"}, 1: {"back:1": "r6"}})  # front:1 +1
    state, events = play(state, ["attack:front:1", "defend:back:1"])
    assert keys(events)[-1] == "battle_draw"


def test_winner_takes_both_cards():
    state = battle_state(("fixture-sword-1a", "fixture-shield-1a"), {0: {"front:1": "r3"}, 1: {"back:1": "r8"}})
    state, _ = play(state, ["attack:front:1", "defend:back:1"])
    assert state["captured"] == [[], [[1, "r8"], [0, "r3"]]]
    assert state["boards"][0][0] == [] and state["boards"][1][3] == []


def test_battles_alternate_attacker_with_the_rounds_first_player_first():
    state = battle_state(("fixture-sword-1a", "fixture-shield-1a"), {
        0: {"front:1": "r1", "front:2": "r2", "front:3": "r3"},
        1: {"front:1": "b1", "front:2": "b2", "front:3": "b3"},
    }, attacker=1)
    attackers = []
    for _ in range(3):
        attack = next(d for d in ENGINE.pending(state) if d.prompt == "formation.prompt.attack")
        attackers.append(attack.seat)
        state, _ = ENGINE.apply(state, attack.seat, (attack.options[0],))
        defend = ENGINE.pending(state)[0]
        state, _ = ENGINE.apply(state, defend.seat, (defend.options[0],))
    assert attackers == [1, 0, 1]


def test_book_example_rank_bonus_stays_on_the_back_square():
    # Book 9, "後衛マスに Rank+1 がある場合": fixture-shield-3b "D . X / +1 W +1 / . X ." has Rank+1 on back-left.
    state = battle_state(("fixture-sword-1a", "fixture-shield-3b"), {
        0: {"front:1": "b1", "front:3": "b2", "back:1": "r1", "back:3": "r2"},
        1: {"front:1": "r6", "back:1": "b9", "reserve:1": "r4", "front:2": "b3"},
    }, attacker=1)
    state, _ = play(state, """
        attack:front:1      # seat 1 picks red 6 from the front, not blue 9 (which would count as 10)
        defend:back:1       # seat 0 follows red with red 1 and loses
    """)
    # Blue 9 moved up and left the bonus behind; the reinforcement red 4 moved onto the Rank+1 square.
    board = ENGINE.view(state, None)["seats"][1]["board"]
    assert board[0]["cards"] == [{"card": "b9", "face_up": True}]
    assert board[3]["cards"] == [{"card": "r4", "face_up": True}] and board[3]["bonus"] == 1
    state, events = play(state, """
        attack:front:1      # seat 0 attacks with blue 1
        defend:back:1       # seat 1's only back card, red 4, now counts as 5
    """)
    assert events[1].args == {"player": 1, "card": "r4", "square": "back:1", "colour": "red", "rank": 5}
    state, events = play(state, "attack:front:1")  # blue 9 on the front square: no bonus any more
    assert events[0].args["rank"] == 9

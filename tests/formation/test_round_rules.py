"""Setup, rounds and scoring (book 2-4, 6-8)."""

from __future__ import annotations

from collections import Counter

import pytest

from bot.engine import GameOver, IllegalChoice, NotYourDecision
from cogs.formation.data import DECK, SQUARE_INDEX, card_points, catalogue
from cogs.formation.engine import ENGINE, attacker, first_player
from tests.formation.helpers import (
    battle_state,
    decision,
    keys,
    new_match,
    options,
    place_first_cards,
    play,
    play_random,
    random_steps,
    start_battles,
)


def test_each_player_has_a_deck_of_22_red_and_blue_0_to_9_and_12():
    state = new_match(3)
    expected = sorted(f"{c}{r}" for c in "rb" for r in (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 12))
    assert sorted(DECK) == expected
    for seat in (0, 1):
        assert sorted(state["decks"][seat]) == expected
    assert state["decks"][0] != state["decks"][1]  # shuffled separately


def test_round_one_first_player_is_drawn_from_the_seed():
    firsts = {seed: new_match(seed)["round1_first"] for seed in range(40)}
    assert set(firsts.values()) == {0, 1}
    assert all(new_match(seed)["round1_first"] == first for seed, first in firsts.items())


def test_second_player_of_round_one_picks_the_formation_type_first():
    state = new_match(7)
    second = 1 - state["round1_first"]
    (only,) = ENGINE.pending(state)
    assert only.seat == second and set(only.options) == {"type:sword", "type:shield", "type:bow"}


def test_first_player_picks_one_of_the_two_types_left():
    state = new_match(7)
    second = 1 - state["round1_first"]
    state, events = play(state, f"{second} type:bow")
    (only,) = ENGINE.pending(state)
    assert only.seat == 1 - second and set(only.options) == {"type:sword", "type:shield"}
    assert events[0].args == {"player": second, "type": "bow"}


def test_blanks_are_two_per_formation_and_three_for_bow():
    for layout in catalogue().layouts.values():
        blanks = sum(square.blank for square in layout.squares)
        assert blanks == (3 if layout.type == "bow" else 2), layout.id


def test_every_formation_card_gives_seven_battle_cards_six_from_the_hand():
    for layout in catalogue().layouts.values():
        assert sum(square.capacity for square in layout.squares) == 7, layout.id
        assert len(layout.line_slots) + len(layout.reserve_slots) == 6, layout.id
        assert sum(square.reveal for square in layout.squares) == 1, layout.id


def test_each_type_has_two_formation_cards_per_round():
    for type_id in ("sword", "shield", "bow"):
        for round_number in (1, 2, 3):
            assert len(catalogue().layouts_for(type_id, round_number)) == 2


def test_round_one_draws_seven_cards():
    state = new_match(7)
    second = 1 - state["round1_first"]
    state, events = play(state, [f"{second} type:bow", f"{1 - second} type:sword"])
    assert [len(hand) for hand in state["hands"]] == [7, 7]
    assert [len(deck) for deck in state["decks"]] == [15, 15]
    drew = [e for e in events if e.key == "formation.event.drew"]
    assert [e.audience for e in drew] == [(0,), (1,)]
    assert [e.args["count"] for e in events if e.key == "formation.event.drew_hidden"] == [7, 7]


def test_later_rounds_draw_six_and_keep_the_leftover_card():
    state, _ = start_battles(7)
    kept = [list(hand) for hand in state["hands"]]
    assert [len(hand) for hand in kept] == [1, 1]
    while state["round"] == 1:
        d = ENGINE.pending(state)[0]
        state, events = ENGINE.apply(state, d.seat, (d.options[0],))
    assert state["phase"] == "formation"
    assert [e.args["count"] for e in events if e.key == "formation.event.drew_hidden"] == [6, 6]
    for seat in (0, 1):
        assert kept[seat][0] in state["hands"][seat] and len(state["hands"][seat]) == 7


def test_the_decks_run_out_exactly_at_the_round_three_deck_reveal():
    state = play_random(11)
    assert state["decks"] == [[], []]


def test_leftover_card_is_kept_secret():
    state, events = start_battles(7)
    kept = [e for e in events if e.key.startswith("formation.event.kept")]
    assert [(e.key, e.audience) for e in kept] == [
        ("formation.event.kept", (0,)), ("formation.event.kept_hidden", None),
        ("formation.event.kept", (1,)), ("formation.event.kept_hidden", None)]
    assert ENGINE.view(state, 1)["seats"][0]["hand"] is None
    assert ENGINE.view(state, None)["seats"][0]["hand"] is None
    assert ENGINE.view(state, 0)["seats"][0]["hand"] == state["hands"][0]


def test_formation_cards_are_chosen_in_secret_and_revealed_together():
    state = new_match(7)
    second = 1 - state["round1_first"]
    state, _ = play(state, [f"{second} type:bow", f"{1 - second} type:sword"])
    pending = ENGINE.pending(state)
    assert {d.seat for d in pending} == {0, 1} and all(d.secret for d in pending)
    bow_seat = second
    state, events = play(state, f"{bow_seat} formation:bow-1b")
    assert [(e.key, e.audience) for e in events] == [
        ("formation.event.formation_chosen", (bow_seat,)), ("formation.event.formation_chosen_hidden", None)]
    assert ENGINE.view(state, 1 - bow_seat)["seats"][bow_seat]["formation"] is None
    assert ENGINE.view(state, None)["seats"][bow_seat]["formation"] is None
    assert ENGINE.view(state, bow_seat)["seats"][bow_seat]["formation"] == "bow-1b"
    state, events = play(state, f"{1 - bow_seat} formation:sword-1a")
    revealed = {e.args["player"]: e.args["formation"] for e in events if e.key == "formation.event.formation_revealed"}
    assert revealed == {bow_seat: "bow-1b", 1 - bow_seat: "sword-1a"}
    assert ENGINE.view(state, None)["seats"][bow_seat]["formation"] == "bow-1b"


def test_deck_reveal_turns_the_top_deck_card_face_up_on_its_square():
    state = new_match(7)
    tops = [deck[-8] for deck in state["decks"]]  # 7 cards are drawn first, then the reveal
    second = 1 - state["round1_first"]
    state, _ = play(state, [f"{second} type:shield", f"{1 - second} type:sword",
                            "formation:sword-1a", "formation:shield-1a"])
    sword_seat = 1 - second
    public = ENGINE.view(state, None)["seats"]
    assert public[sword_seat]["board"][SQUARE_INDEX["back:2"]]["cards"] == [{"card": tops[sword_seat],
                                                                             "face_up": True}]
    assert public[second]["board"][SQUARE_INDEX["front:2"]]["cards"] == [{"card": tops[second], "face_up": True}]


def test_front_and_back_rows_are_placed_face_down_and_revealed_together():
    state = new_match(7)
    second = 1 - state["round1_first"]
    state, _ = play(state, [f"{second} type:shield", f"{1 - second} type:sword",
                            "formation:sword-1a", "formation:shield-1a"])
    sword_seat = 1 - second
    card = state["hands"][sword_seat][0]
    (placing,) = [d for d in ENGINE.pending(state) if d.seat == sword_seat]
    assert placing.secret and placing.args["square"] == "front:1"
    assert {d.seat for d in ENGINE.pending(state)} == {0, 1}
    state, events = play(state, f"{sword_seat} place:front:1:{card}")
    assert [(e.key, e.audience) for e in events] == [
        ("formation.event.placed", (sword_seat,)), ("formation.event.placed_hidden", None)]
    assert "card" not in events[1].args
    for viewer in (None, second):
        entry = ENGINE.view(state, viewer)["seats"][sword_seat]["board"][SQUARE_INDEX["front:1"]]
        assert entry["cards"] == [{"card": None, "face_up": False}]
    assert ENGINE.view(state, sword_seat)["seats"][sword_seat]["board"][0]["cards"] == [
        {"card": card, "face_up": False}]
    # Finish the lines of both: everything in the front and back rows is revealed at once.
    state, events = place_first_cards(state)
    assert state["phase"] == "reserve"
    assert keys(events)[-2:] == ["lines_revealed", "lines_revealed"]
    board = ENGINE.view(state, None)["seats"][sword_seat]["board"]
    assert board[0]["cards"] == [{"card": card, "face_up": True}]


def test_reinforcements_are_placed_face_down_and_stay_hidden():
    state, _ = start_battles(7)
    for seat in (0, 1):
        public = ENGINE.view(state, None)["seats"][seat]["board"]
        opponent = ENGINE.view(state, 1 - seat)["seats"][seat]["board"]
        own = ENGINE.view(state, seat)["seats"][seat]["board"]
        for index in range(6, 9):
            for view_board in (public, opponent):
                assert all(entry == {"card": None, "face_up": False} for entry in view_board[index]["cards"])
            assert [entry["card"] for entry in own[index]["cards"]] == state["boards"][seat][index]


def test_placement_undo_takes_back_the_last_card():
    state = new_match(7)
    second = 1 - state["round1_first"]
    state, _ = play(state, [f"{second} type:shield", f"{1 - second} type:sword",
                            "formation:sword-1a", "formation:shield-1a"])
    seat = 1 - second
    hand = list(state["hands"][seat])
    assert "place:undo" not in options(state, seat)
    state, _ = play(state, [f"{seat} place:front:1:{hand[2]}"])
    assert "place:undo" in options(state, seat)
    state, events = play(state, f"{seat} place:undo")
    assert state["hands"][seat] == hand and state["boards"][seat][0] == []
    assert [(e.key, e.audience) for e in events] == [
        ("formation.event.took_back", (seat,)), ("formation.event.took_back_hidden", None)]
    assert decision(state, seat).args["square"] == "front:1"


def test_last_placement_of_a_step_asks_for_confirmation():
    state = new_match(7)
    second = 1 - state["round1_first"]
    state, _ = play(state, [f"{second} type:shield", f"{1 - second} type:sword",
                            "formation:sword-1a", "formation:shield-1a"])
    seat = 1 - second
    confirms = []
    while (d := next((d for d in ENGINE.pending(state) if d.seat == seat), None)) is not None:
        confirms.append(d.confirm)
        state, _ = ENGINE.apply(state, seat, (d.options[0],))
    slots = len(catalogue().layouts["sword-1a"].line_slots)  # front and back squares filled from the hand
    assert confirms == [False] * (slots - 1) + [True]


def test_each_round_has_seven_battles_with_the_first_player_attacking_first():
    state, _ = start_battles(7)
    for round_number in (1, 2, 3):
        while state["phase"] not in ("battle",):
            d = ENGINE.pending(state)[0]
            state, _ = ENGINE.apply(state, d.seat, (d.options[0],))
        attackers = []
        while state["round"] == round_number and state["phase"] != "over":
            d = ENGINE.pending(state)[0]
            if d.prompt == "formation.prompt.attack":
                attackers.append(d.seat)
            state, _ = ENGINE.apply(state, d.seat, (d.options[0],))
        first = first_player(state, round_number)
        assert attackers == [first, 1 - first] * 3 + [first]


def test_first_player_alternates_every_round():
    state = new_match(5)
    first = state["round1_first"]
    assert [first_player(state, r) for r in (1, 2, 3)] == [first, 1 - first, first]


def test_captured_cards_are_hidden_from_both_players_during_battles():
    state = battle_state(("sword-1a", "shield-1a"), {0: {"front:1": "r3", "front:2": "r4"}, 1: {"back:1": "r8"}})
    state, _ = play(state, ["attack:front:1", "defend:back:1"])
    for viewer in (None, 0, 1):
        seats = ENGINE.view(state, viewer)["seats"]
        assert seats[1]["captured_count"] == 2 and seats[0]["captured_count"] == 0
        assert "captured" not in seats[0] and "captured" not in seats[1]


def test_round_scoring_follows_the_book_table():
    table = {0: 0, 1: 1, 2: 1, 3: 1, 4: 1, 5: 2, 6: 2, 7: 2, 8: 3, 9: 3, 12: 3}
    for colour in "rb":
        for rank, points in table.items():
            assert card_points(f"{colour}{rank}") == points
    # The last battle of a round: the captured piles score and the round's totals are recorded.
    state = battle_state(("sword-1a", "shield-1a"), {0: {"front:1": "r3"}, 1: {"back:1": "r8"}}, battle=6)
    state["captured"] = [[[0, "b9"], [1, "r0"]], [[1, "b5"], [0, "b1"]]]
    state, events = play(state, ["attack:front:1", "defend:back:1"])
    scored = [e.args for e in events if e.key == "formation.event.round_scored"]
    assert scored == [{"player": 0, "round": 1, "points": 3, "total": 3},
                      {"player": 1, "round": 1, "points": 2 + 1 + 3 + 1, "total": 7}]
    assert state["round_points"] == [[3], [7]]


def test_scored_cards_stay_hidden_for_the_rest_of_the_game():
    state = battle_state(("sword-1a", "shield-1a"), {0: {"front:1": "r3"}, 1: {"back:1": "r8"}}, battle=6)
    state, events = play(state, ["attack:front:1", "defend:back:1"])
    assert state["round"] == 2 and state["scored"][1] == [[1, "r8"], [0, "r3"]]
    for viewer in (None, 0, 1):
        seats = ENGINE.view(state, viewer)["seats"]
        assert seats[1]["scored_count"] == 2 and "scored" not in seats[1]
        assert seats[1]["captured_count"] == 0
    scored = [e for e in events if e.key == "formation.event.round_scored"]
    assert all("cards" not in e.args for e in scored)


def test_running_totals_are_always_visible():
    for step in random_steps(3):
        for viewer in (None, 0, 1):
            view = ENGINE.view(step.after, viewer)
            assert view["totals"] == [sum(points) for points in step.after["round_points"]]


def test_match_lasts_three_rounds():
    state = play_random(5)
    assert state["phase"] == "over" and state["round"] == 3
    assert [len(points) for points in state["round_points"]] == [3, 3]
    assert ENGINE.pending(state) == []


def finished(round_points: list[list[int]], round1_first: int = 0) -> dict:
    state = play_random(5)
    state["round_points"] = round_points
    state["round1_first"] = round1_first
    return state


def test_higher_total_wins():
    outcome = ENGINE.outcome(finished([[5, 5, 5], [6, 6, 2]]))
    assert outcome.winner == 0 and outcome.reason == "score" and outcome.args == {"points0": 15, "points1": 14}
    assert ENGINE.outcome(finished([[1, 1, 1], [6, 6, 2]])).winner == 1


def test_tie_goes_to_the_player_who_was_second_in_round_one():
    for first in (0, 1):
        outcome = ENGINE.outcome(finished([[5, 5, 5], [6, 6, 3]], round1_first=first))
        assert outcome.winner == 1 - first and outcome.reason == "tiebreak"


def test_outcome_is_none_while_the_match_runs():
    state, _ = start_battles(7)
    assert ENGINE.outcome(state) is None


def test_apply_raises_typed_errors():
    state = new_match(7)
    second = 1 - state["round1_first"]
    with pytest.raises(NotYourDecision):
        ENGINE.apply(state, 1 - second, ("type:bow",))
    with pytest.raises(IllegalChoice):
        ENGINE.apply(state, second, ("type:axe",))
    with pytest.raises(IllegalChoice):
        ENGINE.apply(state, second, ("type:bow", "type:sword"))
    with pytest.raises(GameOver):
        ENGINE.apply(play_random(5), 0, ("type:bow",))


def test_apply_never_mutates_its_input():
    import json
    for step in random_steps(9):
        before = json.dumps(step.before, sort_keys=True)
        ENGINE.apply(step.before, step.seat, step.choice)
        assert json.dumps(step.before, sort_keys=True) == before


def test_a_match_replays_exactly_from_its_seed_and_decision_log():
    log = [(step.seat, step.choice) for step in random_steps(21)]
    final = play_random(21)
    state = new_match(21)
    for seat, choice in log:
        state, _ = ENGINE.apply(state, seat, choice)
    assert state == final


def test_cards_are_conserved_across_a_match():
    state = play_random(4)
    per_owner = Counter()
    for seat in (0, 1):
        for owner, card in state["scored"][seat]:
            per_owner[(owner, card)] += 1
        for card in state["hands"][seat]:
            per_owner[(seat, card)] += 1
    assert len(per_owner) == 44 and set(per_owner.values()) == {1}


def test_attacker_helper_matches_the_pending_attack():
    state, _ = start_battles(7)
    assert ENGINE.pending(state)[0].seat == attacker(state) == first_player(state)

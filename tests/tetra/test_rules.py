"""One scenario per rule of the book, set-up to the end phase (and per ruling of GAMES.md and
docs/rules/tetra.md); the characters, the game's end and the contract are in
tests/tetra/test_rules_characters.py."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.engine import copy_state
from cogs.tetra import cards as catalogue
from cogs.tetra import casting, effects, setup, spells, table
from cogs.tetra import engine as rules
from cogs.tetra import geometry as geo
from tests.tetra.helpers import at, decision, fresh, keys, orient, play, row, set_faces

# --- set-up ----------------------------------------------------------------------------------


def test_setup_life_hands_and_decks() -> None:
    state = fresh("red-yellow")
    red, yellow = state["players"]
    assert red["life"] == yellow["life"] == 15
    assert [h["id"] for h in red["hand"]] == ["H-R1", "H-R2"]
    assert [h["id"] for h in yellow["hand"]] == ["H-Y1", "H-Y2"]
    assert len(red["hand_deck"]) == 6 and len(yellow["hand_deck"]) == 8
    assert all(h["cubes"] == catalogue.field(h["id"], "release_count") for h in red["hand"])
    assert len(state["public"]["row"]) == 4 and len(state["public"]["deck"]) == 35
    assert sorted(state["accident"]["deck"]) == ["A1", "A2", "A3", "A4", "A5", "A6"]
    assert state["box"] == catalogue.ids_of("hand", "blue")


def test_setup_tetrites_own_at_left_end_neutral_in_the_middle() -> None:
    state = fresh("red-blue")
    assert [t["colour"] for t in state["tetrites"]] == ["red", "yellow", "blue"]
    assert table.reading_colours(state, 0)[0] == "red"
    assert table.reading_colours(state, 1)[0] == "blue"


def test_setup_orientation_black_down_white_faces_as_ruled() -> None:
    state = fresh("red-blue")
    red, neutral, blue = (t["faces"] for t in state["tetrites"])
    assert all(geo.bottom_face(f) == "black" for f in (red, neutral, blue))
    assert geo.visible_faces(red, 0) == ["white"]
    assert geo.visible_faces(neutral, state["first"]) == ["white"]
    assert geo.visible_faces(blue, 1) == ["white"]


def test_characters_option_fixed_pair_and_random() -> None:
    assert [p["colour"] for p in fresh("blue-yellow")["players"]] == ["blue", "yellow"]
    colours = {tuple(p["colour"] for p in rules.new_game(seed, {})["players"]) for seed in range(30)}
    assert len(colours) > 3 and all(a != b for a, b in colours)
    assert rules.new_game(7, {}) == rules.new_game(7, {})
    with pytest.raises(ValueError):
        rules.new_game(1, {"characters": "red-red"})


class _Unshuffled(random.Random):
    """An RNG whose shuffle keeps the order: decks stay in catalogue order."""

    def shuffle(self, x, *args) -> None:
        return None


def test_setup_four_public_cards_dealt_left_to_right(monkeypatch) -> None:
    monkeypatch.setattr(setup, "draw_rng", lambda state: _Unshuffled(0))
    state = fresh()
    public = catalogue.ids_of("public")
    assert state["public"]["row"] == public[:4]  # the first card dealt lies leftmost
    assert state["public"]["deck"] == public[4:]


def test_setup_accident_deck_shuffled_from_the_seed() -> None:
    orders = {tuple(fresh(seed=seed)["accident"]["deck"]) for seed in range(20)}
    assert len(orders) > 10 and all(sorted(order) == ["A1", "A2", "A3", "A4", "A5", "A6"] for order in orders)
    assert fresh(seed=3)["accident"] == fresh(seed=3)["accident"]
    assert fresh(seed=3)["accident"]["cubes"] == 0


@pytest.mark.parametrize("pair", setup.CHARACTER_PAIRS)
def test_setup_every_character_pair_own_tetrite_left_end_neutral_middle_start_cards(pair: str) -> None:
    first, second = pair.split("-")
    neutral = next(c for c in geo.COLOURS if c not in (first, second))
    state = fresh(pair)
    assert [t["colour"] for t in state["tetrites"]] == [first, neutral, second]
    assert table.reading_colours(state, 0)[0] == first and table.reading_colours(state, 1)[0] == second
    faces = {t["colour"]: t["faces"] for t in state["tetrites"]}
    assert all(geo.bottom_face(f) == "black" for f in faces.values())
    assert geo.visible_faces(faces[first], 0) == ["white"]
    assert geo.visible_faces(faces[second], 1) == ["white"]
    assert geo.visible_faces(faces[neutral], state["first"]) == ["white"]
    for seat, colour in enumerate((first, second)):
        player = state["players"][seat]
        deck = catalogue.ids_of("hand", colour)
        starts = [c for c in deck if catalogue.field(c, "start")]
        assert player["colour"] == colour and player["life"] == table.START_LIFE
        assert [h["id"] for h in player["hand"]] == starts and len(starts) == 2
        assert sorted(player["hand_deck"]) == sorted(set(deck) - set(starts))


# --- start phase -----------------------------------------------------------------------------


def test_start_phase_refills_public_cards_from_the_right() -> None:
    state = fresh()
    kept = state["public"]["row"][2:]
    state["public"]["row"] = list(kept)
    top = state["public"]["deck"][:2]
    at(state, "start", "marker")
    assert state["public"]["row"] == kept + top


def test_start_phase_marker_goes_to_a_tetrite_without_marker() -> None:
    state = fresh()
    assert decision(state).options == ("marker:red", "marker:yellow", "marker:blue")
    state["markers"] = ["red", "blue"]
    at(state, "marker", "rot2")
    assert state["markers"][0] == "yellow"  # the only free tetrite: moved without asking


def test_start_phase_marker_choice_when_own_marker_absent() -> None:
    state = fresh()
    state["markers"] = [None, "blue"]
    at(state, "marker")
    assert decision(state).options == ("marker:red", "marker:yellow")


def test_public_deck_reshuffles_discard_but_not_charge_cards() -> None:
    state = fresh()
    public = state["public"]
    public["discard"] = public["deck"][:-1]
    last = public["deck"][-1]
    public["deck"] = [last]
    state["players"][0]["hand"][0]["charge_cards"] = ["X"]
    public["row"] = []
    at(state, "start", "marker")
    assert public["row"][0] == last and len(public["row"]) == 4
    assert "X" not in public["deck"] and len(public["deck"]) == 35 - 1 - 3


# --- rotation phase 1 ------------------------------------------------------------------------


def test_rotation1_basic_rule_turns_the_shorter_way() -> None:
    state = fresh()
    set_faces(state, "red", orient("red", 1))  # white one step counter-clockwise of seat 0
    at(state, "rot1", "rot2")
    assert table.tetrite_of(state, "red")["faces"]["white"] == 0
    set_faces(state, "red", orient("red", 4))  # two steps clockwise of seat 0
    at(state, "rot1", "rot2")
    assert table.tetrite_of(state, "red")["faces"]["white"] == 5


def test_rotation1_basic_rule_free_when_own_face_points_at_the_opponent() -> None:
    state = fresh()
    set_faces(state, "red", orient("red", 3))
    at(state, "rot1")
    assert decision(state).prompt == "tetra.prompt.rotate_own"
    assert decision(state).options == ("rotate:red:cw", "rotate:red:ccw")


def test_rotation1_exception1_already_showing_one_own_face_turns_either_way() -> None:
    state = fresh()  # seat 0's red white face points at seat 0 at the start
    at(state, "rot1")
    assert decision(state).prompt == "tetra.prompt.exception1"
    state, _ = play(state, "rotate:red:ccw")
    assert table.tetrite_of(state, "red")["faces"]["white"] == 1


def test_rotation1_exception2_tips_onto_an_own_face_and_forbids_transfer() -> None:
    state = fresh()
    set_faces(state, "red", geo.tip(orient("red", 0), "yellow"))
    state["players"][0]["ether"] = 2
    state["markers"] = ["yellow", "blue"]
    at(state, "rot1", "rot2", "transfer", "cast")
    assert decision(state).prompt == "tetra.prompt.exception2"
    assert decision(state).options == ("tip:red:white", "tip:red:black")
    state, _ = play(state, "tip:red:black", "rotate:yellow:cw")
    assert geo.bottom_face(table.tetrite_of(state, "red")["faces"]) == "black"
    assert decision(state).prompt.startswith("tetra.prompt.cast")  # transfer skipped
    assert state["players"][0]["ether"] == 2


def test_rotation1_basic_rule_uses_the_black_rim_when_the_white_one_is_down() -> None:
    state = fresh()
    # White down: the own face showing is the black rim, at direction 4 (two steps from seat 0).
    faces = geo.rotate(geo.flip_white_black(orient("red", 1)), 3)
    assert geo.bottom_face(faces) == "white" and faces["black"] == 4
    set_faces(state, "red", faces)
    at(state, "rot1", "rot2")
    assert table.tetrite_of(state, "red")["faces"]["black"] == 5  # two steps away: the shorter way
    set_faces(state, "red", geo.rotate(faces, 2))  # black now points at seat 0: exception 1
    at(state, "rot1")
    assert decision(state).prompt == "tetra.prompt.exception1"


# --- rotation phase 2 and transfer -----------------------------------------------------------


def test_rotation2_turns_the_marker_tetrite_either_way() -> None:
    state = fresh()
    state["markers"] = ["yellow", None]
    at(state, "rot2")
    assert decision(state).options == ("rotate:yellow:cw", "rotate:yellow:ccw")
    before = table.tetrite_of(state, "yellow")["faces"]
    state, _ = play(state, "rotate:yellow:cw")
    assert table.tetrite_of(state, "yellow")["faces"] == geo.rotate(before, geo.CW)


def test_transfer_pays_an_ether_to_tip_the_own_tetrite() -> None:
    state = fresh()
    state["players"][0]["ether"] = 1
    at(state, "transfer", "cast")
    assert set(decision(state).options) == {"tip:red:white", "tip:red:yellow", "tip:red:blue", "skip"}
    before = table.tetrite_of(state, "red")["faces"]
    state, _ = play(state, "tip:red:yellow")
    assert table.tetrite_of(state, "red")["faces"] == geo.tip(before, "yellow")
    assert state["players"][0]["ether"] == 0


def test_transfer_needs_an_ether() -> None:
    state = fresh()
    at(state, "transfer", "cast")
    assert decision(state).prompt == "tetra.prompt.cast"


# --- casting ---------------------------------------------------------------------------------


def test_cost_must_match_in_order_and_contiguously() -> None:
    groups = [["red"], ["yellow", "red"], ["yellow"]]  # the book's example row R Y R Y
    colours = ["red", "yellow", "blue"]
    none = {"red": 0, "yellow": 0, "blue": 0}
    assert casting.payable_placements(["red", "yellow"], groups, colours, none) == [{}]
    assert casting.payable_placements(["yellow", "red", "yellow"], groups, colours, none) == [{}]
    assert casting.payable_placements(["yellow", "yellow"], groups, colours, none) == []
    assert casting.payable_placements(["red", "red"], groups, colours, none) == []


def test_mana_slot_colour_rules() -> None:
    colours = ["red", "yellow", "blue"]
    assert casting.slot_colours(colours, 1) == ("red", "yellow", "blue")
    assert casting.slot_colours(colours, 2) == ("blue",)
    assert casting.slot_colours(colours, 3) == ("red",)
    assert casting.slot_colours(colours, 4) == ("red", "yellow", "blue")
    groups = [["red"], ["yellow"], ["blue"]]
    mana = {"red": 1, "yellow": 0, "blue": 1}
    assert casting.payable_placements(["red", "blue", "yellow"], groups, colours, mana) == [{2: "blue"}]
    yellow = {"red": 0, "yellow": 1, "blue": 0}
    assert casting.payable_placements(["yellow", "yellow", "blue"], groups, colours, yellow) == []  # inner slots bar it
    assert casting.payable_placements(["blue", "red"], groups, colours, mana) == [{1: "blue"}, {4: "red"}]


def test_several_tablets_in_one_cost() -> None:
    groups = [["red"], ["yellow"], ["blue"]]
    colours = ["red", "yellow", "blue"]
    cost = ["blue", "red", "blue", "yellow"]
    assert casting.payable_placements(cost, groups, colours, {"red": 0, "yellow": 0, "blue": 2}) == [{1: "blue", 2: "blue"}]
    assert casting.payable_placements(cost, groups, colours, {"red": 0, "yellow": 0, "blue": 1}) == []


def test_start_row_is_the_books_example_and_casting_spends_the_mana_placed() -> None:
    state = fresh()
    assert row(state, 0) == ["red", "yellow", "red", "yellow"]
    state["public"]["row"] = ["P05"]  # cost B-R: a blue tablet in slot 1, then the red face
    state["players"][0]["mana"] = {"red": 0, "yellow": 0, "blue": 1}
    at(state, "cast", "end")
    assert "cast:P05" in decision(state).options
    state, events = play(state, "cast:P05")
    assert "mana_used" in keys(events)
    assert state["players"][0]["mana"] == {"red": 1, "yellow": 0, "blue": 0}  # P05 gains 1 red


def test_several_cheapest_placements_are_a_chain_of_choices() -> None:
    state = fresh()
    state["public"]["row"] = ["P01"]  # cost R: the row already shows red, so no mana is asked for
    state["players"][0]["mana"] = {"red": 2, "yellow": 0, "blue": 0}
    at(state, "cast", "end")
    state, events = play(state, "cast:P01")
    assert "mana_used" not in keys(events) and state["players"][0]["mana"]["red"] == 3
    candidates = [[[1, "blue"]], [[4, "blue"]]]
    state = fresh()
    state["players"][0]["mana"]["blue"] = 1
    at(state, {"do": "place", "card": "P01", "candidates": candidates}, "end")
    assert decision(state).options == ("mana:slot1:blue", "mana:slot4:blue")
    state, _ = play(state, "mana:slot4:blue")
    assert state["players"][0]["mana"]["blue"] == 0


@given(st.lists(st.lists(st.sampled_from(geo.COLOURS), min_size=1, max_size=2), min_size=3, max_size=3),
       st.permutations(geo.COLOURS), st.lists(st.sampled_from(geo.COLOURS), min_size=1, max_size=4),
       st.tuples(st.integers(0, 4), st.integers(0, 4), st.integers(0, 4)))
def test_up_to_four_tablets_one_per_slot_under_the_slot_colour_rules(groups, colours, cost, counts) -> None:
    mana = dict(zip(geo.COLOURS, counts, strict=True))
    for placement in casting.payable_placements(cost, groups, colours, mana):
        assert set(placement) <= set(casting.SLOTS)  # at most one tablet in each of the four slots
        assert all(colour in casting.slot_colours(colours, slot) for slot, colour in placement.items())
        assert all(list(placement.values()).count(c) <= mana[c] for c in geo.COLOURS)
        assert casting.matches(casting.build_row(groups, placement), cost)


def test_casting_phase_allows_one_spell_without_cast_plus_one() -> None:
    state = fresh("blue-red")  # seat 0 reads B | Y | Y B
    state["public"]["row"] = ["P14", "P16"]  # Y and Y-Y, both castable from the row; neither gives cast +1
    at(state, "cast", "end")
    assert {"cast:P14", "cast:P16"} <= set(decision(state).options)
    state, events = play(state, "cast:P14", "charge:H-B1")
    assert keys(events).count("cast") == 1
    assert decision(state).seat == 1 and decision(state).prompt == "tetra.prompt.marker"  # the turn ended
    assert "P16" not in state["players"][0]["hand"][0]["charge_cards"]


def test_mana_spent_returns_to_the_supply_and_cannot_pay_the_cast_plus_one() -> None:
    state = fresh()  # seat 0 reads R | Y | R Y: a blue symbol needs a blue tablet
    state["players"][0]["mana"] = {"red": 0, "yellow": 0, "blue": 1}
    state["public"]["row"] = ["P27"]  # cost B
    assert "P27" in spells.castable(state, 0)
    # A first spell used the blue tablet in slot 1, and a cast +1 leaves one more cast.
    at(state, {"do": "place", "card": "P05", "candidates": [[[1, "blue"]]]}, "cast", "end")
    assert state["players"][0]["mana"]["blue"] == 0
    assert "cast:P27" not in decision(state).options


def test_no_spell_cast_with_mana_at_the_cap_gains_nothing() -> None:
    state = fresh()
    state["players"][0]["mana"] = {"red": 2, "yellow": 1, "blue": 1}  # red's cap is 4
    state["public"]["row"] = []
    at(state, "cast", "end")
    state, events = play(state, "pass")
    assert "mana_full" in keys(events) and sum(state["players"][0]["mana"].values()) == 4
    assert decision(state).seat == 1


def test_no_spell_cast_gives_one_mana_of_any_colour() -> None:
    state = fresh()
    state["public"]["row"] = []
    at(state, "cast", "end")
    state, _ = play(state, "pass")
    assert decision(state).options == ("gain:red", "gain:yellow", "gain:blue")
    state, _ = play(state, "gain:blue")
    assert state["players"][0]["mana"]["blue"] == 1


def _cast_public(state: dict, card: str, seat: int = 0) -> dict:
    state["public"]["row"] = [card]
    state["active"] = seat
    at(state, {"do": "resolve", "card": card}, "end")
    state["public"]["row"] = []
    return state


def test_public_spell_gains_mana_and_charges_one_hand_card() -> None:
    state = _cast_public(fresh("blue-yellow"), "P01")  # red public card, gain 1 red mana; caster is blue
    assert state["players"][0]["mana"]["red"] == 1
    assert decision(state).options == ("charge:H-B1", "charge:H-B2")
    state, _ = play(state, "charge:H-B2")
    charged = state["players"][0]["hand"][1]
    assert charged["charge"] == 1 and charged["charge_cards"] == ["P01"]
    assert decision(state).prompt != "tetra.prompt.charge_bonus"


def test_public_spell_of_own_colour_may_charge_both_with_a_face_down_card() -> None:
    state = _cast_public(fresh("red-blue"), "P01")
    top = state["public"]["deck"][0]
    state, events = play(state, "charge:H-R1")
    assert decision(state).prompt == "tetra.prompt.charge_bonus"
    assert decision(state).options == ("charge:H-R2", "skip")
    state, events = play(state, "charge:H-R2")
    assert state["players"][0]["hand"][1]["charge_cards"] == [top]
    assert all(top not in map(str, e.args.values()) for e in events)  # nobody learns the face-down card


def test_cast_plus_one_allows_a_second_spell() -> None:
    state = fresh()
    state["turn_state"]["casts_left"] = 0
    state["public"]["row"] = []
    at(state, {"do": "resolve", "card": "P07"}, "cast", "end")  # P07: cast +1
    assert state["turn_state"]["casts_left"] == 1
    state, _ = play(state, "charge:H-R1", "skip")
    assert decision(state).prompt in ("tetra.prompt.cast", "tetra.prompt.cast_more")


def test_hand_spell_charges_itself_and_moves_a_cube_to_the_accident_deck() -> None:
    state = fresh()
    hand = state["players"][0]["hand"][0]
    top = state["public"]["deck"][0]
    state["turn_state"]["casts_done"] = 1
    at(state, {"do": "resolve", "card": "H-R1"}, "end")
    assert state["players"][1]["life"] == 15 - 3  # charge 0 band: 3 damage, 1 to yourself
    assert state["players"][0]["life"] == 14
    hand = state["players"][0]["hand"][0]
    assert hand["charge"] == 1 and hand["charge_cards"] == [top]
    assert hand["cubes"] == catalogue.field("H-R1", "release_count") - 1
    assert state["accident"]["cubes"] == 1


def test_each_spell_at_most_once_per_turn() -> None:
    state = fresh()  # seat 0 reads R | Y | R Y: H-R1 (R-R-B) needs a red tablet in slot 1, a blue one in slot 2
    state["players"][0]["mana"]["red"] = state["players"][0]["mana"]["blue"] = 1
    assert "H-R1" in spells.castable(state, 0)
    state["turn_state"]["cast_ids"] = ["H-R1"]  # cast once already this turn (a cast +1 is left)
    assert "H-R1" not in spells.castable(state, 0)
    assert "H-R2" in spells.castable(state, 0)  # another spell is still fine


def test_overcharge_discards_the_hand_card() -> None:
    state = fresh()
    hand = state["players"][0]["hand"][0]
    hand["charge"] = catalogue.field("H-R1", "max_charge")
    state["public"]["row"] = []
    at(state, {"do": "charge", "card": "P14"}, "end")  # P14 is yellow: no bonus charge
    state, events = play(state, "charge:H-R1")
    assert "overcharge" in keys(events) and "discard_hand" in keys(events)
    assert "H-R1" in state["players"][0]["hand_discard"]
    assert decision(state).prompt == "tetra.prompt.replace"


def test_release_when_the_last_cube_is_removed() -> None:
    state = fresh()
    state["players"][0]["hand"][0]["cubes"] = 2
    state["turn_state"]["casts_done"] = 1
    at(state, {"do": "resolve", "card": "H-R1"}, "end")
    assert state["players"][0]["hand"][0]["cubes"] == 1 and state["players"][1]["life"] == 15 - 3  # no release yet
    state = fresh()
    state["players"][0]["hand"][0]["cubes"] = 1
    state["turn_state"]["casts_done"] = 1
    events: list = []
    state["queue"] = [{"do": "resolve", "card": "H-R1"}, {"do": "end"}]
    rules._run(state, events)
    assert keys(events)[keys(events).index("cube"):][:3] == ["cube", "release", "damage"]
    assert state["players"][1]["life"] == 15 - 3 - 3  # the charge-0 band, then the release's 3 damage
    assert "H-R1" in state["players"][0]["hand_discard"] and state["accident"]["cubes"] == 1
    assert decision(state).prompt == "tetra.prompt.replace"


def test_release_comes_before_overcharge() -> None:
    state = fresh()
    hand = state["players"][0]["hand"][0]
    hand["charge"] = catalogue.field("H-R1", "max_charge")
    hand["cubes"] = 1
    state["turn_state"]["casts_done"] = 1
    events: list = []
    state["queue"] = [{"do": "after_hand_cast", "card": "H-R1"}, {"do": "end"}]
    rules._run(state, events)
    assert "release" in keys(events) and "overcharge" not in keys(events)
    assert state["players"][1]["life"] == 15 - 3  # H-R1's release: 3 damage


def test_replacement_choose_one_of_three_others_to_the_bottom_in_your_order() -> None:
    state = fresh()
    deck = state["players"][0]["hand_deck"]
    first_three, rest = deck[:3], deck[3:]
    at(state, {"do": "discard_hand", "seat": 0, "card": "H-R1"}, "end")
    assert decision(state).options == tuple(f"take:{c}" for c in first_three)
    state, _ = play(state, f"take:{first_three[1]}")
    assert state["players"][0]["hand"][0]["id"] == first_three[1]
    assert decision(state).options == (f"bottom:{first_three[0]}", f"bottom:{first_three[2]}")
    state, _ = play(state, f"bottom:{first_three[0]}")
    assert state["players"][0]["hand_deck"] == rest + [first_three[2], first_three[0]]
    assert state["hand_discards"] == 1


def test_hand_deck_reshuffles_its_discard_when_empty() -> None:
    state = fresh()
    player = state["players"][0]
    player["hand_discard"] = player["hand_deck"][1:]
    player["hand_deck"] = player["hand_deck"][:1]
    at(state, {"do": "discard_hand", "seat": 0, "card": "H-R1"}, "end")
    assert len(decision(state).options) == 3
    assert state["players"][0]["hand_discard"] == []


# --- end phase, accidents --------------------------------------------------------------------


def test_end_phase_discards_the_leftmost_public_card() -> None:
    state = fresh()
    leftmost = state["public"]["row"][0]
    at(state, "end")
    assert state["public"]["discard"] == [leftmost] and leftmost not in state["public"]["row"]
    assert state["active"] == 1


def test_accident_needs_two_cubes() -> None:
    state = fresh()
    state["accident"]["cubes"] = 1
    at(state, "end")
    assert state["accident"]["discard"] == [] and state["accident"]["cubes"] == 1
    state = fresh()
    state["accident"]["cubes"] = 2
    top = state["accident"]["deck"][0]
    at(state, "end")
    assert state["accident"]["discard"] == [top] and state["accident"]["cubes"] == 0


def test_end_phase_discards_then_resolves_the_accident_then_checks_the_game_end() -> None:
    state = fresh()
    state["accident"]["cubes"] = 3
    state["players"][1]["life"] = 0
    events: list = []
    state["queue"] = [{"do": "end"}]
    rules._run(state, events)
    assert keys(events) == ["discard_public", "accident", "game_over"]
    assert rules.outcome(state).winner == 0


def test_accident_deck_rebuilt_from_the_revealed_accidents() -> None:
    state = fresh()
    accident = state["accident"]
    accident["discard"], accident["deck"] = accident["deck"], []
    accident["cubes"] = 2
    at(state, "end")
    assert len(accident["deck"]) == 5 and len(accident["discard"]) == 1 and accident["cubes"] == 0


def _accident(effect: str, seat: int = 0) -> tuple[dict, dict]:
    state = fresh()
    before = copy_state(state)
    effects.ACCIDENT_EFFECTS[effect].strike(state, seat)
    return before, state


def test_accident_rotate_all() -> None:
    before, after = _accident("rotate_all")
    for old, new in zip(before["tetrites"], after["tetrites"], strict=True):
        assert new["faces"] == geo.rotate(old["faces"], geo.CCW)


def test_accident_move_all_wraps_around_seen_by_the_turn_player() -> None:
    before, after = _accident("move_all", 0)
    assert [t["colour"] for t in after["tetrites"]] == ["blue", "red", "yellow"]
    before, after = _accident("move_all", 1)  # seat 1's right is the table's left
    assert [t["colour"] for t in after["tetrites"]] == ["yellow", "blue", "red"]


def test_accident_white_black_flip() -> None:
    before, after = _accident("flip")
    for old, new in zip(before["tetrites"], after["tetrites"], strict=True):
        assert geo.bottom_face(new["faces"]) == "white"
        assert new["faces"] == geo.flip_white_black(old["faces"])


def test_accident_swap_own_tetrites() -> None:
    before, after = _accident("swap_own")
    assert [t["colour"] for t in after["tetrites"]] == ["blue", "yellow", "red"]


def test_accident_markers_scatter_and_mana_leak() -> None:
    state = fresh()
    state["markers"] = ["red", "blue"]
    effects.ACCIDENT_EFFECTS["scatter_markers"].strike(state, 0)
    assert state["markers"] == [None, None]
    state["players"][0]["mana"] = {"red": 1, "yellow": 2, "blue": 1}
    effects.ACCIDENT_EFFECTS["mana_leak"].strike(state, 0)
    assert state["players"][0]["mana"] == {"red": 1, "yellow": 0, "blue": 1}

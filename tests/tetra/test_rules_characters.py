"""One scenario per rule of the book, continued (tests/tetra/test_rules.py has set-up to the end phase): the
characters, the game's end and the engine's contract (and per ruling of GAMES.md / docs/rules/tetra.md)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.engine import GameOver, IllegalChoice, NotYourDecision, State, copy_state
from cogs.tetra import cards as catalogue
from cogs.tetra import casting, effects, spells, table
from cogs.tetra import engine as rules
from cogs.tetra import geometry as geo
from tests.tetra.helpers import at, decision, fresh, keys, orient, play, set_faces

# --- characters ------------------------------------------------------------------------------


def test_mana_and_ether_caps_per_character() -> None:
    state = fresh("blue-yellow")
    assert table.gain_mana(state, 0, "red", 9) == 5
    assert table.gain_mana(state, 1, "red", 9) == 4
    assert table.gain_ether(state, 1, 9) == 4
    assert table.gain_ether(state, 0, 9) == 3
    red = fresh("red-blue")
    assert table.gain_mana(red, 0, "red", 9) == 4 and table.gain_ether(red, 0, 9) == 3


def test_red_has_no_special_ability() -> None:
    state = fresh("red-blue")
    player = state["players"][0]
    player["ether"] = 1
    player["hand"][0]["charge"] = catalogue.field("H-R1", "max_charge") + 1
    at(state, {"do": "check_over", "seat": 0, "card": "H-R1"}, "end")
    # Neither blue's carry nor yellow's paid release: straight to the new hand card.
    assert decision(state).prompt == "tetra.prompt.replace" and player["ether"] == 1


def test_heal_never_raises_life_above_15() -> None:
    state = fresh("blue-red")
    state["players"][0]["life"] = 14
    effects.apply_effects(state, 0, {"heal": 3}, [], "H-B2")
    assert state["players"][0]["life"] == table.START_LIFE


def test_blue_high_charge_band_offers_a_choice_of_two_effects() -> None:
    state = fresh("blue-red")
    state["players"][0]["hand"][0]["charge"] = 6  # H-B1 at 6-8: 2 damage OR 1 damage and 1 ether
    state["turn_state"]["casts_done"] = 1
    at(state, {"do": "resolve", "card": "H-B1"}, "end")
    assert decision(state).prompt == "tetra.prompt.choose_effect"
    assert decision(state).options == ("effect:1", "effect:2")
    state, _ = play(state, "effect:2")
    assert state["players"][1]["life"] == 14 and state["players"][0]["ether"] == 1


def test_blue_cost_changes_at_high_charge() -> None:
    state = fresh("blue-red")  # seat 0 reads B | Y | Y B
    state["players"][0]["mana"] = {"red": 0, "yellow": 0, "blue": 1}
    assert spells.spell_cost(state, 0, "H-B2") == ["blue", "red", "blue"]
    assert "H-B2" not in spells.castable(state, 0)
    state["players"][0]["hand"][1]["charge"] = 7  # H-B2 at 7-9 costs B-B: a tablet beside a blue face
    assert spells.spell_cost(state, 0, "H-B2") == ["blue", "blue"]
    assert "H-B2" in spells.castable(state, 0)
    assert spells.placements_for(state, 0, "H-B2") == [{1: "blue"}, {4: "blue"}]


def test_blue_carries_half_its_charge_to_the_next_hand_card() -> None:
    state = fresh("blue-red")
    hand = state["players"][0]["hand"][0]
    hand["charge"], hand["charge_cards"] = 7, ["P01", "P02", "P03", "P04", "P05", "P06", "P07"]
    for card in hand["charge_cards"]:
        state["public"]["deck"].remove(card) if card in state["public"]["deck"] else state["public"]["row"].remove(card)
    at(state, {"do": "discard_hand", "seat": 0, "card": "H-B1"}, "end")
    assert decision(state).options == ("carry:0", "carry:1", "carry:2", "carry:3")
    state, _ = play(state, "carry:3")
    take = decision(state).options[0]
    state, _ = play(state, take)
    new = state["players"][0]["hand"][0]
    assert new["charge"] == 3 and len(new["charge_cards"]) == 3


def test_red_discards_its_charge_with_the_card() -> None:
    state = fresh()
    state["players"][0]["hand"][0]["charge"] = 4
    at(state, {"do": "discard_hand", "seat": 0, "card": "H-R1"}, "end")
    assert decision(state).prompt == "tetra.prompt.replace"


def test_yellow_pays_an_ether_for_the_release_effect_on_overcharge() -> None:
    state = fresh("yellow-red")
    state["players"][0]["ether"] = 1
    state["players"][0]["hand"][1]["charge"] = 8  # H-Y2, maximum 7
    at(state, {"do": "check_over", "seat": 0, "card": "H-Y2"}, "end")
    assert decision(state).options == ("release:pay", "release:skip")
    state, events = play(state, "release:pay")
    assert "release" in keys(events)
    assert state["players"][1]["life"] == 15 - 2 and state["players"][0]["ether"] == 0


def test_yellow_without_ether_overcharge_discards_without_the_release() -> None:
    state = fresh("yellow-red")
    state["players"][0]["hand"][1]["charge"] = 8  # H-Y2, maximum 7; no ether to pay
    events: list = []
    state["queue"] = [{"do": "check_over", "seat": 0, "card": "H-Y2"}, {"do": "end"}]
    rules._run(state, events)
    assert "release" not in keys(events) and state["players"][1]["life"] == 15
    assert decision(state).prompt == "tetra.prompt.replace"


def test_yellow_effects_grow_with_hand_cards_discarded_by_either_player() -> None:
    state = fresh("yellow-red")
    band = {"damage": 1, "discard_step": 2, "discard_max": 2}
    assert effects.discard_bonus(state, band) == 0
    state["hand_discards"] = 3
    assert effects.discard_bonus(state, band) == 1
    state["hand_discards"] = 9
    assert effects.discard_bonus(state, band) == 2


def test_red_demerits_must_be_payable() -> None:
    state = fresh()
    hand = state["players"][0]["hand"][1]  # H-R2 at charge 0: pay 1 mana
    assert hand["id"] == "H-R2"
    assert not effects.can_pay(state, 0, catalogue.band_at("H-R2", 0))
    state["players"][0]["mana"]["blue"] = 1
    assert effects.can_pay(state, 0, catalogue.band_at("H-R2", 0))


def red_reading_r_y_b(mana: dict[str, int]) -> State:
    """Red (seat 0) against blue, its row reading R | Y | B (Flame Lance's R-Y-R needs a red tablet in slot
    3), holding ``mana``."""
    state = fresh("red-blue")
    for colour in ("yellow", "blue"):
        set_faces(state, colour, orient(colour, 0))
    state["players"][0]["mana"] = mana
    return state


def test_red_mana_demerit_must_be_payable_after_the_cost_tablets() -> None:
    state = red_reading_r_y_b({"red": 1, "yellow": 0, "blue": 0})
    assert table.visible_groups(state, 0) == [["red"], ["yellow"], ["blue"]]
    assert catalogue.band_at("H-R2", 0)["lose_mana"] == 1
    assert spells.placements_for(state, 0, "H-R2") == [{3: "red"}]
    assert "H-R2" not in spells.castable(state, 0)  # the only tablet pays the cost: nothing left for the demerit
    state["players"][0]["mana"]["blue"] = 1
    assert "H-R2" in spells.castable(state, 0)
    at(state, "cast", "end")
    state, events = play(state, "cast:H-R2")
    assert "pay_mana" in keys(events)
    assert state["players"][0]["mana"] == {"red": 0, "yellow": 0, "blue": 0}
    assert state["players"][1]["life"] == 15 - 3


def test_the_player_chooses_the_colour_of_a_mana_demerit_when_several_could_pay() -> None:
    """Issue 14: the engine used to take the most plentiful colour; the book's player hands back the
    tablets they choose."""
    state = red_reading_r_y_b({"red": 1, "yellow": 2, "blue": 1})
    at(state, "cast", "end")
    state, _ = play(state, "cast:H-R2")
    while decision(state).prompt == "tetra.prompt.place_mana":
        state, _ = play(state, decision(state).options[0])
    ask = decision(state)
    assert ask.prompt == "tetra.prompt.pay_mana" and ask.seat == 0 and ask.args["count"] == 1
    left = state["players"][0]["mana"]
    assert set(ask.options) == {f"pay:{c}" for c in ("red", "yellow", "blue") if left[c] > 0}
    assert len(ask.options) >= 2
    state, events = play(state, "pay:blue")  # not the most plentiful colour (yellow)
    assert state["players"][0]["mana"]["blue"] == left["blue"] - 1
    assert state["players"][0]["mana"]["yellow"] == left["yellow"]
    paid = [e for e in events if e.key == "tetra.event.pay_mana"]
    assert paid and paid[0].args["colours"] == ["blue"] and paid[0].audience is None


def test_no_mana_choice_when_one_colour_or_everything_must_go() -> None:
    state = red_reading_r_y_b({"red": 1, "yellow": 0, "blue": 3})
    at(state, "cast", "end")
    state, events = play(state, "cast:H-R2")
    while rules.pending(state) and decision(state).prompt == "tetra.prompt.place_mana":
        state, more = play(state, decision(state).options[0])
        events += more
    assert not rules.pending(state) or decision(state).prompt != "tetra.prompt.pay_mana"
    assert "pay_mana" in keys(events) and state["players"][0]["mana"]["blue"] == 2


# --- game end --------------------------------------------------------------------------------


def test_game_ends_at_the_end_phase_when_a_life_is_zero_or_less() -> None:
    state = fresh()
    state["players"][1]["life"] = 0
    at(state, "end")
    assert rules.outcome(state).winner == 0 and rules.pending(state) == []
    with pytest.raises(GameOver):
        rules.apply(state, 0, ("pass",))


def test_damage_mid_turn_does_not_end_the_game_before_the_end_phase() -> None:
    state = fresh()
    state["players"][1]["life"] = 2
    # H-R1 (R-R-B, 3 damage at charge 0) needs a red tablet in slot 1 and a blue one in slot 2
    state["players"][0]["mana"]["red"] = state["players"][0]["mana"]["blue"] = 1
    state["turn_state"]["casts_left"] = 2  # a cast +1 keeps the turn going after the blow
    at(state, "cast", "end")
    state, _ = play(state, "cast:H-R1")
    while decision(state).prompt == "tetra.prompt.place_mana":
        state, _ = play(state, decision(state).options[0])
    assert state["players"][1]["life"] <= 0
    assert rules.outcome(state) is None and decision(state).prompt == "tetra.prompt.cast_more"
    state, _ = play(state, "pass")
    assert rules.outcome(state).winner == 0


def test_both_at_zero_higher_life_wins_equal_is_a_draw() -> None:
    state = fresh()
    state["players"][0]["life"], state["players"][1]["life"] = -1, -3
    at(state, "end")
    assert rules.outcome(state).winner == 0
    state = fresh()
    state["players"][0]["life"] = state["players"][1]["life"] = -2
    at(state, "end")
    outcome = rules.outcome(state)
    assert outcome.winner is None and outcome.reason == "both_down"


# --- contract --------------------------------------------------------------------------------


def test_apply_rechecks_legality() -> None:
    state = fresh()
    with pytest.raises(NotYourDecision):
        rules.apply(state, 1, ("marker:red",))
    with pytest.raises(IllegalChoice):
        rules.apply(state, 0, ("rotate:red:cw",))
    copy = copy_state(state)
    rules.apply(state, 0, ("marker:red",))
    assert state == copy  # the input is never mutated


def test_view_hides_deck_orders_and_face_down_charges_and_others_options() -> None:
    state = fresh()
    state["players"][0]["hand"][0]["charge_cards"] = [state["public"]["deck"].pop()]
    for seat in (0, 1, None):
        shown = rules.view(state, seat)
        text = str({k: v for k, v in shown.items() if k != "log"})
        for card in state["public"]["deck"] + state["players"][0]["hand"][0]["charge_cards"]:
            assert f"'{card}'" not in text
        for card in state["players"][0]["hand_deck"] + state["players"][1]["hand_deck"]:
            assert f"'{card}'" not in text
        assert ("options" in shown["decision"]) == (seat == 0)


@given(st.lists(st.lists(st.sampled_from(geo.COLOURS), min_size=1, max_size=2), min_size=3, max_size=3),
       st.permutations(geo.COLOURS), st.lists(st.sampled_from(geo.COLOURS), min_size=1, max_size=4),
       st.tuples(st.integers(0, 2), st.integers(0, 2), st.integers(0, 2)))
def test_fast_cost_matcher_agrees_with_brute_force(groups, colours, cost, counts) -> None:
    mana = dict(zip(geo.COLOURS, counts, strict=True))
    brute: list[dict[int, str]] = []
    options = [[None, *casting.slot_colours(colours, slot)] for slot in casting.SLOTS]
    for combo in itertools.product(*options):
        placement = {slot: c for slot, c in zip(casting.SLOTS, combo, strict=True) if c}
        if any(list(placement.values()).count(c) > mana[c] for c in geo.COLOURS):
            continue
        built = casting.build_row(groups, placement)
        for start in casting.matches(built, cost):
            used = {slot for _, slot in built[start:start + len(cost)] if slot}
            if used == set(placement) and placement not in brute:
                brute.append(placement)
    fewest = min((len(p) for p in brute), default=0)
    expected = [p for p in brute if len(p) == fewest]
    found = casting.payable_placements(cost, groups, colours, mana)
    assert sorted(map(sorted, (p.items() for p in found))) == sorted(map(sorted, (p.items() for p in expected)))

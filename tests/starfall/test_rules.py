"""One scenario per rule of the book's lower volume and per ruling of docs/rules/starfall.md."""

from __future__ import annotations

import json

import pytest

from bot.engine import OPTION_ID_RE, GameOver, IllegalChoice, NotYourDecision
from cogs.starfall import board
from cogs.starfall import cards as catalogue
from cogs.starfall import engine as rules
from tests.starfall.helpers import at, board_state, card_total, decision, fresh, go, keys, options, play, put


def normal_damage(card_id: str) -> int:
    return next(e["amount"] for e in catalogue.skill(card_id, "normal")["effects"] if e["kind"] == "damage")


VETERAN = "S12"  # chill; normal: front row, first card of the facing column, damage
TARGET = "S34"   # Clockmaker, a plain 40-HP target whose ability (chill) acts only at round end


# --- 4-1 deck building -------------------------------------------------------------------------


def test_deck_building_six_of_each_attribute_no_duplicates() -> None:
    good = catalogue.deck_list(catalogue.ready_decks()[2])
    state = rules.new_game(3, {"deck0": ",".join(good)})
    assert state["players"][0]["deck_key"] == catalogue.ready_decks()[2]["id"]
    assert sorted(state["players"][0]["deck"] + state["players"][0]["drawn"]) == good
    attack = [c.id for c in catalogue.all_cards() if c.stats["attribute"] == "attack"]
    bad_decks = {
        "short": good[:-1],
        "duplicate": good[:-1] + [good[0]],
        "seven_attack": [c for c in good if c not in attack][:-1] + [a for a in attack if a not in good][:1]
        + [c for c in good if c in attack],
        "unknown": good[:-1] + ["S99"],
    }
    for name, deck in bad_decks.items():
        with pytest.raises(ValueError):
            rules.new_game(1, {"deck0": ",".join(deck)})
        assert name


def test_without_deck_options_seat0_plays_the_first_ready_deck_and_seat1_the_second() -> None:
    state = fresh()
    decks = catalogue.ready_decks()
    assert [p["deck_key"] for p in state["players"]] == [decks[0]["id"], decks[1]["id"]]
    for seat in (0, 1):
        assert card_total(state, seat) == 18


def test_decks_are_shuffled_from_the_seed() -> None:
    orders = {tuple(fresh(seed)["players"][0]["deck"]) for seed in range(10)}
    assert len(orders) == 10
    assert fresh(5) == fresh(5)


# --- 5-1 set-up --------------------------------------------------------------------------------


def test_setup_first_player_draws_three_and_places_them_then_the_second() -> None:
    state = fresh()
    assert decision(state).seat == 0 and decision(state).prompt == "starfall.prompt.place"
    assert len(state["players"][0]["drawn"]) == 3 and state["players"][1]["drawn"] == []
    assert set(options(state)) == {f"place:{sq}" for sq in board.SQUARES}
    first_three = list(state["players"][0]["drawn"])
    state, _ = play(state, "place:f1", "place:b3", "place:f2")
    assert [at(state, 0, sq)["id"] for sq in ("f1", "b3", "f2")] == first_three
    assert all(at(state, 0, sq)["star"] == 0 for sq in ("f1", "b3", "f2"))  # placing is not summoning
    assert decision(state).seat == 1 and len(state["players"][1]["drawn"]) == 3
    assert "place:f1" not in options(play(state, "place:f1")[0])
    state, events = play(state, "place:f1", "place:f2", "place:f3")
    assert "round_start" in keys(events)
    assert state["round"] == 1 and decision(state).seat == 0 and decision(state).prompt == "starfall.prompt.act"


# --- 6-1 round start ---------------------------------------------------------------------------


def test_round_start_every_field_card_gains_a_star() -> None:
    state = fresh()
    state, _ = play(state, "place:f1", "place:f2", "place:f3", "place:f1", "place:f2", "place:b2")
    for seat in (0, 1):
        assert [rec["star"] for rec in state["players"][seat]["field"].values() if rec] == [1, 1, 1]


def test_round_start_star_five_goes_to_the_grave() -> None:
    state = board_state(beginner=True)
    put(state, 0, "f1", VETERAN, star=4)
    put(state, 0, "f2", TARGET, star=3)
    put(state, 1, "f1", VETERAN, star=1)
    state["phase"] = "round_start"
    events: list = []
    rules._advance(state, events)
    assert at(state, 0, "f1") is None and state["players"][0]["grave"] == [VETERAN]
    assert at(state, 0, "f2")["star"] == 4
    assert ("death", "star") in [(k, e.args.get("cause")) for k, e in zip(keys(events), events, strict=True)]


def test_round_start_both_players_meet_a_win_condition_is_a_draw() -> None:
    state = board_state(beginner=True)
    put(state, 0, "f1", VETERAN, star=4)
    put(state, 1, "f1", VETERAN, star=4)
    state["phase"] = "round_start"
    rules._advance(state, [])
    assert rules.outcome(state).winner is None and rules.outcome(state).reason == "both_at_round_start"


def test_ruling_empty_field_at_round_start_loses() -> None:
    state = board_state(beginner=True)
    put(state, 0, "f1", VETERAN, star=4)
    put(state, 0, "f2", TARGET, star=1)
    put(state, 1, "f1", VETERAN, star=4)
    state["phase"] = "round_start"
    rules._advance(state, [])
    assert rules.outcome(state).winner == 0 and rules.outcome(state).reason == "wiped"


# --- 5-1 / 5-2 rounds and turns ----------------------------------------------------------------


def _turn_with(state: dict, card_id: str) -> dict:
    state, _ = play(state, f"card:{card_id}", "stay", "pass")
    return state


def test_turns_alternate_three_per_player_per_round() -> None:
    state = board_state(beginner=True)
    for seat in (0, 1):
        for sq, card_id in zip(("f1", "f2", "f3"), ("S12", "S34", "S17"), strict=True):
            put(state, seat, sq, card_id)
    go(state, 0)
    seats = []
    for card_id in ("S12", "S12", "S34", "S34", "S17", "S17"):
        seats.append(decision(state).seat)
        state = _turn_with(state, card_id)
    assert seats == [0, 1, 0, 1, 0, 1]
    assert state["round"] == 2 and decision(state).seat == 0


def test_a_card_with_an_action_chip_cannot_act_again_this_round() -> None:
    state = board_state(beginner=True)
    for seat in (0, 1):
        put(state, seat, "f1", VETERAN)
        put(state, seat, "f2", TARGET)
    go(state, 0)
    state = _turn_with(state, VETERAN)
    assert at(state, 0, "f1")["acted"] and state["players"][0]["chips"] == 1
    state = _turn_with(state, TARGET)
    assert f"card:{VETERAN}" not in options(state) and f"card:{TARGET}" in options(state)


def test_the_action_chip_of_a_card_that_dies_still_counts_the_turn() -> None:
    state = board_state(beginner=True)
    put(state, 0, "f1", VETERAN, status="sick", dmg=catalogue.hp(VETERAN) - 10)
    put(state, 0, "f2", TARGET)
    put(state, 1, "f3", TARGET)
    put(state, 1, "f2", VETERAN)
    go(state, 0)
    state, events = play(state, f"card:{VETERAN}", "stay", "pass")
    assert "sick_damage" in keys(events) and state["players"][0]["grave"] == [VETERAN]
    assert state["players"][0]["chips"] == 1 and state["turn_index"] == 1


def test_ruling_a_turn_always_has_an_action() -> None:
    # Field and grave hold at most 4 + 6 cards, so a deck of 18 is never empty while the match runs,
    # and a field of 4 always keeps an unacted card: summon or a card is always offered.
    state = board_state(beginner=True)
    state["players"][0]["deck"] = []
    put(state, 0, "f1", VETERAN, acted=True)
    put(state, 1, "f1", VETERAN)
    go(state, 0)
    assert options(state) == ("pass",)
    state, events = play(state, "pass")
    assert "no_action" in keys(events) and state["turn_index"] == 1


# --- 6-2 summon ----------------------------------------------------------------------------------


def test_summon_draws_the_top_card_onto_an_empty_square_with_a_star_then_attacks() -> None:
    state = board_state(beginner=True)
    put(state, 0, "f1", TARGET)
    put(state, 1, "f2", TARGET)
    top = state["players"][0]["deck"][0]
    deck_before = len(state["players"][0]["deck"])
    go(state, 0)
    state, events = play(state, "summon")
    assert decision(state).prompt == "starfall.prompt.summon" and decision(state).args["card"] == top
    assert "summon:f1" not in options(state) and "summon:b1" in options(state)
    assert "stay" not in options(state)  # no cancelling and no redraw once drawn
    state, events = play(state, "summon:f2")
    assert at(state, 0, "f2")["id"] == top and at(state, 0, "f2")["star"] == 1
    assert decision(state).prompt == "starfall.prompt.skill"  # straight to the attack phase
    assert len(state["players"][0]["deck"]) == deck_before - 1


def test_summon_not_possible_with_four_cards_on_the_field() -> None:
    state = board_state(beginner=True)
    for sq in ("f1", "f2", "f3", "b1"):
        put(state, 0, sq, {"f1": "S12", "f2": "S34", "f3": "S17", "b1": "S21"}[sq])
    put(state, 1, "f1", TARGET)
    go(state, 0)
    assert "summon" not in options(state)


# --- 6-3 move ------------------------------------------------------------------------------------


def test_normal_move_one_square_in_eight_directions_into_an_empty_square() -> None:
    state = board_state(beginner=True)
    put(state, 0, "f2", VETERAN)
    put(state, 0, "b1", TARGET)
    put(state, 1, "f2", TARGET)
    go(state, 0)
    state, _ = play(state, f"card:{VETERAN}")
    moves = {o for o in options(state) if o.startswith("move:")}
    assert moves == {"move:f1", "move:f3", "move:b2", "move:b3"}
    state, _ = play(state, "move:b3")
    assert at(state, 0, "b3")["id"] == VETERAN and at(state, 0, "f2") is None
    assert at(state, 0, "b3")["star"] == 1  # a normal move costs no ★


def test_normal_move_not_possible_at_star_zero() -> None:
    state = board_state(beginner=True)
    put(state, 0, "f2", VETERAN, star=0)
    put(state, 0, "f1", TARGET)
    put(state, 1, "f2", TARGET)
    go(state, 0)
    state, _ = play(state, f"card:{VETERAN}")
    assert options(state) == ("stay",)


def test_swap_with_an_orthogonal_ally_costs_one_star_never_diagonal() -> None:
    state = board_state(beginner=True)
    put(state, 0, "f2", VETERAN, star=2)
    put(state, 0, "f1", TARGET)
    put(state, 0, "b3", "S17")
    put(state, 1, "f2", TARGET)
    go(state, 0)
    state, _ = play(state, f"card:{VETERAN}")
    assert "swap:f1" in options(state) and "swap:b3" not in options(state)
    state, _ = play(state, "swap:f1")
    assert at(state, 0, "f1")["id"] == VETERAN and at(state, 0, "f2")["id"] == TARGET
    assert at(state, 0, "f1")["star"] == 1 and at(state, 0, "f2")["star"] == 1
    assert state["acting"]["square"] == "f1"


# --- 6-4 attack and the upper volume's patterns --------------------------------------------------


def test_first_card_of_the_facing_column_is_covered_by_the_front_card() -> None:
    state = board_state(beginner=True)
    put(state, 0, "f1", VETERAN)  # my column 1 faces the opponent's column 3
    put(state, 1, "f3", TARGET)
    put(state, 1, "b3", "S17")
    go(state, 0)
    state, _ = play(state, f"card:{VETERAN}", "stay", "skill:normal")
    assert at(state, 1, "f3")["dmg"] == normal_damage(VETERAN) and at(state, 1, "b3")["dmg"] == 0


def test_first_card_of_an_uncovered_column_is_the_back_card() -> None:
    state = board_state(beginner=True)
    put(state, 0, "f1", VETERAN)
    put(state, 1, "b3", "S17")
    put(state, 1, "f1", TARGET)
    go(state, 0)
    state, _ = play(state, f"card:{VETERAN}", "stay", "skill:normal")
    assert at(state, 1, "b3")["dmg"] == normal_damage(VETERAN)


def test_a_skill_is_offered_only_from_its_rows_and_with_a_target() -> None:
    state = board_state(beginner=True)
    put(state, 0, "b1", VETERAN)  # Veteran's skills work from the front row only
    put(state, 0, "f2", "S01")
    put(state, 1, "f1", TARGET)  # nothing in the column facing my column 2
    go(state, 0)
    state, _ = play(state, f"card:{VETERAN}", "stay")
    assert options(state) == ("pass",)
    state = board_state(beginner=True)
    put(state, 0, "f2", "S01")
    put(state, 1, "f1", TARGET)
    go(state, 0)
    state, _ = play(state, "card:S01", "stay")
    assert options(state) == ("pass",)


def test_pierce_hits_the_whole_facing_column() -> None:
    state = board_state(beginner=True)
    put(state, 0, "f2", "S01", star=2)
    put(state, 1, "f2", VETERAN)
    put(state, 1, "b2", TARGET)
    go(state, 0)
    state, _ = play(state, "card:S01", "stay", "skill:consume")
    pierce = catalogue.skill("S01", "consume")["effects"][0]["amount"]
    assert catalogue.skill("S01", "consume")["pattern"] == "pierce"
    assert at(state, 1, "f2")["dmg"] == pierce and at(state, 1, "b2")["dmg"] == pierce
    assert at(state, 0, "f2")["star"] == 0


def test_consume_skill_to_star_zero_still_applies_its_added_effects() -> None:
    state = board_state(beginner=True)
    put(state, 0, "b1", "S38", star=2)  # Starthief ★2: any enemy ★+1, itself ★-1
    put(state, 1, "f2", VETERAN, star=2)
    go(state, 0)
    state, _ = play(state, "card:S38", "stay", "skill:consume", "target:o:f2")
    assert at(state, 1, "f2")["star"] == 3 and at(state, 0, "b1")["star"] == 0


def test_targeted_skill_offers_every_legal_target() -> None:
    state = board_state(beginner=True)
    put(state, 0, "b2", "S17", star=2)  # Star Mage: lane (normal), any enemy (consume)
    put(state, 1, "f1", TARGET)
    put(state, 1, "b1", VETERAN)
    put(state, 1, "b3", "S21")
    go(state, 0)
    state, _ = play(state, "card:S17", "stay", "skill:normal")
    assert set(options(state)) == {"target:o:f1", "target:o:b3"}  # b1 is covered
    state, _ = play(state, "target:o:b3")
    assert at(state, 1, "b3")["dmg"] == 20


def test_hp_zero_sends_the_card_to_the_grave_at_once() -> None:
    state = board_state(beginner=True)
    put(state, 0, "f1", VETERAN)
    put(state, 1, "f3", TARGET, dmg=catalogue.hp(TARGET) - 10)
    put(state, 1, "f1", "S17")
    go(state, 0)
    state, events = play(state, f"card:{VETERAN}", "stay", "skill:normal")
    assert at(state, 1, "f3") is None and state["players"][1]["grave"] == [TARGET]
    assert keys(events).index("death") < keys(events).index("damage") + 2


# --- 7-2 abnormal states --------------------------------------------------------------------------


def test_sick_card_takes_ten_when_its_action_chip_goes_on() -> None:
    state = board_state(beginner=True)
    put(state, 0, "f1", VETERAN, status="sick")
    put(state, 1, "f1", TARGET)
    go(state, 0)
    state, events = play(state, f"card:{VETERAN}", "stay", "pass")
    assert at(state, 0, "f1")["dmg"] == 10 and "sick_damage" in keys(events)


def test_sick_cured_before_the_attack_phase_ends_costs_nothing() -> None:
    state = board_state(beginner=True)
    put(state, 0, "f1", "S03", status="sick", star=2)  # Shield Bearer ★1: heal itself 20 and cure
    put(state, 1, "f1", TARGET)
    go(state, 0)
    state, events = play(state, "card:S03", "stay", "skill:consume")
    assert at(state, 0, "f1")["status"] is None and at(state, 0, "f1")["dmg"] == 0
    assert "sick_damage" not in keys(events)


def test_lock_stops_move_and_attack_but_the_card_can_take_its_action_chip() -> None:
    state = board_state(beginner=True)
    put(state, 0, "f2", VETERAN, status="lock", star=3)
    put(state, 0, "f1", TARGET)
    put(state, 1, "f2", TARGET)
    go(state, 0)
    assert f"card:{VETERAN}" in options(state)
    state, _ = play(state, f"card:{VETERAN}")
    assert options(state) == ("stay",)
    state, _ = play(state, "stay")
    assert options(state) == ("pass",)
    state, _ = play(state, "pass")
    assert at(state, 0, "f2")["acted"] and at(state, 0, "f2")["dmg"] == 0


def test_lock_overwrites_sick_and_a_card_is_never_both() -> None:
    state = board_state(beginner=True)
    put(state, 0, "b1", "S19", star=3)  # Binder ★3: lock any enemy
    put(state, 1, "f1", TARGET, status="sick")
    put(state, 1, "f2", VETERAN)
    go(state, 0)
    state, _ = play(state, "card:S19", "stay", "skill:consume", "target:o:f1")
    assert at(state, 1, "f1")["status"] == "lock"
    state = board_state(beginner=True)
    put(state, 0, "f1", "S02", star=1)  # Blade Dancer ★1: 20 damage and sick
    put(state, 1, "f3", VETERAN, status="lock")
    put(state, 1, "f2", TARGET)
    go(state, 0)
    state, _ = play(state, "card:S02", "stay", "skill:consume")
    assert at(state, 1, "f3")["status"] == "lock"


def test_locked_cards_unique_ability_and_r_state_still_work() -> None:
    state = board_state()
    put(state, 0, "f1", VETERAN)
    put(state, 1, "f3", "S06", status="lock", r=True)  # Thorn Knight: thorns 20 + R thorns 20
    put(state, 1, "f2", TARGET)
    go(state, 0)
    state, _ = play(state, f"card:{VETERAN}", "stay", "skill:normal")
    assert at(state, 0, "f1")["dmg"] == 40


def test_unique_ability_damage_to_zero_hp_waits_for_the_end_of_the_attack_phase() -> None:
    state = board_state()
    put(state, 0, "f2", "S01", star=2, dmg=catalogue.hp("S01") - 10)  # pierce 30 into two thorny cards
    put(state, 1, "f2", "S06")
    put(state, 1, "b2", "S16")
    put(state, 1, "f1", TARGET)
    go(state, 0)
    state, events = play(state, "card:S01", "stay", "skill:consume")
    names = keys(events)
    # Both thorns strike (the first one already brought S01 to 0 HP), then it goes to the grave.
    assert names.count("thorns") == 2
    assert names.index("death") > max(i for i, k in enumerate(names) if k == "thorns")
    assert at(state, 0, "f2") is None and state["players"][0]["grave"] == ["S01"]


# --- 6-5 round end -------------------------------------------------------------------------------


def _finish_round(state: dict) -> dict:
    while state["round"] == 1 and state["result"] is None:
        (pending,) = rules.pending(state)
        quiet = [o for o in pending.options if o.startswith("card:") or o in ("stay", "pass")]
        choice = quiet[0] if quiet else pending.options[0]
        state, _ = rules.apply(state, pending.seat, (choice,))
    return state


def test_round_end_heals_ten_on_cards_without_an_action_chip_then_removes_chips() -> None:
    state = board_state(beginner=True)
    for sq, card_id in (("f1", VETERAN), ("f2", TARGET), ("f3", "S17"), ("b2", "S21")):
        put(state, 0, sq, card_id, dmg=20)
        put(state, 1, sq, card_id, dmg=20)
    put(state, 0, "b2", "S21", dmg=20, status="sick")
    go(state, 0)
    state = _finish_round(state)
    rested = at(state, 0, "b2")
    assert rested["dmg"] == 10 and rested["status"] is None
    assert all(not rec["acted"] and not rec["r"] and rec["status"] is None
               for p in state["players"] for rec in p["field"].values() if rec)
    assert {at(state, 0, sq)["dmg"] for sq in ("f1", "f2", "f3")} == {20}


def test_r_effect_lasts_until_round_end_processing_is_over() -> None:
    state = board_state()
    put(state, 0, "f1", VETERAN, star=3, dmg=30)  # Veteran R: regen 20 at round end
    put(state, 1, "f3", TARGET)
    put(state, 1, "f2", "S17")
    go(state, 0)
    state, events = play(state, f"card:{VETERAN}", "stay", "skill:r")
    assert at(state, 0, "f1")["r"] and "r_on" in keys(events)
    state = _finish_round(state)
    assert at(state, 0, "f1")["dmg"] == 10 and not at(state, 0, "f1")["r"]  # acted: regen only


def test_r_skill_costs_the_consume_cost_plus_the_r_cost() -> None:
    state = board_state()
    put(state, 0, "f1", VETERAN, star=2)
    put(state, 1, "f3", TARGET)
    go(state, 0)
    state, _ = play(state, f"card:{VETERAN}", "stay")
    assert "skill:r" not in options(state)  # needs ★2 + ★1
    state = board_state()
    put(state, 0, "f1", VETERAN, star=3)
    put(state, 1, "f3", TARGET)
    go(state, 0)
    state, _ = play(state, f"card:{VETERAN}", "stay", "skill:r")
    assert at(state, 0, "f1")["star"] == 0


# --- 4-2 win conditions -------------------------------------------------------------------------


def test_win_seven_opponent_cards_in_the_grave() -> None:
    state = board_state(beginner=True)
    put(state, 0, "f1", VETERAN)
    put(state, 1, "f3", TARGET, dmg=30)
    put(state, 1, "f1", "S17")
    state["players"][1]["grave"] = ["S01", "S02", "S03", "S04", "S05", "S06"]
    go(state, 0)
    state, _ = play(state, f"card:{VETERAN}", "stay", "skill:normal")
    assert rules.outcome(state).winner == 0 and rules.outcome(state).reason == "graves"
    assert rules.pending(state) == []


def test_win_opponent_field_wiped() -> None:
    state = board_state(beginner=True)
    put(state, 0, "f1", VETERAN)
    put(state, 1, "f3", TARGET, dmg=30)
    go(state, 0)
    state, _ = play(state, f"card:{VETERAN}", "stay", "skill:normal")
    assert rules.outcome(state).winner == 0 and rules.outcome(state).reason == "wiped"


def test_win_every_opponent_field_card_locked() -> None:
    state = board_state(beginner=True)
    put(state, 0, "b1", "S19", star=3)
    put(state, 1, "f1", TARGET)
    put(state, 1, "f2", VETERAN, status="lock")
    go(state, 0)
    state, _ = play(state, "card:S19", "stay", "skill:consume", "target:o:f1")
    assert rules.outcome(state).winner == 0 and rules.outcome(state).reason == "locked"


def test_both_win_during_an_action_the_acting_player_loses() -> None:
    state = board_state()
    put(state, 0, "f1", VETERAN, dmg=catalogue.hp(VETERAN) - 10)
    put(state, 1, "f3", "S06", dmg=catalogue.hp("S06") - 10)  # thorns kill the attacker too
    go(state, 0)
    state, _ = play(state, f"card:{VETERAN}", "stay", "skill:normal")
    assert rules.outcome(state).winner == 1 and rules.outcome(state).reason == "both_on_action"


def test_ruling_round_limit_fewer_graves_wins() -> None:
    state = board_state(beginner=True, round_=rules.ROUND_LIMIT)
    put(state, 0, "f1", VETERAN)
    put(state, 1, "f1", VETERAN)
    state["players"][0]["grave"] = ["S01"]
    state["turn_index"] = 5
    state["active"] = 1
    state["phase"] = "end_turn"
    rules._advance(state, [])
    assert rules.outcome(state).winner == 1 and rules.outcome(state).reason == "round_limit"


# --- effects, abilities, beginner ---------------------------------------------------------------


def test_star_plus_one_to_five_sends_an_enemy_to_the_grave() -> None:
    state = board_state(beginner=True)
    put(state, 0, "b1", "S33", star=1)  # Trickster ★1: any enemy ★+1
    put(state, 1, "b2", VETERAN, star=4)
    put(state, 1, "f1", TARGET)
    go(state, 0)
    state, events = play(state, "card:S33", "stay", "skill:consume", "target:o:b2")
    assert at(state, 1, "b2") is None and state["players"][1]["grave"] == [VETERAN]


def test_push_pull_and_flip_move_enemy_cards() -> None:
    state = board_state(beginner=True)
    put(state, 0, "f1", "S47", star=1)  # Swapper normal: first card, 10 damage, flip
    put(state, 1, "f3", VETERAN)
    put(state, 1, "b3", TARGET)
    go(state, 0)
    state, _ = play(state, "card:S47", "stay", "skill:normal")
    assert at(state, 1, "b3")["id"] == VETERAN and at(state, 1, "f3")["id"] == TARGET
    state = board_state(beginner=True)
    put(state, 0, "f1", "S36", star=1)  # Puppeteer normal: first card, 10 damage, pull
    put(state, 1, "b3", TARGET)
    go(state, 0)
    state, _ = play(state, "card:S36", "stay", "skill:normal")
    assert at(state, 1, "f3")["id"] == TARGET and at(state, 1, "b3") is None


def test_abilities_armor_guardian_and_hunter_change_damage() -> None:
    state = board_state()
    put(state, 0, "f1", VETERAN)
    put(state, 1, "f3", "S01")  # armor 10
    go(state, 0)
    state, _ = play(state, f"card:{VETERAN}", "stay", "skill:normal")
    assert at(state, 1, "f3")["dmg"] == normal_damage(VETERAN) - 10
    state = board_state()
    put(state, 0, "b2", "S17", star=2)
    put(state, 1, "f1", "S03")  # guardian 20 shields the card behind it
    put(state, 1, "b1", TARGET)
    go(state, 0)
    state, _ = play(state, "card:S17", "stay", "skill:consume", "target:o:b1")
    assert at(state, 1, "b1")["dmg"] == 30 - 20
    state = board_state()
    put(state, 0, "f1", "S02")  # hunter 10 against a sick card
    put(state, 1, "f3", VETERAN, status="sick")
    go(state, 0)
    state, _ = play(state, "card:S02", "stay", "skill:normal")
    assert at(state, 1, "f3")["dmg"] == normal_damage("S02") + 10


def test_beginner_option_turns_off_unique_abilities_and_r_skills() -> None:
    state = board_state(beginner=True)
    put(state, 0, "f1", VETERAN, star=4)
    put(state, 1, "f3", "S01")  # armor 10 does nothing in the beginner game
    go(state, 0)
    state, _ = play(state, f"card:{VETERAN}", "stay")
    assert "skill:r" not in options(state) and "skill:consume" in options(state)
    state, _ = play(state, "skill:normal")
    assert at(state, 1, "f3")["dmg"] == normal_damage(VETERAN)
    with pytest.raises(ValueError):
        rules.new_game(1, {"beginner": "maybe"})


def test_ruling_dawn_strikes_at_round_start_only_from_the_front_row() -> None:
    state = board_state()
    put(state, 0, "f1", "S05", star=1)  # Lancer: dawn 10
    put(state, 0, "b2", "S22", star=1)  # Firecaller: dawn 10, but in the back row
    put(state, 1, "f3", TARGET)
    put(state, 1, "f2", VETERAN)
    state["phase"] = "round_start"
    rules._advance(state, [])
    assert at(state, 1, "f3")["dmg"] == 10 and at(state, 1, "f2")["dmg"] == 0


def test_blink_moves_to_any_empty_square() -> None:
    state = board_state(beginner=False)
    put(state, 0, "f1", "S33")  # Trickster: blink
    put(state, 1, "f1", TARGET)
    go(state, 0)
    state, _ = play(state, "card:S33")
    assert {o for o in options(state) if o.startswith("move:")} == {f"move:{sq}" for sq in board.SQUARES if sq != "f1"}


# --- the contract ----------------------------------------------------------------------------------


def test_wrong_seat_unknown_option_and_game_over_are_refused() -> None:
    state = fresh()
    with pytest.raises(NotYourDecision):
        rules.apply(state, 1, ("place:f1",))
    with pytest.raises(IllegalChoice):
        rules.apply(state, 0, ("place:z9",))
    state["result"] = {"winner": 0, "reason": "wiped"}
    with pytest.raises(GameOver):
        rules.apply(state, 0, ("place:f1",))


def test_apply_does_not_mutate_and_state_round_trips_json() -> None:
    state = fresh()
    before = json.dumps(state, sort_keys=True)
    new, _ = rules.apply(state, 0, ("place:f1",))
    assert json.dumps(state, sort_keys=True) == before
    assert json.loads(json.dumps(new)) == new and new["version"] == 1


def test_view_hides_the_deck_order_but_keeps_the_count() -> None:
    state = fresh()
    for seat in (0, 1, None):
        shown = rules.view(state, seat)
        assert [p["deck_count"] for p in shown["players"]] == [15, 18]
        assert "deck" not in shown["players"][0]
        assert shown["decision"]["seat"] == 0
        assert ("options" in shown["decision"]) == (seat == 0)
    assert rules.reveal_all(state)["players"][0]["deck"] == state["players"][0]["deck"]


def test_every_option_id_matches_the_contract_notation() -> None:
    state = board_state()
    put(state, 0, "b2", "S17", star=3)
    put(state, 0, "f1", VETERAN)
    put(state, 1, "f1", TARGET)
    go(state, 0)
    seen = set(options(state))
    state, _ = play(state, "card:S17")
    seen |= set(options(state))
    state, _ = play(state, "stay")
    seen |= set(options(state))
    state, _ = play(state, "skill:consume")
    seen |= set(options(state))
    assert all(OPTION_ID_RE.match(o) for o in seen)
    assert {"summon", "card:S17", "stay", "skill:normal", "skill:consume", "skill:r", "pass", "target:o:f1"} <= seen


def test_match_options_declare_the_beginner_switch() -> None:
    (option,) = rules.ENGINE.match_options
    assert option.name == "beginner" and set(option.choices) == {"on", "off"} and option.default == "off"

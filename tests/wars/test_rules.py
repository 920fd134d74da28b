"""Unit and scenario tests of the core rules: setup, the turn, spells, counters, combat, main phase."""

from __future__ import annotations

import json
import random

import pytest

from bot.engine import GameOver, IllegalChoice, NotYourDecision, random_choice
from cogs.wars import cards as C
from cogs.wars.engine import ENGINE
from tests.wars.helpers import answer, decision, finish_turn, play, play_turn, setup_game, unit_cards

# ---------------------------------------------------------------- setup of each level


def test_overlord_setup_deals_8_and_9_two_magic_and_keeps_one_magic_and_three_territories() -> None:
    state = ENGINE.new_game(3, {"level": "overlord"})
    first = state["first"]
    assert len(state["hands"][first]) == 8 and len(state["hands"][1 - first]) == 9
    assert len(state["deck"]) == 40 - 17
    assert not set(C.MASTER_IDS) & set(state["deck"] + state["hands"][0] + state["hands"][1])
    decisions = {d.seat: d for d in ENGINE.pending(state)}
    assert all(d.secret and d.min == d.max == 1 and len(d.options) == 2 for d in decisions.values())
    for seat in (0, 1):
        state, _ = answer(state, seat, decisions[seat].options[0])
        territory = next(d for d in ENGINE.pending(state) if d.seat == seat)
        assert territory.min == territory.max == 3
        state, _ = answer(state, seat, *territory.options[:3])
    assert [len(h) for h in state["hands"]][first] == 5 + 1  # 5 cards, then the first draw
    assert len(state["hands"][1 - first]) == 6
    assert all(len(t) == 3 for t in state["territories"])
    assert all(len(m) == 1 and m[0]["state"] == "down" for m in state["magic"])
    assert set(m[0]["card"] for m in state["magic"]) <= set(C.OVERLORD_MAGIC_IDS)


def test_apprentice_setup_magic_decks_masters_mulligan_and_unused_cards_under_the_deck() -> None:
    state = ENGINE.new_game(5, {"level": "apprentice"})
    assert all(m in C.MASTER_IDS for m in state["masters"])
    pools = [state["setup"][s]["magic_pool"] for s in (0, 1)]
    assert all(tuple(p) in C.APPRENTICE_DECKS.values() for p in pools) and pools[0] != pools[1]
    assert all(len(h) == 9 for h in state["hands"])
    for size in (8, 7, 6):
        state, _ = answer(state, 0, "mulligan")
        assert len(state["hands"][0]) == size
    assert decision_for_seat(state, 0).prompt == "wars.prompt.setup_magic"  # 6 cards: nothing to choose
    state, _ = answer(state, 1, "keep")
    hand_choice = decision_for_seat(state, 1)
    assert hand_choice.min == hand_choice.max == 6 and len(hand_choice.options) == 9
    returned = [o.split(":")[1] for o in hand_choice.options[6:]]
    state, _ = answer(state, 1, *hand_choice.options[:6])
    for seat in (0, 1):
        magic = decision_for_seat(state, seat)
        assert magic.min == magic.max == 3 and len(magic.options) == 4
        state, _ = answer(state, seat, *magic.options[:3])
    assert set(state["deck"][-4:]) == set(returned) or set(returned) <= set(state["deck"][-3:] + state["hands"][0])
    assert sorted(state["deck"][-3:]) == sorted(returned)
    assert state["territories"] == [[], []]


def decision_for_seat(state, seat):
    return next(d for d in ENGINE.pending(state) if d.seat == seat)


def test_wizard_setup_offers_four_random_and_three_basic_magic_from_48_cards() -> None:
    state = ENGINE.new_game(8, {"level": "wizard"})
    for seat in (0, 1):
        pool = state["setup"][seat]["magic_pool"]
        assert len(pool) == 7 and len([m for m in pool if m in C.BASIC_MAGIC_IDS]) == 3
        assert {C.info(m)["effect"] for m in pool if m in C.BASIC_MAGIC_IDS} == {"draw3", "settle", "spear"}
    assert len(state["deck"]) + 18 == 48
    assert state["masters"] == [None, None]


def test_apprentice_choose3_variant_deals_four_random_magic() -> None:
    state = ENGINE.new_game(9, {"level": "apprentice_choose3"})
    pools = [state["setup"][s]["magic_pool"] for s in (0, 1)]
    assert all(len(p) == 4 for p in pools) and not set(pools[0]) & set(pools[1])
    assert all(m in C.MASTER_IDS for m in state["masters"])


def test_seven_mage_two_hands_of_six_pick_one_then_seven_magic_choose_three() -> None:
    state = ENGINE.new_game(10, {"level": "seven_mage"})
    assert decision_for_seat(state, 0).options == ("pick:1", "pick:2")
    assert ENGINE.view(state, 0)["setup"]["magic_pool"] == []  # magic not seen before the pick
    hands = state["setup"][0]["hand_pool"]
    state, _ = answer(state, 0, "pick:2")
    assert state["hands"][0] == hands[1]
    magic = decision_for_seat(state, 0)
    assert len(magic.options) == 7 and magic.min == magic.max == 3
    state, _ = answer(state, 1, "pick:1")
    state, _ = answer(state, 0, *magic.options[:3])
    state, _ = answer(state, 1, *decision_for_seat(state, 1).options[:3])
    assert len(state["deck"]) == 48 - 12 - 1  # unused hands reshuffled in; the first player drew
    assert all(len(m) == 3 for m in state["magic"])


def test_every_random_setup_answer_is_legal() -> None:
    rng = random.Random(1)
    for level in ("overlord", "apprentice", "wizard", "seven_mage", "apprentice_choose3"):
        state = ENGINE.new_game(2, {"level": level})
        while state["step"] == "setup":
            d = rng.choice(ENGINE.pending(state))
            state, _ = ENGINE.apply(state, d.seat, random_choice(d, rng))
        assert state["turn"] == 1


# ---------------------------------------------------------------- the turn and the end of the game


def test_draw_step_is_mandatory_and_first_player_draws() -> None:
    state = setup_game(hands=[["016"], ["017"]], deck=["020", "033"])
    assert state["hands"][0] == ["016", "020"] and state["turn"] == 1


def test_deck_out_ends_the_game_at_the_end_of_the_drawing_turn_higher_life_wins() -> None:
    state = setup_game(hands=[["016"], []], deck=["017"], life=[10, 12])
    state["set_aside"] += state["deck"][1:]
    state["deck"] = state["deck"][:1]  # one card left: seat 1 draws it on turn 2
    state, _ = finish_turn(state)
    assert ENGINE.outcome(state) is None and state["deck"] == [] and state["active"] == 1
    state, _ = finish_turn(state)
    outcome = ENGINE.outcome(state)
    assert outcome is not None and outcome.reason == "deck_out" and outcome.winner == 1


def test_deck_out_with_equal_life_is_a_draw() -> None:
    state = setup_game(hands=[[], []], deck=["016"])
    state["deck"] = []
    state["deck_out"] = True
    state, _ = finish_turn(state)
    outcome = ENGINE.outcome(state)
    assert outcome is not None and outcome.winner is None and outcome.reason == "deck_out"


def test_life_at_zero_ends_the_game_at_once() -> None:
    state = setup_game(hands=[[], []], fields=[["016"], []], life=[30, 5], deck=["040"])
    state, _ = finish_turn(state)
    assert state["life"][1] == 0 and ENGINE.outcome(state).winner == 0
    with pytest.raises(GameOver):
        ENGINE.apply(state, 0, ("pass",))


def test_only_the_deciding_seat_may_answer_and_only_offered_options() -> None:
    state = setup_game(hands=[["016"], []], deck=["040"])
    with pytest.raises(NotYourDecision):
        ENGINE.apply(state, 1, ("pass",))
    with pytest.raises(IllegalChoice):
        ENGINE.apply(state, 0, ("deploy:099",))


# ---------------------------------------------------------------- removal


def test_one_card_removal_needs_exactly_the_same_cost() -> None:
    state = setup_game(hands=[["027", "017"], []], fields=[[], ["040"]], deck=["003"])
    options = decision(state).options
    assert "remove:027:040" in options  # 5 = 5, any colour
    assert "remove:017:040" not in options  # 6 != 5
    state, _ = play_turn(state, [(0, "remove:027:040")])
    assert unit_cards(state, 1) == [] and {"027", "040"} <= set(state["discard"])


def test_two_card_removal_needs_a_sum_at_least_the_cost() -> None:
    state = setup_game(hands=[["021", "003", "016"], []], fields=[[], ["014"]], deck=["033"])
    options = decision(state).options
    assert "remove2:021+003:014" not in options  # 1 + 2 < 4
    assert "remove2:003+016:014" in options  # 2 + 5 >= 4
    assert "remove2:003+033:014" in options


def test_tuning_is_cost_1_to_3_chosen_by_its_user() -> None:
    state = setup_game(hands=[["045", "016"], []], fields=[[], ["003"]], deck=["033"])
    options = decision(state).options
    assert "remove:045.2:003" in options and "remove:045.1:003" not in options
    assert "remove2:045.3+033:003" in options


def test_spellbreaker_cannot_remove_or_reinforce() -> None:
    state = setup_game(hands=[["047", "048"], []], fields=[["016"], ["003"]], deck=["021"])
    options = decision(state).options if ENGINE.pending(state) else ()
    assert not any("047" in o or "048" in o for o in options)


def test_each_unit_is_targeted_once_per_turn_and_all_targets_are_declared_at_once() -> None:
    state = setup_game(hands=[["027", "016", "014"], []], fields=[[], ["040", "026"]], deck=["003"])
    state, _ = answer(state, 0, "remove:027:040")
    options = decision(state).options
    assert not any(o.endswith(":040") for o in options)  # already a target
    assert "remove:014:026" in options and "magic:A08" not in options
    state, _ = answer(state, 0, "remove:014:026")
    assert unit_cards(state, 1) == []


# ---------------------------------------------------------------- reinforcement


def test_reinforcement_needs_the_same_attribute_and_lasts_until_the_end_of_combat() -> None:
    state = setup_game(hands=[["018", "009"], []], fields=[["017"], []], deck=["003"])
    options = decision(state).options
    assert "reinforce:018:017" in options and "reinforce:009:017" not in options
    state, _ = play(state, [(0, "reinforce:018:017"), (0, "pass")])
    assert state["life"][1] == 30 - 13
    assert state["fields"][0][0]["reinforce"] == 0


def test_unreinforceable_units_cannot_be_reinforced() -> None:
    state = setup_game(hands=[["033"], []], fields=[["020", "017"], []], deck=["018"])
    options = decision(state).options
    assert not any(o.startswith("reinforce:") and o.endswith(":020") for o in options)
    assert "reinforce:018:017" in options


# ---------------------------------------------------------------- counters


def test_counter_needs_the_same_number_of_cards_and_the_same_numbers() -> None:
    state = setup_game(hands=[["027", "003", "016"], ["007", "004", "009", "017"]], fields=[[], ["040", "031"]],
                       deck=["034"])
    state, _ = play(state, [(0, "remove:027:040"), (0, "remove2:003+016:031")])
    first_window = decision(state)
    assert first_window.seat == 1 and "counter:007" in first_window.options
    assert "counter:017" not in first_window.options and "counter:004+009" not in first_window.options
    state, _ = answer(state, 1, "pass")
    second_window = decision(state)
    assert "counter:004+007" in second_window.options or "counter:007+004" in second_window.options
    assert not any(o.startswith("counter:") and "009" in o for o in second_window.options)


def test_spellbreaker_counters_any_numbers_but_only_the_same_count() -> None:
    state = setup_game(hands=[["027", "003", "016"], ["047"]], fields=[[], ["040", "031"]], deck=["034"])
    state, _ = play(state, [(0, "remove:027:040"), (0, "remove2:003+016:031")])
    assert decision(state).options == ("counter:047", "pass")
    state, _ = answer(state, 1, "pass")
    # The 2-card removal cannot be answered by one 呪文砕き: no window at all.
    assert unit_cards(state, 1) == [] and decision(state).seat == 0


def test_only_a_spellbreaker_counters_a_spellbreaker() -> None:
    state = setup_game(hands=[["027", "040"], ["047"]], fields=[[], ["007"]], deck=["034"])
    state, _ = play(state, [(0, "remove:027:007"), (1, "counter:047")])
    assert ENGINE.pending(state)[0].seat == 0
    assert "counter:040" not in decision(state).options  # a 5 does not answer 呪文砕き
    state = setup_game(hands=[["027", "048"], ["047"]], fields=[[], ["007"]], deck=["034"])
    state, _ = play(state, [(0, "remove:027:007"), (1, "counter:047")])
    assert "counter:048" in decision(state).options


def test_counter_chain_resolves_last_in_first_out() -> None:
    # Manual example 1: reinforcement +5, the opponent counters, you counter with 呪文砕き, they pass.
    state = setup_game(hands=[["016", "047"], ["027"]], fields=[["011"], []], deck=["034"])
    state, _ = play(state, [(0, "reinforce:016:011"), (1, "counter:027"), (0, "counter:047")])
    # The opponent holds nothing more: 呪文砕き cancels the counter, the reinforcement stands.
    assert state["life"][1] == 30 - (2 + 5)
    assert {"016", "027", "047"} <= set(state["discard"])


def test_counter_chain_example_2_countered_removal_fails() -> None:
    state = setup_game(hands=[["003", "016"], ["004", "007"]], fields=[[], ["031"]], deck=["034"])
    state, _ = play(state, [(0, "remove2:003+016:031"), (1, "counter:004+007")])
    assert unit_cards(state, 1) == ["031"]
    assert {"003", "016", "004", "007"} <= set(state["discard"])


def test_counter_window_is_offered_only_with_a_legal_counter() -> None:
    state = setup_game(hands=[["027"], ["017", "020"]], fields=[[], ["040"]], deck=["034"])
    state, events = play(state, [(0, "remove:027:040")])
    assert all(d.seat == 0 for d in ENGINE.pending(state))
    assert ENGINE.view(state, 0)["waiting"] == [0]


# ---------------------------------------------------------------- combat


def test_transparent_step_is_pierce_attackers_minus_twin_wall_defenders() -> None:
    state = setup_game(hands=[[], []], fields=[["034", "003", "016"], ["037"]], deck=["041"])
    state, _ = finish_turn(state)
    steps = {s["step"]: s for s in state["last"]["combat"]["steps"]} if state["turn"] == 1 else None
    # transparent: 1 + 2 - 3 = 0; attack: 5 - 3 (双壁 also defends here) = 2
    assert state["life"][1] == 28
    assert steps is None or steps["transparent"]["damage"] == 0


def test_attack_step_others_minus_all_defenders_except_cannot_block() -> None:
    state = setup_game(hands=[[], []], fields=[["017", "016"], ["003", "021"]], deck=["041"])
    state, _ = finish_turn(state)
    # 11 attack - 1 (灯火幽鬼 blocks) ; 先行打撃兵 cannot block
    assert state["life"][1] == 30 - 10


def test_damage_is_never_negative_and_units_never_die_in_combat() -> None:
    state = setup_game(hands=[[], []], fields=[["016"], ["020"]], deck=["041"])
    state, _ = finish_turn(state)
    assert state["last"]["combat"]["seat"] == 1 or state["life"][1] == 30
    assert state["life"][1] == 30 and unit_cards(state, 0) == ["016"] and unit_cards(state, 1) == ["020"]


def test_transparent_attack_only_twin_wall_defends() -> None:
    state = setup_game(hands=[[], []], fields=[["034", "036"], ["020", "037"]], deck=["041"])
    state, _ = finish_turn(state)
    assert state["life"][1] == 30 - max(0, (1 + 2) - 3)


def test_twin_wall_defends_in_both_steps() -> None:
    state = setup_game(hands=[[], []], fields=[["036", "017"], ["024"]], deck=["041"])
    state, _ = finish_turn(state)
    assert state["life"][1] == 30 - 0 - (6 - 3)


# ---------------------------------------------------------------- main phase


def test_territory_expansion_once_per_turn() -> None:
    state = setup_game(hands=[["016", "017", "014"], []], deck=["041"])
    assert decision(state).prompt == "wars.prompt.expand"
    state, _ = answer(state, 0, "expand:016")
    assert state["territories"][0] == ["016"]
    assert state["turn"] == 2 or not any(o.startswith("expand:") for o in decision(state).options)


def test_deploy_cost_at_most_territories_and_three_slots() -> None:
    state = setup_game(hands=[["014", "016"], []], territories=[["001", "002", "003", "004"], []], deck=["041"])
    state, _ = answer(state, 0, "pass")  # no expansion
    options = decision(state).options
    assert "deploy:014" in options and "deploy:016" not in options
    full = setup_game(hands=[["021"], []], fields=[["034", "035", "036"], []], territories=[["004"], []], deck=["041"])
    assert not any(o.startswith("deploy:") for o in ENGINE.view(full, 0)["decision"]["options"])


def test_redeploy_budget_is_the_discarded_costs_plus_territories() -> None:
    state = setup_game(hands=[["020"], []], fields=[["016", "003"], []], territories=[["004", "005"], []], deck=["041"])
    state, _ = play(state, [(0, "redeploy:020:016+003")])  # 5 + 2 + 2 >= 9
    assert unit_cards(state, 0) == ["020"] and {"016", "003"} <= set(state["discard"])
    state = setup_game(hands=[["020"], []], fields=[["016", "003"], []], territories=[["004"], []], deck=["041"])
    assert not any(o.startswith("redeploy:020") for o in decision(state).options)


def test_a_unit_deployed_this_turn_attacks_only_next_turn() -> None:
    state = setup_game(hands=[["014"], []], territories=[["001", "002", "003", "004"], []], deck=["041", "042"])
    state, _ = play_turn(state, [(0, "deploy:014")])
    assert state["life"][1] == 30


# ---------------------------------------------------------------- mulligan and the counter window, in detail


def test_mulligan_returns_the_hand_to_the_deck_reshuffles_and_deals_one_card_fewer() -> None:
    returned_cards_drawn_again = 0
    for seed in range(12):
        state = ENGINE.new_game(seed, {"level": "apprentice"})
        hand, deck, other_hand = list(state["hands"][0]), list(state["deck"]), list(state["hands"][1])
        state, events = answer(state, 0, "mulligan")
        new_hand, new_deck = state["hands"][0], state["deck"]
        assert len(new_hand) == 8 and state["hands"][1] == other_hand
        # Every card is back in one pile: nothing lost, nothing duplicated, nothing added.
        assert sorted(new_hand + new_deck) == sorted(hand + deck)
        # A reshuffle, not the old hand put under (or over) the deck: the order of the old deck changed.
        assert [c for c in new_hand + new_deck if c in deck] != deck
        assert new_deck[-9:] != hand and new_hand != deck[:8]
        returned_cards_drawn_again += len(set(new_hand) & set(hand))
        assert "mulligan" in [e.key.rsplit(".", 1)[1] for e in events]
    # The returned cards are shuffled through the whole pile: some come back into the new hands.
    assert returned_cards_drawn_again > 0


def test_mulligan_up_to_three_times_then_the_hand_is_kept() -> None:
    state = ENGINE.new_game(4, {"level": "wizard"})
    sizes = []
    for _ in range(3):
        state, _ = answer(state, 1, "mulligan")
        sizes.append(len(state["hands"][1]))
    assert sizes == [8, 7, 6]
    assert "mulligan" not in decision_for_seat(state, 1).options


def test_seven_mage_unused_hands_go_back_and_the_deck_is_reshuffled() -> None:
    state = ENGINE.new_game(10, {"level": "seven_mage"})
    deck_before = list(state["deck"])
    unused = [c for seat in (0, 1) for c in state["setup"][seat]["hand_pool"][1]]
    state, _ = answer(state, 0, "pick:1")
    state, _ = answer(state, 1, "pick:1")
    for seat in (0, 1):
        state, _ = answer(state, seat, *decision_for_seat(state, seat).options[:3])
    drawn = state["hands"][state["first"]][-1:]  # the first player's turn-1 draw came off the new pile
    pile = drawn + state["deck"]
    assert sorted(pile) == sorted(deck_before + unused)
    assert [c for c in pile if c in deck_before] != deck_before  # reshuffled, not the hands put under
    assert pile[-len(unused):] != unused


def test_counter_window_is_not_offered_without_a_legal_counter_and_shows_nothing_to_the_waiting_player() -> None:
    # Player 2 holds cards, but none answers a removal by one card of cost 5 (017 is 6, 020 is 9).
    state = setup_game(hands=[["027", "016"], ["017", "020"]], fields=[[], ["040", "014"]], deck=["034"])
    state, _ = play(state, [(0, "remove:027:040")])
    assert all(d.seat == 0 for d in ENGINE.pending(state))
    assert ENGINE.view(state, 1)["decision"] is None and ENGINE.view(state, 1)["waiting"] == [0]
    state, _ = answer(state, 0, "pass")  # the declaration is complete: the removal resolves with no window
    assert unit_cards(state, 1) == ["014"] and all(d.seat == 0 for d in ENGINE.pending(state))

    # With a legal counter (007 is a 5) the window is Player 2's alone, and Player 1 only waits.
    state = setup_game(hands=[["027", "016"], ["017", "007"]], fields=[[], ["040", "014"]], deck=["034"])
    state, _ = play(state, [(0, "remove:027:040"), (0, "pass")])
    window = decision(state)
    assert window.seat == 1 and window.prompt == "wars.prompt.counter"
    assert set(window.options) == {"counter:007", "pass"}
    waiting = ENGINE.view(state, 0)
    assert waiting["decision"] is None and waiting["waiting"] == [1]
    text = json.dumps(waiting)
    assert "counter:" not in text and "007" not in text and "017" not in text
    for seat in (0, None):
        view = ENGINE.view(state, seat)
        assert not any(key in view for key in ("options", "asks"))
    # The public board says whose turn and step it is and who is awaited: the spell step, not "Counters".
    board = ENGINE.view(state, None)
    assert board["step"] == "chain" and [s["kind"] for s in board["chain"]] == ["remove"]

"""One scenario per rule of the book and per ruling of docs/rules/afterlife.md."""

from __future__ import annotations

import json

import pytest

from bot import i18n
from bot.engine import GameOver, IllegalChoice, NotYourDecision
from cogs.afterlife import cards as C
from cogs.afterlife import engine as rules
from tests.afterlife.helpers import board, card_total, decision, keys, play, started, unit

# --- setup -------------------------------------------------------------------------------------


def test_setup_four_bundles_of_five_picked_in_secret_by_both_seats_at_once() -> None:
    state = rules.new_game(3, {})
    pending = rules.pending(state)
    assert {d.seat for d in pending} == {0, 1}
    for d in pending:
        assert d.secret and d.options == ("bundle:1", "bundle:2", "bundle:3", "bundle:4")
    for seat in (0, 1):
        p = state["players"][seat]
        assert [len(b) for b in p["bundles"]] == [5, 5, 5, 5] and len(p["deck"]) == 20
        assert rules.view(state, seat)["players"][seat]["bundles"] == p["bundles"]
        assert "bundles" not in rules.view(state, 1 - seat)["players"][seat]
        assert "bundles" not in rules.view(state, None)["players"][seat]


def test_setup_picked_bundle_is_the_hand_and_the_rest_is_shuffled_back() -> None:
    state = rules.new_game(3, {})
    bundles = [list(b) for b in state["players"][1]["bundles"]]
    state, events = rules.apply(state, 1, ("bundle:3",))
    assert keys(events) == []  # the first answer shows nothing
    state, _ = rules.apply(state, 0, ("bundle:2",))
    p = state["players"][1]
    assert sorted(p["hand"][:5]) == sorted(bundles[2])
    rest = bundles[0] + bundles[1] + bundles[3]
    assert len(p["deck"]) + len(p["hand"]) == 40 - 0 and card_total(state, 1) == 40
    assert set(rest) <= set(p["deck"] + p["hand"] + p["afterlife"])


def test_setup_first_player_decided_at_random() -> None:
    firsts = {rules.new_game(seed, {})["first"] for seed in range(20)}
    assert firsts == {0, 1}
    assert rules.new_game(4, {}) == rules.new_game(4, {})


def test_setup_life_3000_cores_two_for_first_three_for_second() -> None:
    state = started(2)
    first = state["first"]
    assert [p["life"] for p in state["players"]] == [3000, 3000]
    assert state["players"][1 - first]["cores"] == 3
    assert state["players"][first]["cores"] == 2  # turn 1 adds none
    assert state["active"] == first and state["turn"] == 1


def test_decks_come_from_options_or_the_ready_made_pair() -> None:
    names = list(C.decks())
    state = rules.new_game(1, {})
    assert sorted(state["players"][0]["deck"] + [c for b in state["players"][0]["bundles"] for c in b]) == \
        sorted(C.deck_list(names[0]))
    deck = ",".join(C.deck_list("grove"))
    state = rules.new_game(1, {"deck0": deck, "deck1": deck})
    assert all(C.colour(c) in "GN" for c in state["players"][1]["deck"])
    with pytest.raises(ValueError):
        rules.new_game(1, {"deck0": "R01,R01"})
    with pytest.raises(ValueError):
        rules.new_game(1, {"deck1": ",".join(["R01"] * 40)})


# --- turn start --------------------------------------------------------------------------------


def test_turn_start_untaps_and_clears_summoning_sickness() -> None:
    state = board(active=1, fields=(["N02"], []))
    state["players"][0]["field"][0].update(tapped=True, sick=True)
    state, _ = play(state, "end")
    assert state["active"] == 0
    assert unit(state, "c1")["tapped"] is False and unit(state, "c1")["sick"] is False


def test_turn_start_draw_then_optional_send_to_afterlife_and_draw_one_more() -> None:
    state = board(active=1, hands=(["R01"], []), decks=(["N02", "N03", "N04"], ["N02"] * 5), start="cleanup")
    assert state["players"][0]["hand"] == ["R01", "N02"]
    d = decision(state)
    assert d.prompt == "afterlife.prompt.send" and set(d.options) == {"send:R01", "send:N02", "pass"}
    state, events = play(state, "send:R01")
    p = state["players"][0]
    assert p["afterlife"] == ["R01"] and p["hand"] == ["N02", "N03"]
    assert "to_afterlife" in keys(events)


def test_core_not_added_on_each_players_first_turn_then_one_each_turn() -> None:
    state = started(5)
    first, second = state["first"], 1 - state["first"]
    cores = []
    while state["turn"] <= 4:
        d = decision(state)
        option = "pass" if "pass" in d.options and d.prompt.endswith(("send", "window")) else "end"
        if d.prompt.endswith("main"):
            cores.append((state["turn"], state["players"][state["active"]]["cores"]))
        state, _ = rules.apply(state, d.seat, (option if option in d.options else d.options[-1],))
    assert cores == [(1, 2), (2, 3), (3, 3), (4, 4)]
    assert state["players"][first]["cores"] == 3 and state["players"][second]["cores"] == 4


def test_core_not_added_at_eight() -> None:
    state = board(cores=(8, 8), start="cores")
    assert state["players"][0]["cores"] == 8


def test_cores_refreshed_at_turn_start() -> None:
    state = board(active=1, cores=(5, 5))
    state["players"][0]["used"] = 4
    state, _ = play(state, "end")
    assert state["players"][0]["used"] == 4  # still used while the draw and send are decided
    state, events = play(state, "pass")
    assert state["players"][0]["used"] == 0 and state["players"][0]["cores"] == 6
    assert "cores" in keys(events)


# --- main phase --------------------------------------------------------------------------------


def test_creature_cannot_attack_the_turn_it_arrives() -> None:
    state = board(hands=(["N02"], []))
    state, _ = play(state, "play:N02")
    assert not any(o.startswith("attack:") for o in decision(state).options)


def test_speed_move_attacks_the_turn_it_arrives() -> None:
    state = board(hands=(["R01"], []))
    state, _ = play(state, "play:R01")
    assert "attack:c1" in decision(state).options


def test_evolution_sacrifices_a_creature_and_attacks_at_once() -> None:
    state = board(hands=(["R24"], []), fields=(["N02", "N10"], []))
    state["players"][0]["field"][0]["sick"] = True
    state, _ = play(state, "play:R24")
    assert decision(state).options == ("on:c1", "on:c2")
    state, events = play(state, "on:c1")
    assert "sacrificed" in keys(events) and "N02" in state["players"][0]["grave"]
    assert "attack:c3" in decision(state).options


def test_evolution_inherits_the_tapped_state() -> None:
    state = board(hands=(["R24"], []), fields=(["N02"], []))
    unit(state, "c1")["tapped"] = True
    state, _ = play(state, "play:R24", "on:c1")
    assert unit(state, "c2")["tapped"] is True
    assert "attack:c2" not in decision(state).options


def test_evolution_needs_a_creature_to_sacrifice() -> None:
    state = board(hands=(["R24"], []))
    assert "play:R24" not in decision(state).options


def test_attack_taps_and_an_unblocked_attack_deals_its_power_as_life_damage() -> None:
    state = board(fields=(["R09"], []))
    state, events = play(state, "attack:c1")
    assert unit(state, "c1")["tapped"] is True
    assert state["players"][1]["life"] == 1000
    assert "life_damage" in keys(events)


def test_defender_blocks_or_takes_the_damage() -> None:
    state = board(fields=(["R09"], ["N10"]))
    state, _ = play(state, "attack:c1")
    d = decision(state)
    assert d.seat == 1 and set(d.options) == {"noblock", "block:c2"}
    state, _ = play(state, "noblock")
    assert state["players"][1]["life"] == 1000


def test_single_block_both_deal_their_power() -> None:
    state = board(fields=(["R09"], ["N10"]))  # 2000/2000 against 2200/2400
    state, events = play(state, "attack:c1", "block:c2")
    assert unit(state, "c2")["damage"] == 2000
    assert "destroyed" in keys(events) and "R09" in state["players"][0]["grave"]
    assert state["players"][1]["life"] == 3000


def test_tapped_creatures_cannot_block() -> None:
    state = board(fields=(["R09"], ["N10", "N02"]))
    unit(state, "c2")["tapped"] = True
    state, _ = play(state, "attack:c1")
    assert set(decision(state).options) == {"noblock", "block:c3"}


def test_several_blockers_attacker_orders_damage_and_takes_their_sum() -> None:
    state = board(fields=(["R13"], ["N02", "R01", "B06"]))
    state, _ = play(state, "attack:c1", "several")
    state, _ = rules.apply(state, 1, ("block:c2", "block:c3", "block:c4"))
    d = decision(state)
    assert d.seat == 0 and d.prompt == "afterlife.prompt.order" and d.options == ("order:c2", "order:c3", "order:c4")
    state, events = play(state, "order:c4")
    assert decision(state).options == ("order:c2", "order:c3")  # one at a time; the last one left comes last
    state, events = play(state, "order:c2")
    assert state["combat"] is None
    # Each blocker in order takes what destroys it; the last takes the rest. The attacker takes the sum.
    power = C.info("R13")["power"]
    first = min(power, C.info("B06")["toughness"])
    second = min(power - first, C.info("N02")["toughness"])
    third = power - first - second
    assert (first, second, third) == (C.info("B06")["toughness"], C.info("N02")["toughness"], third) and third > 0
    grave = state["players"][1]["grave"]
    assert "B06" in grave and "N02" in grave
    assert ("R01" in grave) == (third >= C.info("R01")["toughness"])
    back = sum(C.info(c)["power"] for c in ("N02", "R01", "B06"))
    assert (back >= C.info("R13")["toughness"]) == ("R13" in state["players"][0]["grave"])
    assert [e.args["amount"] for e in events if e.key.endswith("creature_damaged")] == [first, second, third, back]


def test_retreat_sends_to_grave_and_triggers_only_retreat_effects() -> None:
    state = board(fields=(["R08"], ["N10"]))
    state, events = play(state, "retreat:c1", "target:c2")
    assert "R08" in state["players"][0]["grave"]
    assert keys(events)[:2] == ["retreat", "creature_damaged"]
    assert unit(state, "c2")["damage"] == 1000


def test_destroyed_creature_triggers_no_retreat_effect() -> None:
    state = board(hands=(["R18"], []), fields=(["N10"], ["R08"]))
    state, events = play(state, "play:R18", "target:c2")
    assert "destroyed" in keys(events)
    assert unit(state, "c1")["damage"] == 0


def test_pay_three_cores_to_draw_once_a_turn() -> None:
    state = board(cores=(6, 6))
    state, events = play(state, "draw3")
    assert state["players"][0]["used"] == 3 and len(state["players"][0]["hand"]) == 1
    assert "draw3" not in decision(state).options


def test_pay_three_cores_to_draw_needs_three_unused_cores() -> None:
    state = board(cores=(2, 2))
    assert "draw3" not in decision(state).options


def test_override_reveals_three_sends_a_copy_to_the_afterlife_draws_and_returns_the_other_hidden() -> None:
    state = board(hands=(["R09", "R09", "G02"], []), decks=(["N03"] * 5, ["N02"] * 5))
    assert "override:R09:G02" in decision(state).options
    state, events = play(state, "override:R09:G02")
    p = state["players"][0]
    assert p["afterlife"] == ["R09"]
    assert sorted(p["hand"]) == ["N03", "R09"] and p["public"] == ["G02"]
    assert "override" in keys(events)


def test_override_needs_an_unrevealed_third_card() -> None:
    state = board(hands=(["R09", "R09"], []))
    assert not any(o.startswith("override:") for o in decision(state).options)


# --- end phase ---------------------------------------------------------------------------------


def test_end_phase_damage_on_creatures_wears_off() -> None:
    state = board(fields=(["N10"], ["R09"]))
    unit(state, "c1")["damage"] = 1000
    unit(state, "c2")["damage"] = 500
    state, _ = play(state, "end")
    assert unit(state, "c1")["damage"] == 0 and unit(state, "c2")["damage"] == 0


def test_public_cards_return_to_hidden_at_the_end_of_the_turn() -> None:
    state = board(hands=(["R13", "R09", "R01"], []))
    state, _ = play(state, "play:R13", "show:R09", "cut:R01")
    assert state["players"][0]["public"] == ["R09"]
    assert rules.view(state, 1)["players"][0]["public"] == ["R09"]
    state, _ = play(state, "end")
    assert state["players"][0]["public"] == [] and "R09" in state["players"][0]["hand"]


# --- public cost and cost reduction ------------------------------------------------------------


def test_public_cost_reveals_a_card_of_the_same_colour() -> None:
    state = board(hands=(["R13", "R09", "G02"], []))
    state, _ = play(state, "play:R13")
    assert decision(state).options == ("show:R09",)  # G02 is not red


def test_public_cost_that_cannot_be_paid_forbids_the_card() -> None:
    state = board(hands=(["R13", "G02"], []))
    assert "play:R13" not in decision(state).options


def test_already_public_card_cannot_pay_a_public_cost() -> None:
    state = board(hands=(["R13"], []), public=(["R15"], []))
    assert "play:R13" not in decision(state).options
    state = board(hands=(["R13", "R09"], []), public=(["R15"], []))
    assert "play:R13" in decision(state).options


def test_cost_reduction_sends_a_same_colour_card_to_the_grave_for_one_less() -> None:
    state = board(hands=(["R09", "R01"], []), cores=(3, 3))
    assert "play:R09" in decision(state).options  # 4 cost with 3 cores: needs the reduction
    state, _ = play(state, "play:R09")
    assert decision(state).options == ("cut:R01",)
    state, events = play(state, "cut:R01")
    p = state["players"][0]
    assert p["used"] == 3 and p["grave"] == ["R01"] and "reduced" in keys(events)


def test_cost_reduction_is_optional_when_cores_suffice() -> None:
    state = board(hands=(["R09", "R01"], []), cores=(4, 4))
    state, _ = play(state, "play:R09")
    assert set(decision(state).options) == {"cut:R01", "nocut"}


def test_cost_reduction_never_uses_the_card_revealed_for_the_public_cost() -> None:
    state = board(hands=(["R13", "R09"], []), cores=(4, 4))
    assert "play:R13" not in decision(state).options  # R09 would have to be both
    state = board(hands=(["R13", "R09"], []), cores=(5, 5))
    state, _ = play(state, "play:R13", "show:R09")
    assert state["players"][0]["used"] == 5 and state["players"][0]["grave"] == []


def test_cost_reduction_may_use_an_already_public_card() -> None:
    state = board(hands=(["R13", "R09", "R06", "R01"], []), cores=(8, 8))
    state, _ = play(state, "play:R13", "show:R09", "nocut")  # R09 is now public
    state, _ = play(state, "play:R06")
    assert "cut:R09" in decision(state).options


def test_colourless_cards_have_no_cost_reduction() -> None:
    state = board(hands=(["N10", "N02"], []), cores=(4, 4))
    assert "play:N10" not in decision(state).options


# --- instants at the book's seven timings ------------------------------------------------------


def test_instant_timing_own_main_phase() -> None:
    state = board(hands=(["R18"], []), fields=([], ["N10"]))
    state, events = play(state, "play:R18", "target:c1")
    assert unit(state, "c1")["damage"] == 1500
    assert keys(events)[0] == "use"


def test_instant_timing_phase_change() -> None:
    state = board(hands=([], ["R20"]), fields=(["R01"], []), start="cores")
    d = decision(state)
    assert d.seat == 1 and d.secret and d.prompt == "afterlife.prompt.window"
    assert d.args["timing"] == "phase" and set(d.options) == {"play:R20", "pass"}
    state, events = play(state, "play:R20", "target:c1")
    assert "destroyed" in keys(events)


def test_instant_timing_end_phase() -> None:
    state = board(hands=([], ["N21"]), fields=([], []))
    state["players"][1]["afterlife"] = ["R09"]
    state, _ = play(state, "end")
    d = decision(state)
    assert d.seat == 1 and d.args["timing"] == "phase"  # Rewind: phase change and end phase
    state, _ = play(state, "pass")
    assert decision(state).args["timing"] == "end"
    state, _ = play(state, "play:N21", "take:R09")
    assert "R09" in state["players"][1]["hand"]


def test_instant_timing_when_a_card_is_used() -> None:
    state = board(hands=(["N10"], ["R20"]))
    state, _ = play(state, "play:N10")
    d = decision(state)
    assert d.seat == 1 and d.args["timing"] == "use"
    state, _ = play(state, "play:R20", "target:c1")
    assert unit(state, "c1")["damage"] == 800


def test_instant_timing_when_a_creature_attacks() -> None:
    state = board(hands=([], ["R18"]), fields=(["R09"], []))
    state, _ = play(state, "attack:c1")
    d = decision(state)
    assert d.seat == 1 and d.args["timing"] == "attack"
    state, events = play(state, "play:R18", "target:c1")
    assert unit(state, "c1")["damage"] == 1500
    assert state["players"][1]["life"] == 1000  # it still hits


def test_instant_timing_when_combat_occurs() -> None:
    state = board(hands=(["G18"], []), fields=(["R09"], ["N10"]))
    state, _ = play(state, "attack:c1")
    assert decision(state).args["timing"] == "attack"  # Giant Growth fits the attack window too
    state, _ = play(state, "pass", "block:c2")
    d = decision(state)
    assert d.seat == 0 and d.args["timing"] == "battle"
    state, events = play(state, "play:G18", "target:c1")
    assert "destroyed" in keys(events) and "N10" in state["players"][1]["grave"]


def test_instant_timing_when_the_opponent_uses_an_instant() -> None:
    state = board(hands=(["R18"], ["B18"]), fields=([], ["N10"]))
    state, _ = play(state, "play:R18")
    d = decision(state)
    assert d.seat == 1 and d.args["timing"] == "counter" and "play:B18" in d.options
    state, events = play(state, "play:B18")
    assert "negated" in keys(events)
    assert unit(state, "c1")["damage"] == 0
    assert state["players"][0]["grave"] == ["R18"] and state["players"][1]["grave"] == ["B18"]


def test_window_offered_only_with_a_usable_and_payable_instant() -> None:
    state = board(hands=(["N10"], ["R20"]), cores=(8, 0))
    state, _ = play(state, "play:N10")
    assert decision(state).seat == 0  # no cores: no window for seat 1
    state = board(hands=(["N10"], ["R19"]))
    state, _ = play(state, "play:N10")
    assert decision(state).seat == 0  # Battle Fury has no "use" timing


def test_window_with_always_stop_asks_at_every_window() -> None:
    state = board(hands=(["N10"], []), always_stop1="on")
    state, _ = play(state, "play:N10")
    d = decision(state)
    assert d.seat == 1 and d.secret and d.options == ("pass",)


def test_window_declined_leaves_no_public_trace() -> None:
    """The same answers with and without always stop give the same public boards and log."""
    def public_trail(**options: str) -> list:
        state = board(hands=(["N10", "R09"], []), fields=(["R06"], ["N02"]), **options)
        trail = []
        for option in ("play:N10", "attack:c1", "noblock", "end"):
            state, events = play(state, option)
            trail += [(e.key, dict(e.args)) for e in events if e.audience is None]
            while decision(state).secret:
                state, events = play(state, "pass")
                trail += [(e.key, dict(e.args)) for e in events if e.audience is None]
            trail.append(json.dumps(rules.view(state, None), sort_keys=True))
        return trail
    assert public_trail() == public_trail(always_stop0="on", always_stop1="on")


# --- deck and afterlife ------------------------------------------------------------------------


def test_afterlife_shuffled_into_the_deck_when_a_draw_finds_the_deck_empty() -> None:
    state = board(cores=(6, 6), decks=([], []), afterlife=(["R01", "R09", "G02"], []))
    state, events = play(state, "draw3")
    p = state["players"][0]
    assert "afterlife_shuffled" in keys(events)
    assert p["afterlife"] == [] and len(p["deck"]) == 2 and len(p["hand"]) == 1


def test_turn_draw_with_deck_and_afterlife_both_empty_loses() -> None:
    state = board(active=1, decks=([], ["N02"]), start="cleanup")
    assert rules.outcome(state).winner == 1 and rules.outcome(state).reason == "deck_out"


def test_afterlife_and_grave_are_open_to_both() -> None:
    state = board()
    state["players"][0]["afterlife"] = ["R01"]
    state["players"][0]["grave"] = ["R09"]
    for viewer in (0, 1, None):
        assert rules.view(state, viewer)["players"][0]["afterlife"] == ["R01"]
        assert rules.view(state, viewer)["players"][0]["grave"] == ["R09"]


# --- keywords ----------------------------------------------------------------------------------


def test_random_search_turns_cards_until_one_fits_and_shuffles_the_rest() -> None:
    state = board(hands=(["G06"], []), decks=(["R01", "N02", "G09", "R09"], ["N02"] * 5))
    state, events = play(state, "play:G06")
    p = state["players"][0]
    assert "G09" in p["hand"] and sorted(p["deck"]) == ["N02", "R01", "R09"]
    searched = next(e for e in events if e.key.endswith("searched"))
    assert searched.args == {"seat": 0, "card": "G09", "turned": 2}


def test_random_search_that_finds_nothing_says_so() -> None:
    """No fitting card: its own event (not "finds ." with an empty card), the deck shuffled, nothing added."""
    state = board(hands=(["G06"], []), decks=(["R01", "N02", "R09"], ["N02"] * 5))
    state, events = play(state, "play:G06")
    p = state["players"][0]
    assert sorted(p["deck"]) == ["N02", "R01", "R09"] and p["hand"] == []
    assert "searched" not in keys(events)
    missed = next(e for e in events if e.key.endswith("search_missed"))
    assert missed.args == {"seat": 0, "turned": 3}
    assert i18n.t(missed.key, "en", seat="Alice", turned=3) == "Alice turns over 3 cards and finds nothing that fits."
    assert "{" not in i18n.t(missed.key, "ja", seat="Alice", turned=3)


def test_indomitable_untaps_in_its_controllers_end_phase() -> None:
    state = board(fields=(["B06", "N02"], []))
    state, _ = play(state, "attack:c1", "attack:c2", "end")
    assert unit(state, "c1")["tapped"] is False and unit(state, "c2")["tapped"] is True


def test_pierce_deals_the_rest_of_its_power_to_the_player() -> None:
    state = board(hands=(["R24"], []), fields=(["N02"], ["R01"]))  # 2200 pierce against 600/400
    state, _ = play(state, "play:R24", "on:c1", "attack:c3", "block:c2")
    assert state["players"][1]["life"] == 3000 - 1800


def test_forced_defence_must_block_and_no_other_creature_may() -> None:
    state = board(fields=(["R09"], ["N10", "N03"]))
    state, _ = play(state, "attack:c1")
    d = decision(state)
    assert d.prompt == "afterlife.prompt.blockers" and d.options == ("block:c3",) and d.min == d.max == 1
    state, _ = play(state, "block:c3")
    assert "N03" in state["players"][1]["grave"]


# --- the end -----------------------------------------------------------------------------------


def test_life_zero_ends_the_game() -> None:
    state = board(fields=(["R09"], []))
    state["players"][1]["life"] = 2000
    state, events = play(state, "attack:c1")
    assert rules.outcome(state).winner == 0 and rules.outcome(state).reason == "life"
    assert rules.pending(state) == []
    with pytest.raises(GameOver):
        rules.apply(state, 0, ("end",))


def test_turn_limit_higher_life_wins() -> None:
    state = board(active=1, turn=rules.TURN_LIMIT)
    state["players"][0]["life"] = 1000
    state, _ = play(state, "end")
    assert rules.outcome(state).winner == 1 and rules.outcome(state).reason == "turn_limit"


# --- effects from the registry -----------------------------------------------------------------


def test_growth_counts_the_afterlife() -> None:
    state = board(fields=(["G11"], []))
    state["players"][0]["afterlife"] = ["N02"] * 3
    growth = C.effects("G11", "static")[0]["amount"]
    assert rules.view(state, None)["players"][0]["field"][0]["power"] == C.info("G11")["power"] + 3 * growth


def test_requiem_deals_damage_per_afterlife_card() -> None:
    state = board(hands=(["N19"], []))
    state["players"][0]["afterlife"] = ["N02"] * 4
    state, _ = play(state, "play:N19")
    assert state["players"][1]["life"] == 3000 - 4 * C.effects("N19", "play")[0]["amount"]


def test_revive_summons_from_the_afterlife() -> None:
    state = board(hands=(["N13"], []), afterlife=(["R09", "N10"], []))
    state, events = play(state, "play:N13")
    assert decision(state).options == ("take:R09",)  # N10 costs 5, above the limit of 4
    state, events = play(state, "take:R09")
    assert [u["card"] for u in state["players"][0]["field"]] == ["N13", "R09"]


def test_heal_never_raises_life_above_3000() -> None:
    state = board(hands=(["G14"], []))
    state["players"][0]["life"] = 2500
    state, _ = play(state, "play:G14")
    assert state["players"][0]["life"] == 3000


# --- errors and views --------------------------------------------------------------------------


def test_illegal_choice_and_not_your_decision() -> None:
    state = board(hands=(["N02"], []))
    with pytest.raises(NotYourDecision):
        rules.apply(state, 1, ("end",))
    with pytest.raises(IllegalChoice):
        rules.apply(state, 0, ("attack:c9",))
    with pytest.raises(IllegalChoice):
        rules.apply(state, 0, ("play:N02", "end"))


def test_view_hides_hands_and_deck_order_but_keeps_counts() -> None:
    state = started(8)
    for viewer in (None, 1):
        seen = rules.view(state, viewer)["players"][0]
        assert "hand" not in seen and "deck" not in seen
        assert seen["hand_count"] == len(state["players"][0]["hand"]) + len(state["players"][0]["public"])
        assert seen["deck_count"] == len(state["players"][0]["deck"])
    assert rules.view(state, 0)["players"][0]["hand"] == state["players"][0]["hand"]
    assert "decision" not in rules.view(state, None)


def test_apply_never_mutates_its_input() -> None:
    state = board(fields=(["R09"], []))
    before = json.dumps(state, sort_keys=True)
    rules.apply(state, 0, ("attack:c1",))
    assert json.dumps(state, sort_keys=True) == before


# --- rulings -------------------------------------------------------------------------------------


def test_ruling_first_player_draws_on_turn_one() -> None:
    state = started(11)
    assert len(state["players"][state["first"]]["hand"]) == 6
    assert len(state["players"][1 - state["first"]]["hand"]) == 5


def test_ruling_a_public_copy_is_used_first() -> None:
    state = board(hands=(["N02"], []), public=(["N02"], []))
    state, events = play(state, "play:N02")
    assert state["players"][0]["public"] == [] and state["players"][0]["hand"] == ["N02"]
    assert events[0].args["from_public"] is True


def test_ruling_evolution_does_not_inherit_damage() -> None:
    state = board(hands=(["R24"], []), fields=(["N10"], []))
    unit(state, "c1")["damage"] = 1000
    state, _ = play(state, "play:R24", "on:c1")
    assert unit(state, "c2")["damage"] == 0 and "N10" in state["players"][0]["grave"]


def test_ruling_blocking_does_not_tap() -> None:
    state = board(fields=(["N02"], ["N10"]))
    state, _ = play(state, "attack:c1", "block:c2")
    assert unit(state, "c2")["tapped"] is False


def test_ruling_attack_window_asks_the_defender_then_the_attacker() -> None:
    state = board(hands=(["G18"], ["R18"]), fields=(["R09"], []))
    state, _ = play(state, "attack:c1")
    assert decision(state).seat == 1
    state, _ = play(state, "pass")
    assert decision(state).seat == 0 and decision(state).args["timing"] == "attack"


def test_ruling_use_window_opens_with_the_creature_on_the_field() -> None:
    state = board(hands=(["N02"], ["R20"]))
    state, _ = play(state, "play:N02")
    assert [u["card"] for u in state["players"][0]["field"]] == ["N02"]
    assert decision(state).args["timing"] == "use"


def test_ruling_instant_player_is_asked_again_after_it_resolves() -> None:
    state = board(hands=(["N10"], ["R20", "R20"]))
    state, _ = play(state, "play:N10", "play:R20")
    assert decision(state).prompt == "afterlife.prompt.cut"
    state, _ = play(state, "nocut", "target:c1")
    d = decision(state)
    assert d.seat == 1 and d.args["timing"] == "use" and "play:R20" in d.options


def test_effect_with_same_target_acts_on_the_creature_chosen_before() -> None:
    state = board(hands=(["R23"], []), fields=(["R09", "N10"], ["G16"]))
    state, _ = play(state, "attack:c2", "block:c3")
    assert decision(state).args["timing"] == "battle"
    state, events = play(state, "play:R23", "target:c2")
    assert [e.args.get("cid") for e in events if e.key.endswith(("granted", "boosted"))] == ["c2", "c2"]
    assert unit(state, "c3")["damage"] == C.info("N10")["power"] + 500

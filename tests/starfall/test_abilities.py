"""Scenarios for the upper volume's patterns (2-2), added effects (2-3), unique abilities (2-4) and R
effects (3-2), written in the move notation."""

from __future__ import annotations

from cogs.starfall import cards as catalogue
from cogs.starfall import engine as rules
from tests.starfall.helpers import at, board_state, go, options, play, put

PLAIN = "S12"  # Veteran, 70 HP, chill (acts only at round end)


def amount(card_id: str, which: str, index: int = 0) -> int:
    return catalogue.skill(card_id, which)["effects"][index]["amount"]


def test_row_pattern_hits_every_card_of_the_chosen_enemy_row() -> None:
    state = board_state(beginner=True)
    put(state, 0, "b2", "S34", star=2)  # Clockmaker ★2: an enemy row, damage and ★+1
    put(state, 1, "f1", PLAIN)
    put(state, 1, "f3", "S01")
    put(state, 1, "b2", "S17")
    go(state, 0)
    state, _ = play(state, "card:S34", "stay", "skill:consume")
    assert set(options(state)) == {"target:o:front", "target:o:back"}
    state, _ = play(state, "target:o:front")
    hit = amount("S34", "consume")
    assert at(state, 1, "f1")["dmg"] == hit and at(state, 1, "f1")["star"] == 2
    assert at(state, 1, "b2")["dmg"] == 0 and at(state, 1, "b2")["star"] == 1


def test_splash_hits_the_target_and_its_orthogonal_neighbours() -> None:
    state = board_state(beginner=True)
    put(state, 0, "b1", "S30", star=2)  # Meteor Sage ★2: splash
    put(state, 1, "f2", PLAIN)
    put(state, 1, "f1", "S01")
    put(state, 1, "b2", "S08")
    put(state, 1, "b3", "S04")  # diagonal to f2: safe
    go(state, 0)
    state, _ = play(state, "card:S30", "stay", "skill:consume", "target:o:f2")
    hit = amount("S30", "consume")
    assert [at(state, 1, sq)["dmg"] for sq in ("f2", "f1", "b2", "b3")] == [hit, hit, hit, 0]


def test_allies_pattern_heals_and_cures_every_ally() -> None:
    state = board_state(beginner=True)
    put(state, 0, "b1", "S21", star=1, dmg=20)  # Healer ★1: all allies heal 20 and cure
    put(state, 0, "f2", PLAIN, dmg=30, status="sick")
    put(state, 1, "f2", PLAIN)
    go(state, 0)
    state, _ = play(state, "card:S21", "stay", "skill:consume")
    assert at(state, 0, "b1")["dmg"] == 0 and at(state, 0, "f2")["dmg"] == 10
    assert at(state, 0, "f2")["status"] is None


def test_swap_to_star_zero_leaves_no_skill() -> None:
    state = board_state(beginner=True)
    put(state, 0, "f1", PLAIN, star=1)
    put(state, 0, "f2", "S01")
    put(state, 1, "f2", "S01")
    go(state, 0)
    state, _ = play(state, f"card:{PLAIN}", "swap:f2")
    assert at(state, 0, "f2")["star"] == 0 and options(state) == ("pass",)


def test_steady_and_purity_stop_enemy_star_and_status_effects() -> None:
    state = board_state()
    put(state, 0, "b1", "S33", star=1)  # Trickster ★1: any enemy ★+1
    put(state, 1, "f1", "S14", star=2)  # Charger: steady
    go(state, 0)
    state, _ = play(state, "card:S33", "stay", "skill:consume", "target:o:f1")
    assert at(state, 1, "f1")["star"] == 2
    state = board_state()
    put(state, 0, "b1", "S19", star=2)  # Binder ★2: damage and lock
    put(state, 1, "f1", "S13")  # Paladin: purity
    put(state, 1, "f2", PLAIN)
    go(state, 0)
    state, _ = play(state, "card:S19", "stay", "skill:consume", "target:o:f1")
    assert at(state, 1, "f1")["status"] is None and at(state, 1, "f1")["dmg"] == amount("S19", "consume")


def test_ward_r_state_stops_a_lock() -> None:
    state = board_state()
    put(state, 0, "b1", "S19", star=2)
    put(state, 1, "f1", "S18", r=True)  # Plague Witch with its R effect (ward) on
    put(state, 1, "f2", PLAIN)
    go(state, 0)
    state, _ = play(state, "card:S19", "stay", "skill:consume", "target:o:f1")
    assert at(state, 1, "f1")["status"] is None


def test_shield_wall_r_state_protects_every_ally() -> None:
    state = board_state()
    put(state, 0, "f1", PLAIN)
    put(state, 1, "f3", "S17")
    put(state, 1, "b2", "S03", r=True)  # Shield Bearer's R: shield wall 10
    go(state, 0)
    state, _ = play(state, f"card:{PLAIN}", "stay", "skill:normal")
    assert at(state, 1, "f3")["dmg"] == amount(PLAIN, "normal") - catalogue.r_effect("S03")["amount"]


def test_rally_heals_every_ally_when_summoned() -> None:
    state = board_state()
    put(state, 0, "f1", PLAIN, dmg=30)
    put(state, 1, "f2", PLAIN)
    deck = state["players"][0]["deck"]
    if "S07" in deck:
        deck.remove("S07")
    deck.insert(0, "S07")  # War Drummer: rally 20
    go(state, 0)
    state, _ = play(state, "summon", "summon:b3")
    assert at(state, 0, "f1")["dmg"] == 30 - catalogue.ability("S07")["amount"]


def test_vigor_heals_after_acting_and_chill_cools_a_resting_card() -> None:
    state = board_state()
    put(state, 0, "b1", "S21", dmg=20)  # Healer: vigor 10
    put(state, 0, "f3", PLAIN, star=3)  # Veteran: chill
    put(state, 1, "f1", "S17")
    put(state, 1, "b1", "S18")
    state["players"][0]["chips"] = 2
    state["players"][1]["chips"] = 2
    state["players"][1]["field"]["b1"]["acted"] = True
    state["players"][1]["field"]["f1"]["acted"] = True
    go(state, 0, turn_index=4)
    state, _ = play(state, "card:S21", "stay", "pass", "summon", "summon:f3", "pass")
    assert state["round"] == 2
    assert at(state, 0, "b1")["dmg"] == 20 - 10
    assert at(state, 0, "f3")["star"] == 3 - 1 + 1  # chill at round end, then the round-start ★


def test_reach_uses_a_back_row_skill_from_the_front_row() -> None:
    state = board_state()
    put(state, 0, "f2", "S17")  # Star Mage: back-row skills, reach
    put(state, 1, "f1", PLAIN)
    go(state, 0)
    state, _ = play(state, "card:S17", "stay")
    assert "skill:normal" in options(state)
    state = board_state(beginner=True)
    put(state, 0, "f2", "S17")
    put(state, 1, "f1", PLAIN)
    go(state, 0)
    state, _ = play(state, "card:S17", "stay")
    assert options(state) == ("pass",)


def test_the_outcome_names_winner_and_reason() -> None:
    state = board_state(beginner=True)
    put(state, 0, "f1", PLAIN)
    put(state, 1, "f3", "S17", dmg=catalogue.hp("S17") - 10)
    go(state, 0)
    state, events = play(state, f"card:{PLAIN}", "stay", "skill:normal")
    outcome = rules.outcome(state)
    assert (outcome.winner, outcome.reason) == (0, "wiped")
    assert events[-1].key == "starfall.event.game_over" and state["phase"] == "over"

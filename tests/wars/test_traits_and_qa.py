"""Every trait the manual names, and every answer of its Q&A (ルールQ&A), one test each."""

from __future__ import annotations

from cogs.wars.combat import power
from cogs.wars.engine import ENGINE
from cogs.wars.magic import requirement_met
from cogs.wars.mainphase import deploy_limit
from tests.wars.helpers import answer, decision, options_this_turn, play, setup_game, to_turn, unit_cards

DECK = ["041", "042", "043", "044", "035", "030", "019", "015", "010", "008"]

# ---------------------------------------------------------------- traits


def test_trait_transparent_attacks_in_the_transparent_step() -> None:
    state = setup_game(fields=[["034"], ["020"]], deck=DECK)
    state, _ = options_this_turn(state)
    assert state["life"][1] == 29  # 龍王妃 has no 双壁: it cannot stop the transparent attack


def test_trait_veil_gives_pierce_instead_of_power_to_any_attribute() -> None:
    state = setup_game(hands=[["035"], []], fields=[["029"], ["020"]], deck=DECK)
    assert "veil:035:029" in decision(state).options  # 天 card, 草 unit
    state, _ = play(state, [(0, "veil:035:029")])
    assert state["life"][1] == 30 - 6


def test_trait_cannot_block_never_defends() -> None:
    state = setup_game(fields=[["016"], ["004"]], deck=DECK)
    state, _ = options_this_turn(state)
    assert state["life"][1] == 25


def test_trait_twin_wall_defends_in_both_steps() -> None:
    state = setup_game(fields=[["034", "016"], ["024"]], deck=DECK)
    state, _ = options_this_turn(state)
    assert state["life"][1] == 30 - 0 - 2


def test_trait_unreinforceable() -> None:
    state = setup_game(hands=[["018"], []], fields=[["019"], []], deck=DECK)
    _, offered = options_this_turn(state)
    assert "reinforce:018:019" not in offered


def test_trait_relief_returns_to_hand_when_spent_on_redeploy_at_wizard_level() -> None:
    state = setup_game(level="wizard", hands=[["016"], []], fields=[["003"], []], territories=[["001", "002", "005"], []],
                       deck=DECK)
    state, _ = play(state, [(0, "redeploy:016:003")])
    assert "003" in state["hands"][0] and unit_cards(state, 0) == ["016"]
    state = setup_game(hands=[["016"], []], fields=[["003"], []], territories=[["001", "002", "005"], []], deck=DECK)
    state, _ = play(state, [(0, "redeploy:016:003")])
    assert "003" in state["discard"]  # Overlord: 交代 is not used


def test_trait_fertile_adds_one_to_territories_for_deploy() -> None:
    state = setup_game(level="wizard", hands=[["014"], []], fields=[["012"], []], territories=[["001", "002", "005"], []],
                       deck=DECK)
    assert deploy_limit(state, 0) == 4
    state, _ = play(state, [(0, "deploy:014")])
    assert "014" in unit_cards(state, 0)


def test_trait_swell_is_plus_two_and_still_reinforceable() -> None:
    state = setup_game(level="wizard", hands=[["024"], []], fields=[["022"], []], deck=DECK)
    unit = state["fields"][0][0]
    assert power(state, 0, unit) == 5
    assert "reinforce:024:022" in decision(state).options
    state, _ = play(state, [(0, "reinforce:024:022")])
    assert state["life"][1] == 30 - 8


def test_trait_occupy_is_not_counted_for_the_opponents_requirements() -> None:
    state = setup_game(level="wizard", magic=[["A05"], []], fields=[["003"], ["014"]], deck=DECK)
    assert not requirement_met(state, 0, "A05")  # (1) + (水): 占欲の魔女:水 is the opponent's 占有
    overlord = setup_game(magic=[["A05"], []], fields=[["003"], ["014"]], deck=DECK)
    assert requirement_met(overlord, 0, "A05")


def test_trait_undying_returns_to_hand_when_destroyed() -> None:
    state = setup_game(level="wizard", hands=[["018"], []], fields=[[], ["009"]], deck=DECK)
    state, _ = play(state, [(0, "remove:018:009")])
    assert "009" in state["hands"][1]


def test_trait_haste_moves_the_strategy_step_before_combat() -> None:
    state = setup_game(level="wizard", hands=[["016"], []], territories=[["001", "002", "003", "004", "005"], []],
                       deck=DECK)
    state, _ = play(state, [(0, "deploy:016")])
    assert state["step"] in ("expand", "strategy", "end") or state["turn"] == 2
    assert state["life"][1] == 25  # it attacked this turn
    _, offered = options_this_turn(state) if state["turn"] == 1 else (state, set())
    assert not any(o.startswith("deploy:") for o in offered)


def test_trait_treasure_dig_draws_then_discards() -> None:
    state = setup_game(level="wizard", hands=[["038"], []], territories=[["001", "002", "003", "004"], []], deck=DECK)
    state, _ = play(state, [(0, "pass"), (0, "deploy:038"), (0, "dig"), (0, "discard:042")])
    assert "042" in state["discard"] and "041" in state["hands"][0]


def test_trait_shapeshift_tuning_cost_1_to_3_any_attribute() -> None:
    state = setup_game(hands=[["045"], []], fields=[["016"], ["003"]], deck=DECK)
    options = decision(state).options
    assert "remove:045.2:003" in options
    state, _ = play(state, [(0, "pass")])
    assert {"reinforce:045.1:016", "reinforce:045.3:016"} <= set(decision(state).options)


def test_trait_wildcard_spellbreaker_counters_same_count_only() -> None:
    state = setup_game(hands=[["027"], ["047"]], fields=[[], ["040"]], deck=DECK)
    state, _ = play(state, [(0, "remove:027:040")])
    assert decision(state).options == ("counter:047", "pass")


def test_overlord_ignores_the_advanced_traits() -> None:
    state = setup_game(hands=[["018"], []], fields=[[], ["009"]], deck=DECK)
    state, _ = play(state, [(0, "remove:018:009")])
    assert "009" in state["discard"]  # 不死 is not used


def test_cannot_beats_can_fog_stops_counters() -> None:
    state = setup_game(level="apprentice", magic=[["A07"], []], hands=[["027"], ["007"]],
                       fields=[["016", "017"], ["040"]], deck=DECK)
    state, _ = play(state, [(0, "magic:A07"), (0, "remove:027:040")])
    assert unit_cards(state, 1) == []  # 007 could have countered, 濃霧 says it cannot


# ---------------------------------------------------------------- Q&A


def test_qa_fertile_maiden_counts_as_cost_3_when_spent_on_redeploy() -> None:
    state = setup_game(level="wizard", hands=[["016"], []], fields=[["012"], []], territories=[["001"], []], deck=DECK)
    assert deploy_limit(state, 0, ["012"]) == 1
    _, offered = options_this_turn(state)
    assert "redeploy:016:012" not in offered  # 3 + 1 territory < 5 (no 豊穣 +1)


def test_qa_swollen_slug_is_removed_by_cost_3() -> None:
    state = setup_game(level="wizard", hands=[["024"], []], fields=[[], ["022"]], deck=DECK)
    assert "remove:024:022" in decision(state).options


def test_qa_treasure_dig_with_an_empty_deck_does_nothing() -> None:
    state = setup_game(level="wizard", hands=[["038"], []], territories=[["001", "002", "003", "004"], []], deck=DECK)
    state["set_aside"] += state["deck"]
    state["deck"] = []
    state, _ = play(state, [(0, "pass"), (0, "deploy:038")])
    assert all(d.prompt != "wars.prompt.treasure" for d in ENGINE.pending(state))


def test_qa_undying_does_not_return_from_redeploy() -> None:
    state = setup_game(level="wizard", hands=[["020"], []], fields=[["009"], []], territories=[["001", "002"], []],
                       deck=DECK)
    state, _ = play(state, [(0, "redeploy:020:009")])
    assert "009" in state["discard"]


def test_qa_a_countered_removal_cannot_target_the_same_unit_again() -> None:
    state = setup_game(hands=[["027", "007"], ["016"]], fields=[[], ["040"]], deck=DECK)
    state, _ = play(state, [(0, "remove:027:040"), (1, "counter:016")])
    assert unit_cards(state, 1) == ["040"]
    assert decision(state).prompt != "wars.prompt.removal"


def test_qa_after_a_counter_no_new_removal_on_another_unit() -> None:
    state = setup_game(hands=[["027", "029"], ["016"]], fields=[[], ["040", "017"]], deck=DECK)
    state, _ = play(state, [(0, "remove:027:040"), (0, "pass"), (1, "counter:016")])
    assert not any(o.startswith("remove") for o in decision(state).options)


def test_qa_reincarnation_draws_as_far_as_possible() -> None:
    state = setup_game(level="wizard", magic=[["A17"], []], hands=[["016", "017", "020"], []], deck=["041", "042"])
    state["set_aside"] += state["deck"][1:]
    state["deck"] = state["deck"][:1]  # one card left for a 3-card draw
    state, _ = play(state, [(0, "magic:A17"), (0, ("discard:016", "discard:017", "discard:020"))])
    assert sorted(state["hands"][0]) == ["041", "042"]  # 041 was drawn at the start, 042 by 転生
    assert state["deck"] == [] and state["deck_out"]


def test_qa_exposure_turns_the_spear_face_up_manifest_without_damage() -> None:
    state = setup_game(level="wizard", magic=[["A06"], ["A21"]], fields=[["016"], ["034"]], deck=DECK)
    state, _ = play(state, [(0, "magic:A06"), (0, "flip:1")])
    assert state["magic"][1][0]["state"] == "up" and state["life"][1] == 30  # no 1 damage
    state = to_turn(state, 3)
    assert state["life"][0] == 30 - 2  # 灯火幽鬼 1 + 顕在 1 on turn 2


def test_qa_exposure_choice_is_made_after_the_nullify_window() -> None:
    state = setup_game(level="wizard", magic=[["A06"], ["A21", "A02"]], fields=[["016"], []], deck=DECK)
    state, _ = play(state, [(0, "magic:A06")])
    assert decision(state).seat == 1 and decision(state).prompt == "wars.prompt.nullify"
    state, _ = answer(state, 1, "pass")
    assert decision(state).prompt == "wars.prompt.flip"


def test_qa_harvest_does_not_apply_to_settlement() -> None:
    state = setup_game(level="wizard", magic=[["A11", "A19"], []], hands=[["014"], []], fields=[["029", "021"], []],
                       territories=[["001"], []], deck=DECK)
    state, _ = play(state, [(0, "magic:A11")])
    _, offered = options_this_turn(state)
    assert "magic:A19" not in offered  # 入植 is limited by the real territories (1 < 4)


def test_qa_harvest_applies_to_a_haste_strategy_step() -> None:
    state = setup_game(level="wizard", magic=[["A11"], []], hands=[["016"], []], fields=[["029", "021"], []],
                       territories=[["001", "002"], []], deck=DECK)
    state, _ = play(state, [(0, "magic:A11"), (0, "deploy:016")])  # 5 <= 2 territories + 3, before combat
    assert state["step"] == "haste" and "great:A11" in decision(state).options  # magic may follow the deploy
    state, _ = answer(state, 0, "pass")
    assert "016" in unit_cards(state, 0) and state["life"][1] == 30 - 1 - 11


def test_qa_twin_arms_is_nullified_only_as_a_whole_magic() -> None:
    state = setup_game(level="wizard", magic=[["A12"], ["A02"]], fields=[["029", "027", "021"], []], deck=DECK)
    state, _ = play(state, [(0, "magic:A12")])
    assert decision(state).seat == 1 and decision(state).prompt == "wars.prompt.nullify"
    state, _ = answer(state, 1, "great:A02")
    assert all(u["reinforce"] == 0 for u in state["fields"][0])


def test_qa_endless_protects_every_magic_of_the_turn() -> None:
    state = setup_game(level="wizard", magic=[["A21", "A01", "A15"], ["A02"]], fields=[["016", "042"], []],
                       hands=[[], ["017"]], deck=DECK)
    state, _ = play(state, [(0, "great:A21"), (0, "magic:A01"), (0, "magic:A15")])
    assert state["hands"][1] == [] and "A02" not in state["exile"]


def test_qa_seek_life_cannot_fetch_a_reinforcement_card_between_reinforcements() -> None:
    state = setup_game(level="wizard", magic=[["A10"], []], hands=[["018", "011"], []], fields=[["017", "016"], []],
                       deck=DECK)
    state, _ = play(state, [(0, "pass"), (0, "reinforce:018:017")])
    options = decision(state).options
    assert "reinforce:011:016" in options and not any(o.startswith("great:") for o in options)


def test_qa_heaven_copy_cannot_cast_fireball_on_the_opponents_turn() -> None:
    state = setup_game(level="wizard", magic=[["A01:up"], ["A14"]], fields=[["003"], ["017"]], deck=DECK)
    _, offered = options_this_turn(state)
    assert "great:A14" not in offered


def test_qa_heaven_copy_of_the_spear_gives_no_manifest() -> None:
    state = setup_game(level="wizard", magic=[["A16"], ["A21:side", "A22:up"]], fields=[["034"], []], deck=DECK)
    state, _ = play(state, [(0, "great:A16"), (0, "copy:A22")])
    state, _ = options_this_turn(state)
    assert state["life"][1] == 30 - 1 - 1  # the spear's 1 damage, then 灯火幽鬼 with no +1


def test_qa_reincarnation_discards_unit_cards_only() -> None:
    state = setup_game(level="wizard", magic=[["A17"], []], hands=[["045", "047", "016", "017"], []], deck=["046"])
    _, offered = options_this_turn(state)
    assert "magic:A17" not in offered  # two unit cards; 調律 and 呪文砕き are not unit cards

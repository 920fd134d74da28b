"""Magic (魔法) and great magic (大魔術): costs, requirements, conditions, once-per-turn rules, effects."""

from __future__ import annotations

from cogs.wars.engine import ENGINE
from tests.wars.helpers import answer, decision, options_this_turn, play, setup_game, to_turn

DECK = ["041", "042", "043", "044", "035", "030", "019", "015", "010", "008"]


def slot_states(state, seat):
    return [m["state"] for m in state["magic"][seat]]


def test_activation_cost_face_down_then_face_up_then_sideways_at_most_twice() -> None:
    state = setup_game(magic=[["A05"], []], fields=[["016"], ["017"]], deck=DECK)
    state, _ = play(state, [(0, "magic:A05")])
    assert slot_states(state, 0) == ["up"]
    state = to_turn(state, 3)
    state, _ = play(state, [(0, "magic:A05")])
    assert slot_states(state, 0) == ["side"]
    state = to_turn(state, 5)
    _, offered = options_this_turn(state)
    assert "magic:A05" not in offered


def test_requirements_count_units_on_both_fields() -> None:
    # 毒殺 needs (1) + (水)(水): one water unit on each field and any third unit.
    state = setup_game(magic=[["A08"], []], fields=[["016"], ["017", "029"]], deck=DECK)
    assert "magic:A08" in decision(state).options
    state = setup_game(magic=[["A08"], []], fields=[["016"], ["017"]], deck=DECK)
    _, offered = options_this_turn(state)
    assert "magic:A08" not in offered


def test_activation_condition_in_brackets_must_hold() -> None:
    # 風読み: [your main phase only].
    state = setup_game(magic=[["A14"], []], fields=[["040"], ["042", "017"]], hands=[["016"], []], deck=DECK)
    assert decision(state).prompt == "wars.prompt.removal" or "magic:A14" not in decision(state).options
    state, _ = play(state, [(0, "magic:A14")])
    assert state["step"] in ("expand", "strategy")
    assert len(state["hands"][0]) == 3  # 016, the drawn 041 and one more


def test_overlord_allows_one_magic_per_turn() -> None:
    state = setup_game(magic=[["A05", "A01"], []], fields=[["016", "003"], ["017"]], deck=DECK)
    state, _ = play(state, [(0, "magic:A05")])
    state, offered = options_this_turn(state)
    assert "magic:A01" not in offered


def test_apprentice_allows_each_magic_once_per_turn() -> None:
    state = setup_game(level="apprentice", magic=[["A05", "A01"], []], fields=[["016", "003"], ["017"]], deck=DECK)
    state, _ = play(state, [(0, "magic:A05")])
    state, _ = play(state, [(0, "magic:A01")])
    assert state["life"][1] == 30 - 3 - 2 - 1  # 火炎弾; combat: transparent 2, attack 5 - (6 - 2)
    _, offered = options_this_turn(state)
    assert "magic:A05" not in offered and "magic:A01" not in offered


def test_master_lends_its_attribute_to_its_owner_only() -> None:
    # 火炎弾 needs (1) + (炎); no fire unit on the board, 瓶詰火霊 (fire master) helps its owner.
    board = {"level": "apprentice", "fields": [["016"], ["017"]], "deck": DECK}
    state = setup_game(magic=[["A01"], ["A02"]], masters=["001", "012"], **board)
    assert "magic:A01" in decision(state).options
    state = setup_game(magic=[["A01"], []], masters=["012", "001"], **board)
    _, offered = options_this_turn(state)
    assert "magic:A01" not in offered


def test_effects_resolve_as_far_as_possible() -> None:
    # 逆風 against an empty hand does nothing, and is still a legal activation.
    state = setup_game(level="apprentice", magic=[["A15"], []], fields=[["040"], ["016"]], deck=DECK)
    state, events = play(state, [(0, "magic:A15")])
    assert state["hands"][1] == [] and state["magic"][0][0]["state"] == "up"


def test_echo_exiles_a_sideways_magic_to_activate_it_once_more() -> None:
    state = setup_game(level="apprentice", magic=[["A01:side"], []], fields=[["003"], ["017"]], deck=DECK)
    state, _ = play(state, [(0, "magic:A01")])
    assert state["magic"][0] == [] and "A01" in state["exile"]
    assert state["life"][1] == 30 - 3 - 2  # 火炎弾, then 先行打撃兵's transparent attack


def test_manifest_spear_gives_pierce_units_plus_one_and_lasts_the_turn_it_turns_sideways() -> None:
    state = setup_game(level="wizard", magic=[["A21"], []], fields=[["034"], []], deck=DECK)
    state, _ = play(state, [(0, "magic:A21")])
    assert state["life"][1] == 29
    state = to_turn(state, 3)
    assert state["life"][1] == 29 - 2  # 灯火幽鬼 1 + 1 on turn 1
    state, _ = play(state, [(0, "magic:A21")])  # face up -> sideways: 顕在 lasts this turn
    state = to_turn(state, 4)
    assert state["life"][1] == 27 - 1 - 2
    state = to_turn(state, 6)
    assert state["life"][1] == 24 - 1  # sideways: no more 顕在


# ---------------------------------------------------------------- great magic (上級)


def test_great_magic_exiles_a_face_down_or_face_up_magic_once_per_turn() -> None:
    state = setup_game(level="wizard", magic=[["A05", "A09"], []], hands=[["016"], []], discard=["020"],
                       deck=DECK)
    options = decision(state).options
    assert "great:A05" in options and "great:A09" in options
    state, _ = play(state, [(0, "great:A09"), (0, "seek:020:016")])
    assert "A09" in state["exile"] and "020" in state["hands"][0]
    _, offered = options_this_turn(state)
    assert "great:A05" not in offered


def test_great_magic_is_not_used_in_overlord_or_apprentice() -> None:
    for level in ("overlord", "apprentice"):
        state = setup_game(level=level, magic=[["A05"], []], hands=[["016"], []], discard=["020"], deck=DECK)
        _, offered = options_this_turn(state)
        assert not any(o.startswith("great:") for o in offered)


def test_forbid_fire_nullifies_the_opponents_magic_on_their_turn_and_cannot_be_countered() -> None:
    state = setup_game(level="wizard", magic=[["A01"], ["A02"]], fields=[["003"], ["017"]], hands=[[], ["047"]],
                       deck=DECK)
    state, _ = play(state, [(0, "magic:A01")])
    window = decision(state)
    assert window.seat == 1 and window.options == ("great:A02", "pass")
    state, _ = answer(state, 1, "great:A02")
    assert "A02" in state["exile"]
    assert state["life"][1] == 30 - 2  # only 先行打撃兵's transparent attack


def test_forbid_fire_nullifies_a_reinforcement() -> None:
    state = setup_game(level="wizard", magic=[[], ["A03"]], fields=[["016"], []], hands=[["018"], []], deck=DECK)
    state, _ = play(state, [(0, "reinforce:018:016")])
    assert decision(state).options == ("great:A03", "pass")
    state, _ = answer(state, 1, "great:A03")
    state, _ = options_this_turn(state)
    assert state["life"][1] == 30 - 5


def test_sea_heal_keeps_four_random_discards_and_heals_the_chosen_cost() -> None:
    discard = ["003", "016", "017", "020", "029", "047"]
    state = setup_game(level="wizard", magic=[["A05"], []], life=[20, 30], discard=discard, deck=DECK)
    state, _ = play(state, [(0, "great:A05")])
    assert len(state["discard"]) == 4 and len(state["exile"]) == 1 + 2
    choice = decision(state)
    best = max(choice.options, key=lambda o: {"003": 2, "016": 5, "017": 6, "020": 9, "029": 6, "047": 0}[o[5:]])
    state, _ = answer(state, 0, best)
    assert state["life"][0] == 20 + {"003": 2, "016": 5, "017": 6, "020": 9, "029": 6}[best[5:]]


def test_sea_heal_spellbreaker_gives_nothing_and_tuning_1_to_3() -> None:
    state = setup_game(level="wizard", magic=[["A06"], []], life=[20, 30], discard=["047", "045"], deck=DECK)
    state, _ = play(state, [(0, "great:A06")])
    assert set(decision(state).options) == {"heal:047", "heal:045.1", "heal:045.2", "heal:045.3"}
    state, _ = answer(state, 0, "heal:047")
    assert state["life"][0] == 20


def test_seek_life_exchanges_a_discarded_unit_with_a_hand_card() -> None:
    state = setup_game(level="wizard", magic=[["A10"], []], hands=[["047"], []], discard=["045", "033"], deck=DECK)
    state, _ = play(state, [(0, "great:A10")])
    assert not any("045" in o.split(":")[1] for o in decision(state).options)  # only unit cards from the discard
    state, _ = answer(state, 0, "seek:033:047")
    assert "033" in state["hands"][0] and "047" in state["discard"]


def test_heaven_copy_copies_a_face_up_magic_ignoring_requirement_and_cost() -> None:
    state = setup_game(level="wizard", magic=[["A16"], ["A11:up"]], hands=[["014"], []], deck=DECK)
    state, _ = play(state, [(0, "great:A16"), (0, "copy:A11")])
    assert 0 in state["turn_state"]["harvest"] and state["magic"][1][0]["state"] == "up"
    state, _ = play(state, [(0, "expand:041"), (0, "deploy:014")])  # cost 4 <= 1 territory + 3
    assert state["fields"][0][0]["card"] == "014"


def test_heaven_copy_cannot_copy_a_sideways_magic() -> None:
    state = setup_game(level="wizard", magic=[["A16"], ["A11:side"]], hands=[["014"], []], deck=DECK)
    _, offered = options_this_turn(state)
    assert "great:A16" not in offered


def test_endless_increase_protects_magic_and_adds_one_mana_of_any_attribute() -> None:
    state = setup_game(level="wizard", magic=[["A21", "A01"], ["A02"]], fields=[["016"], []], deck=DECK)
    assert "magic:A01" not in decision(state).options  # (1) + (炎) is not met
    state, _ = play(state, [(0, "great:A21")])
    state, _ = play(state, [(0, "magic:A01")])
    assert state["life"][1] == 30 - 3 - 5  # 火炎弾 resolved with no ★不許火 window, then combat


# ---------------------------------------------------------------- scenarios of single magic cards


def test_tornado_returns_every_unit_of_cost_3_or_less_on_both_fields_to_its_owners_hand() -> None:
    # 竜巻 (A16), requirement (2)(天)(天). Cost decides, not power: でかスラグ (cost 3) has power 5 (膨張)
    # and still goes back.
    state = setup_game(level="wizard", magic=[["A16"], []], fields=[["034", "037", "022"], ["003", "020", "017"]],
                       hands=[[], ["047"]], deck=DECK)
    slug = next(u for u in ENGINE.view(state, None)["players"][0]["field"] if u["card"] == "022")
    assert slug["power"] == 5 and slug["cost"] == 3
    state, events = play(state, [(0, "magic:A16")])
    assert [u["card"] for u in state["fields"][0]] == []
    assert [u["card"] for u in state["fields"][1]] == ["020", "017"]
    assert {"034", "037", "022"} <= set(state["hands"][0]) and {"047", "003"} == set(state["hands"][1])
    assert "tornado" in state["turn_state"]["magic_used"] and not set(state["discard"]) & {"034", "037", "022", "003"}


def test_lava_flow_destroys_every_unit_of_cost_2_or_less_on_both_fields() -> None:
    # 溶岩流 (A03), requirement (2)(炎): to the discard pile (a destruction), on both fields.
    state = setup_game(level="apprentice", magic=[["A03"], []], fields=[["003", "007", "021"], ["036", "009"]],
                       deck=DECK)
    state, _ = play(state, [(0, "magic:A03")])
    assert [u["card"] for u in state["fields"][0]] == ["007"]
    assert [u["card"] for u in state["fields"][1]] == ["009"]
    assert {"003", "021", "036"} <= set(state["discard"])
    assert state["hands"] == [["041"], []]


def test_wandering_woods_returns_an_opponents_unit_in_the_spell_phase_only() -> None:
    # 迷い森 (A10), requirement (1)(草)(草), [your spell phase only].
    board = {"level": "apprentice", "magic": [["A10"], []], "fields": [["024", "029"], ["017", "040"]], "deck": DECK}
    state = setup_game(**board)
    assert "magic:A10" in decision(state).options and decision(state).prompt == "wars.prompt.removal"
    state, _ = play(state, [(0, "magic:A10"), (0, "target:017")])
    assert [u["card"] for u in state["fields"][1]] == ["040"] and "017" in state["hands"][1]
    assert "017" not in state["discard"]
    # Passed through the spell phase, it is no longer offered in the main or end phase.
    state = setup_game(**board)
    while state["step"] in ("removal", "reinforce"):
        state, _ = answer(state, 0, "pass")
    _, offered = options_this_turn(state)
    assert "magic:A10" not in offered


def test_new_frontier_puts_a_hand_card_into_the_territories_as_an_extra_expansion_in_the_main_phase() -> None:
    # 新天地 (A13), requirement (1)(天), [your main phase only]: a second territory in the same turn.
    state = setup_game(level="apprentice", magic=[["A13"], []], fields=[["040", "029"], []], hands=[["016", "017"], []],
                       deck=["019"])
    first = decision(state)
    assert first.prompt == "wars.prompt.expand"  # not offered in the spell phase: nothing to do there
    assert "magic:A13" in first.options
    state, _ = play(state, [(0, "expand:016"), (0, "magic:A13")])
    frontier = decision(state)
    assert frontier.prompt == "wars.prompt.frontier" and "expand:017" in frontier.options
    state, _ = answer(state, 0, "expand:017")
    assert state["territories"][0] == ["016", "017"] and state["hands"][0] == ["019"]

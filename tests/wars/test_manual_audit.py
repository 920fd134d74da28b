"""The audit of the manual against the engine: the rules, supplementary rulings (補足) and Q&A answers that
the other test files did not pin down yet, each a scenario from a constructed state played through the move
notation and named after the rule it checks (rulings 9, 17 and 31-34 of docs/rules/wars.md come from this audit).
"""

from __future__ import annotations

from collections import Counter

import pytest

from cogs.wars import cards as C
from cogs.wars.combat import power
from cogs.wars.engine import ENGINE
from cogs.wars.magic import requirement_met
from tests.wars.helpers import (
    answer,
    decision,
    finish_turn,
    keys,
    options_this_turn,
    play,
    setup_game,
    to_turn,
    unit_cards,
)

DECK = ["041", "042", "043", "044", "035", "030", "019", "015", "010", "008"]


def seat_decision(state, seat):
    return next(d for d in ENGINE.pending(state) if d.seat == seat)


def finish_setup(state):
    """Answer every setup question with its first options."""
    while state["step"] == "setup":
        current = ENGINE.pending(state)[0]
        wanted = current.min or 1
        options = [o for o in current.options if o != "mulligan"] if "keep" in current.options else current.options
        state, _ = answer(state, current.seat, *options[:wanted])
    return state


def leave_in_deck(state, count):
    """Keep only the top ``count`` cards in the deck (the rest set aside, so cards stay conserved)."""
    state["set_aside"] += state["deck"][count:]
    state["deck"] = state["deck"][:count]
    return state


# ================================================================ setups of the three levels and the variants


def test_overlord_setup_40_card_deck_without_the_8_masters_and_2_of_the_8_overlord_magic_each() -> None:
    for seed in range(6):
        state = ENGINE.new_game(seed, {"level": "overlord"})
        in_play = state["deck"] + state["hands"][0] + state["hands"][1]
        assert sorted(in_play) == sorted(C.OVERLORD_DECK_IDS)  # 40 cards, 001/002 012/013 022/023 038/039 out
        pools = [state["setup"][s]["magic_pool"] for s in (0, 1)]
        assert all(len(p) == 2 for p in pools) and len(set(pools[0] + pools[1])) == 4
        assert set(pools[0] + pools[1]) <= set(C.OVERLORD_MAGIC_IDS)
        # The 14 magic the Overlord rules take out and the 4 undealt ones are never in play.
        assert Counter(state["set_aside"]) == Counter(list(C.MASTER_IDS) + [m for m in C.MAGIC_IDS
                                                                          if m not in pools[0] + pools[1]])
        assert all(d.prompt == "wars.prompt.setup_magic" for d in ENGINE.pending(state))  # no mulligan


def test_overlord_setup_territories_are_3_of_the_dealt_cards_face_down() -> None:
    state = ENGINE.new_game(4, {"level": "overlord"})
    first = state["first"]
    dealt = {s: list(state["hands"][s]) for s in (0, 1)}
    for seat in (0, 1):
        state, _ = answer(state, seat, seat_decision(state, seat).options[1])
        territory = seat_decision(state, seat)
        assert sorted(o.split(":")[1] for o in territory.options) == sorted(dealt[seat])
        state, _ = answer(state, seat, *territory.options[-3:])
    for seat in (0, 1):
        assert set(state["territories"][seat]) <= set(dealt[seat]) and len(state["territories"][seat]) == 3
        assert [m["state"] for m in state["magic"][seat]] == ["down"]
        opponent_view = ENGINE.view(state, 1 - seat)["players"][seat]
        assert opponent_view["territory_count"] == 3 and opponent_view["magic"] == [{"state": "down", "card": None}]
    assert len(state["hands"][first]) == 5 + 1 and len(state["hands"][1 - first]) == 6


def test_apprentice_setup_each_player_gets_one_whole_magic_deck_at_random_the_other_two_unused() -> None:
    seen = set()
    for seed in range(16):
        state = ENGINE.new_game(seed, {"level": "apprentice"})
        decks = state["magic_decks"]
        seen |= set(decks)
        assert [tuple(state["setup"][s]["magic_pool"]) for s in (0, 1)] == [C.APPRENTICE_DECKS[d] for d in decks]
        unused = [m for d in C.APPRENTICE_DECKS if d not in decks for m in C.APPRENTICE_DECKS[d]]
        assert set(unused) | set(C.BASIC_MAGIC_IDS) <= set(state["set_aside"])
    assert seen == set(C.APPRENTICE_DECKS)  # 乱打, 堅固, 災害 and 圧倒 all come up


def test_apprentice_setup_a_random_master_each_from_the_8_and_a_40_card_deck() -> None:
    masters = set()
    for seed in range(16):
        state = ENGINE.new_game(seed, {"level": "apprentice"})
        masters |= set(state["masters"])
        in_play = state["deck"] + state["hands"][0] + state["hands"][1]
        assert sorted(in_play) == sorted(C.OVERLORD_DECK_IDS)
        assert sorted(state["masters"] + [c for c in state["set_aside"] if c in C.MASTER_IDS]) == sorted(C.MASTER_IDS)
        state = finish_setup(state)
        assert all(m not in unit_cards(state, s) for s in (0, 1) for m in state["masters"])  # masters never fight
    assert len(masters) >= 5


def test_apprentice_setup_9_dealt_6_kept_and_the_unused_cards_of_both_players_shuffled_under_the_deck() -> None:
    state = ENGINE.new_game(12, {"level": "apprentice"})
    returned = []
    for seat in (0, 1):
        state, _ = answer(state, seat, "keep")
        hand = seat_decision(state, seat)
        assert hand.prompt == "wars.prompt.setup_hand" and hand.min == hand.max == 6 and len(hand.options) == 9
        returned += [o.split(":")[1] for o in hand.options[6:]]
        state, _ = answer(state, seat, *hand.options[:6])
    deck_before = list(state["deck"])
    for seat in (0, 1):
        state, _ = answer(state, seat, *seat_decision(state, seat).options[:3])
    assert sorted(state["deck"][-6:]) == sorted(returned)  # both players' 3 unused cards, under the deck
    assert state["deck"][:len(deck_before) - 1] == deck_before[1:]  # the rest untouched (the first draw aside)
    assert all(len(state["hands"][s]) == 6 + (s == state["first"]) for s in (0, 1))


def test_apprentice_mulligan_is_one_card_fewer_each_time_and_at_6_cards_there_is_nothing_to_choose() -> None:
    state = ENGINE.new_game(13, {"level": "apprentice_choose3"})
    assert seat_decision(state, 0).args == {"size": 9}
    state, _ = answer(state, 0, "mulligan")
    assert len(state["hands"][0]) == 8
    state, _ = answer(state, 0, "keep")
    hand = seat_decision(state, 0)
    assert len(hand.options) == 8 and hand.min == 6  # keep 6 of the 8
    state, _ = answer(state, 0, *hand.options[:6])
    assert len(state["hands"][0]) == 6


@pytest.mark.parametrize("level", ["overlord", "seven_mage"])
def test_no_mulligan_at_overlord_or_seven_mage(level: str) -> None:
    state = ENGINE.new_game(3, {"level": level})
    offered = set()
    while state["step"] == "setup":
        current = ENGINE.pending(state)[0]
        offered |= set(current.options)
        state, _ = answer(state, current.seat, *current.options[:current.min])
    assert "mulligan" not in offered


def test_apprentice_master_lends_one_point_of_its_attribute_only() -> None:
    # 火炎弾 (1)(炎) with the fire master 瓶詰火霊: the master gives the (炎), the (1) still needs a unit,
    # which may be on either field.
    base = {"level": "apprentice", "magic": [["A01"], []], "masters": ["001", "012"], "deck": DECK}
    alone = setup_game(fields=[[], []], **base)
    assert not requirement_met(alone, 0, "A01")
    with_opponent_unit = setup_game(fields=[[], ["017"]], **base)
    assert requirement_met(with_opponent_unit, 0, "A01")
    state, _ = play(with_opponent_unit, [(0, "magic:A01")])
    assert state["life"][1] == 27
    # 猛炎 (1)(炎)(炎): one fire master and one other unit are not two fire points.
    state = setup_game(level="apprentice", magic=[["A04"], []], masters=["001", None], fields=[["016", "017"], []],
                       deck=DECK)
    assert not requirement_met(state, 0, "A04")


def test_apprentice_uses_only_the_five_basic_traits() -> None:
    # 不死, 速攻, 豊穣, 占有 are ignored below the Wizard level.
    state = setup_game(level="apprentice", hands=[["018", "016"], []], fields=[[], ["009"]],
                       territories=[["004", "005", "006", "008", "010"], []], deck=DECK)
    state, _ = play(state, [(0, "remove:018:009")])
    assert "009" in state["discard"] and "009" not in state["hands"][1]
    assert state["step"] != "haste"
    _, offered = options_this_turn(state)
    assert "deploy:016" in offered  # the 突撃兵 is deployed in the main phase, not before combat


@pytest.mark.parametrize("level", ["apprentice", "apprentice_choose3"])
def test_apprentice_levels_have_no_great_magic(level: str) -> None:
    state = setup_game(level=level, magic=[["A05", "A09"], ["A01"]], hands=[["016"], []], discard=["020"],
                       fields=[["017", "029"], []], deck=DECK)
    state, offered = options_this_turn(state)
    assert not any(o.startswith("great:") for o in offered)


def test_apprentice_choose3_deals_4_random_of_the_16_magic_and_keeps_3() -> None:
    pools = set()
    for seed in range(8):
        state = ENGINE.new_game(seed, {"level": "apprentice_choose3"})
        for seat in (0, 1):
            pool = state["setup"][seat]["magic_pool"]
            assert len(pool) == 4 and set(pool) <= set(C.ADVANCED_MAGIC_IDS)
            pools.add(tuple(sorted(pool)))
        state = finish_setup(state)
        assert all(len(m) == 3 for m in state["magic"])
    assert not pools <= {tuple(sorted(d)) for d in C.APPRENTICE_DECKS.values()}  # not the fixed decks


def test_wizard_setup_48_cards_4_random_magic_plus_the_3_basic_keep_3_and_no_master() -> None:
    state = ENGINE.new_game(6, {"level": "wizard"})
    in_play = state["deck"] + state["hands"][0] + state["hands"][1]
    assert sorted(in_play) == sorted(C.DECK_IDS)  # the master cards are ordinary units here
    pools = [state["setup"][s]["magic_pool"] for s in (0, 1)]
    assert sorted(pools[0][4:] + pools[1][4:]) == sorted(C.BASIC_MAGIC_IDS)
    assert not set(pools[0][:4]) & set(pools[1][:4]) and set(pools[0][:4] + pools[1][:4]) <= set(C.ADVANCED_MAGIC_IDS)
    state = finish_setup(state)
    assert all(len(m) == 3 for m in state["magic"]) and state["masters"] == [None, None]


def test_seven_mage_deals_7_of_the_16_magic_and_sets_aside_the_other_2_and_the_basic_magic() -> None:
    state = ENGINE.new_game(5, {"level": "seven_mage"})
    pools = [state["setup"][s]["magic_pool"] for s in (0, 1)]
    assert [len(p) for p in pools] == [7, 7] and not set(pools[0]) & set(pools[1])
    aside = set(state["set_aside"])
    assert set(C.BASIC_MAGIC_IDS) <= aside and len(set(C.ADVANCED_MAGIC_IDS) & aside) == 2
    assert state["masters"] == [None, None]


@pytest.mark.parametrize("level", ["wizard", "seven_mage"])
def test_wizard_and_seven_mage_use_every_trait_and_great_magic(level: str) -> None:
    state = setup_game(level=level, magic=[["A05"], []], hands=[["018"], []], fields=[[], ["009"]],
                       discard=["020"], deck=DECK)
    assert "great:A05" in decision(state).options
    state, _ = play(state, [(0, "remove:018:009")])
    assert "009" in state["hands"][1]  # 不死


# ================================================================ the end of the game


def test_deck_out_by_a_magic_draw_ends_the_game_at_the_end_of_that_turn() -> None:
    # 風読み draws the last card in the main phase; the turn is played to its end, then higher life wins.
    state = setup_game(magic=[["A14"], []], fields=[["040", "042"], ["017"]], hands=[["016"], []], deck=DECK)
    state = leave_in_deck(state, 1)
    state, _ = play(state, [(0, "magic:A14")])
    assert state["deck"] == [] and state["deck_out"] and ENGINE.outcome(state) is None
    assert state["life"][1] == 30 - 5  # combat came before: 11 - 6
    state, _ = finish_turn(state)
    outcome = ENGINE.outcome(state)
    assert outcome.reason == "deck_out" and outcome.winner == 0 and state["turn"] == 1


def test_deck_out_the_drawer_finishes_the_turn_and_can_lose_on_life() -> None:
    # Player 1 draws the last card at the start of the turn, attacks for 5 (25 vs 22 is not enough).
    state = setup_game(fields=[["016"], []], life=[22, 30], deck=DECK)
    state["set_aside"] += state["deck"]
    state["deck"] = []
    state["deck_out"] = True  # the turn-1 draw took the last card
    state, _ = finish_turn(state)
    assert state["life"] == [22, 25]
    assert ENGINE.outcome(state).winner == 1 and ENGINE.outcome(state).reason == "deck_out"


def test_life_at_zero_beats_deck_out_in_the_same_turn() -> None:
    state = setup_game(fields=[["017"], []], life=[3, 6], deck=DECK)
    state = leave_in_deck(state, 0)
    state["deck_out"] = True
    state, _ = finish_turn(state)
    assert ENGINE.outcome(state).reason == "life" and ENGINE.outcome(state).winner == 0


# ================================================================ removal: the manual's examples


def test_one_card_removal_manual_examples_7_on_5_no_5_on_5_yes_spellbreaker_no_tuning_as_2_yes() -> None:
    state = setup_game(hands=[["009", "007", "047", "045"], []], fields=[[], ["040", "036"]], deck=["033"])
    options = decision(state).options
    assert "remove:009:040" not in options  # 例1: 7 != 5
    assert "remove:007:040" in options  # 例2: 5 = 5
    assert not any(o.startswith("remove:047") for o in options)  # 例3: 呪文砕き has no removal
    assert "remove:045.2:036" in options  # 例4: 調律 as 2 on a cost-2 unit


def test_two_card_removal_manual_examples_1_plus_2_no_7_plus_2_yes_tuning_3_plus_2_yes() -> None:
    state = setup_game(hands=[["021", "003", "009", "045"], []], fields=[[], ["040"]], deck=["033"])
    options = set(decision(state).options)
    assert "remove2:021+003:040" not in options  # 例1: 1 + 2 < 5
    assert "remove2:003+009:040" in options  # 例2: 7 + 2 >= 5 (colours do not matter: 炎 + 炎 on 天)
    assert "remove2:003+045.3:040" in options and "remove2:003+045.2:040" not in options  # 例3: 2 + 3 = 5


def test_spellbreaker_is_never_part_of_a_two_card_removal() -> None:
    state = setup_game(hands=[["047", "033"], []], fields=[[], ["021"]], deck=["048"])
    assert not any("047" in o or "048" in o for o in decision(state).options if o.startswith("remove"))


def test_removal_cards_and_the_destroyed_unit_go_to_the_discard_pile() -> None:
    state = setup_game(hands=[["003", "016"], []], fields=[[], ["031"]], deck=DECK)
    state, events = play(state, [(0, "remove2:003+016:031")])
    assert state["discard"] == ["003", "016", "031"] and "destroyed" in keys(events)


# ================================================================ reinforcement


def test_reinforcement_all_targets_declared_at_once_then_resolved_one_by_one() -> None:
    state = setup_game(hands=[["018", "011", "020"], ["030"]], fields=[["017", "016"], []], deck=DECK)
    state, _ = answer(state, 0, "reinforce:018:017")
    second = decision(state)
    assert second.seat == 0 and "reinforce:011:016" in second.options and "magic:" not in str(second.options)
    assert not any(o.endswith(":017") for o in second.options)  # each target once
    state, _ = answer(state, 0, "reinforce:011:016")
    # Every unit is a target now (020 has none left): the declarations close and each spell resolves in turn,
    # the first without a window (nothing answers a 7), the second with Player 2's window.
    window = decision(state)
    assert window.seat == 1 and window.options == ("counter:030", "pass") and state["fields"][0][0]["reinforce"] == 7
    state, _ = answer(state, 1, "counter:030")
    assert state["life"][1] == 30 - (6 + 7) - 5


def test_reinforcement_ends_at_combat_end_but_an_increase_lasts_the_turn() -> None:
    state = setup_game(level="apprentice", magic=[["A09"], []], hands=[["018", "047"], []],
                       fields=[["017", "029"], []], deck=DECK)
    state, _ = play(state, [(0, "magic:A09"), (0, "target:017"), (0, "reinforce:018:017")])
    assert state["life"][1] == 30 - (6 + 4 + 7) - 6
    assert state["step"] == "expand"
    unit = state["fields"][0][0]
    assert unit["reinforce"] == 0 and unit["increase"] == 4 and power(state, 0, unit) == 10
    state, _ = finish_turn(state)
    assert state["fields"][0][0]["increase"] == 0


def test_tuning_reinforces_any_attribute_by_its_chosen_value() -> None:
    for value in (1, 2, 3):
        state = setup_game(hands=[["045"], []], fields=[["016"], []], deck=DECK)
        state, _ = play(state, [(0, f"reinforce:045.{value}:016")])
        state, _ = finish_turn(state)
        assert state["life"][1] == 30 - 5 - value


def test_cannot_beats_can_no_veil_and_no_twin_arms_on_an_unreinforceable_unit() -> None:
    state = setup_game(level="apprentice", magic=[["A12"], []], hands=[["035"], []], fields=[["032", "029"], ["017"]],
                       deck=DECK)
    state, _ = play(state, [(0, "magic:A12")])
    twin = decision(state)
    assert twin.prompt == "wars.prompt.twin" and twin.options == ("target:029",)
    state, _ = answer(state, 0, "target:029")
    _, offered = options_this_turn(state)
    assert "veil:035:032" not in offered and "veil:035:029" not in offered  # 029 was a target already


# ================================================================ counters


def test_counter_chain_of_four_resolves_last_in_first_out_and_the_removal_fails() -> None:
    state = setup_game(hands=[["027", "016"], ["007", "028"]], fields=[[], ["040"]], deck=DECK)
    state, _ = play(state, [(0, "remove:027:040"), (1, "counter:007"), (0, "counter:016"),
                            (1, "counter:028")])
    # 028 cancels 016, so 007 stands and cancels the removal.
    assert unit_cards(state, 1) == ["040"]
    assert {"027", "016", "007", "028"} <= set(state["discard"])
    assert state["last"]["spells"][0]["result"] == "countered"
    assert state["last"]["spells"][0]["counters"] == [["007"], ["016"], ["028"]]


def test_counter_of_tuning_matches_the_number_its_user_chose() -> None:
    state = setup_game(hands=[["045"], ["030", "046", "005"]], fields=[[], ["003"]], deck=DECK)
    state, _ = play(state, [(0, "remove:045.2:003")])
    window = decision(state)
    assert set(window.options) == {"counter:030", "counter:046.2", "pass"}


def test_a_two_card_counter_holding_a_spellbreaker_is_answered_only_with_a_spellbreaker_for_it() -> None:
    base = {"fields": [[], ["031"]], "deck": DECK}
    state = setup_game(hands=[["003", "016", "011", "036"], ["047", "004"]], **base)
    state, _ = play(state, [(0, "remove2:003+016:031"), (1, "counter:047+004")])
    # Two cards of cost 2 do not answer 呪文砕き + 2: the counter stands, the removal fails.
    assert unit_cards(state, 1) == ["031"]
    state = setup_game(hands=[["003", "016", "048", "011"], ["047", "004"]], **base)
    state, _ = play(state, [(0, "remove2:003+016:031"), (1, "counter:047+004")])
    assert "counter:048+011" in decision(state).options or "counter:011+048" in decision(state).options


def test_a_reinforcement_can_be_countered_only_by_the_opponent() -> None:
    # The reinforcing player holds a matching card, but nobody counters his own spell.
    state = setup_game(hands=[["018", "009"], []], fields=[["017"], []], deck=DECK)
    state, _ = play(state, [(0, "reinforce:018:017"), (0, "pass")])
    assert all(d.prompt != "wars.prompt.counter" for d in ENGINE.pending(state))


# ================================================================ combat


def test_combat_veiled_unit_attacks_in_the_transparent_step_only_and_the_veil_ends_at_combat_end() -> None:
    state = setup_game(hands=[["035"], []], fields=[["029", "017"], ["037", "020"]], deck=DECK)
    state, _ = play(state, [(0, "veil:035:029")])
    steps = {s["step"]: s for s in state["last"]["combat"]["steps"]}
    assert steps["transparent"] == {"step": "transparent", "attack": 6, "block": 3, "damage": 3}
    assert steps["attack"] == {"step": "attack", "attack": 6, "block": 12, "damage": 0}
    assert state["life"][1] == 27 and not any(u["pierce"] for u in state["fields"][0])


def test_combat_transparent_units_defend_in_the_attack_step_unless_they_cannot_block() -> None:
    state = setup_game(fields=[["017"], ["034", "036"]], deck=DECK)
    state, _ = finish_turn(state)
    assert state["life"][1] == 30 - (6 - 1)  # 灯火幽鬼 blocks 1; 先行打撃兵 (ブロック不可) does not


def test_combat_is_mandatory_and_not_a_decision() -> None:
    state = setup_game(fields=[["017"], ["034"]], hands=[["016"], []], deck=DECK)
    seen = set()
    while state["turn"] == 1:
        current = decision(state)
        seen.add(current.prompt)
        state, _ = answer(state, current.seat, "pass")
    assert not any("combat" in p for p in seen) and state["life"][1] == 25


def test_power_never_below_zero_under_miasma() -> None:
    state = setup_game(level="apprentice", magic=[["A05"], []], fields=[["016", "017"], ["021", "020"]], deck=DECK)
    state, _ = play(state, [(0, "magic:A05")])
    assert [power(state, 1, u) for u in state["fields"][1]] == [0, 7]
    state, _ = finish_turn(state)
    assert state["life"][1] == 30 - (11 - 7)


def test_swell_counts_on_the_opponents_turn_too() -> None:
    state = setup_game(level="wizard", fields=[["017"], ["022"]], deck=DECK)
    state, _ = finish_turn(state)
    assert state["life"][1] == 30 - (6 - 5)  # でかスラグ defends with 5: 膨張 is a standing increase


def test_qa_slug_at_power_5_is_removed_with_a_cost_3_card_on_the_opponents_turn() -> None:
    """Q&A: 《でかスラグ》 at power 5 through 膨張 is removed with one cost-3 card, not cost 5.

    The removal step is in the remover's own turn, so the slug has power 5 on its opponent's turn."""
    state = setup_game(level="wizard", hands=[["024", "016"], []], fields=[[], ["022"]], deck=DECK)
    assert state["active"] == 0 and (C.cost("024"), C.cost("016")) == (3, 5)
    slug = state["fields"][1][0]
    assert power(state, 1, slug) == 5
    options = set(decision(state).options)
    assert "remove:024:022" in options and "remove:016:022" not in options
    state, _ = play(state, [(0, "remove:024:022")])
    assert state["fields"][1] == [] and "022" in state["discard"]


# ================================================================ main phase


def test_main_phase_deploy_or_redeploy_only_one_of_them_once() -> None:
    state = setup_game(hands=[["021", "034", "016"], []], fields=[["017"], []], territories=[["001", "002"], []],
                       deck=DECK)
    state, _ = play(state, [(0, "deploy:021")])
    _, offered = options_this_turn(state)
    assert not any(o.startswith(("deploy:", "redeploy:")) for o in offered)


def test_redeploy_may_spend_up_to_three_units_even_for_a_smaller_unit_into_a_full_field() -> None:
    state = setup_game(hands=[["021"], []], fields=[["017", "016", "029"], []], deck=DECK)
    options = set(options_this_turn(state)[1])
    assert not any(o.startswith("deploy:") for o in options)  # no free slot
    assert {"redeploy:021:017", "redeploy:021:017+016+029"} <= options
    state, _ = play(state, [(0, "redeploy:021:017+016+029")])
    assert unit_cards(state, 0) == ["021"] and {"017", "016", "029"} <= set(state["discard"])


def test_expansion_takes_any_hand_card_face_down() -> None:
    state = setup_game(hands=[["047"], []], deck=DECK)
    state, _ = play(state, [(0, "expand:047")])
    assert state["territories"][0] == ["047"]
    assert ENGINE.view(state, 1)["players"][0]["territory_count"] == 1
    assert "047" not in str(ENGINE.view(state, 1))


def test_magic_may_follow_the_deploy_in_the_same_main_phase() -> None:
    # 風読み [main phase only] (1)(天)(天): the deployed 突撃兵:天 is the second sky unit it needs.
    state = setup_game(magic=[["A14"], []], hands=[["040"], []], fields=[["042"], ["017"]],
                       territories=[["001", "002", "003", "004", "005"], []], deck=DECK)
    state, _ = play(state, [(0, "deploy:040")])
    after = decision(state)
    assert after.prompt == "wars.prompt.strategy" and set(after.options) == {"magic:A14", "pass"}
    state, _ = answer(state, 0, "magic:A14")
    assert state["hands"][0] == ["041", "042"] and state["turn"] == 2  # nothing more to do: the turn passed


def test_magic_may_follow_a_haste_deploy_before_combat() -> None:
    # 巨体化 (+4, an increase) on the 突撃兵 just deployed by 速攻: it attacks this turn with 9.
    state = setup_game(level="wizard", magic=[["A09"], []], hands=[["016"], []], fields=[["029"], []],
                       territories=[["001", "002", "003", "004", "005"], []], deck=DECK)
    state, _ = play(state, [(0, "deploy:016")])
    assert state["step"] == "haste" and "magic:A09" in decision(state).options
    state, _ = play(state, [(0, "magic:A09"), (0, "target:016")])
    state, _ = finish_turn(state)
    assert state["life"][1] == 30 - (6 + 5 + 4)


def test_magic_window_between_the_resolved_reinforcements_and_combat() -> None:
    """Ruling 9: magic may be used "any time during your turn"; the combat phase starts with a window, so a
    player sees how the reinforcements (and any counters) resolved before spending 巨体化."""
    state = setup_game(level="wizard", magic=[["A09"], []], hands=[["024", "030"], []], fields=[["029", "016"], []],
                       territories=[["001", "002", "003", "004", "005"], []], deck=DECK)
    state, _ = play(state, [(0, "pass"), (0, "reinforce:024:029")])
    window = decision(state)
    assert state["step"] == "precombat" and window.prompt == "wars.prompt.precombat"
    assert set(window.options) == {"magic:A09", "great:A09", "pass"}
    assert state["life"][1] == 30  # combat has not started
    state, _ = play(state, [(0, "magic:A09"), (0, "target:016")])
    state, _ = finish_turn(state)
    assert state["life"][1] == 30 - ((6 + 3) + (5 + 4))


def test_no_window_before_combat_without_usable_magic() -> None:
    state = setup_game(level="wizard", hands=[["024"], []], fields=[["029"], []], deck=DECK)
    state, _ = play(state, [(0, "reinforce:024:029")])
    assert state["step"] != "precombat" and state["life"][1] == 30 - 9


# ================================================================ magic


def test_magic_only_on_its_owners_turn() -> None:
    state = setup_game(magic=[[], ["A05"]], fields=[["016"], ["017"]], deck=DECK)
    offered = set()
    while state["turn"] == 1:
        current = decision(state)
        assert current.seat == 0
        offered |= set(current.options)
        state, _ = answer(state, 0, "pass")
    assert "magic:A05" not in offered
    assert "magic:A05" in decision(state).options  # on its owner's turn 2


def test_a_sideways_magic_pays_no_great_magic_unless_it_has_echo() -> None:
    state = setup_game(level="wizard", magic=[["A05:side", "A19:side"], []], discard=["020"], deck=DECK)
    _, offered = options_this_turn(state)
    assert "great:A05" not in offered  # 横側 is not 表側
    assert "great:A19" in offered  # 入植 has 残響: exiled from sideways


def test_echo_applies_at_the_overlord_level() -> None:
    state = setup_game(magic=[["A01:side"], []], fields=[["003"], ["017"]], deck=DECK)
    state, _ = play(state, [(0, "magic:A01")])
    state, _ = finish_turn(state)
    assert state["magic"][0] == [] and "A01" in state["exile"] and state["life"][1] == 30 - 3 - 2


def test_increase_has_no_conditions_twice_on_one_unit_and_on_an_unreinforceable_unit() -> None:
    # 補足「強化と増加」: 猛炎 and 巨体化 both on 怪造騎士 (強化不可) in one turn.
    state = setup_game(level="apprentice", magic=[["A04", "A09"], []], fields=[["032", "007", "009"], ["020"]],
                       hands=[["031"], []], deck=DECK)
    state, _ = play(state, [(0, "magic:A04"), (0, "magic:A09"), (0, "target:032")])
    assert power(state, 0, state["fields"][0][0]) == 8 + 2 + 4
    assert "reinforce:031:032" not in decision(state).options  # still not a reinforcement target
    state, _ = finish_turn(state)
    assert state["life"][1] == 30 - (14 + 7 + 9 - 9)


def test_increase_on_a_reinforced_unit() -> None:
    # 双腕 reinforces 黒妖犬 (+2), then 巨体化 increases it (+4) in the same spell phase.
    state = setup_game(level="apprentice", magic=[["A12", "A09"], []], fields=[["029", "027"], ["021"]], deck=DECK)
    state, _ = play(state, [(0, "magic:A12"), (0, ("target:029",)), (0, "magic:A09"), (0, "target:029")])
    assert state["last"]["combat"]["steps"] == [{"step": "attack", "attack": (6 + 2 + 4) + 5, "block": 1, "damage": 16}]
    assert state["life"][1] == 30 - 16


def test_heaven_copy_may_not_copy_a_magic_already_used_this_turn() -> None:
    board = {"level": "wizard", "fields": [["016", "040"], []], "deck": DECK}
    unused = setup_game(magic=[["A05:up", "A16"], []], **board)
    assert "great:A16" in decision(unused).options  # 瘴気 face up and not used yet: it can be copied
    state = setup_game(magic=[["A05", "A16"], []], **board)
    state, _ = play(state, [(0, "magic:A05")])
    _, offered = options_this_turn(state)
    assert "great:A16" not in offered  # 瘴気 is face up now, but used this turn


def test_great_magic_other_than_forbid_fire_is_never_used_on_the_opponents_turn() -> None:
    state = setup_game(level="wizard", magic=[["A01"], ["A05", "A09", "A21", "A16"]], fields=[["003"], ["017"]],
                       hands=[[], ["029"]], discard=["020"], deck=DECK)
    state, _ = play(state, [(0, "magic:A01")])
    seen = set()
    while state["turn"] == 1:
        current = decision(state)
        seen |= {o for o in current.options if current.seat == 1}
        state, _ = answer(state, current.seat, "pass")
    assert seen <= {"pass"}  # no ★海癒, ★探生, ★無尽増 or ★天写 on the opponent's turn (and no ★不許火 held)


def test_forbid_fire_on_a_reinforcement_cannot_be_countered() -> None:
    state = setup_game(level="wizard", magic=[[], ["A01"]], fields=[["016"], []], hands=[["018", "047"], ["009"]],
                       deck=DECK)
    state, _ = play(state, [(0, "reinforce:018:016"), (1, "great:A01")])
    assert all(d.prompt != "wars.prompt.counter" for d in ENGINE.pending(state))
    assert "047" in state["hands"][0] and "018" in state["discard"] and "A01" in state["exile"]


def test_forbid_fire_once_per_turn_per_player() -> None:
    state = setup_game(level="wizard", magic=[["A05", "A15"], ["A01", "A02"]], fields=[["016", "040"], []],
                       hands=[[], ["017"]], deck=DECK)
    state, _ = play(state, [(0, "magic:A05"), (1, "great:A01")])
    state, _ = play(state, [(0, "magic:A15")])
    assert state["hands"][1] == []  # no second ★不許火 window: 逆風 resolved
    assert [m["card"] for m in state["magic"][1]] == ["A02"]


def test_heaven_copy_is_a_magic_and_forbid_fire_nullifies_it() -> None:
    state = setup_game(level="wizard", magic=[["A16"], ["A15:up", "A02"]], hands=[[], ["017"]], deck=DECK)
    state, _ = play(state, [(0, "great:A16"), (0, "copy:A15")])
    window = decision(state)
    assert window.seat == 1 and window.prompt == "wars.prompt.nullify"
    state, _ = answer(state, 1, "great:A02")
    assert state["hands"][1] == ["017"] and {"A16", "A02"} <= set(state["exile"])


def test_manifest_lasts_the_turn_when_the_face_up_spear_is_exiled_for_endless_increase() -> None:
    state = setup_game(level="wizard", magic=[["A21:up"], []], fields=[["034"], []], deck=DECK)
    state, _ = play(state, [(0, "great:A21")])
    assert state["magic"][0] == [] and "A21" in state["exile"]
    state = to_turn(state, 2)
    assert state["life"][1] == 30 - 2  # 灯火幽鬼 1 + 顕在 1, the turn the spear left the field
    state = to_turn(state, 4)
    assert state["life"][1] == 28 - 1  # gone afterwards


def test_manifest_is_off_for_the_turn_when_the_spear_is_nullified() -> None:
    state = setup_game(level="wizard", magic=[["A21"], ["A01"]], fields=[["034"], []], deck=DECK)
    state, _ = play(state, [(0, "magic:A21"), (1, "great:A01")])
    assert state["magic"][0][0]["state"] == "up"
    state = to_turn(state, 2)
    assert state["life"][1] == 30 - 1  # no 1 damage, no +1 this turn
    state = to_turn(state, 4)
    assert state["life"][1] == 29 - 2  # face up: 顕在 works from the next turn


def test_seek_life_with_an_empty_hand_does_nothing() -> None:
    state = setup_game(level="wizard", magic=[["A09"], []], discard=["033"], deck=DECK)
    state, _ = play(state, [(0, "expand:041")])
    assert state["hands"][0] == []
    state, _ = play(state, [(0, "great:A09")])
    assert "A09" in state["exile"] and state["discard"] == ["033"] and state["hands"][0] == []


def test_sea_heal_with_four_or_fewer_discards_keeps_them_all() -> None:
    state = setup_game(level="wizard", magic=[["A05"], []], life=[20, 30], discard=["003", "045"], deck=DECK)
    state, _ = play(state, [(0, "great:A05"), (0, "heal:045.3")])
    assert state["discard"] == ["003", "045"] and state["life"][0] == 23


# ================================================================ traits


def test_trait_undying_returns_when_destroyed_by_poisoning_and_the_caster_still_takes_its_cost() -> None:
    state = setup_game(level="wizard", magic=[["A08"], []], fields=[["016", "017"], ["043"]], deck=DECK)
    state, _ = play(state, [(0, "magic:A08"), (0, "target:043")])
    assert "043" in state["hands"][1] and "043" not in state["discard"] and state["life"][0] == 30 - 7


def test_qa_undying_not_when_put_in_the_discard_pile_as_a_spell_or_a_discard() -> None:
    # Used as a removal card (031), as a counter (009), as a reinforcement card (018): to the discard pile.
    state = setup_game(level="wizard", hands=[["031", "018", "044"], ["009"]], fields=[["017"], ["043"]],
                       deck=DECK)
    state, _ = play(state, [(0, "remove:031:043"), (1, "counter:009")])
    state, _ = play(state, [(0, "reinforce:018:017")])
    assert {"031", "009", "018"} <= set(state["discard"])
    assert not {"031", "009", "018"} & set(state["hands"][0] + state["hands"][1])
    # Discarded by 逆風 or by 転生: also not a destruction.
    state = setup_game(level="wizard", magic=[["A15", "A17"], []], fields=[["040"], ["017"]],
                       hands=[["009", "018", "031"], ["043"]], deck=DECK)
    state, _ = play(state, [(0, "magic:A15"), (0, "magic:A17"), (0, ("discard:009", "discard:018", "discard:031"))])
    assert {"043", "009", "018", "031"} <= set(state["discard"])


def test_trait_fertile_does_not_count_for_effects_that_count_territories() -> None:
    # 補足「豊穣」: 入植 (deploy up to your territories) ignores 花乙女's +1; the strategy step does not.
    state = setup_game(level="wizard", magic=[["A19"], []], hands=[["014"], []], fields=[["012"], []],
                       territories=[["001", "002", "005"], []], deck=["020"])
    _, offered = options_this_turn(state)
    assert "magic:A19" not in offered and "deploy:014" in offered


def test_trait_haste_moves_only_the_strategy_step_the_expansion_stays_in_the_main_phase() -> None:
    state = setup_game(level="wizard", hands=[["016"], []], territories=[["001", "002", "003", "004", "005"], []],
                       deck=DECK)
    haste = decision(state)
    assert haste.prompt == "wars.prompt.haste" and not any(o.startswith("expand:") for o in haste.options)
    state, _ = answer(state, 0, "deploy:016")
    assert state["life"][1] == 25
    expand = decision(state)
    assert expand.prompt == "wars.prompt.expand" and "expand:041" in expand.options
    state, _ = answer(state, 0, "expand:041")
    assert state["turn"] == 2  # no second strategy step


def test_trait_treasure_dig_is_optional_and_discards_only_after_drawing() -> None:
    state = setup_game(level="wizard", hands=[["038"], []], territories=[["001", "002", "003", "004"], []], deck=DECK)
    state, _ = play(state, [(0, "pass"), (0, "deploy:038")])
    assert set(decision(state).options) == {"dig", "pass"}
    state, _ = answer(state, 0, "pass")
    assert state["hands"][0] == ["041"] and state["discard"] == [] and state["hands"][1] == ["042"]


def test_trait_occupy_still_counts_for_its_owners_requirements() -> None:
    state = setup_game(level="wizard", magic=[["A05"], ["A05"]], fields=[["014", "003"], []], deck=DECK)
    assert requirement_met(state, 0, "A05")  # own 占欲の魔女:水 counts
    assert not requirement_met(state, 1, "A05")  # the opponent's does not (only 003 is left: 1 unit)


def test_trait_veil_card_text_beats_the_same_attribute_rule() -> None:
    # Replay turn 11: 灯火幽鬼:天 on 黒妖犬:草. A plain +1 reinforcement across attributes stays illegal.
    state = setup_game(hands=[["035"], []], fields=[["029"], []], deck=DECK)
    options = decision(state).options
    assert "veil:035:029" in options and "reinforce:035:029" not in options


# ================================================================ Q&A, strengthened


def test_qa_swollen_slug_is_removed_by_its_cost_3_not_by_its_power_5() -> None:
    state = setup_game(level="wizard", hands=[["024", "016"], []], fields=[[], ["022"]], deck=DECK)
    options = decision(state).options
    assert "remove:024:022" in options and "remove:016:022" not in options


def test_qa_twin_arms_offers_no_nullify_window_per_reinforcement() -> None:
    state = setup_game(level="wizard", magic=[["A12"], ["A02"]], fields=[["029", "027", "021"], []], deck=DECK)
    state, _ = play(state, [(0, "magic:A12"), (1, "pass"), (0, ("target:029", "target:027"))])
    assert all(d.seat == 0 for d in ENGINE.pending(state))  # no window for each of the two reinforcements
    assert [u["reinforce"] for u in state["fields"][0]] == [2, 2, 0]


def test_reincarnation_discards_as_its_activation_condition_so_a_nullified_one_keeps_them_discarded() -> None:
    # Q&A: 「《転生》の発動条件で…捨てる」 — the three unit cards are the condition, paid as it is activated.
    state = setup_game(level="wizard", magic=[["A17"], ["A01"]], hands=[["016", "017", "020"], []], deck=DECK)
    state, _ = play(state, [(0, "magic:A17")])
    assert decision(state).seat == 0 and decision(state).prompt == "wars.prompt.reincarnate"
    state, _ = answer(state, 0, "discard:016", "discard:017", "discard:020")
    window = decision(state)
    assert window.seat == 1 and window.prompt == "wars.prompt.nullify"
    state, _ = answer(state, 1, "great:A01")
    assert state["discard"] == ["016", "017", "020"] and state["hands"][0] == ["041"]  # nothing drawn


def test_heaven_copy_of_reincarnation_still_needs_and_pays_its_condition() -> None:
    board = {"level": "wizard", "magic": [["A16"], ["A17:up"]], "deck": DECK}
    two_units = setup_game(hands=[["016", "045"], []], **board)  # 016 and the drawn 041
    _, offered = options_this_turn(two_units)
    assert "great:A16" not in offered
    state = setup_game(hands=[["016", "017"], []], **board)
    state, _ = play(state, [(0, "great:A16"), (0, "copy:A17"), (0, ("discard:016", "discard:017", "discard:041"))])
    assert state["hands"][0] == ["042", "043", "044"] and state["magic"][1][0]["state"] == "up"


def test_dense_fog_stops_counters_but_not_forbid_fire_which_is_a_great_magic() -> None:
    state = setup_game(level="wizard", magic=[["A07"], ["A01"]], fields=[["016", "017", "029"], []],
                       hands=[["018"], ["009"]], deck=DECK)
    state, _ = play(state, [(0, "magic:A07"), (1, "pass"), (0, "reinforce:018:017")])
    window = decision(state)
    assert window.seat == 1 and window.options == ("great:A01", "pass")  # no counter:009 under 濃霧


def test_playing_with_fire_deals_2_and_gains_2_in_the_main_phase_only() -> None:
    state = setup_game(level="apprentice", magic=[["A02"], []], fields=[["003"], ["017"]], life=[20, 30], deck=DECK)
    first = decision(state)  # the spell phase offered nothing: 火遊び waits for the main phase
    assert first.prompt == "wars.prompt.expand" and "magic:A02" in first.options
    assert state["life"] == [20, 28]  # combat came first: 先行打撃兵's transparent 2
    state, _ = answer(state, 0, "magic:A02")
    assert state["life"] == [22, 26]


def test_as_far_as_possible_exposure_shows_the_2_cards_of_a_2_card_hand_to_the_caster_only() -> None:
    # The manual's own example: "手札を4枚まで公開する効果…2枚しかない時は、その2枚を公開".
    state = setup_game(level="apprentice", magic=[["A06"], ["A05"]], fields=[["016"], []], hands=[[], ["029", "033"]],
                       deck=DECK)
    state, events = play(state, [(0, "magic:A06")])
    shown = [e for e in events if e.key == "wars.event.revealed_hand"]
    assert len(shown) == 1 and shown[0].args["cards"] == ["029", "033"] and shown[0].audience == (0,)
    state, _ = answer(state, 0, "flip:1")
    assert state["magic"][1][0]["state"] == "up"


def test_settlement_is_an_extra_deploy_besides_the_strategy_step() -> None:
    state = setup_game(level="wizard", magic=[["A19"], []], hands=[["021", "034"], []], territories=[["001"], []],
                       deck=DECK)
    state, _ = play(state, [(0, "magic:A19"), (0, "deploy:021"), (0, "deploy:034")])
    assert unit_cards(state, 0) == ["021", "034"]

"""Blocking as the book rules it (docs/rules/afterlife.md, rulings 9 and 14), in constructed positions.

The book (4. 備考 ① 戦闘): 「アタックしたクリーチャーに対してアンタップ状態のクリーチャーはブロックができます。また1体に
対して複数のクリーチャーでブロックすることもできます。」: any number of untapped creatures may block one attacker.
And (5. キーワード能力) 強制防御: 「これが付与されたクリーチャーは必ずブロックしなければならない、付与されているクリーチャーが
いる限り他のクリーチャーはブロックできない。」: while a Forced Defence creature is on the field no other creature
blocks, tapped or not.

Cards: N02 Clockwork Pawn 600/400, R13 Volcano Titan 2600/2600, R09 2000/2000, N10 2200/2400,
N03 Gatekeeper Golem 700/1700 (Forced Defence), G10 Vine Strangler 1800/2000 (Forced Defence).
"""

from __future__ import annotations

import itertools
import random

import pytest

from bot import i18n
from bot.engine import IllegalChoice, random_choice
from cogs.afterlife import cards as C
from cogs.afterlife import engine as rules
from cogs.afterlife import policy
from cogs.afterlife.combat import ROUND_SIZE
from cogs.afterlife.text import option_label
from tests.afterlife.helpers import board, decision, keys, play, unit


def blockers_asked(state: dict) -> dict:
    """``c1`` attacks and the defender chooses to block with several creatures."""
    state, _ = play(state, "attack:c1", "several")
    return state


def block_with(state: dict, *cids: str) -> tuple[dict, list]:
    return rules.apply(state, 1, tuple(f"block:{cid}" for cid in cids))


def order_all(state: dict) -> tuple[dict, list]:
    """The attacker orders its damage in field order, one blocker at a time."""
    events: list = []
    while state["result"] is None and rules.pending(state) and decision(state).prompt == "afterlife.prompt.order":
        state, new = play(state, decision(state).options[0])
        events += new
    return state, events


def test_the_book_card_numbers_hold() -> None:
    assert (C.info("N02")["power"], C.info("N02")["toughness"]) == (600, 400)
    assert (C.info("R13")["power"], C.info("R13")["toughness"]) == (2600, 2600)
    assert "forced_defence" in C.keywords("N03") and "forced_defence" in C.keywords("G10")


# --- ruling 9: any number of blockers ---------------------------------------------------------------


def test_five_pawns_all_block_a_titan_and_destroy_it() -> None:
    """Five 600/400 pawns deal 3,000 to a 2600/2600 attacker: it is destroyed (four deal 2,400: it is not)."""
    state = blockers_asked(board(fields=(["R13"], ["N02"] * 5)))
    d = decision(state)
    assert d.seat == 1 and d.prompt == "afterlife.prompt.blockers"
    assert d.options == ("block:c2", "block:c3", "block:c4", "block:c5", "block:c6") and (d.min, d.max) == (1, 5)
    state, events = block_with(state, "c2", "c3", "c4", "c5", "c6")
    assert state["combat"]["blockers"] == ["c2", "c3", "c4", "c5", "c6"]
    assert next(e for e in events if e.key == "afterlife.event.block").args["cids"] == ["c2", "c3", "c4", "c5", "c6"]
    state, events = order_all(state)
    assert "R13" in state["players"][0]["grave"]
    assert state["players"][1]["life"] == 3000
    # 2600 damage in order: 400 destroys each of the first four, the last takes the remaining 1000.
    amounts = [e.args["amount"] for e in events if e.key.endswith("creature_damaged")]
    assert amounts == [400, 400, 400, 400, 1000, 3000]


def test_four_pawns_do_not_destroy_the_titan() -> None:
    state = blockers_asked(board(fields=(["R13"], ["N02"] * 5)))
    state, _ = block_with(state, "c2", "c3", "c4", "c5")
    state, _ = order_all(state)
    assert unit(state, "c1")["damage"] == 2400  # 4 x 600 against toughness 2600
    assert "R13" not in state["players"][0]["grave"]
    assert state["players"][1]["grave"].count("N02") == 4 and unit(state, "c6")["tapped"] is False


def test_every_untapped_creature_may_block_with_no_cap() -> None:
    state = board(fields=(["R13"], ["N02"] * 9))
    unit(state, "c4")["tapped"] = True
    state, _ = play(state, "attack:c1")
    first = decision(state)
    assert first.prompt == "afterlife.prompt.block" and first.max == 1
    untapped = [f"c{i}" for i in range(2, 11) if i != 4]
    assert first.options == ("noblock", *(f"block:{cid}" for cid in untapped), "several")
    state, _ = play(state, "several")
    d = decision(state)
    assert d.options == tuple(f"block:{cid}" for cid in untapped) and d.max == 8
    state, _ = block_with(state, *untapped)
    assert state["combat"]["blockers"] == untapped


def test_every_subset_of_the_blockers_decision_is_legal_and_blocks_with_exactly_it() -> None:
    """The engine contract: any ``min..max`` options of a multi-choice decision is a legal answer."""
    state = blockers_asked(board(fields=(["R13"], ["N02", "N10", "R01", "N02"])))
    options = decision(state).options
    for size in range(1, len(options) + 1):
        for subset in itertools.combinations(options, size):
            for ordering in (subset, tuple(reversed(subset))):  # the answer is a set: order is field order
                _, events = rules.apply(state, 1, ordering)
                block = next(e for e in events if e.key == "afterlife.event.block")
                assert block.args["cids"] == [o.split(":")[1] for o in subset]
    with pytest.raises(IllegalChoice):
        rules.apply(state, 1, ())


def test_one_blocker_is_one_click_and_several_need_two() -> None:
    state = board(fields=(["R13"], ["N02", "N02"]))
    state, events = play(state, "attack:c1", "block:c3")  # a single blocker needs no order: combat is over
    assert next(e for e in events if e.key == "afterlife.event.block").args["cids"] == ["c3"]
    assert state["combat"] is None and "order" not in keys(events)


def test_the_attacker_orders_its_damage_one_blocker_at_a_time() -> None:
    state = blockers_asked(board(fields=(["R13"], ["N10", "N02", "N02"])))
    state, _ = block_with(state, "c2", "c3", "c4")
    d = decision(state)
    assert d.seat == 0 and d.options == ("order:c2", "order:c3", "order:c4")
    state, _ = play(state, "order:c4")
    assert decision(state).options == ("order:c2", "order:c3")
    state, events = play(state, "order:c3")
    order = next(e for e in events if e.key == "afterlife.event.order")
    assert order.args["cids"] == ["c4", "c3", "c2"]
    # 2600: 400 and 400 destroy the pawns, the 2200/2400 golem takes the remaining 1800 and lives.
    assert [e.args["amount"] for e in events if e.key.endswith("creature_damaged")][:3] == [400, 400, 1800]
    assert unit(state, "c2")["damage"] == 1800


def test_pierce_through_many_blockers_goes_to_the_player() -> None:
    state = board(fields=(["R15"], ["N02"] * 6))  # 3000 pierce against six 600/400 pawns
    state, _ = play(state, "attack:c1", "several")
    state, _ = block_with(state, *(f"c{i}" for i in range(2, 8)))
    state, _ = order_all(state)
    assert state["players"][1]["life"] == 3000 - (3000 - 6 * 400)
    assert state["players"][1]["grave"].count("N02") == 6
    assert "R15" in state["players"][0]["grave"]  # 3600 back against toughness 2600


def test_a_field_beyond_one_select_is_offered_in_rounds_of_25() -> None:
    """A Discord select holds 25 options: more untapped creatures than that come in rounds (``more``, and
    ``done`` once some are picked), so every creature can still block."""
    state = blockers_asked(board(fields=(["R13"], ["N02"] * 30)))
    cids = [f"c{i}" for i in range(2, 32)]
    first = decision(state)
    assert len(first.options) == ROUND_SIZE and first.options[-1] == "more"
    assert first.options[:-1] == tuple(f"block:{cid}" for cid in cids[:24]) and (first.min, first.max) == (1, 25)
    state, _ = rules.apply(state, 1, ("block:c3", "block:c5", "more"))
    second = decision(state)
    assert second.prompt == "afterlife.prompt.blockers"
    assert second.options == (*(f"block:{cid}" for cid in cids[24:]), "done")
    assert len(second.options) <= ROUND_SIZE
    for locale in ("en", "ja"):
        labels = {option_label(o, rules.view(state, 1), locale) for o in ("more", "done", "several")}
        assert len(labels) == 3 and all(label not in ("more", "done", "several") for label in labels)
    done, _ = rules.apply(state, 1, ("done",))
    assert done["combat"]["blockers"] == ["c3", "c5"]
    state, _ = rules.apply(state, 1, ("block:c31", "block:c26"))
    assert state["combat"]["blockers"] == ["c3", "c5", "c26", "c31"]


def test_skipping_the_first_round_blocks_with_later_creatures_only() -> None:
    state = blockers_asked(board(fields=(["R13"], ["N02"] * 30)))
    state, _ = rules.apply(state, 1, ("more",))
    assert "done" not in decision(state).options  # nothing picked yet: the last round must pick
    state, events = rules.apply(state, 1, ("block:c30",))
    assert next(e for e in events if e.key == "afterlife.event.block").args["cids"] == ["c30"]


def test_the_blockers_prompts_read_in_both_languages() -> None:
    state = blockers_asked(board(fields=(["R13"], ["N02", "N02"])))
    for locale in ("en", "ja"):
        assert "{" not in i18n.t("afterlife.prompt.blockers", locale, unit="Volcano Titan [c1]")
        assert i18n.t("afterlife.ui.kind.blockers", locale)
    view = rules.view(state, 1)
    assert view["decision"]["kind"] == "blockers"


# --- ruling 14: Forced Defence binds while it is on the field, tapped or not ------------------------------


def test_an_untapped_forced_defence_creature_alone_blocks() -> None:
    state = board(fields=(["R09"], ["N10", "N03", "N02"]))
    state, _ = play(state, "attack:c1")
    d = decision(state)
    assert d.prompt == "afterlife.prompt.blockers" and d.options == ("block:c3",) and d.min == d.max == 1
    with pytest.raises(IllegalChoice):
        rules.apply(state, 1, ("block:c2",))
    state, _ = play(state, "block:c3")
    assert state["combat"] is None and "N03" in state["players"][1]["grave"]


def test_a_tapped_forced_defence_creature_still_stops_every_other_blocker() -> None:
    """It cannot block (tapped), and while it is there no other creature may: nobody blocks, the defender
    takes the damage, and no question is asked (nothing to choose)."""
    state = board(fields=(["R09"], ["N10", "N03", "N02"]))
    unit(state, "c3")["tapped"] = True
    state, events = play(state, "attack:c1")
    assert "no_block" in keys(events) and "block" not in keys(events)
    assert state["players"][1]["life"] == 3000 - 2000
    assert unit(state, "c2")["damage"] == 0 and decision(state).seat == 0  # back to the attacker's main phase


def test_several_forced_defence_creatures_block_together_and_a_tapped_one_is_left_out() -> None:
    state = board(fields=(["R13"], ["N03", "N02", "G10", "N03"]))
    unit(state, "c5")["tapped"] = True
    state, _ = play(state, "attack:c1")
    d = decision(state)
    assert d.options == ("block:c2", "block:c4") and d.min == d.max == 2
    with pytest.raises(IllegalChoice):
        rules.apply(state, 1, ("block:c2",))
    state, _ = rules.apply(state, 1, ("block:c2", "block:c4"))
    assert state["combat"]["blockers"] == ["c2", "c4"]


def test_tapping_the_forced_defence_creature_in_the_attack_window_stops_every_blocker() -> None:
    """The attacker answers its own attack with Entangle (G22: tap an enemy creature, timing attack) on the
    Forced Defence golem: blockers are declared after the window, the golem is tapped, nobody blocks."""
    state = board(hands=(["G22"], []), fields=(["R09"], ["N10", "N03"]))
    state, _ = play(state, "attack:c1")
    d = decision(state)
    assert d.seat == 0 and d.args["timing"] == "attack" and "play:G22" in d.options
    state, _ = play(state, "play:G22")
    while decision(state).prompt != "afterlife.prompt.target":
        state, _ = play(state, decision(state).options[0])
    state, events = play(state, "target:c3")
    assert unit(state, "c3")["tapped"] is True
    assert "no_block" in keys(events) and state["players"][1]["life"] == 3000 - 2000


def test_random_play_never_declares_a_block_the_book_forbids() -> None:
    """Random legal answers over every deck pair: no declared block ever has a non-forced creature next to a
    Forced Defence one on the field, a tapped blocker, or a blocker of the attacker's own side."""
    rng = random.Random(5)
    checked = 0
    for seed in range(30):
        state = rules.new_game(seed, policy.selfplay_options(seed, rng))
        for _ in range(600):
            if rules.outcome(state) is not None:
                break
            d = rules.pending(state)[0]
            before = state
            state, events = rules.apply(state, d.seat, random_choice(d, rng))
            for event in events:
                if event.key != "afterlife.event.block":
                    continue
                field = before["players"][event.args["seat"]]["field"]
                forced = [u for u in field if "forced_defence" in C.keywords(u["card"]) or "forced_defence" in u["granted"]]
                by_cid = {u["cid"]: u for u in field}
                for cid in event.args["cids"]:
                    assert cid in by_cid and not by_cid[cid]["tapped"]
                    assert not forced or by_cid[cid] in forced
                checked += 1
    assert checked > 20


# --- the greedy player (policy.py) under the book's rules -------------------------------------------


def test_greedy_blocks_with_all_five_pawns_to_destroy_the_titan() -> None:
    state = board(fields=(["R13"], ["N02"] * 5))
    state, _ = play(state, "attack:c1")
    rng = random.Random(0)
    assert policy.greedy(state, decision(state), rng) == ("several",)
    state, _ = play(state, "several")
    choice = policy.greedy(state, decision(state), rng)
    assert choice == ("block:c2", "block:c3", "block:c4", "block:c5", "block:c6")


def test_greedy_attacks_when_only_a_tapped_forced_defence_creature_could_bind() -> None:
    """R09 2000/2000 into an untapped 2200/2400: a losing attack, unless a tapped Forced Defence creature on
    the defender's field stops that blocker (the book): then it is free damage."""
    state = board(fields=(["R09"], ["N10", "N03"]))
    unit(state, "c3")["tapped"] = True
    assert policy.greedy(state, decision(state), random.Random(0)) == ("attack:c1",)
    state = board(fields=(["R09"], ["N10", "N02"]))
    assert policy.greedy(state, decision(state), random.Random(0)) != ("attack:c1",)


def test_greedy_orders_damage_to_destroy_the_most() -> None:
    state = blockers_asked(board(fields=(["R13"], ["N10", "N02", "N02"])))
    state, _ = block_with(state, "c2", "c3", "c4")
    rng = random.Random(0)
    while decision(state).prompt == "afterlife.prompt.order":
        state, _ = play(state, *policy.greedy(state, decision(state), rng))
    # 2600 destroys the 2200/2400 golem (worth more) or both pawns (800 between them), not all three.
    assert state["players"][1]["grave"] == ["N10"]


def test_greedy_answers_a_round_of_many_blockers_legally() -> None:
    state = blockers_asked(board(fields=(["R13"], ["N02"] * 30)))
    rng = random.Random(0)
    while rules.pending(state) and decision(state).prompt == "afterlife.prompt.blockers":
        state, _ = rules.apply(state, 1, policy.greedy(state, decision(state), rng))
    assert state["combat"]["blocked"] and len(state["combat"]["blockers"]) >= 5


def test_the_bot_player_answers_the_blockers_question_legally_without_reading_hidden_cards() -> None:
    """The bot (bot/ai/search.py) builds a multi-choice answer one option at a time; its worlds and answer are
    the same whatever the attacker holds in hand and deck (hidden from it)."""
    from bot.ai import search
    from tests.platform.determinize_checks import answers_alike

    state = blockers_asked(board(hands=(["R01", "B21"], []), fields=(["R13"], ["N02"] * 5)))
    elsewhere = blockers_asked(board(hands=(["N10", "R09"], []), fields=(["R13"], ["N02"] * 5),
                                     decks=(["R13"] * 10, ["N02"] * 10)))
    elsewhere["players"][1]["deck"] = list(state["players"][1]["deck"])
    answers_alike("afterlife", state, elsewhere, 1, seeds=1)
    answer = search.think("afterlife", state, 1, "blockers", budget=search.Budget(iterations=24, max_ms=1e9))
    assert answer and set(answer) <= set(decision(state).options)
    rules.apply(state, 1, answer)


# --- on Discord: the panel a defender answers (bot/ui/panel.py, real discord.py components) -------------


def defender_panel(state: dict):
    """The defender's DM panel controls for ``state``: its select's options and min/max values."""
    from bot.store.rows import MatchRow
    from bot.ui.panel import Names, build_panel
    from cogs.afterlife.spec import GAME

    match = MatchRow(id=7, game="afterlife", options={}, seed=99, guild_id=1, channel_id=2, thread_id=3,
                     players=(10, 11), bot_seat=None, days=3, locale="en", status="active", state=state, version=4,
                     panels={}, dm_ok=(True, True), turn_started=0.0, deadline=0.0, timer_stage=0,
                     next_timer_at=None, winner=None, result_reason=None)
    content, _, controls, decision = build_panel(GAME, match, 1, "en", Names(("Alice", "Bob")), with_image=False)
    assert controls is not None and decision is not None
    sent = [c for row in controls.to_components() for c in row["components"]]  # what Discord receives
    # The assist row (bot/ui/assist.py): the ? on every decision panel, Hint in this unrated match; the others are
    # the answer's own controls.
    assist = ("dt:q:", "dt:hi:")
    assert [c["custom_id"] for c in sent if c["custom_id"].startswith(assist)] == ["dt:q:7:1:4", "dt:hi:7:4"]
    sent = [c for c in sent if not c["custom_id"].startswith(assist)]
    return content, [c for c in sent if c["type"] == 3], [c for c in sent if c["type"] != 3]


def test_the_blockers_question_is_one_multi_choice_select_on_discord() -> None:
    state = blockers_asked(board(fields=(["R13"], ["N02"] * 5)))
    content, selects, others = defender_panel(state)
    (select,) = selects
    assert (select["min_values"], select["max_values"]) == (1, 5) and not others  # no page buttons
    assert [o["value"] for o in select["options"]] == ["block:c2", "block:c3", "block:c4", "block:c5", "block:c6"]
    assert "Choose the creatures that block" in content


def test_thirty_creatures_still_fit_one_select_a_round() -> None:
    state = blockers_asked(board(fields=(["R13"], ["N02"] * 30)))
    _, selects, others = defender_panel(state)
    (select,) = selects
    assert len(select["options"]) == 25 and select["max_values"] == 25 and not others  # one page: all pickable
    assert select["options"][-1]["value"] == "more" and "More" in select["options"][-1]["label"]


def test_a_match_stored_before_the_change_finishes_its_combat_under_the_old_rules() -> None:
    """A match stored before the rules versions (its state has no ``rules``) is asked and answered in the old
    notation (a group of blockers, a whole damage order) to its end, so its log replays exactly."""
    state = board(fields=(["R13"], ["N02", "N02", "N10"]))
    del state["rules"]
    state, _ = play(state, "attack:c1")
    (ask,) = state["asks"]
    assert ask["options"] == ["noblock", "block:c2", "block:c3", "block:c4", "block:c2+c3", "block:c2+c4",
                              "block:c3+c4", "block:c2+c3+c4"]
    state, events = rules.apply(state, 1, ("block:c2+c3",))
    assert next(e for e in events if e.key == "afterlife.event.block").args["cids"] == ["c2", "c3"]
    (ask,) = state["asks"]
    assert ask["options"] == ["order:c2+c3", "order:c3+c2"]
    state, events = rules.apply(state, 0, ("order:c3+c2",))
    assert next(e for e in events if e.key == "afterlife.event.order").args["cids"] == ["c3", "c2"]
    assert state["players"][1]["grave"] == ["N02", "N02"] and "R13" not in state["players"][0]["grave"]

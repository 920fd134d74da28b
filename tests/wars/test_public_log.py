"""Issue 14: every public step of 3x3 Wars says what happened, in a player's words.

A decision that is not secret must leave at least one public event (the thread line), so the platform
never has to fall back to "Bob made a choice."; a declined counter window stays private; deploys,
redeploys and expansions reach the board's log.
"""

from __future__ import annotations

import random

from bot import i18n
from bot.engine import random_choice
from cogs.wars.engine import ENGINE
from cogs.wars.render import _turn_lines
from tests.wars.helpers import answer, decision, play, setup_game
from tests.wars.test_manual_audit import DECK


def test_every_public_decision_of_random_matches_leaves_a_public_event() -> None:
    silent: list[str] = []
    for seed in range(12):
        rng = random.Random(seed)
        level = ("overlord", "apprentice", "wizard")[seed % 3]
        state = ENGINE.new_game(seed, {"level": level})
        while ENGINE.outcome(state) is None:
            pending = ENGINE.pending(state)
            chosen = pending[rng.randrange(len(pending))]
            choice = random_choice(chosen, rng)
            state, events = ENGINE.apply(state, chosen.seat, choice)
            if not chosen.secret and not any(e.audience is None for e in events):
                silent.append(f"{chosen.prompt} {choice}")
    assert not silent, sorted(set(silent))[:10]


def test_plain_passes_say_which_step_was_passed() -> None:
    state = setup_game(level="wizard", hands=[["024", "030"], []], fields=[["029"], ["017"]], deck=DECK)
    assert decision(state).prompt == "wars.prompt.removal"
    state, events = answer(state, 0, "pass")
    public = [e for e in events if e.audience is None]
    assert [e.key for e in public] == ["wars.event.pass_removal"]
    assert i18n.t(public[0].key, "en", seat="Bob") == "Bob passes the removal step."
    assert i18n.t(public[0].key, "ja", seat="Bob") == "Bobは除去ステップをパス。"


def test_a_declined_counter_window_is_not_announced() -> None:
    # Seat 1 holds a legal counter (024 answers a single cost-3 card) and declines it.
    state = setup_game(level="wizard", hands=[["025"], ["024"]], fields=[[], ["022"]], deck=DECK)
    state, _ = play(state, [(0, "remove:025:022")])
    window = decision(state)
    assert window.seat == 1 and window.secret
    state, events = answer(state, 1, "pass")
    assert all(e.audience == (1,) for e in events if e.key == "wars.event.counter_pass")
    assert any(e.key == "wars.event.destroyed" and e.audience is None for e in events)


def test_deploys_redeploys_and_expansions_reach_the_boards_log() -> None:
    state = setup_game(level="wizard", hands=[["021", "030", "041"], []], fields=[["017"], []],
                       territories=[["001", "002"], []], deck=DECK)
    state, _ = play(state, [(0, "expand:041"), (0, "deploy:021")])
    record = ENGINE.view(state, None)["last"]
    if record.get("turn") != 1:  # the turn passed: this turn's record is now the previous one
        record = record["previous"]
    assert [entry["kind"] for entry in record["main"]] == ["expand", "deploy"]
    assert "card" not in record["main"][0]  # the territory is face down
    lines = _turn_lines(record, "en")
    assert any("expands their territory" in line for line in lines)
    assert any("deploys" in line for line in lines)
    assert not any("041" in line for line in lines)


def test_hand_tiles_grey_out_the_traits_the_level_turns_off() -> None:
    from cogs.wars.render import DIM, OFF, _trait_rows

    # でかスラグ has 膨張, which Overlord and Apprentice ignore; 透過 is a basic trait and always works.
    assert _trait_rows(["swell"], "overlord", "en") == [("Swell (off)", OFF)]
    assert _trait_rows(["swell"], "apprentice", "ja") == [("膨張 (無効)", OFF)]
    assert _trait_rows(["swell"], "wizard", "en") == [("Swell", DIM)]
    assert _trait_rows(["transparent", "swell"], "overlord", "en")[0][1] == DIM


def test_a_countered_spell_names_whose_unit_it_was_cast_on() -> None:
    # Player 1's removal of Player 2's 040 is countered by 呪文砕き: the line names Player 2's unit (issue 26).
    state = setup_game(level="wizard", seed=3, hands=[["027", "003", "016"], ["047", "017"]],
                       fields=[["034", "022"], ["040", "031"]], deck=["041", "042", "043", "044", "035"])
    state, events = play(state, [(0, "remove:027:040"), (0, "pass"), (1, "counter:047"), (0, "pass")])
    countered = [e for e in events if e.key == "wars.event.spell_countered_on"]
    assert [e.args for e in countered] == [{"seat": 0, "player": 1, "target": "040"}]
    assert countered[0].audience is None
    # A reinforcement is cast on the caster's own unit: countered, the line names the caster's unit.
    state = setup_game(level="wizard", seed=3, hands=[["022"], ["047"]], fields=[["034"], ["040"]],
                       deck=["041", "042", "043", "044", "035"])
    state, events = play(state, [(0, "pass"), (0, "reinforce:041:034"), (1, "counter:047"), (0, "pass")])
    countered = [e for e in events if e.key == "wars.event.spell_countered_on"]
    assert [e.args for e in countered] == [{"seat": 0, "player": 0, "target": "034"}]

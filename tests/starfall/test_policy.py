"""The greedy policy, the self-play hooks and the balance table helper."""

from __future__ import annotations

import random

from bot.engine import random_choice
from cogs.starfall import balance, policy
from cogs.starfall import cards as catalogue
from cogs.starfall import engine as rules
from tests.starfall.helpers import board_state, go, put


def test_selfplay_options_cycle_every_ordered_pair_of_ready_decks() -> None:
    ids = [deck["id"] for deck in catalogue.ready_decks()]
    pairs = len(ids) * (len(ids) - 1)
    seen = set()
    for index in range(pairs):
        options = policy.selfplay_options(index, random.Random(index))
        state = rules.new_game(index, options)
        seen.add(policy.side_keys(state))
    assert seen == {(a, b) for a in ids for b in ids if a != b}


def test_greedy_takes_a_kill_when_one_is_on_offer() -> None:
    state = board_state(beginner=True)
    put(state, 0, "f1", "S12")
    put(state, 0, "f3", "S34")
    put(state, 1, "f3", "S34", dmg=catalogue.hp("S34") - 10)
    put(state, 1, "f2", "S17")
    go(state, 0)
    rng = random.Random(1)
    while state["active"] == 0 and state["turn_index"] == 0:
        (decision,) = rules.pending(state)
        state, _ = rules.apply(state, 0, policy.greedy(state, decision, rng))
    assert state["players"][1]["grave"] == ["S34"]


def _match(seed: int, players: tuple[str, str]) -> int | None:
    rng = random.Random(seed)
    state = rules.new_game(seed, {})
    while rules.outcome(state) is None:
        (decision,) = rules.pending(state)
        if players[decision.seat] == "greedy":
            choice = policy.greedy(state, decision, rng)
        else:
            choice = random_choice(decision, rng)
        state, _ = rules.apply(state, decision.seat, choice)
    return rules.outcome(state).winner


def test_greedy_beats_random() -> None:
    wins = 0
    for seed in range(6):
        seats = ("greedy", "random") if seed % 2 == 0 else ("random", "greedy")
        wins += _match(seed, seats) == seats.index("greedy")
    assert wins >= 5


def test_balance_table_reports_decks_seat_draws_and_rounds() -> None:
    results = [(("vanguard", "bastion"), 0, 7), (("bastion", "vanguard"), None, 16)]
    lines = balance.table(results)
    assert "| bastion | 25.0% | 2 |" in lines and "| vanguard | 75.0% | 2 |" in lines
    assert "| first player (seat 0) | 75.0% | 2 |" in lines
    assert lines[-2] == "draws 1 of 2 (50.0%)"
    assert lines[-1] == "rounds mean 11.5, p95 16, max 16, within 15 rounds 50.0%"


def test_every_event_prompt_and_outcome_key_has_english_and_japanese_text() -> None:
    from bot import i18n

    used: dict[str, dict] = {}
    for seed in range(12):
        rng = random.Random(seed)
        state = rules.new_game(seed, {"beginner": "on"} if seed % 3 == 0 else {})
        while rules.outcome(state) is None:
            (decision,) = rules.pending(state)
            used[decision.prompt] = dict(decision.args)
            state, events = rules.apply(state, decision.seat, random_choice(decision, rng))
            used.update({event.key: dict(event.args) for event in events})
        used[f"starfall.outcome.{rules.outcome(state).reason}"] = {}
    for key in ("both_on_action", "both_at_round_start", "round_limit", "graves", "wiped", "locked"):
        used.setdefault(f"starfall.outcome.{key}", {})
    for locale in ("en", "ja"):
        catalogue_ = i18n.catalogue(locale)
        for key, args in used.items():
            assert key in catalogue_, (locale, key)
            catalogue_[key].format(**args)  # every placeholder is an argument the engine gives

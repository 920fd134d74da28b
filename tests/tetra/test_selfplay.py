"""Random self-play fuzz with invariants, and the greedy balance measure."""

from __future__ import annotations

import json
import multiprocessing
import random
import statistics
from concurrent.futures import ProcessPoolExecutor

from bot.engine import OPTION_ID_RE, random_choice
from cogs.tetra import cards as catalogue
from cogs.tetra import engine as rules
from cogs.tetra import table
from cogs.tetra.greedy import choose
from tests.tetra.helpers import card_total

MATCHES = 2000
WORKERS = 2
FULL_CHECK_MATCHES = 40  # views and JSON round trips after every decision; the rest every 25th


def _hidden_ids(state: dict) -> set[str]:
    hidden = set(state["public"]["deck"]) | set(state["accident"]["deck"])
    for player in state["players"]:
        hidden |= set(player["hand_deck"])
        for hand in player["hand"]:
            hidden |= set(hand["charge_cards"])
    return hidden


def _check_views(state: dict) -> None:
    hidden = _hidden_ids(state)
    for seat in (0, 1, None):
        # The log is history: it names cards once shown face up (a cast spell), never a face-down draw.
        text = json.dumps({k: v for k, v in rules.view(state, seat).items() if k != "log"})
        tokens = set(text.replace('"', " ").replace(",", " ").replace(":", " ").split())
        leaked = hidden & tokens
        assert not leaked, (seat, leaked)
    assert json.loads(json.dumps(state)) == state


def _check_cheap(state: dict) -> None:
    assert card_total(state) == 71
    for player in state["players"]:
        assert all(v >= 0 for v in player["mana"].values())
        assert sum(player["mana"].values()) <= table.MANA_CAP[player["colour"]]
        assert 0 <= player["ether"] <= table.ETHER_CAP[player["colour"]]
        assert player["life"] <= table.START_LIFE
        for hand in player["hand"]:
            assert hand["charge"] >= len(hand["charge_cards"])
            # A released card (no cube left) only waits for its discard.
            assert hand["cubes"] >= 1 or any(t["do"] == "discard_hand" and t["card"] == hand["id"]
                                             for t in state["queue"])
    if state["result"] is None:
        assert state["step"] is not None
        (decision,) = rules.pending(state)
        assert decision.options and all(OPTION_ID_RE.match(o) for o in decision.options)
    else:
        assert rules.pending(state) == []
        lives = [p["life"] for p in state["players"]]
        assert min(lives) <= 0 or state["turn"] >= table.TURN_LIMIT


def _settled_charges_within_max(state: dict) -> None:
    """Between turns no hand card holds more charge than its red maximum."""
    for player in state["players"]:
        for hand in player["hand"]:
            assert hand["charge"] <= catalogue.field(hand["id"], "max_charge")


def _play_random_matches(matches: range) -> int:
    """Play ``matches`` with random legal answers, checking invariants; returns natural endings."""
    endings = 0
    for match in matches:
        rng = random.Random(match)
        state = rules.new_game(match, {"characters": "random"} if match % 2 else {})
        full = match < FULL_CHECK_MATCHES
        _check_views(state)
        steps = 0
        while rules.outcome(state) is None:
            (decision,) = rules.pending(state)
            turn = state["turn"]
            state, _ = rules.apply(state, decision.seat, random_choice(decision, rng))
            steps += 1
            _check_cheap(state)
            if state["turn"] != turn and state["result"] is None:
                _settled_charges_within_max(state)
            if full or steps % 25 == 0:
                _check_views(state)
        _check_views(state)
        endings += state["result"]["reason"] != "turn_limit"
    return endings


def test_random_self_play_keeps_every_invariant() -> None:
    # Two worker processes: the machines running the suite have two cores.
    chunks = [range(start, MATCHES, WORKERS) for start in range(WORKERS)]
    with ProcessPoolExecutor(max_workers=WORKERS, mp_context=multiprocessing.get_context("fork")) as pool:
        endings = sum(pool.map(_play_random_matches, chunks))
    assert endings > MATCHES * 0.95


def test_greedy_self_play_finishes_in_book_length() -> None:
    turns = []
    for match in range(40):
        state = rules.new_game(10_000 + match, {})
        while rules.outcome(state) is None:
            (decision,) = rules.pending(state)
            state, _ = rules.apply(state, decision.seat, choose(state, decision))
        turns.append(state["turn"])
    # The book's 40-60 minutes at ~1.5-2 minutes a turn (see docs/rules/tetra.md "Balance").
    assert 18 <= statistics.mean(turns) <= 45

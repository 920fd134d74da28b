"""TetrAction's invariants and its hooks for the contract suite (tests/contract): 2,000 random matches, with
every card counted, mana, ether and charges in bounds, and no view naming a hidden card."""

from __future__ import annotations

import json
import random
from collections import Counter

from bot.engine import OPTION_ID_RE
from cogs.tetra import cards as catalogue
from cogs.tetra import engine as rules
from cogs.tetra import table
from tests.contract.games import GameHooks, Step, determinize_hide, pick_the_only
from tests.tetra.helpers import card_total

MATCHES = 2000
WORKERS = 2  # the machines running the suite have two cores
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


def _check_step(step: Step, scratch: dict) -> None:
    state = step.after
    _check_cheap(state)
    if state["turn"] != step.before["turn"] and state["result"] is None:
        _settled_charges_within_max(state)


def _check_tally(tally: Counter) -> None:
    assert tally["natural_ending"] > MATCHES * 0.95


def tetra_hooks() -> GameHooks:
    return GameHooks(
        matches=MATCHES, workers=WORKERS,
        start=lambda match: (match, {"characters": "random"} if match % 2 else {}, random.Random(match)),
        choose=pick_the_only, fully_checked=lambda match: match < FULL_CHECK_MATCHES, sample_every=25, swap_every=5,
        check_start=lambda state, scratch: _check_views(state), check_step=_check_step,
        check_deep=lambda step, scratch: _check_views(step.after), check_end=lambda state, scratch: _check_views(state),
        check_match=lambda state, scratch: Counter(natural_ending=state["result"]["reason"] != "turn_limit"),
        check_tally=_check_tally, hide=determinize_hide("tetra"))

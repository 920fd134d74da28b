"""The golden playthrough: a full seeded match replays to exactly the recorded events and score.

If a rule changes on purpose, regenerate with ``python -m tests.formation.make_golden`` and review the diff.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cogs.formation.engine import ENGINE
from tests.formation.make_golden import event_record

GOLDEN = Path(__file__).resolve().parent / "golden" / "seed7.json"


@pytest.fixture(scope="module")
def golden() -> dict:
    return json.loads(GOLDEN.read_text(encoding="utf-8"))


def test_golden_playthrough_seed7_replays_its_events_and_final_score(golden):
    state = ENGINE.new_game(golden["seed"], golden["options"])
    for number, entry in enumerate(golden["log"]):
        state, events = ENGINE.apply(state, entry["seat"], tuple(entry["choice"]))
        assert [event_record(event) for event in events] == entry["events"], f"decision {number}: {entry['choice']}"
    assert ENGINE.pending(state) == []
    outcome = ENGINE.outcome(state)
    final = golden["final"]
    assert state["round_points"] == final["round_points"]
    assert [sum(points) for points in state["round_points"]] == final["totals"]
    assert (outcome.winner, outcome.reason) == (final["winner"], final["reason"])


def test_golden_playthrough_covers_a_whole_match(golden):
    choices = [entry["choice"][0] for entry in golden["log"]]
    assert sum(choice.startswith("attack") for choice in choices) == 21
    assert sum(choice.startswith("defend") for choice in choices) == 21
    assert sum(choice.startswith("formation:") for choice in choices) == 6

"""Regenerate the golden playthrough(s) in tests/formation/golden/ — only when the rules change on purpose.

    python -m tests.formation.make_golden [seed ...]      (default: 7)

A golden file is a full seeded match: the decision log (seat, option ids) that a seeded random-legal
player chose, every event each decision produced, and the final score. The contract suite
(tests/contract) replays the log and :data:`GOLDEN` requires exactly these events and this result.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from bot.engine import Event
from cogs.formation.engine import ENGINE
from tests.contract.games import Golden, Step
from tests.formation.helpers import random_steps

GOLDEN_DIR = Path(__file__).resolve().parent / "golden"


def event_record(event: Event) -> dict[str, Any]:
    return {"key": event.key, "args": dict(event.args),
            "audience": list(event.audience) if event.audience is not None else None}


def playthrough(seed: int) -> dict[str, Any]:
    log = []
    state = None
    for step in random_steps(seed):
        log.append({"seat": step.seat, "choice": list(step.choice),
                    "events": [event_record(event) for event in step.events]})
        state = step.after
    outcome = ENGINE.outcome(state)
    return {
        "seed": seed,
        "options": {},
        "log": log,
        "final": {"round_points": state["round_points"], "totals": [sum(p) for p in state["round_points"]],
                  "winner": outcome.winner, "reason": outcome.reason},
    }


def dump(data: dict[str, Any]) -> str:
    """One decision per line, so a rule change shows up as a readable diff."""
    lines = ["{", f'"seed": {data["seed"]},', f'"options": {json.dumps(data["options"])},',
             f'"final": {json.dumps(data["final"], ensure_ascii=False)},', '"log": [']
    entries = [json.dumps(entry, ensure_ascii=False) for entry in data["log"]]
    lines += [entry + ("," if index < len(entries) - 1 else "") for index, entry in enumerate(entries)]
    lines += ["]", "}"]
    return "\n".join(lines) + "\n"


def moves(golden: dict[str, Any]) -> tuple[int, dict[str, str], list[tuple[int, tuple[str, ...]]]]:
    return golden["seed"], golden["options"], [(entry["seat"], tuple(entry["choice"])) for entry in golden["log"]]


def check(golden: dict[str, Any], steps: list[Step]) -> None:
    """Every decision gives exactly its recorded events; the match ends with the recorded score; and the
    log is a whole match (three rounds of seven battles)."""
    for number, (entry, step) in enumerate(zip(golden["log"], steps, strict=True)):
        assert [event_record(event) for event in step.events] == entry["events"], f"decision {number}: {entry['choice']}"
    state = steps[-1].after
    assert ENGINE.pending(state) == []
    outcome = ENGINE.outcome(state)
    final = golden["final"]
    assert state["round_points"] == final["round_points"]
    assert [sum(points) for points in state["round_points"]] == final["totals"]
    assert (outcome.winner, outcome.reason) == (final["winner"], final["reason"])
    choices = [entry["choice"][0] for entry in golden["log"]]
    assert sum(choice.startswith("attack") for choice in choices) == 21
    assert sum(choice.startswith("defend") for choice in choices) == 21
    assert sum(choice.startswith("formation:") for choice in choices) == 6


GOLDEN = Golden(files=(GOLDEN_DIR / "seed7.json",), moves=moves, check=check)


def main(seeds: list[int]) -> None:
    GOLDEN_DIR.mkdir(exist_ok=True)
    for seed in seeds:
        path = GOLDEN_DIR / f"seed{seed}.json"
        path.write_text(dump(playthrough(seed)), encoding="utf-8")
        print(f"wrote {path}")


if __name__ == "__main__":
    main([int(arg) for arg in sys.argv[1:]] or [7])

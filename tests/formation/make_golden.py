"""Regenerate the golden playthrough(s) in tests/formation/golden/ — only when the rules change on purpose.

    python -m tests.formation.make_golden [seed ...]      (default: 7)

A golden file is a full seeded match: the decision log (seat, option ids) that a seeded random-legal
player chose, every event each decision produced, and the final score. test_golden_playthrough.py
replays the log and requires exactly these events and this result.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from bot.engine import Event
from cogs.formation.engine import ENGINE
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


def main(seeds: list[int]) -> None:
    GOLDEN_DIR.mkdir(exist_ok=True)
    for seed in seeds:
        path = GOLDEN_DIR / f"seed{seed}.json"
        path.write_text(dump(playthrough(seed)), encoding="utf-8")
        print(f"wrote {path}")


if __name__ == "__main__":
    main([int(arg) for arg in sys.argv[1:]] or [7])

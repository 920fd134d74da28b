"""Golden seeded playthrough: a whole match's decision log -> the expected final state summary.

The log was played by the greedy policy (seed 7, the default decks). After a deliberate rule or card
change, regenerate with ``python -m tests.starfall.test_golden`` and review the diff.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

from bot.engine import State
from cogs.starfall import engine as rules
from cogs.starfall.policy import greedy

GOLDEN = Path(__file__).resolve().parent / "golden" / "playthrough_seed7.json"
SEED = 7


def summary(state: State) -> dict[str, Any]:
    return {
        "result": state["result"],
        "round": state["round"],
        "turn_index": state["turn_index"],
        "graves": [list(p["grave"]) for p in state["players"]],
        "deck_counts": [len(p["deck"]) for p in state["players"]],
        "fields": [{sq: [rec["id"], rec["star"], rec["dmg"], rec["status"]] for sq, rec in p["field"].items()
                    if rec is not None} for p in state["players"]],
        "rng_counter": state["rng_counter"],
        "version": state["version"],
    }


def record() -> dict[str, Any]:
    rng = random.Random(SEED)
    state = rules.new_game(SEED, {})
    log: list[list[Any]] = []
    event_keys: list[str] = []
    while rules.outcome(state) is None:
        (decision,) = rules.pending(state)
        choice = greedy(state, decision, rng)
        state, events = rules.apply(state, decision.seat, choice)
        log.append([decision.seat, *choice])
        event_keys += [e.key.removeprefix("starfall.event.") for e in events]
    return {"seed": SEED, "options": {}, "log": log, "event_count": len(event_keys),
            "deaths": event_keys.count("death"), "final": summary(state)}


def test_golden_playthrough_replays_to_the_recorded_end() -> None:
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    state = rules.new_game(golden["seed"], golden["options"])
    event_count = deaths = 0
    for seat, *choice in golden["log"]:
        assert rules.outcome(state) is None
        state, events = rules.apply(state, seat, tuple(choice))
        event_count += len(events)
        deaths += sum(e.key == "starfall.event.death" for e in events)
    assert summary(state) == golden["final"]
    assert (event_count, deaths) == (golden["event_count"], golden["deaths"])
    assert rules.outcome(state) is not None and rules.pending(state) == []


if __name__ == "__main__":
    GOLDEN.parent.mkdir(exist_ok=True)
    GOLDEN.write_text(json.dumps(record(), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {GOLDEN}", file=sys.stderr)

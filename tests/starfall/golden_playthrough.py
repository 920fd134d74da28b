"""Golden seeded playthrough: a whole match's decision log replays (tests/contract) to the expected final
state summary.

The log was played by the greedy policy (seed 7, the default decks). After a deliberate rule or card
change, regenerate with ``python -m tests.starfall.golden_playthrough`` and review the diff.
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
from tests.contract.games import Golden, Step

GOLDEN_FILE = Path(__file__).resolve().parent / "golden" / "playthrough_seed7.json"
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


def moves(golden: dict[str, Any]) -> tuple[int, dict[str, str], list[tuple[int, tuple[str, ...]]]]:
    return golden["seed"], golden["options"], [(seat, tuple(choice)) for seat, *choice in golden["log"]]


def check(golden: dict[str, Any], steps: list[Step]) -> None:
    state = steps[-1].after
    event_count = sum(len(step.events) for step in steps)
    deaths = sum(e.key == "starfall.event.death" for step in steps for e in step.events)
    assert summary(state) == golden["final"]
    assert (event_count, deaths) == (golden["event_count"], golden["deaths"])
    assert rules.outcome(state) is not None and rules.pending(state) == []


GOLDEN = Golden(files=(GOLDEN_FILE,), moves=moves, check=check)


if __name__ == "__main__":
    GOLDEN_FILE.parent.mkdir(exist_ok=True)
    GOLDEN_FILE.write_text(json.dumps(record(), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {GOLDEN_FILE}", file=sys.stderr)

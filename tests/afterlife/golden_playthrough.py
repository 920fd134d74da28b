"""Golden seeded playthroughs: a recorded decision log replays (tests/contract) to the recorded final summary.

Regenerate (after a deliberate rule or card change) with ``python -m tests.afterlife.golden_playthrough``.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

from cogs.afterlife import cards as C
from cogs.afterlife import policy
from cogs.afterlife.combat import RULES
from cogs.afterlife.engine import ENGINE
from tests.contract.games import Golden, Step

GOLDEN_DIR = Path(__file__).parent / "golden"
SEEDS = (7, 2024)


def summary(state: dict[str, Any], public_keys: Counter[str]) -> dict[str, Any]:
    outcome = ENGINE.outcome(state)
    assert outcome is not None
    return {
        "winner": outcome.winner, "reason": outcome.reason, "turn": state["turn"], "first": state["first"],
        "players": [{"life": p["life"], "cores": p["cores"], "hand": sorted(p["hand"] + p["public"]),
                     "deck": len(p["deck"]), "grave": p["grave"], "afterlife": p["afterlife"],
                     "field": [[u["cid"], u["card"], u["tapped"]] for u in p["field"]]} for p in state["players"]],
        "public_events": dict(sorted(public_keys.items())),
    }


def record(seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    options = policy.selfplay_options(seed, rng)
    state = ENGINE.new_game(seed, options)
    log = []
    keys: Counter[str] = Counter()
    while ENGINE.outcome(state) is None:
        decision = ENGINE.pending(state)[0]
        choice = policy.greedy(state, decision, rng)
        log.append([decision.seat, list(choice)])
        state, events = ENGINE.apply(state, decision.seat, choice)
        keys.update(e.key.removeprefix("afterlife.event.") for e in events if e.audience is None)
    return {"seed": seed, "options": {k: v for k, v in options.items() if k.startswith("deck_name")},
            "decisions": log, "summary": summary(state, keys)}


def moves(golden: dict[str, Any]) -> tuple[int, dict[str, str], list[tuple[int, tuple[str, ...]]]]:
    names = golden["options"]
    # The files name the decks only; they were recorded under the current rules (combat.RULES).
    options = dict(names, deck0=",".join(C.deck_list(names["deck_name0"])),
                   deck1=",".join(C.deck_list(names["deck_name1"])), rules=str(RULES))
    return golden["seed"], options, [(seat, tuple(choice)) for seat, choice in golden["decisions"]]


def check(golden: dict[str, Any], steps: list[Step]) -> None:
    keys: Counter[str] = Counter()
    for step in steps:
        keys.update(e.key.removeprefix("afterlife.event.") for e in step.events if e.audience is None)
    assert summary(steps[-1].after, keys) == golden["summary"]
    assert len(golden["decisions"]) > 50 and golden["summary"]["reason"] == "life"


GOLDEN = Golden(files=tuple(GOLDEN_DIR / f"playthrough_{seed}.json" for seed in SEEDS), moves=moves, check=check)


if __name__ == "__main__":
    GOLDEN_DIR.mkdir(exist_ok=True)
    for seed in SEEDS:
        data = record(seed)
        (GOLDEN_DIR / f"playthrough_{seed}.json").write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n",
                                                         encoding="utf-8")
        print(seed, data["summary"]["winner"], data["summary"]["turn"], len(data["decisions"]))

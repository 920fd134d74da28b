"""Random self-play: >= 1,000 matches per level, with the invariants checked after every decision.

* every card is in exactly one zone (deck, hands, territories, fields, discard, exile, magic rows,
  masters, set aside, spells in flight, setup pools);
* no view shows the opponent's hand, territories, face-down magic or the deck order;
* the state round-trips through JSON; a decision is pending until the game ends;
* option ids fit the notation and every random legal answer is accepted.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

from bot.engine import OPTION_ID_RE, random_choice
from cogs.wars import cards as C
from cogs.wars.engine import ENGINE, LEVELS

MATCHES_PER_LEVEL = 1000
ALL_CARDS = Counter(C.DECK_IDS + C.MAGIC_IDS)


def zones(state: dict[str, Any]) -> list[str]:
    found: list[str] = list(state["deck"]) + state["discard"] + state["exile"] + state["set_aside"]
    for seat in (0, 1):
        found += state["hands"][seat] + state["territories"][seat]
        found += [u["card"] for u in state["fields"][seat]] + [m["card"] for m in state["magic"][seat]]
        setup = state["setup"][seat]
        found += setup.get("magic_pool", []) + setup.get("returned", [])
        found += [c for hand in setup.get("hand_pool", []) for c in hand]
    found += [m for m in state["masters"] if m]
    found += [p["card"] for s in state["declared"] for p in s["cards"]]
    if state["chain"]:
        found += [p["card"] for s in state["chain"]["stack"] for p in s["cards"]]
    return found


def hidden_from(state: dict[str, Any], viewer: int | None) -> set[str]:
    hidden = set(state["deck"])
    for owner in (0, 1):
        if owner == viewer:
            continue
        hidden |= set(state["hands"][owner]) | set(state["territories"][owner])
        hidden |= {m["card"] for m in state["magic"][owner] if m["state"] == "down"}
        setup = state["setup"][owner]
        hidden |= set(setup.get("magic_pool", [])) | {c for h in setup.get("hand_pool", []) for c in h}
    return hidden


def strings(node: Any) -> list[str]:
    if isinstance(node, str):
        return [node]
    if isinstance(node, dict):
        return [s for key, value in node.items() if key not in ("last", "discard", "exile") for s in strings(value)]
    if isinstance(node, list):
        return [s for item in node for s in strings(item)]
    return []


def tokens(text: str) -> set[str]:
    return set(text.replace("+", ":").replace(".", ":").split(":"))


def check_invariants(state: dict[str, Any]) -> None:
    assert Counter(zones(state)) == ALL_CARDS
    assert json.loads(json.dumps(state)) == state
    for viewer in (0, 1, None):
        view = ENGINE.view(state, viewer)
        shown = set().union(*(tokens(s) for s in strings(view))) if strings(view) else set()
        leaked = shown & hidden_from(state, viewer)
        assert not leaked, (viewer, leaked)
    decisions = ENGINE.pending(state)
    if ENGINE.outcome(state) is None:
        assert decisions
        assert len({d.seat for d in decisions}) == len(decisions)
    else:
        assert not decisions
    for decision in decisions:
        assert all(OPTION_ID_RE.match(o) for o in decision.options), decision
        assert len(set(decision.options)) == len(decision.options)
        assert 0 <= decision.min <= decision.max <= len(decision.options)


def self_play(level: str, seed: int, check: bool) -> dict[str, Any]:
    state = ENGINE.new_game(seed, {"level": level})
    rng = random.Random(seed * 7919 + 1)
    while ENGINE.outcome(state) is None:
        if check:
            check_invariants(state)
        decision = rng.choice(ENGINE.pending(state))
        state, _ = ENGINE.apply(state, decision.seat, random_choice(decision, rng))
    check_invariants(state)
    return state


@pytest.mark.parametrize("level", LEVELS)
def test_random_self_play_keeps_the_invariants(level: str) -> None:
    outcomes = Counter()
    for seed in range(MATCHES_PER_LEVEL):
        # Every decision is checked in a quarter of the matches, the final state in all of them.
        final = self_play(level, seed, check=seed % 4 == 0)
        outcomes[final["result"]["reason"]] += 1
    assert sum(outcomes.values()) == MATCHES_PER_LEVEL
    assert outcomes["life"] > 0 and outcomes["deck_out"] > 0


@pytest.mark.parametrize("level", LEVELS)
def test_a_match_replays_from_its_seed_and_decision_log(level: str) -> None:
    state = ENGINE.new_game(11, {"level": level})
    rng = random.Random(5)
    log = []
    while ENGINE.outcome(state) is None:
        decision = rng.choice(ENGINE.pending(state))
        choice = random_choice(decision, rng)
        log.append((decision.seat, choice))
        state, _ = ENGINE.apply(state, decision.seat, choice)
    replayed = ENGINE.new_game(11, {"level": level})
    for seat, choice in log:
        replayed, _ = ENGINE.apply(replayed, seat, choice)
    assert replayed == state

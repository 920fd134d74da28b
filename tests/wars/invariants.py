"""3x3 Wars' invariants and its hooks for the contract suite (tests/contract): 1,000 random matches per
level, with these checked after every decision:

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

from bot.engine import OPTION_ID_RE
from cogs.wars import cards as C
from cogs.wars.board import seen_by_opponent
from cogs.wars.engine import ENGINE, LEVELS
from tests.contract.games import GameHooks, determinize_hide

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
        if viewer is not None:  # cards of the owner's hand the viewer has seen (board.seen_by_opponent) it may name
            hidden -= {c for cards in seen_by_opponent(state, owner).values() for c in cards}
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


def _start(match: int) -> tuple[int, dict[str, str], random.Random]:
    """Matches 0-999 play the first level, 1000-1999 the second, ...; seeds 0-999 in each."""
    seed = match % MATCHES_PER_LEVEL
    return seed, {"level": LEVELS[match // MATCHES_PER_LEVEL]}, random.Random(seed * 7919 + 1)


def _check_tally(tally: Counter) -> None:
    for level in LEVELS:
        assert sum(count for key, count in tally.items() if key.startswith(f"{level}:")) == MATCHES_PER_LEVEL
        assert tally[f"{level}:life"] > 0 and tally[f"{level}:deck_out"] > 0, level


def wars_hooks() -> GameHooks:
    # Every decision is checked in a quarter of the matches, the final state in all of them.
    return GameHooks(
        matches=MATCHES_PER_LEVEL * len(LEVELS), start=_start,
        fully_checked=lambda match: match % MATCHES_PER_LEVEL % 4 == 0, sample_every=None,
        check_start=lambda state, scratch: check_invariants(state) if scratch["full"] else None,
        check_deep=lambda step, scratch: check_invariants(step.after),
        check_end=lambda state, scratch: check_invariants(state),
        check_match=lambda state, scratch: Counter({f"{state['level']}:{state['result']['reason']}": 1}),
        check_tally=_check_tally, hide=determinize_hide("wars"),
        replay_matches=tuple(MATCHES_PER_LEVEL * index + 11 for index in range(len(LEVELS))))

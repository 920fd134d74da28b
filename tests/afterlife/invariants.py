"""Afterlife's invariants and its hooks for the contract suite (tests/contract): 2,000 random matches, leaning
to acting, with cards conserved and the public events checked after every decision."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

from bot import i18n
from bot.engine import OPTION_ID_RE, Decision, random_choice
from cogs.afterlife import cards as C
from cogs.afterlife import engine as rules
from cogs.afterlife.combat import RULES
from tests.afterlife.golden_playthrough import GOLDEN
from tests.afterlife.helpers import card_total
from tests.contract.games import GameHooks, Step

MATCHES = 2000
FULL_CHECK_MATCHES = 40  # views with perturbed hidden cards after every decision; the rest every 25th
PASSIVE = ("pass", "end", "noblock", "nocut")


def runner_choice(decision: Decision, rng: random.Random) -> tuple[str, ...]:
    """A random legal answer that leans to acting, so random matches end by life, not by the cap."""
    active = [o for o in decision.options if o not in PASSIVE and not o.startswith(("retreat:", "send:"))]
    if active and decision.max == 1 and rng.random() < 0.85:  # a multi-choice answer (blockers) is any subset
        return (rng.choice(active),)
    return random_choice(decision, rng)


def perturbed(state: dict[str, Any], viewer: int | None, rng: random.Random) -> dict[str, Any]:
    """The same position with every card ``viewer`` may not see replaced or reordered."""
    other = json.loads(json.dumps(state))
    pool = list(C.by_id())
    for seat, p in enumerate(other["players"]):
        rng.shuffle(p["deck"])
        p["deck"] = [rng.choice(pool) for _ in p["deck"]]
        if seat != viewer:
            p["hand"] = [rng.choice(pool) for _ in p["hand"]]
            p["bundles"] = [[rng.choice(pool) for _ in b] for b in p["bundles"]]
    if viewer is None or all(a["seat"] != viewer for a in other["asks"]):
        other["asks"] = [a for a in other["asks"] if a["seat"] == viewer]
    other["queue"] = []
    return other


def check_views(state: dict[str, Any]) -> None:
    """Beyond the contract's (views unchanged by :func:`perturbed`, JSON): the spectator sees no decision."""
    assert "decision" not in rules.view(state, None)
    assert json.loads(json.dumps(state)) == state


def check_cheap(state: dict[str, Any], events: list) -> None:
    for seat in (0, 1):
        p = state["players"][seat]
        assert card_total(state, seat) == C.DECK_SIZE
        assert 0 <= p["used"] <= p["cores"] <= 8
        assert 0 <= p["life"] <= 3000
    assert state["turn"] <= rules.TURN_LIMIT
    for event in events:
        assert i18n.has(event.key), event.key
        if event.key.endswith(".drew"):
            assert event.audience is not None  # a draw names its cards only to the drawer
    pending = rules.pending(state)
    if state["result"] is None:
        assert pending, "a decision is always pending until the end"
        assert len({d.seat for d in pending}) == len(pending)
        for decision in pending:
            assert i18n.has(decision.prompt), decision.prompt
            assert decision.options and all(OPTION_ID_RE.match(o) for o in decision.options)
            if decision.prompt.endswith(".window"):
                assert decision.secret and "pass" in decision.options
    else:
        assert pending == []
        assert i18n.has(f"afterlife.outcome.{state['result']['reason']}")


def public_cards(state: dict[str, Any]) -> set[str]:
    """Every card id the public view shows anywhere."""
    text = json.dumps(rules.view(state, None))
    return {card for card in C.by_id() if f'"{card}"' in text}


def check_public_events(before: dict[str, Any], after: dict[str, Any], events: list) -> None:
    """A public event names only cards the public can see before or after it (a Random Search find is
    turned face up by the rule itself)."""
    seen = public_cards(before) | public_cards(after)
    for event in events:
        if event.audience is not None or event.key.endswith(".searched"):
            continue
        named = [event.args[k] for k in ("card", "shown", "used") if k in event.args]
        named += list(event.args.get("cards", []))
        assert {n for n in named if isinstance(n, str)} <= seen, (event.key, named)


def _start(match: int) -> tuple[int, dict[str, str], random.Random]:
    names = list(C.decks())
    options = {"deck0": ",".join(C.deck_list(names[match % 4])), "deck1": ",".join(C.deck_list(names[match // 4 % 4])),
               "rules": str(RULES)}
    if match % 7 == 0:
        options["always_stop1"] = "on"
    return match, options, random.Random(match)


def _choose(state: dict[str, Any], pending: list[Decision], rng: random.Random) -> tuple[Decision, tuple[str, ...]]:
    decision = rng.choice(pending)
    return decision, runner_choice(decision, rng)


def _check_step(step: Step, scratch: dict[str, Any]) -> None:
    check_cheap(step.after, step.events)


def _check_deep(step: Step, scratch: dict[str, Any]) -> None:
    if scratch["full"]:
        check_public_events(step.before, step.after, step.events)
    check_views(step.after)


def _tally(state: dict[str, Any], scratch: dict[str, Any]) -> Counter:
    return Counter({state["result"]["reason"]: 1})


def _check_tally(reasons: Counter) -> None:
    assert reasons["life"] > MATCHES * 0.9, reasons


def afterlife_hooks() -> GameHooks:
    return GameHooks(matches=MATCHES, start=_start, choose=_choose, fully_checked=lambda match: match < FULL_CHECK_MATCHES,
                     sample_every=25, check_step=_check_step, check_deep=_check_deep,
                     check_end=lambda state, scratch: check_views(state), check_match=_tally, check_tally=_check_tally,
                     hide=perturbed, golden=GOLDEN)

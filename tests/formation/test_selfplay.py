"""Random self-play: 2,000 complete matches with invariants checked after every decision."""

from __future__ import annotations

import time
from collections import Counter

from cogs.formation.data import catalogue
from cogs.formation.engine import ENGINE
from tests.formation.helpers import random_steps
from tests.formation.invariants import (
    check_boards_empty_between_rounds,
    check_cards_conserved,
    check_decisions,
    check_event_keys,
    check_events_reveal_nothing_hidden,
    check_json_round_trip,
    check_round_battles,
    check_views,
)

MATCHES = 2000
FULLY_CHECKED = 300  # every decision of these matches also gets the expensive checks
SAMPLE_EVERY = 25  # the other matches get them on every 25th decision and at the end


def play_checked(seed: int, full: bool, coverage: Counter) -> None:
    battles_seen = [0]
    state = None
    seen_before = None
    for index, step in enumerate(random_steps(seed)):
        state = step.after
        check_cards_conserved(state)
        check_decisions(state, ENGINE.pending(state))
        check_event_keys(step.events)
        check_round_battles(step.before, step.events, battles_seen)
        check_boards_empty_between_rounds(state)
        verb = "undo" if step.choice[0] == "place:undo" else step.choice[0].split(":")[0]
        coverage[verb] += 1
        coverage.update(event.key.removeprefix("formation.event.") for event in step.events)
        if step.choice[0].startswith(("attack", "defend")) and step.choice[0].count(":") == 3:
            coverage["wild_pick"] += 1
        if full or index % SAMPLE_EVERY == 0:
            seen_before = seen_before if full and seen_before is not None else check_views(step.before)
            seen_after = check_views(state)
            check_events_reveal_nothing_hidden(seen_before, seen_after, step.events)
            check_json_round_trip(state)
            seen_before = seen_after
    assert state is not None and state["phase"] == "over"
    assert battles_seen == [7, 7, 7, 0]
    check_views(state)
    check_json_round_trip(state)
    coverage.update(f"layout:{layout_id}" for layout_id in state["formations"])
    coverage[f"reason:{ENGINE.outcome(state).reason}"] += 1


def test_random_self_play_2000_matches_keeps_every_invariant():
    coverage: Counter = Counter()
    started = time.perf_counter()
    for seed in range(MATCHES):
        play_checked(seed, full=seed < FULLY_CHECKED, coverage=coverage)
    elapsed = time.perf_counter() - started
    print(f"\nformation self-play: {MATCHES} matches in {elapsed:.1f}s")
    # The random players reached every corner of the rules.
    for key in ("undo", "advance", "wild_pick", "draw", "won_zero", "reinforcement", "reason:score",
                "reason:tiebreak"):
        assert coverage[key] > 0, key
    assert coverage["place"] > 0
    # Round-3 layouts are recorded at the end; every one of them was played.
    played = {key.removeprefix("layout:") for key in coverage if key.startswith("layout:")}
    assert {layout_id for layout_id in catalogue().layouts if layout_id.endswith(("3a", "3b"))} <= played

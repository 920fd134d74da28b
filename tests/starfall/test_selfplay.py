"""Random self-play fuzz with invariants after every decision."""

from __future__ import annotations

import json
import multiprocessing
import random
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

from bot.engine import OPTION_ID_RE, random_choice
from cogs.starfall import board
from cogs.starfall import engine as rules
from cogs.starfall.effects import STAR_DEATH
from cogs.starfall.policy import selfplay_options

MATCHES = 2000
WORKERS = 2  # the machines running the suite have two cores


def _cards_of(state: dict, seat: int) -> list[str]:
    """Every card of one seat, wherever it lies (deck, drawn, field, grave), sorted."""
    player = state["players"][seat]
    where = player["deck"] + player["drawn"] + player["grave"]
    where += [rec["id"] for rec in player["field"].values() if rec is not None]
    return sorted(where)


def _views_ignore_the_deck_order(state: dict, rng: random.Random) -> None:
    """Every view is the same whatever order the decks are in: the order is never shown."""
    views = [rules.view(state, seat) for seat in (0, 1, None)]
    shuffled = json.loads(json.dumps(state))
    for player in shuffled["players"]:
        rng.shuffle(player["deck"])
        player["deck"].reverse()
    assert [rules.view(shuffled, seat) for seat in (0, 1, None)] == views
    for shown in views:
        assert all(p["deck_count"] == len(q["deck"]) for p, q in zip(shown["players"], state["players"], strict=True))
        assert "deck" not in json.dumps(shown["players"]).replace('"deck_count"', "")


def _check(state: dict, decks: list[list[str]]) -> None:
    assert json.loads(json.dumps(state)) == state
    for seat in (0, 1):
        assert _cards_of(state, seat) == decks[seat]
        player = state["players"][seat]
        records = [rec for rec in player["field"].values() if rec is not None]
        assert len(records) <= board.FIELD_LIMIT
        assert all(0 <= rec["star"] < STAR_DEATH for rec in records)
        assert all(rec["status"] in (None, "sick", "lock") for rec in records)
        assert sum(rec["acted"] for rec in records) <= player["chips"] <= rules.TURNS_PER_ROUND
        assert len(player["grave"]) < rules.GRAVE_LOSS or state["result"] is not None
        if state["result"] is None and state["step"]["prompt"] in ("act", "place"):
            assert not any(rec["dmg"] >= rules.catalogue.hp(rec["id"]) for rec in records)
    if state["result"] is None:
        (decision,) = rules.pending(state)
        assert decision.options and all(OPTION_ID_RE.match(o) for o in decision.options)
        turn = state["turn_index"]
        chips = [p["chips"] for p in state["players"]]
        if state["phase"] != "setup":
            assert chips[state["first"]] == (turn + 1) // 2 and chips[1 - state["first"]] == turn // 2
    else:
        assert rules.pending(state) == [] and rules.outcome(state) is not None


def _play_random_matches(matches: range) -> dict[str, int]:
    reasons: Counter = Counter()
    for match in matches:
        rng = random.Random(match)
        options = selfplay_options(match, rng) if match % 3 else {}
        if match % 5 == 0:
            options["beginner"] = "on"
        state = rules.new_game(match, options)
        decks = [_cards_of(state, seat) for seat in (0, 1)]
        _check(state, decks)
        steps = 0
        while rules.outcome(state) is None:
            (decision,) = rules.pending(state)
            state, _ = rules.apply(state, decision.seat, random_choice(decision, rng))
            steps += 1
            _check(state, decks)
            if steps % 25 == 0 or match < 10:
                _views_ignore_the_deck_order(state, rng)
        _views_ignore_the_deck_order(state, rng)
        reasons[state["result"]["reason"]] += 1
    return dict(reasons)


def test_random_self_play_keeps_every_invariant() -> None:
    chunks = [range(start, MATCHES, WORKERS) for start in range(WORKERS)]
    with ProcessPoolExecutor(max_workers=WORKERS, mp_context=multiprocessing.get_context("fork")) as pool:
        results = list(pool.map(_play_random_matches, chunks))
    reasons: Counter = Counter()
    for part in results:
        reasons.update(part)
    assert sum(reasons.values()) == MATCHES
    # Random players still finish nearly every match by the book's win conditions.
    assert reasons["round_limit"] < MATCHES * 0.1, reasons

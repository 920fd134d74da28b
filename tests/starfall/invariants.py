"""Starfall's invariants and its hooks for the contract suite (tests/contract): 2,000 random matches, with
every card of each seat accounted for and the chips, fields and graves checked after every decision."""

from __future__ import annotations

import json
import random
from collections import Counter

from bot.engine import OPTION_ID_RE
from cogs.starfall import board
from cogs.starfall import engine as rules
from cogs.starfall.effects import STAR_DEATH
from cogs.starfall.policy import selfplay_options
from tests.contract.games import GameHooks, pick_the_only
from tests.starfall.golden_playthrough import GOLDEN

MATCHES = 2000
WORKERS = 2  # the machines running the suite have two cores


def _cards_of(state: dict, seat: int) -> list[str]:
    """Every card of one seat, wherever it lies (deck, drawn, field, grave), sorted."""
    player = state["players"][seat]
    where = player["deck"] + player["drawn"] + player["grave"]
    where += [rec["id"] for rec in player["field"].values() if rec is not None]
    return sorted(where)


def _shuffled_decks(state: dict, viewer: int | None, rng: random.Random) -> dict:
    """The same position with both decks in another order: no view may change (the contract suite)."""
    shuffled = json.loads(json.dumps(state))
    for player in shuffled["players"]:
        rng.shuffle(player["deck"])
        player["deck"].reverse()
    return shuffled


def _views_show_no_deck(state: dict) -> None:
    """Views show each deck's count, never its cards."""
    for shown in (rules.view(state, seat) for seat in (0, 1, None)):
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


def _start(match: int) -> tuple[int, dict[str, str], random.Random]:
    rng = random.Random(match)
    options = selfplay_options(match, rng) if match % 3 else {}
    if match % 5 == 0:
        options["beginner"] = "on"
    return match, options, rng


def _check_start(state: dict, scratch: dict) -> None:
    scratch["decks"] = [_cards_of(state, seat) for seat in (0, 1)]
    _check(state, scratch["decks"])


def _check_tally(reasons: Counter) -> None:
    # Random players still finish nearly every match by the book's win conditions.
    assert reasons["round_limit"] < MATCHES * 0.1, reasons


def starfall_hooks() -> GameHooks:
    return GameHooks(
        matches=MATCHES, workers=WORKERS, start=_start, choose=pick_the_only, fully_checked=lambda match: match < 10,
        sample_every=25, check_start=_check_start, check_step=lambda step, scratch: _check(step.after, scratch["decks"]),
        check_deep=lambda step, scratch: _views_show_no_deck(step.after),
        check_end=lambda state, scratch: _views_show_no_deck(state),
        check_match=lambda state, scratch: Counter({state["result"]["reason"]: 1}), check_tally=_check_tally,
        hide=_shuffled_decks, golden=GOLDEN)

"""Formation's invariants, checked after every decision by the contract suite's random play (its hooks
at the end) and the leak tests.

Cheap ones (cards conserved, decisions well formed, locale keys exist) run on every decision of every
match; expensive ones (three views scanned for hidden cards, public events checked against what is
public, JSON round trip) run on every decision of a subset of matches.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterable
from typing import Any

from bot.engine import OPTION_ID_RE, Decision, Event, State
from bot.i18n import catalogue as locale_catalogue
from cogs.formation.data import DECK, catalogue, layout
from cogs.formation.engine import ENGINE, LINES, OVER
from tests.contract.games import GameHooks, Step

CARD_RE = re.compile(r"^[rb](?:[0-9]|12)$")
ALL_CARD_IDS = {f"{owner}:{card}" for owner in (0, 1) for card in DECK}
CARD_IN_JSON_RE = re.compile(r'"([rb](?:12|[0-9]))"')
PRIVATE_EVENTS = {"drew", "formation_chosen", "placed", "took_back", "kept", "advance_chosen"}
LOCALE_KEYS = {locale: set(locale_catalogue(locale)) for locale in ("en", "ja")}


def located_cards(state: State) -> list[str]:
    """``owner:card`` for every card wherever it is: deck, hand, board, captured or scored piles."""
    found: list[str] = []
    for seat in (0, 1):
        prefix = f"{seat}:"
        found += [prefix + card for card in state["decks"][seat]]
        found += [prefix + card for card in state["hands"][seat]]
        for square in state["boards"][seat]:
            found += [prefix + card for card in square]
        for pile in (state["captured"][seat], state["scored"][seat]):
            found += [f"{owner}:{card}" for owner, card in pile]
    return found


def check_cards_conserved(state: State) -> None:
    found = located_cards(state)
    assert len(found) == 44 and set(found) == ALL_CARD_IDS, f"cards not conserved: {sorted(found)}"


def check_decisions(state: State, decisions: list[Decision]) -> None:
    if state["phase"] == OVER:
        assert decisions == [] and ENGINE.outcome(state) is not None
        return
    assert decisions, "a decision must be pending until the end"
    assert ENGINE.outcome(state) is None
    assert len({d.seat for d in decisions}) == len(decisions)
    if len(decisions) > 1:
        assert all(d.secret for d in decisions), "simultaneous decisions must be secret"
    for d in decisions:
        assert d.prompt in LOCALE_KEYS["en"] and d.prompt in LOCALE_KEYS["ja"], d.prompt
        assert d.options and len(set(d.options)) == len(d.options)
        assert 1 <= d.min <= d.max <= len(d.options)
        for option in d.options:
            assert OPTION_ID_RE.match(option), option


def check_event_keys(events: Iterable[Event]) -> None:
    for event in events:
        assert event.key in LOCALE_KEYS["en"] and event.key in LOCALE_KEYS["ja"], event.key
        assert event.audience is None or len(event.audience) == 1
        short = event.key.removeprefix("formation.event.")
        assert (event.audience is not None) == (short in PRIVATE_EVENTS), event.key


def card_strings(node: Any) -> Counter:
    """Every card id anywhere in a JSON-like structure (scanned in its JSON text: fast, and exhaustive)."""
    return Counter(CARD_IN_JSON_RE.findall(json.dumps(node)))


def face_up_by_the_book(state: State, square_index: int, is_reveal_square: bool) -> bool:
    """Written out again here (not imported from the engine) so a leak in the engine cannot hide itself."""
    if square_index >= 6:
        return False  # reinforcements stay face down until they move up
    if state["phase"] == LINES:
        return is_reveal_square  # front and back rows are face down until both players finish
    return True


def allowed_cards(state: State, viewer: int | None) -> Counter:
    """What ``viewer`` may see, computed from the state independently of ``view``."""
    allowed: Counter = Counter()
    for seat in (0, 1):
        if state["formations"][seat] is None:
            continue
        chosen = layout(state["formations"][seat])
        for index, square in enumerate(state["boards"][seat]):
            visible = viewer == seat or face_up_by_the_book(state, index, chosen.squares[index].reveal)
            for card in square:
                if visible:
                    allowed[card] += 1
    if viewer is not None:
        for card in state["hands"][viewer]:
            allowed[card] += 1
    for pick in ([state["attack"]] if state["attack"] else []):
        allowed[pick["card"]] += 1
    if state["last_battle"]:
        allowed[state["last_battle"]["attack"]["card"]] += 1
        allowed[state["last_battle"]["defence"]["card"]] += 1
    return allowed


def check_view(state: State, viewer: int | None) -> Counter:
    """Checks one seat's (or the spectator's) view; returns the cards it shows."""
    view = ENGINE.view(state, viewer)
    shown = card_strings(view)
    leaked = shown - allowed_cards(state, viewer)
    assert not leaked, f"view for {viewer} leaks {dict(leaked)}"
    for seat, info in enumerate(view["seats"]):
        assert "captured" not in info and "scored" not in info and "deck" not in info
        if seat != viewer:
            assert info["hand"] is None and info["formation_choices"] is None
            if state["phase"] == "formation":
                assert info["formation"] is None and info["board"] is None
        for entry in info["board"] or []:
            for card in entry["cards"]:
                if not card["face_up"] and seat != viewer:
                    assert card["card"] is None
                if state["phase"] == LINES and not entry["reveal"] and seat != viewer:
                    assert card["card"] is None
    return shown


def check_views(state: State) -> dict[int | None, set[str]]:
    return {viewer: set(check_view(state, viewer)) for viewer in (None, 0, 1)}


def check_events_reveal_nothing_hidden(seen_before: dict[int | None, set[str]],
                                      seen_after: dict[int | None, set[str]], events: Iterable[Event]) -> None:
    """Public events name only cards that are public before or after; private ones only the reader's.

    ``seen_*`` are the cards each viewer's view shows (from :func:`check_views`).
    """
    public = seen_before[None] | seen_after[None]
    for event in events:
        named = set(card_strings(dict(event.args)))
        if event.audience is None:
            assert named <= public, f"{event.key} names hidden {named - public}"
        else:
            (reader,) = event.audience
            known = seen_before[reader] | seen_after[reader]
            assert named <= known, f"{event.key} names {named - known} unknown to its reader"


def check_json_round_trip(state: State) -> None:
    assert json.loads(json.dumps(state)) == state


def check_round_battles(state_before: State, events: Iterable[Event], battles_seen: list[int]) -> None:
    """Counts resolved battles; when a round is scored it must have had exactly 7."""
    for event in events:
        short = event.key.removeprefix("formation.event.")
        if short in ("won", "won_zero", "battle_draw"):
            battles_seen[-1] += 1
        if short == "round_scored" and event.args["player"] == 1:
            assert battles_seen[-1] == 7, f"round {event.args['round']} had {battles_seen[-1]} battles"
            battles_seen.append(0)


def check_boards_empty_between_rounds(state: State) -> None:
    if state["phase"] in ("formation", OVER):
        assert all(not square for board in state["boards"] for square in board)


# ---------------------------------------------------------------- the contract suite's hooks

MATCHES = 2000
FULLY_CHECKED = 300  # every decision of these matches also gets the expensive checks
SAMPLE_EVERY = 25  # the other matches get them on every 25th decision and at the end


def _check_step(step: Step, scratch: dict[str, Any]) -> None:
    state = step.after
    check_cards_conserved(state)
    check_decisions(state, ENGINE.pending(state))
    check_event_keys(step.events)
    check_round_battles(step.before, step.events, scratch.setdefault("battles_seen", [0]))
    check_boards_empty_between_rounds(state)
    coverage = scratch.setdefault("coverage", Counter())
    verb = "undo" if step.choice[0] == "place:undo" else step.choice[0].split(":")[0]
    coverage[verb] += 1
    coverage.update(event.key.removeprefix("formation.event.") for event in step.events)
    if step.choice[0].startswith(("attack", "defend")) and step.choice[0].count(":") == 3:
        coverage["wild_pick"] += 1


def _check_deep(step: Step, scratch: dict[str, Any]) -> None:
    # A fully checked match reuses the views of the decision before (its ``after`` is this ``before``).
    seen_before = scratch.get("seen") if scratch["full"] and scratch.get("seen") is not None else None
    seen_before = seen_before or check_views(step.before)
    seen_after = check_views(step.after)
    check_events_reveal_nothing_hidden(seen_before, seen_after, step.events)
    check_json_round_trip(step.after)
    scratch["seen"] = seen_after


def _check_end(state: State, scratch: dict[str, Any]) -> None:
    assert state["phase"] == "over"
    assert scratch["battles_seen"] == [7, 7, 7, 0]
    check_views(state)
    check_json_round_trip(state)


def _tally(state: State, scratch: dict[str, Any]) -> Counter:
    coverage = scratch["coverage"]
    coverage.update(f"layout:{layout_id}" for layout_id in state["formations"])
    coverage[f"reason:{ENGINE.outcome(state).reason}"] += 1
    return coverage


def _check_tally(coverage: Counter) -> None:
    # The random players reached every corner of the rules.
    for key in ("undo", "advance", "wild_pick", "battle_draw", "won_zero", "reinforcement", "reason:score",
                "reason:tiebreak"):
        assert coverage[key] > 0, key
    assert coverage["place"] > 0
    # Round-3 layouts are recorded at the end; every one of them was played.
    played = {key.removeprefix("layout:") for key in coverage if key.startswith("layout:")}
    assert {layout_id for layout_id in catalogue().layouts if layout_id.endswith(("3a", "3b"))} <= played


def formation_hooks() -> GameHooks:
    from tests.formation.make_golden import GOLDEN

    return GameHooks(matches=MATCHES, fully_checked=lambda match: match < FULLY_CHECKED, sample_every=SAMPLE_EVERY,
                     check_step=_check_step, check_deep=_check_deep, check_end=_check_end, check_match=_tally,
                     check_tally=_check_tally, golden=GOLDEN)

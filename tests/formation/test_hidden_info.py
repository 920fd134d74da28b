"""Hidden information never reaches the wrong reader: views, public events, images' inputs."""

from __future__ import annotations

from cogs.formation.engine import ENGINE
from tests.formation.helpers import random_steps, start_battles
from tests.formation.invariants import card_strings, check_events_reveal_nothing_hidden, check_views


def test_no_hidden_info_in_public_views_and_events():
    for seed in range(40):
        seen_before = None
        for step in random_steps(1000 + seed):
            seen_before = seen_before or check_views(step.before)
            seen_after = check_views(step.after)
            check_events_reveal_nothing_hidden(seen_before, seen_after, step.events)
            seen_before = seen_after


def test_opponent_view_shows_no_hand_face_down_or_captured_card():
    state, _ = start_battles(7)
    opponent = ENGINE.view(state, 1)["seats"][0]
    assert opponent["hand"] is None and opponent["hand_count"] == 1
    reserve_cards = [card for entry in opponent["board"][6:] for card in entry["cards"]]
    assert reserve_cards and all(card == {"card": None, "face_up": False} for card in reserve_cards)
    hidden = set(state["hands"][0]) | {card for square in state["boards"][0][6:] for card in square}
    public_or_own = card_strings(ENGINE.view(state, 1))
    visible_to_1 = {card for square in state["boards"][0][:6] for card in square}
    visible_to_1 |= set(state["hands"][1]) | {card for board in state["boards"][1] for card in board}
    assert set(public_or_own) <= visible_to_1
    assert not (hidden - visible_to_1) & set(public_or_own)


def test_reveal_all_shows_every_card():
    state, _ = start_battles(7)
    revealed = ENGINE.reveal_all(state)
    shown = card_strings(revealed)
    assert sum(shown.values()) == 44
    for seat in (0, 1):
        info = revealed["seats"][seat]
        assert info["hand"] == state["hands"][seat]
        assert info["deck"] == state["decks"][seat]
        assert all(card["card"] is not None for entry in info["board"] for card in entry["cards"])

"""What a seat has seen of its opponent's hidden hand (cogs/afterlife/zones.py: ``state["seen"]``): the copy an
override returns, the public zone back in the hand at the end of the turn, a bounced or searched card. Kept
while true (copies counted), forgotten when a copy leaves in the open, shown to that seat alone, and held
by the bot's worlds for that seat."""

from __future__ import annotations

import json
import random
from collections import Counter

from cogs.afterlife import policy
from cogs.afterlife.describe import describe
from cogs.afterlife.determinize import determinize
from cogs.afterlife.engine import ENGINE


def _play_until(seed: int, wanted: str) -> tuple[dict, object]:
    """A greedy match of seed ``seed`` up to the first event ``afterlife.event.<wanted>``."""
    rng = random.Random(seed)
    state = ENGINE.new_game(seed, policy.selfplay_options(seed % 6, rng))
    while ENGINE.outcome(state) is None:
        decision = ENGINE.pending(state)[0]
        state, events = ENGINE.apply(state, decision.seat, policy.greedy(state, decision, rng))
        for event in events:
            if event.key == f"afterlife.event.{wanted}":
                return state, event
    raise AssertionError(f"no {wanted} in match {seed}")


def _override() -> tuple[dict, object]:
    for seed in range(40):
        try:
            return _play_until(seed, "override")
        except AssertionError:
            continue
    raise AssertionError("no override in 40 matches")


def test_the_copy_an_override_returns_is_known_to_the_opponent_and_the_shown_card_after_the_turn():
    state, override = _override()
    owner, pair, shown = override.args["seat"], override.args["card"], override.args["shown"]
    assert override.audience is None  # both copies and the other card were shown to everyone
    assert pair in state["seen"][owner] and pair in state["players"][owner]["hand"]
    assert shown in state["players"][owner]["public"] and shown not in state["seen"][owner]
    opponent = 1 - owner
    assert ENGINE.view(state, opponent)["seen_in_opponent_hand"] == state["seen"][owner]
    # At the end of the turn the public zone goes back into the hidden hand: still known.
    rng = random.Random(0)
    while state["active"] == owner and ENGINE.outcome(state) is None:
        decision = ENGINE.pending(state)[0]
        state, _ = ENGINE.apply(state, decision.seat, policy.greedy(state, decision, rng))
    if ENGINE.outcome(state) is None:
        assert not state["players"][owner]["public"]
        hidden, known = Counter(state["players"][owner]["hand"]), Counter(state["seen"][owner])
        assert not known - hidden
        assert shown in known or shown not in hidden  # kept unless it left the hand in the open since


def test_no_other_view_names_the_seen_cards():
    state, override = _override()
    owner = override.args["seat"]
    assert "seen_in_opponent_hand" not in ENGINE.view(state, None)
    public = ENGINE.view(state, None)
    assert public["players"][owner].get("hand") is None
    # The owner's own view names only what it has read of the other hand, never its own seen cards.
    assert ENGINE.view(state, owner).get("seen_in_opponent_hand", []) == state["seen"][1 - owner]
    assert "seen_in_opponent_hand" not in json.dumps(public)


def test_the_bots_worlds_hold_what_their_seat_has_seen():
    state, override = _override()
    owner = override.args["seat"]
    known = Counter(state["seen"][owner])
    assert known
    for draw in range(30):
        world = determinize(state, 1 - owner, random.Random(draw))
        assert not known - Counter(world["players"][owner]["hand"])
        assert len(world["players"][owner]["hand"]) == len(state["players"][owner]["hand"])


def test_the_seat_panel_words_list_what_it_saw_but_not_the_final_hands():
    state, override = _override()
    view = ENGINE.view(state, 1 - override.args["seat"])
    assert "Seen in Player" in describe(view, "en")
    assert "の手札で見たカード：" in describe(view, "ja")
    assert "Seen in" not in describe({**view, "shown_to_all": True}, "en")
    from cogs.afterlife.render import render_hand

    without = {key: value for key, value in view.items() if key != "seen_in_opponent_hand"}
    assert render_hand(view, "en") != render_hand(without, "en")  # the seat's own picture has the row
    assert render_hand({**view, "shown_to_all": True}, "en") == render_hand({**without, "shown_to_all": True}, "en")


def test_every_step_of_many_matches_keeps_the_record_true():
    # The record only ever names hidden hand cards that are there, copies counted, whatever the play.
    known_somewhere = 0
    for seed in range(40):
        rng = random.Random(seed)
        state = ENGINE.new_game(seed, policy.selfplay_options(seed % 6, rng))
        while ENGINE.outcome(state) is None:
            decision = ENGINE.pending(state)[0]
            choice = policy.greedy(state, decision, rng)
            if rng.random() < 0.3 and decision.options:  # some random-legal play too
                choice = (rng.choice(decision.options),) if decision.min <= 1 <= decision.max else choice
            state, _ = ENGINE.apply(state, decision.seat, choice)
            for owner in (0, 1):
                known = Counter(state.get("seen", [[], []])[owner])
                assert not known - Counter(state["players"][owner]["hand"])
                known_somewhere += bool(known)
    assert known_somewhere


def test_the_seats_web_page_lists_them_and_a_spectators_does_not():
    from cogs.afterlife.text import card_name
    from cogs.afterlife.web import web_board

    state, override = _override()
    owner = override.args["seat"]
    pair = card_name(override.args["card"], "en")
    page = web_board(ENGINE.view(state, 1 - owner), "en")
    assert "Seen in their hand" in page and page.count(pair) >= 1
    assert "Seen in their hand" not in web_board(ENGINE.view(state, None), "en")


def test_a_world_with_seen_cards_depends_only_on_what_the_seat_may_see():
    from tests.platform.determinize_checks import dump

    state, override = _override()
    seat = 1 - override.args["seat"]
    for draw in range(5):
        elsewhere = determinize(state, seat, random.Random(f"other:{draw}"))
        assert dump(determinize(elsewhere, seat, random.Random(draw))) == dump(determinize(state, seat, random.Random(draw)))

"""What Afterlife's views carry beyond the board: the public event log and the seat's own bundle pick."""

from __future__ import annotations

import json
import random

from bot.engine import random_choice
from cogs.afterlife import engine as rules
from cogs.afterlife import policy, render_table
from cogs.afterlife import render as board_picture
from tests.afterlife.helpers import board, play


def entry(event) -> dict:
    return {"key": event.key, "args": json.loads(json.dumps(dict(event.args)))}


def test_the_view_log_holds_the_last_twelve_public_events_for_every_viewer() -> None:
    for seed in range(6):
        rng = random.Random(seed)
        state = rules.new_game(seed, policy.selfplay_options(seed, rng))
        assert rules.view(state, None)["log"] == []
        public: list[dict] = []
        moves = 0
        while rules.outcome(state) is None and moves < 300:
            decision = rules.pending(state)[0]
            choice = policy.greedy(state, decision, rng) if seed % 2 else random_choice(decision, rng)
            state, events = rules.apply(state, decision.seat, choice)
            public += [entry(e) for e in events if e.audience is None]
            moves += 1
            spectator = rules.view(state, None)["log"]
            assert spectator == public[-rules.LOG_LENGTH:]
            # The players' views carry the same public log: no private line for anyone.
            assert rules.view(state, 0)["log"] == spectator == rules.view(state, 1)["log"]
        assert len(public) > rules.LOG_LENGTH


def test_the_spectator_log_never_holds_a_private_event() -> None:
    for seed in range(10):
        rng = random.Random(100 + seed)
        state = rules.new_game(seed, policy.selfplay_options(seed, rng))
        private: list[dict] = []
        moves = 0
        while rules.outcome(state) is None and moves < 300:
            decision = rules.pending(state)[0]
            state, events = rules.apply(state, decision.seat, random_choice(decision, rng))
            private += [entry(e) for e in events if e.audience is not None]
            moves += 1
            for line in rules.view(state, None)["log"]:
                assert line not in private
                assert line["key"] != "afterlife.event.drew"  # "you drew ..." names hidden cards
        assert private  # the control: private events happened and stayed out


def test_the_board_picture_draws_the_view_log() -> None:
    state = board(hands=(["R09"], []), fields=(["R06"], ["N02"]))
    state, _ = play(state, "attack:c1", "noblock")
    view = rules.view(state, None)
    assert view["log"] and view["log"][-1]["key"] == "afterlife.event.life_damage"
    lines = render_table.log_parts(view, "en")
    assert any("attacks with" in line for line in lines)
    assert board_picture.render_board(view, "en") != board_picture.render_board({**view, "log": []}, "en")


def test_the_picked_bundle_number_is_in_the_pickers_own_view_only() -> None:
    state = rules.new_game(3, {})
    assert rules.view(state, 1)["players"][1]["pick"] is None
    picked, _ = rules.apply(state, 1, ("bundle:3",))
    assert rules.view(picked, 1)["players"][1]["pick"] == 3
    for viewer in (0, None):  # the opponent and the spectators see only that a pick was made
        seen = rules.view(picked, viewer)["players"][1]
        assert seen["picked"] and "pick" not in seen
    # The picker's picture says which bundle it picked; the number is not in anyone else's picture.
    own = rules.view(picked, 1)
    assert board_picture.render_hand(own, "en") != board_picture.render_hand({**own, "players": [
        own["players"][0], {**own["players"][1], "pick": 2}]}, "en")
    done, _ = rules.apply(picked, 0, ("bundle:1",))
    assert rules.view(done, 0)["players"][0]["pick"] == 1 and "pick" not in rules.view(done, 1)["players"][0]

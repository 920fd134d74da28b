"""What a seat has seen of its opponent's hidden hand (cogs/wars/board.py: ``state["seen"]``): kept while it is
true, forgotten only in the open, shown to that seat alone, and held by the bot's worlds for that seat."""

from __future__ import annotations

import io
import json
import random

from PIL import Image

from cogs.wars import policy
from cogs.wars.describe import describe
from cogs.wars.determinize import determinize
from cogs.wars.engine import ENGINE
from cogs.wars.render import render_hand
from tests.wars.helpers import decision, play, setup_game

DECK = ["041", "042", "043", "044", "035", "030", "019", "015", "010", "008"]


def _exposed():
    """Player 1 casts 暴露 (A06): four random cards of Player 2's five are shown to Player 1 alone."""
    state = setup_game(level="apprentice", magic=[["A06"], ["A02"]], fields=[["029"], ["017"]],
                       hands=[["011"], ["003", "007", "021", "036", "009"]], deck=DECK)
    state, events = play(state, [(0, "magic:A06"), (0, "flip:1")])
    shown = next(e for e in events if e.key == "wars.event.revealed_hand")
    return state, shown


def _bounced():
    """Player 1's 迷い森 (A10) returns Player 2's 017 to its hand, in the open; then Player 2's turn comes."""
    state = setup_game(level="apprentice", magic=[["A10"], []], fields=[["024", "029"], ["017", "040"]],
                       hands=[[], ["003", "007"]], territories=[[], ["012", "013", "014", "016", "018", "020"]],
                       deck=DECK)
    state, _ = play(state, [(0, "magic:A10"), (0, "target:017")])
    while decision(state).seat == 0:
        state, _ = ENGINE.apply(state, 0, ("pass",))
    return state


def test_the_cards_exposure_shows_are_remembered_for_the_caster_alone():
    state, shown = _exposed()
    assert shown.audience == (0,) and len(shown.args["cards"]) == 4
    assert state["seen"][1]["hand"] == shown.args["cards"]
    mine = ENGINE.view(state, 0)["seen_in_opponent_hand"]
    assert mine == {"hand": shown.args["cards"], "hand_or_territory": []}
    # Neither a spectator's view nor Player 2's own names them (Player 2 knows its hand, and saw nothing of 1's).
    assert "seen_in_opponent_hand" not in ENGINE.view(state, 1)
    public = json.dumps(ENGINE.view(state, None))
    hidden = [card for card in shown.args["cards"] if card not in ENGINE.view(state, None)["discard"]]
    assert hidden and not any(f'"{card}"' in public for card in hidden)


def test_a_unit_returned_to_the_hand_in_the_open_is_known_to_both():
    state = _bounced()
    assert "017" in state["hands"][1] and state["seen"][1]["hand"] == ["017"]
    assert ENGINE.view(state, 0)["seen_in_opponent_hand"]["hand"] == ["017"]


def test_playing_a_seen_card_in_the_open_forgets_it_but_an_expansion_only_blurs_it():
    state = _bounced()
    assert decision(state).seat == 1
    deployed, _ = play(state, [(1, "deploy:017")])
    assert deployed["seen"][1] == {"hand": [], "hand_or_territory": []}
    # A territory is set face down: Player 1 cannot tell which card went, so 017 may be in either place,
    # whether Player 2 expanded with 017 itself or with another card.
    with_it, _ = play(state, [(1, "expand:017")])
    with_other, _ = play(state, [(1, "expand:003")])
    for after in (with_it, with_other):
        assert after["seen"][1] == {"hand": [], "hand_or_territory": ["017"]}
    assert ENGINE.view(with_it, 0) == ENGINE.view(with_other, 0)


def test_the_bots_worlds_hold_what_their_seat_has_seen():
    state, shown = _exposed()
    for draw in range(30):
        world = determinize(state, 0, random.Random(draw))
        assert set(shown.args["cards"]) <= set(world["hands"][1])
    # After an expansion a seen card is dealt to the hand or a territory, both in some worlds: the bot learns
    # nothing from which card the opponent really set.
    state = _bounced()
    for expanded in ("017", "003"):
        after, _ = play(state, [(1, "expand:" + expanded)])
        while decision(after).seat == 1:
            after, _ = ENGINE.apply(after, 1, ("pass",))
        places = set()
        for draw in range(40):
            world = determinize(after, 0, random.Random(draw))
            places.add("hand" if "017" in world["hands"][1] else "territory" if "017" in world["territories"][1]
                       else "elsewhere")
        assert places == {"hand", "territory"}


def test_the_seat_panel_lists_what_it_saw_and_the_final_hands_do_not():
    state, shown = _exposed()
    view = ENGINE.view(state, 0)
    words = describe(view, "en")
    assert "Seen in Player 2's hand:" in words
    assert "プレイヤー2の手札で見たカード：" in describe(view, "ja")
    without = {key: value for key, value in view.items() if key != "seen_in_opponent_hand"}
    taller = Image.open(io.BytesIO(render_hand(view, "en")))
    plain = Image.open(io.BytesIO(render_hand(without, "en")))
    assert taller.width == plain.width and taller.height > plain.height  # one more section of tiles
    final = {**view, "shown_to_all": True}
    assert "Seen in" not in describe(final, "en")
    # The thread's final hands (everything revealed) show the hand, not this seat's memory of the other one.
    assert render_hand(final, "en") == render_hand({**without, "shown_to_all": True}, "en")


def test_every_step_of_many_matches_keeps_the_record_true():
    # The record only ever names cards where it says they are, whatever the play (random and greedy mixed).
    seen_somewhere = 0
    for seed in range(40):
        state = ENGINE.new_game(seed, {"level": "overlord" if seed % 2 else "wizard"})
        rng = random.Random(seed)
        while state["result"] is None:
            pending = ENGINE.pending(state)[0]
            state, _ = ENGINE.apply(state, pending.seat, policy.greedy(state, pending, rng))
            for owner in (0, 1):
                known = state.get("seen", [{"hand": [], "hand_or_territory": []}] * 2)[owner]
                assert set(known["hand"]) <= set(state["hands"][owner])
                assert set(known["hand_or_territory"]) <= set(state["hands"][owner]) | set(state["territories"][owner])
                seen_somewhere += bool(known["hand"] or known["hand_or_territory"])
    assert seen_somewhere


def test_the_seats_web_page_lists_them_and_a_spectators_does_not():
    from cogs.wars.text import card_name
    from cogs.wars.web import web_board

    state, shown = _exposed()
    page = web_board(ENGINE.view(state, 0), "en")
    assert "Seen in Player 2&#39;s hand (4)" in page  # the page escapes the apostrophe
    spectator = web_board(ENGINE.view(state, None), "en")
    assert "Seen in" not in spectator
    for card in shown.args["cards"]:
        assert card_name(card, "en").split(" (")[0] in page


def test_a_world_with_seen_cards_depends_only_on_what_the_seat_may_see():
    # Another deal of the hidden cards, the same seen ones: determinized again with the same rng, the same world.
    from tests.platform.determinize_checks import dump

    state, _ = _exposed()
    bounced, _ = play(_bounced(), [(1, "expand:003")])
    for position in (state, bounced):
        for draw in range(5):
            elsewhere = determinize(position, 0, random.Random(f"other:{draw}"))
            assert dump(determinize(elsewhere, 0, random.Random(draw))) == dump(determinize(position, 0, random.Random(draw)))

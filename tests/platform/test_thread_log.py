"""The thread's log lines from stored decisions (bot/ui/thread.py): folding, privacy, old events."""

from __future__ import annotations

from bot.engine import Decision, thread_key
from bot.games import get_game
from bot.match import RESIGN
from bot.ui.panel import Names
from bot.ui.thread import folded, public_lines

NAMES = Names(("Alice", "Bob"))


def test_private_events_and_platform_moves_say_nothing_and_old_events_are_skipped():
    game = get_game("tiny")
    rows = [
        (1, 0, ["pick:5"], [["tiny.event.picked_private", {"card": 5}, [0]]]),
        (2, 1, ["pick:1"], [["tiny.event.trick", {"a": 5, "b": 1}, None]]),
        (3, 0, ["call:heads"], [["tiny.event.call", {"oldname": 0}, None]]),  # written by an older engine
        (4, 0, [RESIGN], []),
    ]
    assert public_lines(game, rows, "en", NAMES) == ["Trick: 5 against 1"]


def test_repeated_lines_fold_into_one_with_a_count():
    assert folded(["a", "b", "a", "a", "c"]) == ["a ×3", "b", "c"]


def test_repeated_hidden_steps_are_said_once_in_their_own_words():
    """Issue 13: "Alice placed 3 cards face down", not three lines; draws one at a time add up."""
    formation, wars = get_game("formation"), get_game("wars")
    placed = (1, 0, ["place"], [["formation.event.placed_hidden", {"player": 0}, None]])
    taken = (2, 0, ["back"], [["formation.event.took_back_hidden", {"player": 0}, None]])
    lines = public_lines(formation, [placed, placed, taken, placed], "en", NAMES)
    assert folded(lines, "en") == ["Alice placed 3 cards face down.", "Alice took a card back."]
    assert folded(public_lines(formation, [placed, placed], "ja", NAMES), "ja") == ["Aliceがカードを2枚ウラ向きで置きました。"]
    drew = (3, 1, ["draw"], [["wars.event.drew_public", {"seat": 1, "count": 1}, None]])
    drew_two = (4, 1, ["draw"], [["wars.event.drew_public", {"seat": 1, "count": 2}, None]])
    assert folded(public_lines(wars, [drew, drew, drew, drew_two], "en", NAMES)) == [
        "Bob drew 3 cards.", "Bob drew 2 cards."]
    # The live message's log as stored before fold texts (plain strings) folds with the new lines.
    assert folded(["Alice placed a card face down.", *lines[:1]], "en") == ["Alice placed 2 cards face down."]


def test_who_the_thread_says_must_act():
    public = Decision(0, "p", ("x",))
    secret0, secret1 = Decision(0, "p", ("x",), secret=True), Decision(1, "p", ("x",), secret=True)
    assert thread_key([public]) == "0"
    assert thread_key([secret0, secret1]) == "*"  # a simultaneous hidden choice everyone knows about
    assert thread_key([secret1]) is None  # one seat's window: the thread stays still

"""Replay exports of every game: a random match exported, parsed and re-played reaches the same result;
tampered or malformed exports are refused; frames and the animation are phone-sized PNGs."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from bot.decks import deck_option, ready_decks
from bot.engine import Outcome, random_choice
from bot.games import get_game
from bot.replay import Replay, ReplayError, animate, export_text, parse, render_frames, result_line, verify

GAMES = ["formation", "wars", "tetra", "starfall", "afterlife"]


def random_match(game_id: str, seed: int) -> Replay:
    spec = get_game(game_id)
    options = dict(spec.start_options)  # what every new match records (Afterlife: its rules version)
    if spec.deck_rule is not None:
        decks = ready_decks(game_id, spec.deck_rule)
        options |= {"deck0": deck_option(decks[0].cards), "deck1": deck_option(decks[-1].cards)}
    engine = spec.engine
    state = engine.new_game(seed, options)
    rng = random.Random(seed)
    decisions = []
    outcome: Outcome | None = None
    for _ in range(3000):
        outcome = engine.outcome(state)
        if outcome is not None:
            break
        pending = engine.pending(state)
        decision = pending[rng.randrange(len(pending))]
        choice = random_choice(decision, rng)
        state, _events = engine.apply(state, decision.seat, choice)
        decisions.append((decision.seat, list(choice)))
    assert outcome is not None
    return Replay(game=game_id, seed=seed, options=options, players=("Alice", "Bob"), decisions=decisions,
                  result=result_line(outcome.winner, outcome.reason))


@pytest.mark.parametrize("game_id", GAMES)
def test_an_export_of_every_game_replays_to_its_result(game_id):
    replay = random_match(game_id, 21)
    parsed = parse(export_text(replay))
    assert parsed.decisions == replay.decisions and parsed.options == replay.options
    actual, states = verify(parsed)
    assert actual == replay.result and len(states) >= 2
    first, last = render_frames(parsed, [states[0], states[-1]])
    for data in (first, last):
        image = Image.open(io.BytesIO(data))
        assert image.size[0] >= 700  # boards are drawn 720-860 px wide, for phones (issue 13)
    # A different result line is a mismatch.
    with pytest.raises(ReplayError):
        verify(parse(export_text(replay).replace(f"result: {replay.result}", "result: draw (nothing)")))


def test_resign_undo_and_malformed_exports():
    replay = random_match("formation", 4)
    cut = replay.decisions[:6]
    resigned = Replay(game="formation", seed=4, options={}, players=("A", "B"), decisions=cut + [(1, ["!resign"])],
                      result="seat 0 (resign)")
    assert verify(parse(export_text(resigned)))[0] == "seat 0 (resign)"
    seat, choice = cut[-1]
    undone = Replay(game="formation", seed=4, options={}, players=("A", "B"),
                    decisions=cut + [(seat, ["!undo"]), (seat, choice), (1, ["!resign"])], result="seat 0 (resign)")
    assert verify(parse(export_text(undone)))[0] == "seat 0 (resign)"
    text = export_text(resigned)
    for broken, reason in ((text.replace("# Duel Table replay 1", "# something"), "first line"),
                           (text.replace("decisions: 7", "decisions: 9"), "announced"),
                           (text.replace("seed: 4", "seed: x"), "invalid literal"),
                           (text.replace("game: formation", "game: chess"), "unknown game")):
        with pytest.raises(ReplayError, match=reason):
            verify(parse(broken))
    with pytest.raises(ReplayError, match="end before"):
        verify(parse(export_text(Replay(game="formation", seed=4, options={}, players=("A", "B"), decisions=cut))))


def test_the_animation_fits_the_upload_limit_by_dropping_frames():
    noisy = []
    for index in range(12):  # incompressible frames: ~1.8 MB each
        image = Image.frombytes("RGB", (1000, 600), random.Random(index).randbytes(1000 * 600 * 3))
        out = io.BytesIO()
        image.save(out, format="PNG", compress_level=1)
        noisy.append(out.getvalue())
    data = animate(noisy, limit=6_000_000)
    image = Image.open(io.BytesIO(data))
    assert len(data) <= 6_000_000 and 2 <= image.n_frames < 12 and image.size == (1000, 600)

"""Issue 25: the bot player's advice (bot/ai/advice.py). A hint is the bot's own move for the seat, computed
only from that seat's information: every game's hint and its words are identical when what the seat cannot
see is swapped (tests/contract's hooks). A review lists a seat's worst decisions of a finished match, the
same searched whole or a slice at a time, and is stored once per match and seat on both backends."""

from __future__ import annotations

import itertools
import random

import pytest

from bot.ai import advice, search
from bot.ai.search import Budget
from bot.engine import random_choice
from bot.games import get_game
from bot.ui.hints import hint_text
from tests.contract.games import contract_games, determinize_hide, hooks_of

SMALL = Budget(iterations=16, max_ms=60_000.0)  # small and never cut by time: the answer is the budget's
BOT_GAMES = [game for game in contract_games() if search.has_bot_player(game)]


def positions(game_id: str, count: int, seed: int = 3) -> list[tuple[dict, int]]:
    """(state, seat owing a decision) spread over a random match."""
    engine = get_game(game_id).engine
    rng = random.Random(seed)
    state = engine.new_game(seed, {})
    found = []
    for number in range(400):
        if engine.outcome(state) is not None or len(found) >= count:
            break
        pending = engine.pending(state)
        if number % 5 == 2:
            found.append((state, pending[-1].seat))
        decision = rng.choice(pending)
        state, _ = engine.apply(state, decision.seat, random_choice(decision, rng))
    return found


@pytest.mark.parametrize("game_id", BOT_GAMES)
def test_a_hint_is_the_bots_move_and_never_reads_what_its_seat_cannot_see(game_id):
    assert len(BOT_GAMES) == 5
    game = get_game(game_id)
    # Worlds the seat cannot tell from the real one: the game's own determinization, and the contract's own
    # swap where it keeps what the seat knows (Afterlife's also redraws the seat's own deck list, which
    # its owner knows: a different position for the seat, not a hidden swap).
    hides = [determinize_hide(game_id)]
    if hooks_of(game_id).hide is not None and game_id != "afterlife":
        hides.append(hooks_of(game_id).hide)
    rng = random.Random(9)
    for (state, seat), hide in itertools.product(positions(game_id, 3), hides):
        given = advice.hint(game_id, state, seat, "7:3", budget=SMALL)
        swapped_state = hide(state, seat, rng)
        assert game.engine.view(swapped_state, seat) == game.engine.view(state, seat)
        swapped = advice.hint(game_id, swapped_state, seat, "7:3", budget=SMALL)
        assert swapped == given, f"{game_id}: the hint changed with the opponent's hidden cards"
        assert given.best.answer == search.think(game_id, state, seat, "7:3", budget=SMALL)
        for locale in ("en", "ja"):
            assert hint_text(game, swapped, game.engine.view(swapped_state, seat), locale) == \
                hint_text(game, given, game.engine.view(state, seat), locale)
        if not given.forced:
            assert given.best.value is not None and 0.0 <= given.best.value <= 1.0
            assert all(not advice.same_answer(r.answer, given.best.answer, game.engine.pending(state)[0])
                       for r in given.runners_up)


def test_hint_text_names_the_option_and_its_value():
    game = get_game("wars")
    state, seat = positions("wars", 1)[0]
    given = advice.hint("wars", state, seat, "1:1", budget=SMALL)
    view = game.engine.view(state, seat)
    text = hint_text(game, given, view, "en")
    label = ", ".join(game.option_label(option, view, "en") for option in given.best.answer)
    assert f"**{label}**" in text and f"{round(100 * given.best.value)}%" in text
    assert "Duel Table なら" in hint_text(game, given, view, "ja")


def finished_log(game_id: str, seed: int) -> list[tuple[int, list[str]]]:
    engine = get_game(game_id).engine
    rng = random.Random(seed)
    state = engine.new_game(seed, {})
    log = []
    while engine.outcome(state) is None:
        decision = rng.choice(engine.pending(state))
        choice = random_choice(decision, rng)
        log.append((decision.seat, list(choice)))
        state, _ = engine.apply(state, decision.seat, choice)
    return log


def test_a_review_lists_the_seats_largest_drops_and_slices_add_up_to_the_whole():
    log = finished_log("wars", 4)[:30]  # the review replays any log; its first 30 answers keep this quick
    indices = advice.reviewable("wars", 4, {}, log, 0)
    assert indices and all(log[i][0] == 0 for i in indices)
    whole = advice.review("wars", 4, {}, log, 0, budget=SMALL)
    sliced = [m for start in range(0, len(indices), 4)
              for m in advice.review("wars", 4, {}, log, 0, "easy", indices[start:start + 4], budget=SMALL)]
    assert sliced == whole and whole, "random play makes mistakes the bot sees"
    worst = advice.worst(whole)
    assert len(worst) == min(3, len(whole))
    assert [m.drop for m in worst] == sorted((m.drop for m in worst), reverse=True)
    assert worst[0].drop == max(m.drop for m in whole)
    for mistake in whole:
        assert mistake.index in indices and mistake.drop >= advice.MIN_DROP
        assert sorted(mistake.chosen) != sorted(mistake.preferred)
        assert tuple(log[mistake.index][1]) == mistake.chosen
        assert advice.Mistake.from_json(mistake.to_json()) == mistake


def test_replay_steps_drops_an_undone_step_and_stops_at_a_resignation():
    log = finished_log("wars", 4)[:6]
    steps = advice.replay_steps("wars", 4, {}, [*log[:3], (log[2][0], ["!undo"]), *log[2:]])
    assert [step.choice for step in steps] == [tuple(choice) for _seat, choice in log]
    assert [step.index for step in steps] == [0, 1, 4, 5, 6, 7]  # the undone answer (2) is gone
    assert len(advice.replay_steps("wars", 4, {}, [*log[:2], (0, ["!resign"]), *log[2:]])) == 2


async def test_a_review_is_kept_once_per_match_and_seat(store):
    first = [{"index": 3, "before": 0.6, "after": 0.2, "chosen": ["a"], "preferred": ["b"]}]
    assert await store.review_of(1, 0) is None
    assert await store.keep_review(1, 0, first, 1.0) == first
    # A second computation (another process) finds the first one kept and answers with it.
    assert await store.keep_review(1, 0, [], 2.0) == first
    assert await store.review_of(1, 0) == first
    assert await store.review_of(1, 1) is None
    assert await store.keep_review(1, 1, [], 3.0) == []

"""Pictures in words (bot/alttext.py, cogs/<game>/describe.py): every game describes each view it draws, in
English and Japanese, within Discord's 1,024 characters once fitted, and never says more than the view: the
text of the public view and of each seat's view stays the same when what that reader may not see is swapped
(the contract suite's hide hook, else the game's determinize)."""

from __future__ import annotations

import random

import pytest

from bot import alttext, i18n
from bot.games import GAME_IDS, get_game
from bot.render.names import render_with_names
from cogs.formation.text import card_name
from tests.contract.games import determinize_hide, engine_of, hooks_of

NAMES = ("Alice", "Bob")
VIEWERS = (None, 0, 1)
MATCHES = 2
EVERY = 3  # states sampled along each match (and every final one)


def said(game_id: str, view, locale: str) -> str:
    return render_with_names(NAMES, get_game(game_id).describe, view, locale)


def sampled_states(game_id: str):
    engine, hooks = engine_of(game_id), hooks_of(game_id)
    for match in range(MATCHES):
        seed, options, rng = hooks.start(match)
        state = engine.new_game(seed, options)
        number = 0
        while engine.outcome(state) is None:
            if number % EVERY == 0:
                yield state
            pending = engine.pending(state)
            decision, choice = hooks.choose(state, pending, rng)
            state, _ = engine.apply(state, decision.seat, choice)
            number += 1
        yield state


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_game_describes_its_views_and_never_what_they_hide(game_id: str) -> None:
    game, engine = get_game(game_id), engine_of(game_id)
    assert game.describe is not None, f"{game_id} declares no describe on its GameSpec"
    hide = hooks_of(game_id).hide or determinize_hide(game_id)
    rng = random.Random(f"alt:{game_id}")
    longest = 0
    for state in sampled_states(game_id):
        for viewer in VIEWERS:
            swapped = hide(state, viewer, rng)
            for locale in i18n.LOCALES:
                text = said(game_id, engine.view(state, viewer), locale)
                assert text.strip(), f"{game_id}: nothing said of a view"
                assert said(game_id, engine.view(swapped, viewer), locale) == text, (
                    f"{game_id}: the words for viewer {viewer} change with cards that viewer cannot see")
                assert "{" not in text and "Player 1" not in text, text  # every template filled, names used
                longest = max(longest, len(text))
        for locale in i18n.LOCALES:  # the final board (reveal_all) is described as it is drawn
            assert said(game_id, engine.reveal_all(state), locale).strip()
    assert longest <= alttext.ALT_TEXT_LIMIT, f"{game_id}: a description of {longest} characters would be cut"


def test_a_seat_hears_its_own_hand_and_a_spectator_only_counts() -> None:
    engine = engine_of("formation")
    state = next(s for s in sampled_states("formation") if engine.view(s, 0)["seats"][0]["hand"])
    hand = engine.view(state, 0)["seats"][0]["hand"]
    own = said("formation", engine.view(state, 0), "en")
    public = said("formation", engine.view(state, None), "en")
    assert "Your hand" in own and card_name(hand[0], "en") in own.split("Your hand")[1]
    assert "Your hand" not in public and "hand " in public  # counts of hands, never their cards


def test_fitting_keeps_whole_sentences_within_discords_limit() -> None:
    text = " ".join(f"Sentence number {i} says something." for i in range(100))
    fitted = alttext.fit(text)
    assert len(fitted) <= alttext.ALT_TEXT_LIMIT and fitted.endswith(".…")
    assert text.startswith(fitted[:-1])
    assert alttext.fit("短い。") == "短い。"
    japanese = "。".join("あ" * 30 for _ in range(60))
    assert len(alttext.fit(japanese)) <= alttext.ALT_TEXT_LIMIT and alttext.fit(japanese).endswith("。…")

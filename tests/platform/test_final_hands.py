"""Issue 26: the hands posted in the thread when a match ends are titled with their owners ("Alice's hand",
「Aliceの手札」), in the picture and its alt text, in every game; a seat's own hand still says "your"."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from bot import i18n
from bot.engine import random_choice
from bot.games import GAME_IDS, get_game
from bot.render import toolkit
from bot.render.names import SHOWN_TO_ALL, render_with_names
from tests.golden import texts_drawn

NAMES = ("Alice", "Bob")
TITLE = {"en": "{player}'s hand", "ja": "{player}の手札"}
PANEL_TITLE = {"en": "{player}'s panel", "ja": "{player}のパネル"}  # Starfall's private picture is a panel
OWN = {"en": "your", "ja": "あなた"}


def finished(game_id: str, seed: int = 5) -> dict:
    """A whole random match to its end: the state the thread's final hands are drawn from."""
    engine = get_game(game_id).engine
    rng = random.Random(seed)
    state = engine.new_game(seed, {})
    while engine.outcome(state) is None:
        decision = engine.pending(state)[0]
        state, _ = engine.apply(state, decision.seat, random_choice(decision, rng))
    return state


def texts(monkeypatch: pytest.MonkeyPatch, game_id: str, view: dict, locale: str) -> list[str]:
    """Every text drawn whole, and each line of running text (``Canvas.words`` draws it word by word)."""
    render = get_game(game_id).render_hand
    lines: list[str] = []
    original = toolkit.Canvas.words

    def recording_words(self: toolkit.Canvas, xy: Any, text: str, *args: Any, **kwargs: Any) -> None:
        lines.append(text)
        original(self, xy, text, *args, **kwargs)

    monkeypatch.setattr(toolkit.Canvas, "words", recording_words)
    try:
        _, drawn = texts_drawn(monkeypatch, lambda: render_with_names(NAMES, render, view, locale))
    finally:
        monkeypatch.setattr(toolkit.Canvas, "words", original)
    return [text for _, text in drawn] + lines


# The headings a seat's own picture speaks to its owner with ("Your hand (3)", "Alice · your hand", "(you)").
OWN_HEADINGS = ("formation.board.your_hand", "tetra.board.your_hand", "tetra.board.your_row", "wars.board.you",
                "wars.board.your_hand", "wars.board.your_territories", "wars.board.your_magic",
                "afterlife.ui.hand.title", "afterlife.ui.hand.your_field", "afterlife.ui.hand.their_field",
                "starfall.ui.your_panel")


def headings_say_your(drawn: list[str], game_id: str, locale: str) -> list[str]:
    """Drawn texts holding the fixed words of a heading of the game's seat's own picture."""
    strings = i18n.catalogue(locale)
    fixed = [f"({strings[key]})" if key == "wars.board.you" else  # "Alice (you)"
             max(re.split(r"\{[^}]*\}", strings[key]), key=len).strip(" ·・")
             for key in OWN_HEADINGS if key.startswith(game_id + ".")]
    in_a_row = squashed("".join(drawn))  # a heading written word by word (Afterlife's) reads in a row
    return [words for words in fixed if words and (any(words in text for text in drawn) or squashed(words) in in_a_row)]


def squashed(text: str) -> str:
    return re.sub(r"\s+", "", text)


@pytest.mark.parametrize("locale", ["en", "ja"])
@pytest.mark.parametrize("game_id", list(GAME_IDS))
def test_a_hand_shown_to_everyone_is_titled_with_its_owner(monkeypatch: pytest.MonkeyPatch, game_id: str,
                                                           locale: str) -> None:
    game = get_game(game_id)
    state = finished(game_id)
    title = (PANEL_TITLE if game_id == "starfall" else TITLE)[locale]
    for seat in (0, 1):
        own = game.engine.view(state, seat)
        shown = {**own, SHOWN_TO_ALL: True}
        drawn = texts(monkeypatch, game_id, shown, locale)
        # Afterlife writes its title word by word: the words drawn in a row spell it
        assert squashed(title.format(player=NAMES[seat])) in squashed("".join(drawn)), (game_id, seat, drawn[:6])
        assert headings_say_your(drawn, game_id, locale) == [], game_id
        own_drawn = texts(monkeypatch, game_id, own, locale)  # the seat's own picture is as it was
        assert headings_say_your(own_drawn, game_id, locale), game_id
        assert squashed(title.format(player=NAMES[seat])) not in squashed("".join(own_drawn)), game_id
        if game.describe is not None:
            alt = render_with_names(NAMES, game.describe, shown, locale)
            assert OWN[locale] not in alt.casefold().replace("[your", ""), (game_id, alt)

"""The generic /card picture and the /stats rating chart: phone legibility on real cards and ratings."""

from __future__ import annotations

import dataclasses

import pytest

from bot import i18n
from bot.games import available_games
from bot.ratings import Rating, rate_pair
from bot.render.card import render_generic_card
from bot.render.chart import render_rating_chart
from tests.golden import assert_legible, decode, texts_drawn


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_the_generic_card_picture_is_phone_legible_for_every_games_cards(monkeypatch, locale):
    # The fallback of /card for a game without its own picture: every real card of every game must fit it.
    checked = 0
    for game in available_games():
        for card in game.cards()[::7]:
            width, drawn = texts_drawn(monkeypatch, lambda c=card: render_generic_card(c, locale))
            assert_legible(width, drawn, main=[card.name(locale)])
            checked += 1
    assert checked >= 20


def test_the_generic_card_picture_grows_with_a_long_text_instead_of_cutting_it(monkeypatch):
    card = available_games()[0].cards()[0]
    long = dataclasses.replace(card, text_en=" ".join(f"Clause {n} of a long ruling." for n in range(60)))
    width, drawn = texts_drawn(monkeypatch, lambda: render_generic_card(long, "en"))
    assert_legible(width, drawn, main=[long.name_en])
    assert "Clause 59 of a long ruling." in " ".join(text for _, text in drawn)  # the last clause is drawn
    assert decode(render_generic_card(long, "en")).size[1] > decode(render_generic_card(card, "en")).size[1]


def rating_history(results: list[float]) -> list[float]:
    """A player's ratings before the first match and after each, from real Glicko-2 updates."""
    player, opponent = Rating(), Rating(1650.0, 80.0)
    points = [player.rating]
    for score in results:
        player, _ = rate_pair(player, opponent, score)
        points.append(player.rating)
    return points


@pytest.mark.parametrize("locale", ["en", "ja"])
@pytest.mark.parametrize("results", [[], [1.0], [1.0, 0.0, 0.5, 1.0, 1.0, 0.0], [0.0] * 30 + [1.0] * 40])
def test_the_rating_chart_is_phone_legible(monkeypatch, locale, results):
    points = rating_history(results)
    title = i18n.t("players.stats.chart_title", locale, name="Bartholomew the Unhurried the Third",
                   game=i18n.t("games.formation", locale))
    width, drawn = texts_drawn(monkeypatch, lambda: render_rating_chart(
        title, points, i18n.t("players.stats.chart_matches", locale)))
    assert_legible(width, drawn, main=[f"{points[-1]:.0f}"])
    titles = [size for size, text in drawn if text.startswith("Bartholomew")]
    assert titles and min(titles) >= width / 28
    assert decode(render_rating_chart(title, points, "x")).size[1] < width  # the chart stays landscape

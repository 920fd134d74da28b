"""Every game's rulebook (bot/rulebook.py): enough pages, every topic, both languages, one phone screen a
page, and a real picture on every page, drawn by the game's own renderers."""

from __future__ import annotations

import io
import re

import pytest
from PIL import Image

from bot import i18n
from bot.games import GAME_IDS, get_game
from bot.rulebook import BODY_LIMIT, MIN_PAGES, REQUIRED_TOPICS, TITLE_LIMIT

WITH_RULEBOOK = [game_id for game_id in GAME_IDS if get_game(game_id).rulebook is not None]
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def test_every_listed_game_has_a_rulebook():
    assert WITH_RULEBOOK == list(GAME_IDS)


def pages(game_id: str):
    return list(get_game(game_id).rulebook())


@pytest.mark.parametrize("game_id", WITH_RULEBOOK)
def test_a_rulebook_teaches_every_topic_in_enough_pages(game_id):
    book = pages(game_id)
    assert len(book) >= MIN_PAGES
    assert len({page.key for page in book}) == len(book)
    topics = {page.topic for page in book}
    assert set(REQUIRED_TOPICS) <= topics
    if get_game(game_id).deck_rule is not None:
        assert "decks" in topics


@pytest.mark.parametrize("locale", ["en", "ja"])
@pytest.mark.parametrize("game_id", WITH_RULEBOOK)
def test_every_page_is_written_in_both_languages_and_fits_a_phone_screen(game_id, locale):
    for page in pages(game_id):
        defined = i18n.defined_in(page.title_key(game_id), locale) and i18n.defined_in(page.body_key(game_id), locale)
        assert defined, f"{game_id} page {page.key} has no {locale} text"
        title, body = i18n.t(page.title_key(game_id), locale), i18n.t(page.body_key(game_id), locale)
        assert title and body, f"{game_id} page {page.key} has empty {locale} text"
        assert len(title) <= TITLE_LIMIT, (page.key, title)
        assert len(body) <= BODY_LIMIT[locale], (page.key, len(body))
        if locale == "ja":
            assert JAPANESE.search(body), page.key


@pytest.mark.parametrize("game_id", WITH_RULEBOOK)
def test_every_page_has_a_real_picture_and_its_callouts_are_explained(game_id):
    for page in pages(game_id):
        assert page.picture is not None, f"{game_id} page {page.key} has no picture"
        for locale in ("en", "ja"):
            image = Image.open(io.BytesIO(page.picture(locale)))
            image.load()
            assert image.width >= 300 and image.height >= 100
        numbers = [callout.number for callout in page.callouts]
        assert numbers == list(range(1, len(numbers) + 1)), page.key
        for callout in page.callouts:
            assert 0 <= callout.x <= 1 and 0 <= callout.y <= 1, (page.key, callout)
            for locale in ("en", "ja"):
                body = i18n.t(page.body_key(game_id), locale)
                assert re.search(rf"(^|\D){callout.number}(\D|$)", body), (page.key, locale, callout.number)
    board_pages = [page for page in pages(game_id) if page.topic == "board"]
    assert board_pages and all(len(page.callouts) >= 3 for page in board_pages)

"""Every picture of whole demo matches (``python -m bot demo``, seed 11) of all five games carries alt text:
the board posts and their edits, the DM hands, the final hands. Non-empty, within Discord's 1,024
characters, in the reader's language (the match's in the thread, the member's in DMs)."""

from __future__ import annotations

import pytest

from bot.alttext import ALT_TEXT_LIMIT
from bot.games import GAME_IDS
from tests.e2e.demo_matches import demo_match

JAPANESE = frozenset("のをにはがでとへ")  # particles: a Japanese sentence has them, an English one never


@pytest.mark.parametrize("game_id", GAME_IDS)
async def test_every_picture_of_a_whole_demo_match_has_alt_text(game_id: str):
    locale = "ja" if game_id in ("wars", "afterlife") else "en"  # both languages over the five games
    messages = (await demo_match(game_id, 11, locale)).everything
    pictures = 0
    for message in messages:
        texts = [f.description for f in message.files if f.filename.endswith(".png")]
        texts += [text for revision in message.revisions for text in revision.get("descriptions", [])]
        for text in texts:
            pictures += 1
            assert text and len(text) <= ALT_TEXT_LIMIT, f"message {message.id}: alt text {text!r}"
            assert bool(JAPANESE & set(text)) == (locale == "ja"), f"alt text not in {locale}: {text!r}"
    assert pictures > 20, f"only {pictures} pictures in a whole {game_id} match"

"""Issue 26: a match thread tells the whole story. Whole demo matches of every game through the real bot
and the fake Discord (which keeps every message's earlier versions): no line a member saw is ever lost."""

from __future__ import annotations

import pytest

from bot.games import GAME_IDS
from bot.ui.thread import MESSAGE_LIMIT, packed
from fakediscord import FakeDiscord
from fakediscord.demo import play_demo_match
from tests.e2e.story import lost_lines, story_lines

GAMES = list(GAME_IDS)  # the five real games (not the tests' own tiny ones)


async def _thread(game_id: str, seed: int, tmp_path, locale: str = "en"):
    async with FakeDiscord() as fake:
        result = await play_demo_match(fake, game_id, seed, tmp_path / "demo.sqlite3", locale)
        messages = fake.messages(result["thread"])
        return result, [(m.content, [r.get("content") or "" for r in m.revisions]) for m in messages]


@pytest.mark.parametrize("game_id", GAMES)
async def test_every_line_ever_shown_in_the_thread_is_in_its_final_text(game_id, tmp_path):
    _, messages = await _thread(game_id, 11, tmp_path)
    assert any(revisions for _, revisions in messages), "the match never edited its live message"
    assert lost_lines(messages, "en") == []
    assert all(len(content) <= MESSAGE_LIMIT for content, _ in messages)


async def test_no_line_is_lost_in_japanese_either(tmp_path):
    _, messages = await _thread("starfall", 7, tmp_path, "ja")
    assert lost_lines(messages, "ja") == []


def test_a_long_post_goes_on_in_the_next_message_with_every_line_whole():
    lines = [f"Round {n}: Alice scores {n * 3} and Bob scores {n * 2}." for n in range(200)]
    parts = packed(lines, room=200)
    assert len(parts) > 1
    assert all(len(part) <= MESSAGE_LIMIT for part in parts) and len(parts[-1]) <= MESSAGE_LIMIT - 200
    assert [line for part in parts for line in story_lines(part)] == lines
    assert packed(["one", "two"]) == ["one\ntwo"]


def test_the_check_itself_finds_a_line_an_edit_dropped():
    """The whole-match check above fails when an edit drops a line (what a 14-line window did)."""
    messages = [("Round 1 begins.\nAlice plays.", ["Round 1: Alice scores 8.\nRound 1 begins."])]
    assert lost_lines(messages, "en") == ["Round 1: Alice scores 8."]
    folded = [("Alice placed 3 cards face down.", ["Alice placed a card face down.", "Alice placed 2 cards face down."])]
    assert lost_lines(folded, "en") == []

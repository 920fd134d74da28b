"""Whole demo matches (``fakediscord.demo.play_demo_match``), each played once per test session and shared by
the tests that read them (test_alt_text_demos.py, test_thread_story.py): a match is ~7 s of the suite, and
those two files asked for 14 where 8 (game, seed, language) are different."""

from __future__ import annotations

import tempfile
from dataclasses import dataclass
from pathlib import Path

from fakediscord import FakeDiscord
from fakediscord.demo import play_demo_match
from fakediscord.models import FakeMessage


@dataclass(frozen=True)
class PlayedMatch:
    result: dict  # play_demo_match's: the thread id, the match row, the result line, ...
    thread: list[FakeMessage]  # the match thread's messages as they finally read, each with its earlier versions
    everything: list[FakeMessage]  # every message of every channel (threads, DMs), ephemeral ones included


_PLAYED: dict[tuple[str, int, str], PlayedMatch] = {}


async def demo_match(game_id: str, seed: int, locale: str) -> PlayedMatch:
    """The match the demo plays for ``game_id``, ``seed`` and ``locale``: played on first use, then kept. The
    fake keeps each picture's description and size but not its bytes (no test here reads them)."""
    key = (game_id, seed, locale)
    if key not in _PLAYED:
        with tempfile.TemporaryDirectory() as scratch:
            async with FakeDiscord() as fake:
                fake.world.keep_file_bytes = False
                result = await play_demo_match(fake, game_id, seed, Path(scratch) / "demo.sqlite3", locale,
                                               thread_edit_s=0.0)  # every step edits (test_thread_story.py)
                _PLAYED[key] = PlayedMatch(
                    result, fake.messages(result["thread"]),
                    [message for listed in fake.world.channel_messages.values() for message in listed])
    return _PLAYED[key]

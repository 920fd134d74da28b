"""``python -m bot demo``: an earlier demo's files are removed (and nothing else), discord.py's notices about a
real connection stay out, the result is said in the demo's language, and ``demo --help`` lists the games."""

from __future__ import annotations

import logging

import pytest

from bot.__main__ import main
from bot.games import playable_game_ids
from fakediscord.demo import run_demo


async def test_a_demo_removes_an_earlier_demos_files_and_only_those(tmp_path, capsys):
    out = tmp_path / "demo-out"
    out.mkdir()
    (out / "9999_private_hand.png").write_bytes(b"an earlier game's picture")
    (out / "transcript.txt").write_text("result: an earlier game\n", encoding="utf-8")
    (out / "notes.txt").write_text("mine", encoding="utf-8")
    (out / "0001_thread_board.png.bak").write_bytes(b"not a name the demo writes")
    assert await run_demo("tiny", seed=3, out=str(out)) == 0
    said = capsys.readouterr().out
    assert f"Removed 2 files an earlier demo wrote to {out}." in said
    assert not (out / "9999_private_hand.png").exists()
    assert (out / "notes.txt").read_text(encoding="utf-8") == "mine"
    assert (out / "0001_thread_board.png.bak").exists()
    assert "an earlier game" not in (out / "transcript.txt").read_text(encoding="utf-8")


async def test_the_demo_is_quiet_and_says_the_result_in_its_language(tmp_path, capsys, caplog):
    caplog.set_level(logging.INFO)
    assert await run_demo("tiny", seed=3, out=str(tmp_path / "ja"), locale="ja") == 0
    said = capsys.readouterr().out.strip().splitlines()
    assert len(said) == 1 and said[0].startswith("デモ終了: ") and "seat" not in said[0], said
    notices = [record.getMessage() for record in caplog.records
               if record.name.startswith("discord") and record.levelno < logging.ERROR]
    assert notices == []
    assert logging.getLogger("discord").level < logging.ERROR  # the bot's own logging is as it was


def test_demo_help_lists_the_games_and_every_option(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["demo", "--help"])
    assert exit_.value.code == 0
    shown = " ".join(capsys.readouterr().out.split())
    for game in playable_game_ids():
        assert game in shown
    for option in ("--seed", "--out", "--locale {en,ja}"):
        assert option in shown

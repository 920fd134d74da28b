"""`python -m bot` without a token explains what to do; `python -m bot demo` writes a whole match."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

from PIL import Image

from fakediscord.demo import run_demo

ROOT = Path(__file__).resolve().parents[2]


def test_run_without_a_token_exits_non_zero_and_explains(tmp_path):
    env = {key: value for key, value in os.environ.items() if key != "DISCORD_TOKEN"}
    result = subprocess.run([sys.executable, "-m", "bot"], cwd=tmp_path, env=env | {"PYTHONPATH": str(ROOT)},
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    assert "bot applications.commands" in result.stderr
    assert "https://discord.com/developers/applications" in result.stderr
    assert "python -m bot demo formation" in result.stderr
    assert "permissions=" in result.stderr


async def test_demo_writes_every_image_and_a_transcript_with_the_result(tmp_path):
    out = tmp_path / "demo"
    assert await run_demo("formation", seed=7, out=str(out)) == 0
    transcript = (out / "transcript.txt").read_text(encoding="utf-8").splitlines()
    assert transcript[-1].startswith("result: ") and "(" in transcript[-1]
    images = sorted(out.glob("*.png"))
    assert any("_thread_" in p.name for p in images) and any("_private_" in p.name for p in images)
    for path in images[:5] + images[-3:]:
        Image.open(io.BytesIO(path.read_bytes())).load()


async def test_demo_of_an_unknown_game_is_refused(tmp_path):
    assert await run_demo("chess", seed=1, out=str(tmp_path)) == 2


def test_a_developer_command_without_the_tools_package_says_where_to_run_it(monkeypatch, capsys):
    from bot.__main__ import main

    # An installed wheel: tools/ is not shipped (nor imported by an earlier test of this process).
    monkeypatch.setitem(sys.modules, "tools", None)
    monkeypatch.setitem(sys.modules, "tools.cli", None)
    assert main(["bench", "--quick"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "developer command" in err and "checkout" in err


def test_deck_command_prints_a_codes_list_and_legality(capsys):
    import tomllib

    from bot.__main__ import main
    from bot.decks import encode_deck

    ready = tomllib.loads((ROOT / "assets/starfall/decks.toml").read_text(encoding="utf-8"))["deck"][0]
    assert main(["deck", encode_deck("starfall", ready["cards"])]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Starfall: 18/18") and "Legal" in out
    assert main(["deck", "DT1.starfall.x"]) == 2
    assert "not a deck code" in capsys.readouterr().err

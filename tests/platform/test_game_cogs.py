"""Each listed game has its own cog (``cogs/<game>/cog.py``, found through the registry) on the shared base,
and the game's pure modules never reach for it or for Discord."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from bot.games import GAME_PACKAGES, game_module
from bot.ui.gamecog import GameCog

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("game_id", sorted(GAME_PACKAGES))
def test_each_listed_game_exposes_its_cog_on_the_shared_base(game_id):
    cog_class = game_module(game_id, "cog").COG
    assert issubclass(cog_class, GameCog) and cog_class is not GameCog


@pytest.mark.parametrize("game_id", sorted(GAME_PACKAGES))
def test_a_games_pure_modules_import_neither_its_cog_nor_discord(game_id):
    package = GAME_PACKAGES[game_id]
    for path in sorted((ROOT / package.replace(".", "/")).glob("*.py")):
        if path.name == "cog.py":
            continue
        imported = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                imported.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                module = "." * node.level + (node.module or "")
                imported.add(module)
                imported.update(f"{module}.{alias.name}" for alias in node.names)
        bad = {name for name in imported if name.split(".")[0] == "discord" or name.endswith(".cog")
               or name in (".cog", f"{package}.cog")}
        assert not bad, f"{path.relative_to(ROOT)} imports {sorted(bad)}"

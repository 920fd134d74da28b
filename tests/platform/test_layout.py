"""The house's layout as docs/ARCHITECTURE.md draws it, checked from the source itself.

- no file of the product (bot/, cogs/, fakediscord/) is longer than a person reads in one sitting;
- the product's modules (and the tools') import each other without a circle;
- a game's rules never import discord, and only its cog.py speaks to Discord;
- no module builds a game's module name from a game id except the registry (bot/games.py);
- the wheel ships the product only: no benchmark, study, scale proof or other tool.
"""

from __future__ import annotations

import ast
import graphlib
import tomllib
from pathlib import Path

import pytest
from setuptools import find_namespace_packages

from bot.games import GAME_PACKAGES

ROOT = Path(__file__).resolve().parents[2]
PRODUCT = ("bot", "cogs", "fakediscord")
MAX_LINES = 800


def product_files(tops: tuple[str, ...] = PRODUCT) -> list[Path]:
    return sorted(path for top in tops if (ROOT / top).is_dir() for path in (ROOT / top).rglob("*.py"))


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_modules(path: Path) -> set[str]:
    """Every module a file imports at its top level or inside functions (a late import is still an arrow)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                anchor = parts[: len(parts) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return found


def test_no_product_file_is_longer_than_one_sitting():
    long = {str(path.relative_to(ROOT)): n for path in product_files()
            if (n := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert not long, f"over {MAX_LINES} lines: {long}"


def test_no_import_circle_in_the_product_or_its_tools():
    files = {module_name(path): path for path in product_files(PRODUCT + ("tools",))}
    graph = {name: {other for other in imported_modules(path) if other in files and other != name}
             for name, path in files.items()}
    # A package's __init__ that only hands names on is not an arrow back: drop imports of a package by
    # its own submodules' parent chain, which Python resolves without a loop.
    for name, targets in graph.items():
        graph[name] = {t for t in targets if not name.startswith(t + ".")}
    try:
        tuple(graphlib.TopologicalSorter(graph).static_order())
    except graphlib.CycleError as error:
        pytest.fail(f"import circle: {' -> '.join(error.args[1])}")


@pytest.mark.parametrize("game_id", sorted(GAME_PACKAGES))
def test_a_game_speaks_to_discord_only_in_its_cog(game_id):
    package = ROOT / GAME_PACKAGES[game_id].replace(".", "/")
    for path in sorted(package.rglob("*.py")):
        if path.name == "cog.py":
            continue
        imports = imported_modules(path)
        assert not any(name == "discord" or name.startswith("discord.") for name in imports), path
        assert f"{GAME_PACKAGES[game_id]}.cog" not in imports, path


def test_only_the_registry_turns_a_game_id_into_a_module_name():
    offenders = []
    for path in product_files():
        if path.relative_to(ROOT).as_posix() == "bot/games.py":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute | ast.Name)
                    and (node.func.attr if isinstance(node.func, ast.Attribute) else node.func.id)
                    in ("import_module", "__import__", "find_spec")):
                offenders.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not offenders, f"modules imported by a built name outside bot/games.py: {offenders}"


def test_the_wheel_ships_the_product_only():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    include = config["tool"]["setuptools"]["packages"]["find"]["include"]
    packages = find_namespace_packages(where=str(ROOT), include=include)
    tops = {name.split(".")[0] for name in packages}
    assert tops == set(PRODUCT), tops
    shipped = {module_name(path).rsplit(".", 1)[-1] for top in tops for path in (ROOT / top).rglob("*.py")}
    for tool in ("bench", "benchbot", "benchstore", "renderstudy", "scaleproof", "selfplay", "arena"):
        assert tool not in shipped, f"{tool} ships in the wheel"


def test_every_file_the_product_reads_at_run_time_ships_in_the_wheel():
    """The templates, boards, migrations and the Activity's bundle under bot/ are package data (pyproject's
    globs), so an installed wheel serves what a checkout serves (a board template missing from the globs
    once broke every web board of an installed bot)."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    globs = config["tool"]["setuptools"]["package-data"]["bot"]
    package = ROOT / "bot"
    data = [path for path in package.rglob("*") if path.is_file() and path.suffix != ".py"
            and "__pycache__" not in path.parts]
    assert data, "no data files found under bot/"
    missing = [str(path.relative_to(package)) for path in data
               if not any(path.relative_to(package).match(pattern) for pattern in globs)]
    assert not missing, f"not in [tool.setuptools.package-data] bot: {missing}"

"""Every command line README.md and docs/*.md print (in a code block or an indented block) runs as printed.

What each line gets, and why:

* run in full: ``migrate`` (OPERATIONS' upgrade, on a scratch data folder), ``.venv/bin/python -m bot`` without a
  token (the guide, exit 2; the demo line it prints is checked too), ``demo`` (a whole match, seconds),
  ``replay`` of the demo's export, ``deck CODE``, ``cardtext --check``: cheap, and what a new user types first;
* parsed only (``DUELTABLE_PARSE_ONLY=1``, bot/cliargs.py: the same parser the command runs through, then
  exit 0): ``bench``, ``tools.bench``, ``selfplay``, ``arena``, ``prove-scale``, ``tools/measure_scaling.py``:
  minutes to hours each, measurements rather than tests;
* ``pytest`` lines: their options and the project's pytest configuration on a quick and a slow test file,
  collected only (running or collecting the suite from inside the suite costs what the suite costs); the
  quick subset (``-m "not slow"``) must leave out the slow file;
* ``python3 -m venv``: python3 is 3.11 or later and has venv and ensurepip (creating one: 13 s here);
* ``pip install``: not run (it needs the network), but the extras it names must exist in pyproject.toml.

``.venv/bin/python`` is replaced by this interpreter (the tests' own venv). A bare ``python -m`` is refused:
after the README's install the ``python`` on the PATH is not the venv's and has no ``bot``.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from bot.cliargs import PARSE_ONLY
from bot.decks import encode_deck, load_ready_decks

pytestmark = pytest.mark.slow  # a demo match and ~20 interpreters started: not in the quick subset

ROOT = Path(__file__).resolve().parents[2]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("**/*.md"))]
PREFIXES = (".venv/bin/python", "python -m", "python3 -m")
VENV_PYTHON = ".venv/bin/python"
DIAGRAM = re.compile("[\u2500-\u257f\u25b2-\u25c4]")  # box drawing and arrows: a diagram's label, not a command
RUN_IN_FULL = ("demo", "replay", "deck", "cardtext", "migrate")
# ``sudo -u dueltable env DUELTABLE_DATA_DIR=... .venv/bin/python ...`` (OPERATIONS' upgrade): the command is the
# rest; its variables are not applied (the test's own data folder stands in for the server's).
AS_ANOTHER_USER = re.compile(r"^(sudo( -u \S+)? )?(env( \w+=\S+)+ )?")
PARSE_ONLY_COMMANDS = ("bench", "selfplay", "arena", "prove-scale")


def printed_lines() -> list[tuple[str, str]]:
    """(where, line) for every command line in a fenced or indented block of the docs, in reading order."""
    found = []
    for path in DOCS:
        fenced = False
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if line.lstrip().startswith("```"):
                fenced = not fenced
                continue
            command = AS_ANOTHER_USER.sub("", line.strip())
            if (fenced or line.startswith("    ")) and command.startswith(PREFIXES) and not DIAGRAM.search(line):
                found.append((f"{path.relative_to(ROOT)}:{number}", command))
    return found


def commands(line: str) -> list[list[str]]:
    """The argv of each command of a line (``a && b``), its comment dropped."""
    argv = shlex.split(line, comments=True)
    parts, current = [], []
    for word in argv:
        if word == "&&":
            parts.append(current)
            current = []
        else:
            current.append(word)
    return [*parts, current]


def clean_env(**extra: str) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items()
           if not key.startswith(("DISCORD_", "DUELTABLE_", "DATABASE_URL", "METRICS_"))}
    return {**env, **extra}


def run(argv: list[str], cwd: Path, *, parse_only: bool = False) -> subprocess.CompletedProcess:
    """``argv`` as printed (``.venv/bin/python``: this interpreter), no Duel Table variable set but the data
    folder: the scratch folder's, so ``migrate`` never touches the checkout's database."""
    if argv[0] == VENV_PYTHON:
        argv = [sys.executable, *argv[1:]]
    env = clean_env(DUELTABLE_DATA_DIR=str(cwd / "data"), **({PARSE_ONLY: "1"} if parse_only else {}))
    return subprocess.run(argv, cwd=cwd, env=env, capture_output=True, text=True, timeout=240)


def test_the_docs_print_command_lines_and_none_with_a_bare_python():
    lines = printed_lines()
    assert len(lines) >= 15, lines
    bare = [(where, line) for where, line in lines
            if line.startswith(("python -m", "python3 -m")) and not line.startswith("python3 -m venv")]
    assert not bare, f"{bare}: after the README's install only {VENV_PYTHON} has the bot"


def test_every_printed_command_line_runs_as_printed(tmp_path):
    """One scratch folder for the lines that write (the demo's folder, the venv), in reading order, so the
    replay line reads the export the demo line wrote, as it would for a reader following the README."""
    ran, parsed = [], []
    for where, line in printed_lines():
        for argv in commands(line):
            label = f"{where}: {shlex.join(argv)}"
            if argv[0] == "python3" and argv[1:3] == ["-m", "venv"]:
                check_venv_line(argv, label)
            elif argv[0].endswith("/pip"):
                check_pip_line(argv, label)
            elif argv[:3] == [VENV_PYTHON, "-m", "pytest"]:
                check_pytest_line(argv, label)
                parsed.append(label)
            elif argv == [VENV_PYTHON, "-m", "bot"]:
                check_no_token_guide(argv, tmp_path, label)
                ran.append(label)
            elif argv[:3] == [VENV_PYTHON, "-m", "bot"] and argv[3] in RUN_IN_FULL:
                result = run(argv, tmp_path)
                assert result.returncode == 0, (label, result.stdout[-1000:], result.stderr[-2000:])
                ran.append(label)
            elif argv[0] == VENV_PYTHON:
                assert argv[1:3] != ["-m", "bot"] or argv[3] in PARSE_ONLY_COMMANDS, f"{label}: classify it here"
                result = run(argv, ROOT, parse_only=True)
                assert result.returncode == 0, (label, result.stderr[-2000:])
                assert ": parsed [" in result.stdout, (label, result.stdout)
                parsed.append(label)
            else:
                pytest.fail(f"{label}: a command line this test does not know how to run")
    assert any(" demo " in label for label in ran) and any(" replay " in label for label in ran), ran
    assert any(label.endswith(" -m bot migrate") for label in ran) and (tmp_path / "data" / "dueltable.sqlite3").exists()
    assert any(" prove-scale" in label for label in parsed) and any(" bench" in label for label in parsed), parsed


def check_pytest_line(argv: list[str], label: str) -> None:
    """The line's options on two small files, collected only: a quick one and a slow one (an e2e file), so
    the README's quick subset (``-m "not slow"``) is seen to leave out the slow one and keep the quick one."""
    quick, slow = "tests/platform/test_bench_summary.py", "tests/e2e/test_start_up.py"
    result = run([*argv, "--collect-only", quick, slow], ROOT)
    assert result.returncode == 0, (label, result.stdout[-2000:])
    collected = {line.split("::")[0] for line in result.stdout.splitlines() if "::" in line}
    assert quick in collected, (label, result.stdout)
    assert (slow in collected) == ("not slow" not in argv), (label, result.stdout)


def check_venv_line(argv: list[str], label: str) -> None:
    """Not run (13 s of ensurepip on the shared host): what makes it fail on a fresh host is a python3 older
    than 3.11 or one without venv and ensurepip (Debian's python3-venv package; see the README)."""
    result = subprocess.run([argv[0], "-c", "import sys, venv, ensurepip; print(sys.version_info >= (3, 11))"],
                            capture_output=True, text=True, timeout=60)
    assert result.stdout.strip() == "True", (label, result.stderr)


def check_pip_line(argv: list[str], label: str) -> None:
    """Not run (the network); every extra it installs is declared."""
    extras = pyproject_extras()
    for word in argv[1:]:
        match = re.fullmatch(r"\.(?:\[([\w,-]+)\])?", word)
        if match and match.group(1):
            assert set(match.group(1).split(",")) <= extras, label


def pyproject_extras() -> set[str]:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return set(data["project"].get("optional-dependencies", {}))


def check_no_token_guide(argv: list[str], cwd: Path, label: str) -> None:
    """No token: the guide and exit 2; the demo line the guide prints runs there as printed (parsed: the
    README's own demo line is run in full above)."""
    result = run(argv, cwd)
    assert result.returncode == 2, (label, result.stderr)
    assert "DISCORD_TOKEN" in result.stderr
    demo_line = next(line.strip() for line in result.stderr.splitlines() if " -m bot demo " in line)
    demo_argv = shlex.split(demo_line)
    assert Path(cwd, demo_argv[0]).exists(), f"the guide prints {demo_argv[0]}, which is not there"
    result = subprocess.run(demo_argv, cwd=cwd, env=clean_env(**{PARSE_ONLY: "1"}), capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 0 and "'demo'" in result.stdout, (demo_line, result.stderr)


def test_the_deck_codes_to_paste_are_the_ready_made_decks_and_legal(capsys):
    from bot.deckcli import print_deck

    text = (ROOT / "docs" / "DECKS.md").read_text(encoding="utf-8")
    printed = re.findall(r"`(DT1\.\w+\.[\w-]+)`", text)
    expected = [encode_deck(game, deck.cards) for game in ("starfall", "afterlife") for deck in load_ready_decks(game)]
    assert printed == expected
    for code in printed:
        assert print_deck(code) == 0, capsys.readouterr()

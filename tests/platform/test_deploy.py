"""The deployment files as far as this machine can check them: deploy/dueltable.service through
``systemd-analyze verify`` (no warning either), the Dockerfile through buildkit's own parser (the
``dockerfile`` package). No image is built here: there is no Docker daemon, and the base image would come from a
registry this machine cannot reach."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import dockerfile
import pytest

ROOT = Path(__file__).resolve().parents[2]
UNIT = ROOT / "deploy" / "dueltable.service"


def unit_values(text: str) -> dict[str, list[str]]:
    values: dict[str, list[str]] = {}
    for line in text.splitlines():
        if "=" in line and not line.startswith(("#", "[")):
            key, _, value = line.partition("=")
            values.setdefault(key, []).append(value)
    return values


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd-analyze is not installed")
def test_the_systemd_unit_verifies_without_a_warning(tmp_path):
    # Verified as installed in this checkout (verify checks that ExecStart's program exists).
    unit = tmp_path / "dueltable.service"
    unit.write_text(UNIT.read_text(encoding="utf-8").replace("/opt/dueltable", str(ROOT)), encoding="utf-8")
    result = subprocess.run(["systemd-analyze", "verify", str(unit)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0 and result.stderr.strip() == "", result.stderr


def test_the_unit_runs_python_m_bot_from_the_checkout_with_its_data_outside_it():
    values = unit_values(UNIT.read_text(encoding="utf-8"))
    assert values["ExecStart"] == ["/opt/dueltable/.venv/bin/python -m bot"]
    assert values["WorkingDirectory"] == ["/opt/dueltable"] and values["Restart"] == ["always"]
    assert values["StateDirectory"] == ["dueltable"]
    assert "DUELTABLE_DATA_DIR=/var/lib/dueltable" in values["Environment"]
    assert values["User"] == ["dueltable"] and values["ProtectSystem"] == ["strict"]


def test_the_dockerfile_parses_and_copies_what_the_bot_needs():
    commands = dockerfile.parse_file(str(ROOT / "Dockerfile"))
    by_name: dict[str, list[dockerfile.Command]] = {}
    for command in commands:
        by_name.setdefault(command.cmd, []).append(command)
    assert by_name["FROM"][0].value[0].startswith("python:3.11")
    copied = [source for command in by_name["COPY"] for source in command.value[:-1]]
    for source in copied:
        assert (ROOT / source).exists(), source
    # The bot runs from its checkout (assets/ next to the packages): everything the wheel's packages need.
    assert {"pyproject.toml", "bot", "cogs", "fakediscord", "assets"} <= set(copied)
    ignored = {line.strip() for line in (ROOT / ".dockerignore").read_text(encoding="utf-8").splitlines()}
    assert not ignored & set(copied)
    assert any("pip install" in command.value[0] and " -e ." in command.value[0] for command in by_name["RUN"])
    env = dict(zip(by_name["ENV"][0].value[::2], by_name["ENV"][0].value[1::2], strict=True))
    assert env["DUELTABLE_DATA_DIR"] == "/data" and by_name["VOLUME"][0].value == ("/data",)
    assert by_name["USER"][-1].value == ("dueltable",)
    cmd = by_name["CMD"][-1]
    assert cmd.json and cmd.value == ("/app/.venv/bin/python", "-m", "bot")

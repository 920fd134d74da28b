"""The Activity's script is built at package time (web/activity: esbuild bundles the pinned Embedded App SDK)
into the package data (bot/web/activity_app/app.js) and committed: the wheel and a checkout serve it, nothing
is fetched at run time. Its first line names the sha256 of its sources; these tests check that the committed
bundle is the build of the committed sources, and rebuild it byte for byte where the node modules are
installed (``cd web/activity && npm ci``)."""

from __future__ import annotations

import hashlib
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ROOT / "web" / "activity"
BUNDLE = ROOT / "bot" / "web" / "activity_app" / "app.js"


def sources_digest() -> str:
    """As build.mjs computes it: build.mjs, package-lock.json and src/*, by name then bytes."""
    names = ["build.mjs", "package-lock.json", *sorted("src/" + p.name for p in (SOURCES / "src").iterdir())]
    digest = hashlib.sha256()
    for name in names:
        digest.update(name.encode() + b"\0" + (SOURCES / name).read_bytes() + b"\0")
    return digest.hexdigest()


def test_the_committed_bundle_is_built_from_the_committed_sources():
    first = BUNDLE.read_text(encoding="utf-8").split("\n", 1)[0]
    found = re.fullmatch(r"/\* dueltable-activity sources-sha256 ([0-9a-f]{64}) .*\*/", first)
    assert found, "the bundle's first line names its sources' hash"
    assert found.group(1) == sources_digest(), "web/activity changed: run `npm ci && npm run build` there"
    lock = (SOURCES / "package-lock.json").read_text(encoding="utf-8")
    assert '"node_modules/@discord/embedded-app-sdk"' in lock, "the SDK is pinned in the lock file"
    body = BUNDLE.read_text(encoding="utf-8")
    # Names are minified; the SDK's own messages and the page's route remain.
    assert "frame_id query param is not defined" in body and "/activity/token" in body


def test_the_bundle_rebuilds_byte_for_byte(tmp_path):
    if shutil.which("node") is None or not (SOURCES / "node_modules" / "esbuild").is_dir():
        pytest.skip("no node or no web/activity/node_modules: `cd web/activity && npm ci` to rebuild here")
    out = tmp_path / "app.js"
    subprocess.run(["node", "build.mjs", str(out)], cwd=SOURCES, check=True, timeout=120)
    assert out.read_bytes() == BUNDLE.read_bytes()

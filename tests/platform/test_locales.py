"""Every player-facing string exists in English and Japanese, and every literal key in use exists."""

from __future__ import annotations

import re
from pathlib import Path

from bot import i18n
from tests.platform import tinydeck
from tests.platform.tinygame import STRINGS

ROOT = Path(__file__).resolve().parents[2]
LITERAL_KEY = re.compile(r"""\bt\(\s*["']([a-z0-9_]+(?:\.[a-z0-9_]+)+)["']""")


def file_keys(locale: str) -> set[str]:
    return set(i18n.catalogue(locale)) - set(STRINGS) - set(tinydeck.STRINGS)


def test_english_and_japanese_have_the_same_keys():
    english, japanese = file_keys("en"), file_keys("ja")
    assert sorted(english - japanese) == []
    assert sorted(japanese - english) == []


def test_every_literal_key_used_in_code_exists():
    used = set()
    for path in list((ROOT / "bot").rglob("*.py")) + list((ROOT / "cogs").rglob("*.py")):
        used.update(LITERAL_KEY.findall(path.read_text(encoding="utf-8")))
    missing = sorted(key for key in used if key not in file_keys("en"))
    assert missing == []


def test_japanese_strings_are_japanese():
    japanese = i18n.catalogue("ja")
    for key in ("challenge.posted", "errors.stale_state", "panel.waiting_secret", "match.my_hand"):
        assert re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", japanese[key]), key


def test_templates_format_with_their_placeholders_in_both_languages():
    for key in file_keys("en"):
        english = set(re.findall(r"\{(\w+)", i18n.catalogue("en")[key]))
        japanese = set(re.findall(r"\{(\w+)", i18n.catalogue("ja")[key]))
        assert english == japanese, key
